// Properties of the streaming fact-set parsers: whatever the text and wherever the chunks split
// it (inside a quote, between CR and LF, inside a surrogate pair), the rows read back are the
// values written, and the parsers never throw.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCsvParser } from './csv-facts';
import type { FactSetParser } from './fact-set';
import { createJsonLinesParser } from './jsonl-facts';

function feed(parser: FactSetParser, text: string, cuts: readonly number[]) {
  const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
  const cases = [];
  const diagnostics = [];
  let from = 0;
  for (const p of [...points, text.length]) {
    const b = parser.push(text.slice(from, p));
    cases.push(...b.cases);
    diagnostics.push(...b.diagnostics);
    from = p;
  }
  const b = parser.end();
  return { cases: [...cases, ...b.cases], diagnostics: [...diagnostics, ...b.diagnostics] };
}

/** Text cells that CSV must quote: commas, quotes, CR, LF, non-BMP characters. */
const cellText = fc
  .string({ unit: fc.constantFrom('a', 'b', ',', '"', '\n', '\r', ' ', '中', '😀', 'x') })
  // A cell that reads as JSON or is empty is not text; keep the property about text.
  .filter(
    (s) =>
      /[a-z中😀]/u.test(s[0] ?? '') &&
      s.trim() === s &&
      s !== 'true' &&
      s !== 'false' &&
      s !== 'null',
  );

const quote = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

describe('fact sets (properties)', () => {
  it('CSV: text and numbers read back exactly, however the text is chunked', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(cellText, fc.integer({ min: -1e6, max: 1e6 })), {
          minLength: 1,
          maxLength: 8,
        }),
        fc.array(fc.nat(), { maxLength: 12 }),
        fc.constantFrom('\n', '\r\n'),
        (rows, cuts, eol) => {
          const text =
            ['context.note,context.n', ...rows.map(([s, n]) => `${quote(s)},${n}`)].join(eol) + eol;
          const { cases, diagnostics } = feed(createCsvParser(), text, cuts);
          expect(diagnostics).toEqual([]);
          expect(cases.map((c) => c.fact)).toEqual(
            rows.map(([s, n]) => ({ context: { note: s.normalize('NFC'), n } })),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('JSON Lines: any JSON facts read back as JSON.parse reads them, however chunked', () => {
    const fact = fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 3 }), {
      maxKeys: 5,
    });
    fc.assert(
      fc.property(
        fc.array(fact, { minLength: 1, maxLength: 6 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        (facts, cuts) => {
          // Case-shaped objects ({fact: …}) are read as cases; keep the property about bare facts.
          const bare = facts.filter((f) => !('fact' in f));
          if (bare.length === 0) return;
          const text = bare.map((f) => JSON.stringify(f)).join('\n');
          const { cases, diagnostics } = feed(createJsonLinesParser(), text, cuts);
          expect(diagnostics).toEqual([]);
          // Compared as JSON text: key order and values as JSON.parse gives them.
          expect(cases.map((c) => JSON.stringify(c.fact))).toEqual(
            bare.map((f) => JSON.stringify(JSON.parse(JSON.stringify(f)))),
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  it('never throws on arbitrary text', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 200 }),
        fc.array(fc.nat(), { maxLength: 6 }),
        (text, cuts) => {
          feed(createCsvParser(), text, cuts);
          feed(createJsonLinesParser(), text, cuts);
        },
      ),
      { numRuns: 300 },
    );
  });
});
