import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { zhJson, zhQuote } from './quote';

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

  it('is JSON.stringify with its quotes swapped: the content, quotes re-escaped, parses back', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        const quoted = zhQuote(s);
        expect(quoted.startsWith('“') && quoted.endsWith('”')).toBe(true);
        const content = quoted.slice(1, -1);
        expect(JSON.parse(`"${content.replace(/"/g, '\\"')}"`)).toBe(s);
        expect(`"${content.replace(/"/g, '\\"')}"`).toBe(JSON.stringify(s));
      }),
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
