import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { enQuote, zhJson, zhQuote } from './quote';
import { findHidden } from './visible-text';

/** What JSON leaves as it is but a reader cannot see: hidden characters, DEL and C1 controls. */
const unseen = (s: string): boolean =>
  findHidden(s).length > 0 || [...s].some((c) => c >= '\u007f' && c <= '\u009f');
/** A control character of any kind (JSON escapes C0; a quote must escape them all). */
const control = (s: string): boolean =>
  [...s].some((c) => c < ' ' || (c >= '\u007f' && c <= '\u009f'));

describe('zhQuote: a name or value in a Chinese message', () => {
  it('quotes with “” and leaves ordinary text as it is', () => {
    expect(zhQuote('gold')).toBe('“gold”');
    expect(zhQuote('')).toBe('“”');
    expect(zhQuote(' x ')).toBe('“ x ”');
    expect(zhQuote('context.amount')).toBe('“context.amount”');
    expect(zhQuote('规则-一')).toBe('“规则-一”');
    expect(zhQuote('“已引”')).toBe('““已引””');
  });

  it('cuts content longer than max to max - 1 characters and "…", inside the quotes', () => {
    expect(zhQuote('abcdef', 6)).toBe('“abcdef”');
    expect(zhQuote('abcdefg', 6)).toBe('“abcde…”');
    expect(zhQuote('a\nbcdef', 4)).toBe('“a\\n…”');
  });

  it('does not escape an ASCII quote', () => {
    expect(zhQuote('a"b')).toBe('“a"b”');
    expect(zhQuote('"')).toBe('“"”');
  });

  it('keeps control characters, backslashes and lone surrogates visible, as JSON shows them', () => {
    expect(zhQuote('a\nb')).toBe('“a\\nb”');
    expect(zhQuote('a\tb\r')).toBe('“a\\tb\\r”');
    expect(zhQuote('a\\b')).toBe('“a\\\\b”');
    expect(zhQuote('\\"')).toBe('“\\\\"”');
    expect(zhQuote('\u0000\u001f')).toBe('“\\u0000\\u001f”');
    expect(zhQuote('\ud800')).toBe('“\\ud800”');
  });

  // Changed with I-88 (issue #35): the parse-back holds for text a reader can see; what JSON leaves
  // as it is but a reader cannot see is revealed instead (the next test).
  it('is JSON.stringify with its quotes swapped: the content, quotes re-escaped, parses back', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary' }).filter((s) => !unseen(s)),
        (s) => {
          const quoted = zhQuote(s);
          expect(quoted.startsWith('“') && quoted.endsWith('”')).toBe(true);
          const content = quoted.slice(1, -1);
          expect(JSON.parse(`"${content.replace(/"/g, '\\"')}"`)).toBe(s);
          expect(`"${content.replace(/"/g, '\\"')}"`).toBe(JSON.stringify(s));
        },
      ),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', '"', '\\', '\n', '\t', '“', '\ud800', ' ') }),
        (s) => {
          const content = zhQuote(s).slice(1, -1);
          expect(JSON.parse(`"${content.replace(/"/g, '\\"')}"`)).toBe(s);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('quoting shows what a reader cannot see (I-88, issue #35)', () => {
  it('bidi controls and invisible characters as ⟨U+XXXX⟩, DEL and C1 controls as escapes', () => {
    expect(zhQuote('\u202Etnuocca_eteled\u202C')).toBe('“⟨U+202E⟩tnuocca_eteled⟨U+202C⟩”');
    expect(enQuote('\u202Etnuocca_eteled\u202C')).toBe('"⟨U+202E⟩tnuocca_eteled⟨U+202C⟩"');
    expect(zhQuote('SEC-001-a\u200B')).toBe('“SEC-001-a⟨U+200B⟩”');
    expect(zhQuote('a\u00ADb\uDB40\uDC41')).toBe('“a⟨U+00AD⟩b⟨U+E0041⟩”');
    expect(zhQuote('\u007f\u0085')).toBe('“\\u007f\\u0085”');
    expect(enQuote('a"b\n')).toBe('"a\\"b\\n"');
    expect(enQuote('abcdefg', 6)).toBe('"abcde…"');
    expect(zhJson(['\u2066x'])).toBe('["⟨U+2066⟩x"]');
  });

  it('never lets a hidden or control character through, whatever the text', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary' }),
        fc.constantFrom('\u202E', '\u200B', '\u2066', '\u0085', '\uFEFF'),
        (s, h) => {
          const t = `${s}${h}${s}`;
          for (const q of [zhQuote(t), enQuote(t), zhJson(t), zhJson([t])]) {
            expect(unseen(q)).toBe(false);
            expect(control(q)).toBe(false);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('zhJson: a JSON value of any type in a Chinese message', () => {
  it('quotes a string and shows any other value as its JSON text', () => {
    expect(zhJson('OKP')).toBe('“OKP”');
    expect(zhJson('a"b\n')).toBe('“a"b\\n”');
    expect(zhJson(5)).toBe('5');
    expect(zhJson(null)).toBe('null');
    expect(zhJson(true)).toBe('true');
    expect(zhJson(['a', 1])).toBe('["a",1]');
    expect(zhJson(undefined)).toBe('undefined');
  });
});
