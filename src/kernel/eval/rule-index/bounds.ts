import type { Marks } from './marks';

/**
 * The rules of numeric threshold conditions on one field (`gt`, `gte`, `lt`, `lte` with a number
 * literal), each kind sorted by its bound: the rules a number passes are one run of that order,
 * found by binary search. Rules are filed by their code (Marks.hit).
 */
export type BoundOp = 'gt' | 'gte' | 'lt' | 'lte';

class Sorted {
  private pairs: { bound: number; rule: number }[] = [];
  bounds = new Float64Array(0);
  rules = new Int32Array(0);

  add(bound: number, rule: number): void {
    this.pairs.push({ bound, rule });
  }

  seal(): void {
    this.pairs.sort((a, b) => a.bound - b.bound);
    this.bounds = Float64Array.from(this.pairs, (p) => p.bound);
    this.rules = Int32Array.from(this.pairs, (p) => p.rule);
    this.pairs = [];
  }

  /** How many bounds are below x (`strict`) or at most x. */
  count(x: number, strict: boolean): number {
    const b = this.bounds;
    let lo = 0;
    let hi = b.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const v = b[mid] as number;
      if (strict ? v < x : v <= x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  markRange(from: number, to: number, marks: Marks): void {
    const rules = this.rules;
    for (let i = from; i < to; i++) marks.hit(rules[i] as number);
  }
}

export class Bounds {
  private readonly kinds = {
    gt: new Sorted(),
    gte: new Sorted(),
    lt: new Sorted(),
    lte: new Sorted(),
  };

  add(op: BoundOp, bound: number, rule: number): void {
    this.kinds[op].add(bound, rule);
  }

  seal(): void {
    for (const s of Object.values(this.kinds)) s.seal();
  }

  /** Marks every rule whose threshold the finite number x passes. */
  mark(x: number, marks: Marks): void {
    const { gt, gte, lt, lte } = this.kinds;
    // x > b for the bounds below x; x ≥ b for those at most x; x < b and x ≤ b for the rest.
    if (gt.rules.length > 0) gt.markRange(0, gt.count(x, true), marks);
    if (gte.rules.length > 0) gte.markRange(0, gte.count(x, false), marks);
    if (lt.rules.length > 0) lt.markRange(lt.count(x, false), lt.rules.length, marks);
    if (lte.rules.length > 0) lte.markRange(lte.count(x, true), lte.rules.length, marks);
  }
}
