import type { ExprNode } from '../../tree/types';
import { type FieldSlot, fieldSlot, nextEpoch, readSlot } from '../nodes';
import type { Value } from '../values';
import { type Atom, atomScore, atomsOf } from './atoms';
import { conjunctsOf, fieldPaths, isPure, stepBudget } from './conjuncts';
import { MAX_FILED, Marks } from './marks';
import { PathIndex } from './path-index';

/** A field the index reads, with the atoms filed under it. */
interface Probe {
  /** The field's path, with its value as the current evaluation read it (nodes.ts FieldSlot). */
  readonly slot: FieldSlot;
  readonly primary: PathIndex;
  readonly secondary: PathIndex;
}

/** What the index needs of a rule: its conditions and whether it runs at all. */
export interface IndexableRule {
  readonly when: ExprNode;
  readonly unless: ExprNode | null;
  readonly enabled: boolean;
}

/**
 * The conditions that decide whether a rule is indexed: each conjunct of its `when` the index can
 * decide (`atomsOf`) among those reached only through pure conjuncts (evaluated before it, with no
 * effect but a value) — at most MAX_FILED, in evaluation order —, with the fields the conjuncts up
 * to the last of them read. The rule's `when` is false when any one of them is. Null when the rule
 * is evaluated for every fact: it has an `unless` (an exemption is recorded whatever `when` says),
 * or no such conjunct.
 */
export function discriminator(
  rule: IndexableRule,
): { conjuncts: Atom[][]; reads: string[] } | null {
  if (!rule.enabled || rule.unless !== null) return null;
  const budget = stepBudget();
  const reads: string[] = [];
  const conjuncts: Atom[][] = [];
  let readsThrough = 0;
  for (const c of conjunctsOf(rule.when)) {
    if (!isPure(c, budget)) break;
    fieldPaths(c, reads);
    const atoms = atomsOf(c);
    if (!atoms) continue;
    conjuncts.push(atoms);
    readsThrough = reads.length;
    if (conjuncts.length === MAX_FILED) break;
  }
  return conjuncts.length === 0 ? null : { conjuncts, reads: reads.slice(0, readsThrough) };
}

/**
 * Rule indexing (issue 41 §1), built once per Evaluator: each indexed rule's discriminating
 * conditions (`discriminator`) are filed under their fields — equality and `in` in a hash map,
 * `starts_with` in a prefix trie, numeric thresholds in sorted bounds — so that a fact reaches only
 * the rules all of whose filed conditions it may satisfy. A rule skipped is one whose `when` is
 * provably false for the fact without any warning, error, list step or window: the result is the
 * unindexed evaluator's.
 *
 * `select(fact)` first reads every field the indexed rules' pure conjuncts read (the probes): a
 * read that would raise (a non-finite number, a throwing getter) or a value the atoms are not
 * decided for (an exact Rational, a date) makes it answer false — evaluate every rule — as does
 * nothing. After a true answer, `mayMatch(i)` says whether rule i (its position in the rules the
 * index was built from) can match; the other rules' `when` is false.
 */
export class RuleIndex {
  /** Per rule, the bits of its filed conjuncts (Marks), all set; 0 for a rule always evaluated. */
  private readonly full: Uint8Array;
  private readonly marks: Marks;
  /**
   * One per field read by an indexed rule's pure conjuncts, in first-read order: its path, the
   * atoms of the rules' primary conjuncts on it (the best-narrowing one of each rule, which opens
   * the rule for a fact) and those of their other filed conjuncts.
   */
  private readonly probes: readonly Probe[];
  /** Each probe's value for the current fact. */
  private readonly values: Value[];
  /** How many rules are filed (the rest are evaluated for every fact). */
  readonly size: number;

  private constructor(count: number, probes: Probe[], full: Uint8Array) {
    this.full = full;
    this.marks = new Marks(count);
    this.probes = probes;
    this.values = probes.map(() => undefined);
    this.size = full.reduce((n, x) => n + (x === 0 ? 0 : 1), 0);
  }

  /**
   * The index of `rules` (in the order `mayMatch` numbers them); null when no rule is filed. Its
   * probes read fields through `slots` (an Evaluator's: the conditions then find the values the
   * probes read in the same evaluation).
   */
  static build(rules: readonly IndexableRule[], slots?: Map<string, FieldSlot>): RuleIndex | null {
    const byPath = new Map<string, Probe>();
    const probe = (path: string) => {
      let p = byPath.get(path);
      if (!p) {
        const slot = fieldSlot(path, slots);
        const segments = slot.segments;
        p = {
          slot,
          primary: new PathIndex(path, segments),
          secondary: new PathIndex(path, segments),
        };
        byPath.set(path, p);
      }
      return p;
    };
    const full = new Uint8Array(rules.length);
    rules.forEach((rule, i) => {
      const d = discriminator(rule);
      if (!d) return;
      for (const path of d.reads) probe(path);
      // The primary conjunct: the first whose weakest atom narrows best.
      let primary = 0;
      let best = -1;
      d.conjuncts.forEach((atoms, k) => {
        let score = Number.POSITIVE_INFINITY;
        for (const atom of atoms) score = Math.min(score, atomScore(atom));
        if (score > best) {
          best = score;
          primary = k;
        }
      });
      d.conjuncts.forEach((atoms, bit) => {
        full[i] = (full[i] as number) | (1 << bit);
        for (const atom of atoms) {
          const p = probe(atom.path);
          (bit === primary ? p.primary : p.secondary).add(atom, i * MAX_FILED + bit);
        }
      });
    });
    if (!full.some((x) => x !== 0)) return null;
    const probes = [...byPath.values()];
    for (const p of probes) {
      p.primary.seal();
      p.secondary.seal();
    }
    return new RuleIndex(rules.length, probes, full);
  }

  /**
   * Marks the rules that may match `fact`; false when the index cannot tell for this fact. `epoch`
   * numbers the evaluation reading the fact (nodes.ts nextEpoch; a new one by default).
   */
  select(fact: Value, epoch: number = nextEpoch()): boolean {
    const marks = this.marks;
    marks.next();
    const probes = this.probes;
    const values = this.values;
    marks.opening = true;
    for (let i = 0; i < probes.length; i++) {
      const p = probes[i] as Probe;
      let v: Value;
      try {
        v = readSlot(fact, p.slot, epoch);
      } catch {
        return false;
      }
      if (!p.primary.mark(v, marks)) return false;
      values[i] = v;
    }
    marks.opening = false;
    for (let i = 0; i < probes.length; i++)
      (probes[i] as Probe).secondary.mark(values[i] as Value, marks);
    return true;
  }

  /** Whether rule i is filed (else it is evaluated for every fact). */
  isFiled(i: number): boolean {
    return this.full[i] !== 0;
  }

  /**
   * After `select` answered true: the filed rules that may match, ascending, written into `out`
   * (as long as the rules); returns how many.
   */
  candidates(out: Int32Array): number {
    const { touched, touchedCount, bits, epochs, epoch } = this.marks;
    const full = this.full;
    let n = 0;
    if (touchedCount > 32) {
      // Many marked: one pass over every rule, in order, rather than sorting them.
      for (let r = 0; r < full.length; r++)
        if (epochs[r] === epoch && bits[r] === full[r] && full[r] !== 0) out[n++] = r;
      return n;
    }
    for (let t = 0; t < touchedCount; t++) {
      const r = touched[t] as number;
      if (bits[r] !== full[r]) continue;
      // Insertion: few rules get through for most facts.
      let k = n++;
      while (k > 0 && (out[k - 1] as number) > r) {
        out[k] = out[k - 1] as number;
        k--;
      }
      out[k] = r;
    }
    return n;
  }

  /** After `select` answered true: whether rule i may match (false: its `when` is false). */
  mayMatch(i: number): boolean {
    const full = this.full[i] as number;
    return full === 0 || (this.marks.epochs[i] === this.marks.epoch && this.marks.bits[i] === full);
  }
}
