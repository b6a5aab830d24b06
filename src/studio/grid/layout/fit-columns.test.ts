import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstTable } from '../../../kernel/test-support';
import { type ColumnFit, contentSignature, fitWidths } from './fit-columns';

const column = fc
  .record({
    natural: fc.integer({ min: 20, max: 900 }),
    min: fc.integer({ min: 20, max: 900 }),
    soft: fc.boolean(),
    fixed: fc.option(fc.integer({ min: 48, max: 400 }), { nil: undefined }),
  })
  .map(
    (c): ColumnFit => ({
      natural: Math.max(c.natural, c.min),
      min: Math.min(c.natural, c.min),
      soft: c.soft,
      ...(c.fixed === undefined ? {} : { fixed: c.fixed }),
    }),
  );
const sum = (w: readonly number[]) => w.reduce((s, x) => s + x, 0);

describe('fitWidths', () => {
  it('keeps natural widths that fit', () => {
    expect(fitWidths([{ natural: 100, min: 50, soft: false }], 300)).toEqual([100]);
  });

  it('narrows soft columns (texts, rule name) before the conditions', () => {
    const cols: ColumnFit[] = [
      { natural: 120, min: 60, soft: false },
      { natural: 130, min: 70, soft: false },
      { natural: 500, min: 160, soft: true },
      { natural: 300, min: 120, soft: true },
    ];
    const w = fitWidths(cols, 700);
    expect(w.slice(0, 2)).toEqual([120, 130]);
    expect(sum(w)).toBeLessThanOrEqual(700);
    // Water filling: the widest soft column gives way first, to a common level.
    expect(w[2]).toBe(w[3]);
  });

  it('narrows the widest hard columns once every soft column is at its minimum', () => {
    const cols: ColumnFit[] = [
      { natural: 100, min: 60, soft: false },
      { natural: 300, min: 80, soft: false },
      { natural: 400, min: 160, soft: true },
    ];
    expect(fitWidths(cols, 400)).toEqual([100, 140, 160]);
  });

  it('gives soft columns a readable width before any grows further, and full widths last', () => {
    const cols: ColumnFit[] = [
      { min: 50, natural: 100, full: 150, soft: false },
      { min: 40, natural: 400, soft: true, readable: 160 },
      { min: 40, natural: 100, soft: true, readable: 160 },
    ];
    expect(fitWidths(cols, 170)).toEqual([90, 40, 40]);
    expect(fitWidths(cols, 300)).toEqual([100, 100, 100]);
    expect(fitWidths(cols, 400)).toEqual([100, 200, 100]);
    expect(fitWidths(cols, 700)).toEqual([150, 400, 100]);
  });

  it('never goes below a minimum (the grid then scrolls sideways)', () => {
    const cols: ColumnFit[] = [
      { natural: 300, min: 200, soft: false },
      { natural: 300, min: 200, soft: true },
    ];
    expect(fitWidths(cols, 100)).toEqual([200, 200]);
  });

  it('properties: within [min, natural], fixed kept, inside the width whenever the minimums fit, soft first', () => {
    fc.assert(
      fc.property(
        fc.array(column, { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 0, max: 4000 }),
        (cols, available) => {
          const w = fitWidths(cols, available);
          expect(w).toHaveLength(cols.length);
          cols.forEach((c, i) => {
            const x = w[i] as number;
            if (c.fixed !== undefined) expect(x).toBe(c.fixed);
            else {
              expect(x).toBeGreaterThanOrEqual(c.min);
              expect(x).toBeLessThanOrEqual(c.natural);
            }
          });
          const floor = sum(cols.map((c) => c.fixed ?? c.min));
          if (floor <= available) expect(sum(w)).toBeLessThanOrEqual(available);
          if (sum(cols.map((c) => c.fixed ?? c.natural)) <= available)
            expect(w).toEqual(cols.map((c) => c.fixed ?? c.natural));
          // A hard column narrowed means every soft column is at its minimum.
          const hardNarrowed = cols.some(
            (c, i) => !c.soft && c.fixed === undefined && (w[i] as number) < c.natural,
          );
          if (hardNarrowed)
            cols.forEach((c, i) => {
              if (c.soft && c.fixed === undefined) expect(w[i]).toBe(c.min);
            });
        },
      ),
    );
  });
});

describe('contentSignature (when the columns are measured again)', () => {
  const doc = (cell: string, then = 'DENY', message = 'Declined') => `protocol: "erdl/v2"
version: "2.1.0"
metadata:
  name: "t"
  decision: DENY
rules:
  - name: "T-001-table"
    when:
      kind: decision_table
      columns:
        - field: "context.score"
          label: { zh: "评分", en: "score" }
      rows:
        - when: [${cell}]
          then: ${then}
          message: "${message}"
`;
  const sig = (...args: Parameters<typeof doc>) => contentSignature(firstTable(doc(...args)));

  it('stands for an edit that keeps every column as long (no re-measuring per keystroke)', () => {
    expect(sig('[gte, 700]')).toBe(sig('[gte, 750]'));
    expect(sig('[lt, 580]')).toBe(sig('[gt, 580]'));
  });

  it('changes when a column may have grown or shrunk, or a decision or text changed', () => {
    expect(sig('[gte, 700]')).not.toBe(sig('[gte, 70000]'));
    expect(sig('[gte, 700]')).not.toBe(sig('[gte, 700]', 'REQUEST_HUMAN'));
    expect(sig('[gte, 700]')).not.toBe(sig('[gte, 700]', 'DENY', 'Declined: score too low'));
  });
});
