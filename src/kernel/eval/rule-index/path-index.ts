import type { Value } from '../values';
import type { Atom, Key } from './atoms';
import { Bounds } from './bounds';
import { PrefixTrie } from './prefix-trie';

/**
 * The atoms on one field, and the rules each belongs to: a value of the field stamps exactly the
 * rules one of whose atoms it may satisfy (E7 semantics, values.ts: strings by code units after
 * NFC, numbers by value — 0 and −0 alike —, no comparison across types).
 */
export class PathIndex {
  private readonly keys = new Map<Key, number[]>();
  private readonly nullish: number[] = [];
  private trie: PrefixTrie | null = null;
  private bounds: Bounds | null = null;

  constructor(
    readonly path: string,
    readonly segments: readonly string[],
  ) {}

  add(atom: Atom, rule: number): void {
    switch (atom.kind) {
      case 'key':
        for (const k of atom.keys) {
          const rules = this.keys.get(k);
          if (!rules) this.keys.set(k, [rule]);
          else if (rules[rules.length - 1] !== rule) rules.push(rule);
        }
        return;
      case 'nullish':
        this.nullish.push(rule);
        return;
      case 'prefix':
        this.trie ??= new PrefixTrie();
        this.trie.add(atom.prefix, rule);
        return;
      case 'bound':
        this.bounds ??= new Bounds();
        this.bounds.add(atom.op, atom.bound, rule);
    }
  }

  seal(): void {
    this.bounds?.seal();
  }

  /**
   * Stamps `epoch` on the rules `v` (the field's value as the evaluator reads it) may satisfy.
   * False when `v` is not JSON data the atoms are decided for (an exact Rational, a date, an
   * instance of some class): the index then stands aside for this fact.
   */
  mark(v: Value, marks: Uint32Array, epoch: number): boolean {
    switch (typeof v) {
      case 'string':
        stamp(this.keys.get(v), marks, epoch);
        this.trie?.mark(v, marks, epoch);
        return true;
      case 'number':
        // Finite: the probe raised on a non-finite number (resolvePath), as the rule would.
        stamp(this.keys.get(v), marks, epoch);
        this.bounds?.mark(v, marks, epoch);
        return true;
      case 'boolean':
        stamp(this.keys.get(v), marks, epoch);
        return true;
      case 'undefined':
        stamp(this.nullish, marks, epoch);
        return true;
      case 'object': {
        if (v === null) {
          stamp(this.keys.get(null), marks, epoch);
          stamp(this.nullish, marks, epoch);
          return true;
        }
        // A list or a plain mapping satisfies no atom: eq and in do not compare them (I-32).
        if (Array.isArray(v)) return true;
        const proto = Object.getPrototypeOf(v);
        return proto === Object.prototype || proto === null;
      }
      default:
        return false;
    }
  }
}

function stamp(rules: readonly number[] | undefined, marks: Uint32Array, epoch: number): void {
  if (rules === undefined) return;
  for (let i = 0; i < rules.length; i++) marks[rules[i] as number] = epoch;
}
