import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { grouped, groupedDecimal, groupedNumber } from './sizes';

describe('groupedDecimal: one number formatter for gloss, table analysis and report', () => {
  it('groups the whole part by thousands, the same in both languages', () => {
    expect(groupedDecimal('10000')).toBe('10,000');
    expect(groupedDecimal('4999')).toBe('4,999');
    expect(groupedDecimal('5000')).toBe('5,000');
    expect(groupedDecimal('999')).toBe('999');
    expect(groupedDecimal('-1234567')).toBe('-1,234,567');
  });
  it('keeps every digit of a decimal as written (never through a double)', () => {
    expect(groupedDecimal('1234.50')).toBe('1,234.50');
    expect(groupedDecimal('0.15')).toBe('0.15');
    expect(groupedDecimal('12345678901234567890.00000000000001')).toBe(
      '12,345,678,901,234,567,890.00000000000001',
    );
  });
  it('leaves text that is not a plain decimal as written', () => {
    expect(groupedDecimal('1e21')).toBe('1e21');
    expect(groupedDecimal('15%')).toBe('15%');
    expect(groupedDecimal('abc')).toBe('abc');
  });
  it('a JSON number is grouped from its shortest round-trip text', () => {
    expect(groupedNumber(4999)).toBe('4,999');
    expect(groupedNumber(699.5)).toBe('699.5');
    expect(groupedNumber(0.1)).toBe('0.1');
  });
  it('property: removing the commas gives the text back; integers agree with grouped()', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.nat(), (n, frac) => {
        const text = `${n}.${frac}`;
        return groupedDecimal(text).replaceAll(',', '') === text;
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), (n) => groupedNumber(n) === grouped(n)),
    );
  });
});
