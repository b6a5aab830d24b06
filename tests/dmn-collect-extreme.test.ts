/**
 * DMN hit policy COLLECT MIN / MAX (the DMN TCK's 0114): the smallest / largest output of the rules
 * that match. Converted by ordering the rows by their output — smallest (largest) first — so the
 * ERDL table's first match gives it. Property: on generated tables and facts, the converted table's
 * row gives exactly the aggregate a FEEL reading of the original computes (null when none match);
 * a table whose outputs are not all numbers, or that has two outputs, is refused with the reason.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileDocument, evaluate } from '../src/kernel';
import { feelMatches, readFeelUnaryTests } from '../src/kernel/table-import';
import {
  convertTable,
  documentHeader,
  type ForeignTable,
} from '../src/kernel/table-import/convert-table';

const cell = fc.oneof(
  fc.constant('-'),
  fc.integer({ min: 0, max: 10 }).map((n) => `> ${n}`),
  fc.integer({ min: 0, max: 10 }).map((n) => `<= ${n}`),
  fc.integer({ min: 0, max: 10 }).map((n) => `${n}`),
  fc
    .tuple(fc.integer({ min: 0, max: 10 }), fc.integer({ min: 0, max: 5 }))
    .map(([a, d]) => `[${a}..${a + d}]`),
);
const output = fc.oneof(
  fc.integer({ min: -50, max: 50 }).map(String),
  fc.integer({ min: 0, max: 999 }).map((n) => `${n / 100}`),
);

function table(
  aggregation: 'MIN' | 'MAX',
  rules: readonly (readonly [string, string])[],
): ForeignTable {
  return {
    origin: 'DMN',
    name: 'premium',
    hitPolicy: 'COLLECT',
    aggregation,
    inputs: [{ label: 'Years', expression: 'years' }],
    outputs: [{ name: '', label: 'premium' }],
    rules: rules.map(([c, o]) => ({ inputs: [c], outputs: [o] })),
  };
}

describe('DMN COLLECT MIN / MAX', () => {
  it('property: the converted table gives the smallest / largest output of the matching rules', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('MIN' as const, 'MAX' as const),
        fc.array(fc.tuple(cell, output), { minLength: 1, maxLength: 8 }),
        (aggregation, rules) => {
          const converted = convertTable(table(aggregation, rules), 0);
          expect(converted.entry, JSON.stringify(converted.notes)).not.toBeNull();
          expect(converted.notes.map((n) => n.message.en)).toContain(
            aggregation === 'MIN'
              ? 'hit policy COLLECT MIN: rows ordered by their output, smallest first, so the first match gives the smallest output of the matching rows'
              : 'hit policy COLLECT MAX: rows ordered by their output, largest first, so the first match gives the largest output of the matching rows',
          );
          const compiled = compileDocument(
            documentHeader('t', 'collect') + (converted.entry as string),
          );
          expect(compiled.ok).toBe(true);
          const doc = compiled.document as NonNullable<typeof compiled.document>;
          for (let years = -1; years <= 16; years += 0.5) {
            const matching = rules
              .filter(([c]) => {
                const t = readFeelUnaryTests(c);
                return t.ok && feelMatches(t.test, years);
              })
              .map(([, o]) => Number(o));
            const want =
              matching.length === 0
                ? null
                : aggregation === 'MIN'
                  ? Math.min(...matching)
                  : Math.max(...matching);
            const r = evaluate(
              doc,
              { context: { years } },
              { as_of: '2026-12-01T00:00:00Z', hash: false },
            );
            const row = doc.rules.find((x) => x.name === r.matched_rules[0]);
            const got = row ? Number((row.message ?? '').replace(/^premium: /, '')) : null;
            expect({ years, got }).toEqual({ years, got: want });
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('refuses outputs that are not all numbers, and two outputs, with the reason', () => {
    const words = convertTable(
      table('MIN', [
        ['> 1', '"gold"'],
        ['-', '5'],
      ]),
      0,
    );
    expect(words.entry).toBeNull();
    expect(words.notes.map((n) => `${n.level}: ${n.message.en}`)).toContain(
      'error: hit policy COLLECT MIN is converted only for one output whose every value is a number',
    );
    const two: ForeignTable = {
      ...table('MAX', [['-', '1']]),
      outputs: [{ name: 'a' }, { name: 'b' }],
      rules: [{ inputs: ['-'], outputs: ['1', '2'] }],
    };
    const refused = convertTable(two, 0);
    expect(refused.entry).toBeNull();
    expect(refused.notes.find((n) => n.level === 'error')?.message.zh).toBe(
      '命中策略 COLLECT MAX 只有在唯一的输出列的值都是数字时才能转换',
    );
    // SUM and COUNT stay refused: an aggregate of several rows is not one row's output.
    const sum = convertTable({ ...table('MIN', [['-', '1']]), aggregation: 'SUM' }, 0);
    expect(sum.entry).toBeNull();
  });
});
