import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDelimited, parseDelimited, readDelimited } from '../table-edit/delimited';

describe('the shared CSV tokenizer, as the grid reads pastes', () => {
  it('reads TSV and CSV with quoting, CRLF and a byte order mark', () => {
    expect(parseDelimited('a\tb\r\n"c\td"\t"e ""f"""\n')).toEqual([
      ['a', 'b'],
      ['c\td', 'e "f"'],
    ]);
    expect(parseDelimited('\uFEFFx,y\n1,2')).toEqual([
      ['x', 'y'],
      ['1', '2'],
    ]);
    expect(parseDelimited('')).toEqual([]);
  });

  it('says where a pasted text is malformed, in both languages', () => {
    const stray = readDelimited('a,"b"c\n');
    expect(stray.problems).toEqual([
      expect.objectContaining({ line: 1, column: 6, message: expect.objectContaining({}) }),
    ]);
    expect(stray.problems[0]?.message.zh).toContain('右引号');
    const open = readDelimited('a\t"b\n');
    expect(open.problems[0]?.message.en).toContain('not closed');
  });

  it('reads back what it writes (TSV and CSV)', () => {
    const cell = fc.string({ maxLength: 8 });
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { minLength: 2, maxLength: 4 }), { minLength: 1, maxLength: 5 }),
        fc.constantFrom('\t' as const, ',' as const),
        (rows, delimiter) => {
          // Line breaks inside quoted cells are kept as written; CR alone is read as a break.
          const clean = rows.map((r) => r.map((c) => c.replaceAll('\r', '')));
          expect(readDelimited(formatDelimited(clean, delimiter), delimiter)).toEqual({
            rows: clean,
            problems: [],
          });
        },
      ),
      { numRuns: 300 },
    );
  });
});
