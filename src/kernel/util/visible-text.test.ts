import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  findHidden,
  hasBidi,
  hasHidden,
  revealInline,
  revealText,
  stripHidden,
} from './visible-text';

describe('visible text', () => {
  it('shows a right-to-left override as its code point', () => {
    const v = '\u202Etnuocca_eteled\u202C';
    expect(hasBidi(v)).toBe(true);
    expect(revealInline(v)).toBe('⟨U+202E⟩tnuocca_eteled⟨U+202C⟩');
    expect(stripHidden(v)).toBe('tnuocca_eteled');
  });

  it('names zero-width, soft hyphen, BOM, tag and filler characters as invisible', () => {
    const v = 'a\u200Bb\u00ADc\uFEFFd\u{E0041}e\u3164f';
    expect(findHidden(v).map((h) => [h.index, h.length, h.kind])).toEqual([
      [1, 1, 'invisible'],
      [3, 1, 'invisible'],
      [5, 1, 'invisible'],
      [7, 2, 'invisible'],
      [10, 1, 'invisible'],
    ]);
    expect(revealInline(v)).toBe('a⟨U+200B⟩b⟨U+00AD⟩c⟨U+FEFF⟩d⟨U+E0041⟩e⟨U+3164⟩f');
    expect(stripHidden(v)).toBe('abcdef');
  });

  it('escapes control characters, keeping line breaks only in multi-line text', () => {
    expect(revealInline('x\u001b[2Ky\nz\t')).toBe('x\\u001b[2Ky\\nz\\t');
    expect(revealText('x\u001b[2Ky\nz\t\u0085')).toBe('x\\u001b[2Ky\nz\t\\u0085');
  });

  it('leaves Chinese text, full-width punctuation and ordinary symbols alone', () => {
    const v = '金额＞＝７００，且“状态”为：有效。≥ 700 — ✓';
    expect(hasHidden(v)).toBe(false);
    expect(revealText(v)).toBe(v);
    expect(revealInline(v)).toBe(v);
  });

  it('property: revealed text holds no hidden or control character, and stripping is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        const shown = revealInline(s);
        expect(hasHidden(shown)).toBe(false);
        // biome-ignore lint/suspicious/noControlCharactersInRegex: the property is about them
        expect(/[\u0000-\u001f\u007f-\u009f]/.test(shown)).toBe(false);
        expect(stripHidden(stripHidden(s))).toBe(stripHidden(s));
        expect(hasHidden(stripHidden(s))).toBe(false);
      }),
    );
  });
});
