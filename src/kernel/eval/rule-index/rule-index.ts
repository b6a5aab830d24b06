import type { ExprNode } from '../../tree/types';
import { resolvePath } from '../nodes';
import type { Value } from '../values';
import { type Atom, atomScore, atomsOf } from './atoms';
import { conjunctsOf, fieldPaths, isPure, stepBudget } from './conjuncts';
import { PathIndex } from './path-index';

/** What the index needs of a rule: its conditions and whether it runs at all. */
export interface IndexableRule {
  readonly when: ExprNode;
  readonly unless: ExprNode | null;
  readonly enabled: boolean;
}

/**
 * The condition that decides whether a rule is indexed: the best-narrowing conjunct of its `when`
 * that is reached only through pure conjuncts (evaluated before it, with no effect but a value),
 * with the fields those conjuncts and it read. Null when the rule is evaluated for every fact: it
 * has an `unless` (an exemption is recorded whatever `when` says), or no such conjunct.
 */
export function discriminator(rule: IndexableRule): { atoms: Atom[]; reads: string[] } | null {
  if (!rule.enabled || rule.unless !== null) return null;
  const budget = stepBudget();
  const reads: string[] = [];
  let best: { atoms: Atom[]; reads: string[]; score: number } | null = null;
  for (const c of conjunctsOf(rule.when)) {
    if (!isPure(c, budget)) break;
    fieldPaths(c, reads);
    const atoms = atomsOf(c);
    if (!atoms) continue;
    const score = Math.min(...atoms.map(atomScore));
    if (!best || score > best.score) best = { atoms, reads: [...reads], score };
  }
  return best && { atoms: best.atoms, reads: best.reads };
}

/**
 * Rule indexing (issue 41 §1), built once per Evaluator: each indexed rule's discriminating
 * condition (`discriminator`) is filed under its field — equality and `in` in a hash map,
 * `starts_with` in a prefix trie, numeric thresholds in sorted bounds — so that a fact reaches only
 * the rules that can match. A rule skipped is one whose `when` is provably false for the fact
 * without any warning, error, list step or window: the result is the unindexed evaluator's.
 *
 * `select(fact)` first reads every field the indexed rules' pure conjuncts read (the probes): a
 * read that would raise (a non-finite number, a throwing getter) or a value the atoms are not
 * decided for (an exact Rational, a date) makes it answer false — evaluate every rule — as does
 * nothing. After a true answer, `mayMatch(i)` says whether rule i (its position in the rules the
 * index was built from) can match; the other rules' `when` is false.
 */
export class RuleIndex {
  /** 1 for a rule the index files (it may be skipped), 0 for one always evaluated. */
  private readonly indexed: Uint8Array;
  private readonly marks: Uint32Array;
  private epoch = 0;
  /** One per field read by an indexed rule's pure conjuncts, in first-read order. */
  private readonly probes: readonly PathIndex[];
  /** How many rules are filed (the rest are evaluated for every fact). */
  readonly size: number;

  private constructor(count: number, probes: PathIndex[], indexed: Uint8Array) {
    this.indexed = indexed;
    this.marks = new Uint32Array(count);
    this.probes = probes;
    this.size = indexed.reduce((n, x) => n + x, 0);
  }

  /** The index of `rules` (in the order `mayMatch` numbers them); null when no rule is filed. */
  static build(rules: readonly IndexableRule[]): RuleIndex | null {
    const byPath = new Map<string, PathIndex>();
    const probe = (path: string) => {
      let p = byPath.get(path);
      if (!p) {
        p = new PathIndex(path, path.split('.'));
        byPath.set(path, p);
      }
      return p;
    };
    const indexed = new Uint8Array(rules.length);
    rules.forEach((rule, i) => {
      const d = discriminator(rule);
      if (!d) return;
      indexed[i] = 1;
      for (const path of d.reads) probe(path);
      for (const atom of d.atoms) probe(atom.path).add(atom, i);
    });
    if (!indexed.includes(1)) return null;
    const probes = [...byPath.values()];
    for (const p of probes) p.seal();
    return new RuleIndex(rules.length, probes, indexed);
  }

  /** Marks the rules that may match `fact`; false when the index cannot tell for this fact. */
  select(fact: Value): boolean {
    let epoch = this.epoch + 1;
    if (epoch > 0xfffffffe) {
      this.marks.fill(0);
      epoch = 1;
    }
    this.epoch = epoch;
    const probes = this.probes;
    for (let i = 0; i < probes.length; i++) {
      const p = probes[i] as PathIndex;
      let v: Value;
      try {
        v = resolvePath(fact, p.segments);
      } catch {
        return false;
      }
      if (!p.mark(v, this.marks, epoch)) return false;
    }
    return true;
  }

  /** After `select` answered true: whether rule i may match (false: its `when` is false). */
  mayMatch(i: number): boolean {
    return this.indexed[i] === 0 || this.marks[i] === this.epoch;
  }
}
