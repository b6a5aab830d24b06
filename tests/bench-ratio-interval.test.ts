import { describe, expect, it } from 'vitest';
import { median, ratioInterval } from '../bench/ui-probes';

describe('ratioInterval (bench:ui, the 95% bootstrap interval of a studio ÷ bare ratio)', () => {
  it('is exactly the ratio when every round gives the same pair', () => {
    expect(ratioInterval([17, 17, 17, 17, 17], [10, 10, 10, 10, 10])).toEqual({
      low: 1.7,
      high: 1.7,
    });
  });

  it('holds the ratio of the medians, and widens with the rounds’ spread', () => {
    const bare = [14.1, 15.3, 14.8, 16.2, 14.9, 15.6, 15.0];
    const tight = bare.map((x) => x * 1.1);
    const loose = bare.map((x, i) => x * (i % 2 ? 0.9 : 1.3));
    const t = ratioInterval(tight, bare);
    const l = ratioInterval(loose, bare);
    expect(t.low).toBeCloseTo(1.1, 10);
    expect(t.high).toBeCloseTo(1.1, 10);
    const point = median(loose) / median(bare);
    expect(l.low).toBeLessThanOrEqual(point);
    expect(l.high).toBeGreaterThanOrEqual(point);
    expect(l.high - l.low).toBeGreaterThan(0.1);
  });

  it('keeps a round’s two sides together (a shared slow round cancels out)', () => {
    // Every other round the machine was slow for both pages: paired, the ratio never moves.
    const bare = [10, 20, 10, 20, 10, 20, 10];
    const studio = bare.map((x) => x * 1.05);
    const ci = ratioInterval(studio, bare);
    // Unpaired resampling would give ratios from 0.5 to 2.1 here.
    expect(ci.low).toBeGreaterThan(1.04);
    expect(ci.high).toBeLessThan(1.06);
  });

  it('is the same on every call (a fixed-seed generator)', () => {
    const a = [15, 18, 16, 21, 14, 17, 19];
    const b = [14, 15, 17, 15, 16, 14, 15];
    expect(ratioInterval(a, b)).toEqual(ratioInterval(a, b));
  });

  it('refuses rounds that are not paired', () => {
    expect(() => ratioInterval([1, 2], [1])).toThrow(/paired/);
    expect(() => ratioInterval([], [])).toThrow(/paired/);
  });
});
