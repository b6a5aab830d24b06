// Issue 41: `numberLiteral`'s fast path (no decimal.js for a canonical decimal of ≤ 15 significant
// digits) gives what the plain path gives — the same JS number, or the same exact Rational — on
// random canonical decimals of every width, the edges around 15/16/17 digits, and zero.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalDecimal, Decimal } from '../tree/decimal';
import { numberLiteral, numberLiteralSlow } from './nodes';

const same = (text: string) => {
  const fast = numberLiteral(text);
  const slow = numberLiteralSlow(text);
  expect(typeof fast).toBe(typeof slow);
  if (typeof slow === 'number') expect(Object.is(fast, slow)).toBe(true);
  else expect(String(fast)).toBe(String(slow));
};

describe('numberLiteral fast path', () => {
  it('agrees with decimal.js on edge cases', () => {
    for (const t of [
      '0',
      '-0',
      '0.1',
      '5000',
      '-12.5',
      '123456789012345',
      '1234567890123456',
      '12345678901234567',
      '9007199254740993',
      '0.00000000000001',
      '0.12345678901234',
      '99999999999999.9',
      '999999999999999999999999999999.99999999999999',
      '100000000000000000000000000000',
      '0.3',
      '1e-14',
    ])
      for (const text of [canonicalDecimal(new Decimal(t)), canonicalDecimal(new Decimal(t).neg())])
        same(text);
    // Not canonical: never the fast path.
    for (const text of ['-0.00000000000000', '5000', '05.00000000000000', '1.5']) same(text);
  });

  it('agrees with decimal.js on random canonical decimals', () => {
    const digits = (max: number) =>
      fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 1, maxLength: max });
    fc.assert(
      fc.property(fc.boolean(), digits(30), digits(14), (neg, int, frac) => {
        same(canonicalDecimal(new Decimal(`${neg ? '-' : ''}${int}.${frac}`)));
      }),
      { numRuns: 3000, seed: 41 },
    );
  });
});
