import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SourceText } from './source-text';

/** The line index read character by character: the definition the fast scan must agree with. */
function referencePosition(text: string, offset: number): { line: number; column: number } {
  const o = Math.max(0, Math.min(offset, text.length));
  let line = 1;
  let start = 0;
  for (let i = 0; i < o; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) {
      line++;
      start = i + 1;
    }
  }
  return { line, column: o - start + 1 };
}

const texts = fc
  .array(fc.constantFrom('a', 'é', '\n', '\r', '\r\n', ' ', '界', '\u2028'), {
    maxLength: 60,
  })
  .map((parts) => parts.join(''));

describe('SourceText', () => {
  it('gives every offset the position a character-by-character reading gives (LF, CRLF, lone CR)', () => {
    fc.assert(
      fc.property(texts, (text) => {
        const source = new SourceText(text);
        for (let o = -1; o <= text.length + 1; o++) {
          expect(source.position(o)).toEqual(referencePosition(text, o));
          expect(source.column(o)).toBe(referencePosition(text, o).column);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('counts lines and finds their starts with and without carriage returns', () => {
    const lf = new SourceText('a\nbb\n\nc');
    expect(lf.lineCount).toBe(4);
    expect([1, 2, 3, 4].map((l) => lf.lineStart(l))).toEqual([0, 2, 5, 6]);
    const mixed = new SourceText('a\r\nb\rc\n');
    expect(mixed.lineCount).toBe(4);
    expect([1, 2, 3, 4].map((l) => mixed.lineStart(l))).toEqual([0, 3, 5, 7]);
  });
});
