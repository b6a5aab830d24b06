import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical';

/** RFC 8785 §3.2.3's own sorting example: keys ordered by UTF-16 code units. */
const RFC_ORDER = ['\r', '1', '\u0080', '\u00f6', '\u20ac', '\ud83d\ude00', '\ufb33'];

/** Keys of a flat canonical object in text order (Object.keys would move "1" first). */
function keysInText(text: string): string[] {
  return [...text.matchAll(/[{,]("(?:[^"\\]|\\.)*"):/g)].map((m) => JSON.parse(m[1] as string));
}

describe('canonicalJson key order (RFC 8785 §3.2.3)', () => {
  it('sorts the RFC example, whatever the insertion order (small objects)', () => {
    const shuffled = ['\u20ac', '\r', '\ufb33', '1', '\ud83d\ude00', '\u0080', '\u00f6'];
    const obj = Object.fromEntries(shuffled.map((k, i) => [k, i]));
    const keys = keysInText(canonicalJson(obj));
    expect(keys).toEqual(RFC_ORDER);
  });

  it('sorts large objects the same way (the path for facts with many keys)', () => {
    const many = [
      ...RFC_ORDER,
      ...Array.from({ length: 30 }, (_, i) => `k${String(29 - i).padStart(2, '0')}`),
    ];
    const obj = Object.fromEntries([...many].reverse().map((k) => [k, true]));
    const keys = keysInText(canonicalJson(obj));
    expect(keys).toEqual([...many].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(keys.indexOf('\ud83d\ude00')).toBeLessThan(keys.indexOf('\ufb33'));
  });

  it('serializes numbers as ECMAScript does, -0 as 0, and refuses non-finite numbers', () => {
    expect(canonicalJson([1e21, 0.1, -0, 1e-7])).toBe('[1e+21,0.1,0,1e-7]');
    expect(() => canonicalJson(Number.NaN)).toThrow();
  });
});
