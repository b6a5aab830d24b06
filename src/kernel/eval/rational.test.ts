// Exact intermediate arithmetic (E2, §7.3(c), ruling I-33): bounded rationals, half-even rounding
// to scale 14 only at output, and the `number_range` error past the bound.
import DecimalJs from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EvaluationError } from './errors';
import { MAX_BITS, Rational } from './rational';

const dec = (text: string) => Rational.fromDecimalText(text) as Rational;
/** A reference with far more digits than any case here needs. */
const Big = DecimalJs.clone({ precision: 200, rounding: DecimalJs.ROUND_HALF_EVEN });
/** The reference's fixed text, with "-0.000…" written as "0.000…" as the kernel does. */
const fixed = (d: DecimalJs, places: number) => {
  const s = d.toFixed(places, DecimalJs.ROUND_HALF_EVEN);
  return /^-0\.?0*$/.test(s) ? s.slice(1) : s;
};

describe('Rational: half-even rounding at output (scale 14)', () => {
  it.each([
    ['1', '3', '0.33333333333333'],
    ['2', '3', '0.66666666666667'],
    ['1', '200000000000000', '0.00000000000000'], // 5e-15: a tie, rounds to the even 0
    ['3', '200000000000000', '0.00000000000002'], // 1.5e-14: a tie, rounds to the even 2e-14
    ['5', '200000000000000', '0.00000000000002'], // 2.5e-14 → 2e-14
    ['-5', '200000000000000', '-0.00000000000002'],
    ['-1', '200000000000000', '0.00000000000000'], // never "-0"
    ['-1', '3', '-0.33333333333333'],
    ['7', '1', '7.00000000000000'],
  ])('%s / %s → %s', (a, b, want) => {
    expect(dec(a).dividedBy(dec(b)).toFixed(14)).toBe(want);
  });

  it('keeps 1/3 × 3 exactly 1, and 1/3 exactly above 0.33333333333333', () => {
    const third = dec('1').dividedBy(dec('3'));
    expect(third.times(dec('3')).cmp(dec('1'))).toBe(0);
    expect(third.cmp(dec('0.33333333333333'))).toBe(1);
    expect(third.cmp(dec('0.33333333333334'))).toBe(-1);
  });

  it('rounds to other places half-even (the round node)', () => {
    expect(dec('2.5').roundHalfEven(0).cmp(dec('2'))).toBe(0);
    expect(dec('3.5').roundHalfEven(0).cmp(dec('4'))).toBe(0);
    expect(dec('-2.5').roundHalfEven(0).cmp(dec('-2'))).toBe(0);
    expect(dec('1.005').roundHalfEven(2).toFixed(2)).toBe('1.00');
    expect(dec('0').toFixed(0)).toBe('0');
  });
});

describe('Rational.fromNumber: a double is the decimal it is written as', () => {
  it('reads 0.1 as 1/10 and 1e23 as 10^23', () => {
    expect(Rational.fromNumber(0.1).cmp(dec('0.1'))).toBe(0);
    expect(Rational.fromNumber(1e23).cmp(dec('1e23'))).toBe(0);
    expect(Rational.fromNumber(5e-324).cmp(dec('5e-324'))).toBe(0);
    expect(Rational.fromNumber(-0).isZero()).toBe(true);
  });

  it('agrees with the shortest round-trip text for every double (property)', () => {
    const same = (x: number) =>
      Rational.fromNumber(x).cmp(Rational.fromDecimalText(String(x)) as Rational) === 0;
    fc.assert(fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), same), {
      numRuns: 20_000,
    });
    // Decimals as people write them (the fast path's territory): cents, rates, short fractions.
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.integer({ min: 0, max: 15 }), (m, k) =>
        same(m / 10 ** k),
      ),
      { numRuns: 20_000 },
    );
  }, 60_000);
});

describe('Rational arithmetic is exact (property, against a 200-digit reference)', () => {
  const decimalText = fc
    .tuple(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.integer({ min: 0, max: 14 }))
    .map(([n, k]) => new Big(n.toString()).div(new Big(10).pow(k)).toFixed());

  it('a + b, a − b, a × b agree exactly; a ÷ b agrees at scale 14', () => {
    fc.assert(
      fc.property(decimalText, decimalText, (a, b) => {
        const x = dec(a);
        const y = dec(b);
        expect(x.plus(y).toFixed(14)).toBe(fixed(new Big(a).plus(b), 14));
        expect(x.minus(y).toFixed(14)).toBe(fixed(new Big(a).minus(b), 14));
        expect(x.times(y).toFixed(28)).toBe(fixed(new Big(a).times(b), 28));
        if (!y.isZero()) {
          expect(x.dividedBy(y).toFixed(14)).toBe(fixed(new Big(a).div(b), 14));
          // div(x, 1) is x, and (x ÷ y) × y is x, exactly.
          expect(x.dividedBy(dec('1')).cmp(x)).toBe(0);
          expect(x.dividedBy(y).times(y).cmp(x)).toBe(0);
        }
      }),
      { numRuns: 1_000 },
    );
  }, 60_000);
});

describe('Rational: the bound (E2 "bounded", ruling I-33)', () => {
  it('reduces to lowest terms before judging the bound', () => {
    // (2^3000 / 5^100) × (5^600 / 2^1500): 4,393 bits before reduction, 2^1500 × 5^500 after.
    const product = Rational.of(2n ** 3000n, 5n ** 100n).times(
      Rational.of(5n ** 600n, 2n ** 1500n),
    );
    expect(product.cmp(Rational.of(2n ** 1500n * 5n ** 500n, 1n))).toBe(0);
  });

  it(`is the evaluation error number_range past ${MAX_BITS} bits, never a rounding`, () => {
    const big = Rational.of(1n << BigInt(MAX_BITS - 1), 1n);
    let error: unknown;
    try {
      big.times(dec('2'));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EvaluationError);
    expect((error as EvaluationError).code).toBe('number_range');
    expect((error as EvaluationError).bilingual.zh).toContain('有界有理数');
    // A denominator past the bound too: 1 / 3^2600 (4,121 bits).
    expect(() => Rational.of(1n, 3n ** 2600n)).toThrow(EvaluationError);
  });

  it('admits every double: the largest, the smallest, and their product and quotient', () => {
    const max = Rational.fromNumber(Number.MAX_VALUE);
    const min = Rational.fromNumber(Number.MIN_VALUE);
    expect(() => max.times(max)).not.toThrow();
    expect(() => min.times(min)).not.toThrow();
    expect(() => max.dividedBy(min)).not.toThrow();
  });
});
