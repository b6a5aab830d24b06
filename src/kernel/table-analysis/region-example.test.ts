// Issue 36 §5: the uncovered-inputs band's examples are values a person writes — whole numbers
// when the column's cells compare with whole numbers, as many decimals as the most precise cell
// otherwise, the value nearest a boundary of the region, a literal the region allows before
// "any other text" — and each is evaluated: no row of the table matches it.

import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileDocument } from '../compile';
import { Evaluator } from '../eval/evaluate';
import type { UncoveredRegion } from './gap-regions';

const AS_OF = '2025-01-01T00:00:00Z';
const EXAMPLE = new URL('../../studio/examples/loan-decision-table.erdl.yaml', import.meta.url);

/** The shipped loan table without its default row (the last row): two regions reach no row. */
const LOAN = readFileSync(EXAMPLE, 'utf8');
const LOAN_NO_DEFAULT = LOAN.slice(0, LOAN.indexOf('        # Default row'));

function doc(columns: readonly string[], rows: readonly string[]): string {
  return `protocol: "erdl/v2"
version: "2.1.0"
metadata:
  name: "gaps"
  decision: ALLOW
rules:
  - name: "T-001-table"
    description: "a table with gaps"
    priority: 10
    when:
      kind: decision_table
      columns:
${columns.map((c) => `        - field: "${c}"`).join('\n')}
      rows:
${rows.map((r) => `        - when: ${r}\n          then: DENY\n          message: "no"`).join('\n')}
`;
}

function regionsOf(text: string): readonly UncoveredRegion[] {
  const r = compileDocument(text);
  expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const regions = r.diagnostics.find((d) => d.code === 'ERDL-W511')?.uncovered?.regions ?? [];
  // Every example is one no row matches: the document's fallback decides it.
  const evaluator = new Evaluator(r.document as NonNullable<typeof r.document>);
  for (const g of regions)
    expect(evaluator.evaluate(g.fact, { as_of: AS_OF, hash: false }).matched_rules).toEqual([]);
  return regions;
}

const valueAt = (g: UncoveredRegion, field: string) =>
  (g.fact.context as Record<string, unknown>)[field];

describe('the example of an uncovered region is a value a person writes', () => {
  it('the loan table: the amount nearest the boundary (5,001), the score a number the table names', () => {
    const [first, second] = regionsOf(LOAN_NO_DEFAULT);
    // 580 ≤ score ≤ 699 with amount > 5000: the table names 580; 5001 is one step above 5000.
    expect(second?.fact).toEqual({ context: { credit_score: 580, amount: 5001 } });
    expect(second?.notes).toEqual([]);
    // 699 < score < 700 holds no whole number, and every score the cells name is whole: the
    // example stays 699.5, with a note; the amount is not narrowed.
    expect(valueAt(first as UncoveredRegion, 'credit_score')).toBe(699.5);
    expect(first?.notes).toEqual([
      { path: 'context.credit_score', kind: 'between', lower: '699', upper: '700', places: 0 },
      { path: 'context.amount', kind: 'any' },
    ]);
  });

  it('a whole-number column: 699 below 700, never 699.5 or a midpoint', () => {
    const regions = regionsOf(
      doc(['context.score'], ['[[lte, 600]]', '[[gte, 700]]', '[[eq, 650]]']),
    );
    expect(regions.map((g) => valueAt(g, 'score'))).toEqual([649]);
  });

  it('a whole number the region holds is chosen over a value between two cells', () => {
    // 699 < score ≤ 700 reaches no row: 700 is a whole number of the region, 699.5 is not written.
    const regions = regionsOf(doc(['context.score'], ['[[lte, 699]]', '[[gt, 700]]']));
    expect(regions.map((g) => [valueAt(g, 'score'), g.notes])).toEqual([[700, []]]);
  });

  it('a column with two decimals: 0.34 below 0.35', () => {
    const regions = regionsOf(doc(['context.ratio'], ['[[gte, 0.35]]']));
    expect(regions.map((g) => valueAt(g, 'ratio'))).toEqual([0.34]);
  });

  it('text: a value the region allows, else "any other text" as a note', () => {
    const regions = regionsOf(
      doc(
        ['context.tier', 'context.segment'],
        ['[[eq, 1], [in, ["gold", "platinum"]]]', '[[eq, 2], "-"]'],
      ),
    );
    const other = regions.find((g) => g.notes.some((n) => n.kind === 'otherText'));
    expect(other?.notes).toContainEqual({
      path: 'context.segment',
      kind: 'otherText',
      except: ['gold', 'platinum'],
    });
    for (const g of regions)
      if (!g.notes.some((n) => n.path === 'context.segment'))
        expect(['gold', 'platinum']).toContain(valueAt(g, 'segment'));
  });

  it('property: whole-number cells give whole-number examples nearest a cell, or a note', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: -50, max: 50 }), { minLength: 1, maxLength: 4 }),
        fc.array(fc.constantFrom('lt', 'lte', 'gt', 'gte', 'eq'), { minLength: 4, maxLength: 4 }),
        (bounds, ops) => {
          const rows = bounds.map((b, i) => `[[${ops[i]}, ${b * 10}]]`);
          for (const g of regionsOf(doc(['context.x'], rows))) {
            const x = valueAt(g, 'x') as number;
            if (g.notes.some((n) => n.kind === 'between')) continue;
            expect(Number.isInteger(x)).toBe(true);
            // Nearest a boundary: a number the cells name, or one step from one.
            expect(bounds.some((b) => Math.abs(b * 10 - x) <= 1)).toBe(true);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
