// Runtime values: code point string order (§5.2), strict equality without conversion (§5.2,
// I-32), exact numbers rounded only where they are written out (E2, I-33), JSON for traces and
// hashes.
import { describe, expect, it } from 'vitest';
import {
  compareStrings,
  DateValue,
  equality,
  isNumeric,
  MAX_JSON_DEPTH,
  order,
  Rational,
  strictEquals,
  toJson,
  typeName,
  type Value,
} from './values';

const sign = (n: number) => Math.sign(n);
const dec = (text: string) => Rational.fromDecimalText(text) as Rational;

describe('compareStrings: Unicode code point order', () => {
  it.each([
    ['a', 'b', -1],
    ['b', 'a', 1],
    ['abc', 'abc', 0],
    ['', 'a', -1],
    ['ab', 'abc', -1],
    ['2', '10', 1], // §5.2: "2" gt "10" is true
    ['Z', 'a', -1],
    ['\uFFFF', '\u{1F600}', -1], // BMP U+FFFF before a supplementary code point…
    ['\uE000', '\u{10000}', -1], // …although its UTF-16 code unit 0xE000 > 0xD800
    ['\u{1F600}', '\uFFFF', 1],
    ['\u{1F600}', '\u{1F601}', -1], // two supplementary code points: by the low surrogate
    ['\u{10000}', '\u{1F600}', -1],
    ['a\u{1F600}', 'a\uFFFD', 1],
  ])('%j vs %j → %i', (a, b, want) => {
    expect(sign(compareStrings(a, b))).toBe(want);
  });

  it('agrees with sorting by code point arrays', () => {
    const words = ['é', 'e', 'z', '\u{1F600}', '\uFFFF', '中', 'Ω', 'a\u{10000}', 'a\uFFFF', ''];
    const byCodePoints = (a: string, b: string) => {
      const x = [...a].map((c) => c.codePointAt(0)!);
      const y = [...b].map((c) => c.codePointAt(0)!);
      for (let i = 0; i < Math.min(x.length, y.length); i++)
        if (x[i] !== y[i]) return x[i]! - y[i]!;
      return x.length - y.length;
    };
    expect([...words].sort(compareStrings)).toEqual([...words].sort(byCodePoints));
  });
});

describe('equality / strictEquals: no implicit conversion', () => {
  it.each<[Value, Value, boolean | null]>([
    ['a', 'a', true],
    ['a', 'b', false],
    [1, 1, true],
    [1, dec('1.00'), true],
    [0.1, dec('0.1'), true],
    [0.33333333333333, Rational.of(1n, 3n), false], // exact: 1/3 is not 0.33333333333333
    [true, true, true],
    [false, true, false],
    [null, null, true],
    // different types never compare (I-32): both eq and ne are false
    ['100', 100, null],
    [100, '100', null],
    [true, 1, null],
    [null, 0, null],
    [0, null, null],
    ['', null, null],
    [[1], [1], null],
    [{ a: 1 }, { a: 1 }, null],
    [Number.NaN, Number.NaN, null],
  ])('%j vs %j → %j', (a, b, want) => {
    expect(equality(a, b)).toBe(want);
    expect(strictEquals(a, b)).toBe(want === true);
  });

  it('compares dates by instant, with ISO text, and nothing else', () => {
    const midnight = new DateValue(Date.UTC(2026, 0, 31));
    expect(equality(midnight, '2026-01-31')).toBe(true);
    expect(equality('2026-01-31T08:00:00+08:00', midnight)).toBe(true);
    expect(equality(midnight, new DateValue(Date.UTC(2026, 0, 31)))).toBe(true);
    expect(equality(midnight, '2026-02-01')).toBe(false);
    expect(equality(midnight, 'not a date')).toBe(null);
    expect(equality(midnight, Date.UTC(2026, 0, 31))).toBe(null);
  });
});

describe('order: gt/gte/lt/lte operands', () => {
  it('orders numbers, strings and dates; nothing across types', () => {
    expect(order(2, dec('10'))).toBeLessThan(0);
    expect(order(Rational.of(1n, 3n), 0.33333333333333)).toBeGreaterThan(0);
    expect(order('2', '10')).toBeGreaterThan(0);
    expect(order(new DateValue(0), '1970-01-02')).toBeLessThan(0);
    expect(order('100', 50)).toBe(null);
    expect(order(true, false)).toBe(null);
    expect(order(null, 0)).toBe(null);
    expect(order([1], [2])).toBe(null);
  });
});

describe('isNumeric', () => {
  it('is true for finite numbers and rationals only', () => {
    expect(isNumeric(1)).toBe(true);
    expect(isNumeric(dec('1e40'))).toBe(true);
    expect(isNumeric(Number.NaN)).toBe(false);
    expect(isNumeric(Number.POSITIVE_INFINITY)).toBe(false);
    expect(isNumeric('1')).toBe(false);
    expect(typeName(Number.NaN)).toBe('non-finite number');
  });
});

describe('toJson', () => {
  it('writes decimals at scale 14 and dates as ISO text', () => {
    expect(toJson(Rational.of(1n, 3n))).toBe(0.33333333333333);
    expect(toJson(Rational.of(2n, 3n))).toBe(0.66666666666667);
    expect(toJson(Rational.of(-1n, 200000000000000n))).toBe(0); // a tie: to the even 0, not -0
    expect(toJson(new DateValue(0))).toBe('1970-01-01T00:00:00.000Z');
    expect(toJson(undefined)).toBe(null);
    expect(toJson({ a: [1, dec('2.5')] })).toEqual({ a: [1, 2.5] });
  });

  it('cuts deep and cyclic values at MAX_JSON_DEPTH instead of overflowing the stack', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    let json = toJson(cyclic as Value) as Record<string, unknown>;
    let depth = 0;
    while (typeof json === 'object' && json !== null) {
      json = json.self as Record<string, unknown>;
      depth++;
    }
    expect(depth).toBe(MAX_JSON_DEPTH);
    expect(json).toBe('…');

    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(() => toJson(deep as Value)).not.toThrow();
  });
});
