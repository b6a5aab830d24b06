// The search for an uncovered point first keeps the boxes that meet the searched box. Every row's
// search looks at every row above it, so that filter must not read every word of every side: a
// table of 4,000 rows of ranges (8,000 value classes, 250 words a side) took 11 s to compile.
import { describe, expect, it } from 'vitest';
import { type Bits, emptyBits, setBit } from './bits';
import { type Box, Budget, boxIntersects, findUncovered } from './uncovered';

/** A side holding classes from..to of `size`. */
function side(size: number, from: number, to: number): Bits {
  const b = emptyBits(size);
  for (let i = from; i <= to; i++) setBit(b, i);
  return b;
}

/** `b` with every read of a word counted in `reads`. */
function counted(b: Bits, reads: { n: number }): Bits {
  return new Proxy(b, {
    get(target, key) {
      if (typeof key === 'string' && /^\d+$/.test(key)) reads.n++;
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

describe('findUncovered', () => {
  it('finds the same point and the same cover as a box-by-box comparison', () => {
    const size = 300;
    const box: Box = [side(size, 0, size - 1), side(size, 0, 9)];
    const coverers: Box[] = [];
    for (let i = 0; i < 30; i++) coverers.push([side(size, i * 10, i * 10 + 9), side(size, 0, 9)]);
    expect(findUncovered(box, coverers, new Budget(1e6))).toEqual({ kind: 'covered' });
    const gap = coverers.filter((_, i) => i !== 17);
    expect(findUncovered(box, gap, new Budget(1e6))).toEqual({ kind: 'found', point: [170, 0] });
    for (const c of coverers) expect(boxIntersects(box, c)).toBe(true);
  });

  it("reads only the words both sides hold bits in, once each side's span is known", () => {
    const size = 8_000;
    const reads = { n: 0 };
    const coverers: Box[] = [];
    for (let i = 0; i < 2_000; i++)
      coverers.push([counted(side(size, 2 * i + 2, 2 * i + 3), reads), side(size, 0, 0)]);
    const box: Box = [side(size, 0, 1), side(size, 0, 0)];
    expect(findUncovered(box, coverers, new Budget(1e6))).toMatchObject({ kind: 'found' });
    reads.n = 0;
    // Again (as for the next row): no side of 250 words is read through, none meets the box.
    expect(findUncovered(box, coverers, new Budget(1e6))).toMatchObject({ kind: 'found' });
    expect(reads.n).toBeLessThan(coverers.length);
  });
});
