import { and, type Bits, firstBit, intersects, isEmpty, isSubset, minus } from './bits';

/**
 * Finds a point of a box that none of the covering boxes contains (a disjoint box difference,
 * depth first). Steps are counted against a budget, so the analysis has a bounded cost; when it
 * runs out, the answer is "unknown", never a guess.
 */
export type SearchResult =
  | { readonly kind: 'found'; readonly point: readonly number[] }
  | { readonly kind: 'covered' }
  | { readonly kind: 'budget' };

export type Box = readonly Bits[];

export class Budget {
  constructor(public steps: number) {}
  spend(): boolean {
    return --this.steps >= 0;
  }
}

const BUDGET_EXCEEDED = Symbol('budget');

/** Searches `box` minus the first `count` boxes of `coverers` (all of them by default). */
export function findUncovered(
  box: Box,
  coverers: readonly Box[],
  budget: Budget,
  count = coverers.length,
): SearchResult {
  for (const side of box) if (isEmpty(side)) return { kind: 'covered' };
  // Only boxes that meet the box can meet its parts. Each row's search looks at every row above
  // it: compared word by word over whole sides this was quadratic in rows times classes (a
  // 4,000-row table took 11 s to compile); compared over the words both sides hold, it is not.
  const meeting: Box[] = [];
  for (let i = 0; i < count; i++) {
    const c = coverers[i] as Box;
    if (boxMeets(box, c)) meeting.push(c);
  }
  try {
    const point = search(box, meeting, 0, budget);
    return point ? { kind: 'found', point } : { kind: 'covered' };
  } catch (e) {
    if (e === BUDGET_EXCEEDED) return { kind: 'budget' };
    throw e;
  }
}

/** Where a side's set bits lie: its first and last non-zero words (-1, -1 when empty), cached. */
const SPANS = new WeakMap<Bits, Int32Array>();

function spanOf(b: Bits): Int32Array {
  let span = SPANS.get(b);
  if (span) return span;
  let first = 0;
  while (first < b.length && b[first] === 0) first++;
  let last = b.length - 1;
  while (last >= first && b[last] === 0) last--;
  span = first > last ? Int32Array.of(-1, -2) : Int32Array.of(first, last);
  SPANS.set(b, span);
  return span;
}

/** boxIntersects, each side compared only over the words both hold bits in. */
function boxMeets(a: Box, b: Box): boolean {
  for (let d = 0; d < a.length; d++) {
    const x = a[d] as Bits;
    const y = b[d] as Bits;
    const sx = spanOf(x);
    const sy = spanOf(y);
    const hi = Math.min(sx[1] as number, sy[1] as number);
    let met = false;
    for (let w = Math.max(sx[0] as number, sy[0] as number); w <= hi; w++)
      if (((x[w] as number) & (y[w] as number)) !== 0) {
        met = true;
        break;
      }
    if (!met) return false;
  }
  return true;
}

export function boxIntersects(a: Box, b: Box): boolean {
  for (let d = 0; d < a.length; d++) if (!intersects(a[d] as Bits, b[d] as Bits)) return false;
  return true;
}

/**
 * Every box of `box` minus `coverers` as disjoint boxes, until `visit` returns false (then false).
 * Throws BUDGET_EXCEEDED when the budget runs out.
 */
function search(box: Box, coverers: readonly Box[], from: number, budget: Budget): number[] | null {
  let point: number[] | null = null;
  leaves(box, coverers, from, budget, (leaf) => {
    point = leaf.map((side) => firstBit(side));
    return false;
  });
  return point;
}

/**
 * The uncovered part of `box` as disjoint boxes, at most `limit` of them (the first ones of the
 * depth-first search). `complete` is false when the limit or the budget cut the list short.
 */
export function uncoveredBoxes(
  box: Box,
  coverers: readonly Box[],
  budget: Budget,
  limit: number,
): { readonly boxes: readonly Box[]; readonly complete: boolean } {
  const boxes: Box[] = [];
  if (box.some(isEmpty)) return { boxes, complete: true };
  try {
    const all = leaves(box, coverers, 0, budget, (leaf) => {
      boxes.push(leaf);
      return boxes.length < limit;
    });
    return { boxes, complete: all };
  } catch (e) {
    if (e === BUDGET_EXCEEDED) return { boxes, complete: false };
    throw e;
  }
}

function leaves(
  box: Box,
  coverers: readonly Box[],
  from: number,
  budget: Budget,
  visit: (leaf: Box) => boolean,
): boolean {
  let i = from;
  for (; i < coverers.length; i++) {
    if (!budget.spend()) throw BUDGET_EXCEEDED;
    if (boxIntersects(box, coverers[i] as Box)) break;
  }
  const cover = coverers[i];
  if (!cover) return visit(box);
  // box \ cover as disjoint boxes: along each dimension d, the part outside cover[d] with the
  // dimensions before d already inside cover.
  const prefix = box.slice();
  for (let d = 0; d < box.length; d++) {
    const side = box[d] as Bits;
    const c = cover[d] as Bits;
    if (!isSubset(side, c)) {
      const part = prefix.slice();
      part[d] = minus(side, c);
      if (!leaves(part, coverers, i + 1, budget, visit)) return false;
      prefix[d] = and(side, c);
    }
  }
  return true;
}
