import type { Value } from '../values';
import type { Atom, Key } from './atoms';
import { Bounds } from './bounds';
import type { Marks } from './marks';
import { PrefixTrie } from './prefix-trie';

/**
 * The atoms on one field, and the filed conjuncts each belongs to (by code: Marks.hit): a value of
 * the field marks exactly the conjuncts one of whose atoms it may satisfy (E7 semantics, values.ts: strings by code units after
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

  add(atom: Atom, code: number): void {
    switch (atom.kind) {
      case 'key':
        for (const k of atom.keys) {
          const rules = this.keys.get(k);
          if (!rules) this.keys.set(k, [code]);
          else if (rules[rules.length - 1] !== code) rules.push(code);
        }
        return;
      case 'nullish':
        this.nullish.push(code);
        return;
      case 'prefix':
        this.trie ??= new PrefixTrie();
        this.trie.add(atom.prefix, code);
        return;
      case 'bound':
        this.bounds ??= new Bounds();
        this.bounds.add(atom.op, atom.bound, code);
    }
  }

  seal(): void {
    this.bounds?.seal();
  }

  /**
   * Marks the conjuncts `v` (the field's value as the evaluator reads it) may satisfy.
   * False when `v` is not JSON data the atoms are decided for (an exact Rational, a date, an
   * instance of some class): the index then stands aside for this fact.
   */
  mark(v: Value, marks: Marks): boolean {
    switch (typeof v) {
      case 'string':
        marks.hitAll(this.keys.get(v));
        this.trie?.mark(v, marks);
        return true;
      case 'number':
        // Finite: the probe raised on a non-finite number (resolvePath), as the rule would.
        marks.hitAll(this.keys.get(v));
        this.bounds?.mark(v, marks);
        return true;
      case 'boolean':
        marks.hitAll(this.keys.get(v));
        return true;
      case 'undefined':
        marks.hitAll(this.nullish);
        return true;
      case 'object': {
        if (v === null) {
          marks.hitAll(this.keys.get(null));
          marks.hitAll(this.nullish);
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
