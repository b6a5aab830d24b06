// The incremental table analysis (analyzeTableIncremental, used by the rule assembler on every
// compile) is exactly the full one: a differential property over random tables and random
// sequences of edits — cells, decisions, row priorities, added and removed rows — compares the
// findings byte for byte, both of the analysis alone and of whole compiles on the editing path.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileDocument } from '../compile';
import { createIncrementalCompiler } from '../incremental';
import { tableDocument } from '../tree/test-support';
import { type AnalysisMemo, analyzeTable, analyzeTableIncremental } from './analyze-table';
import { clearTableAnalysisMemos, TABLE_ANALYSIS_MEMOS, tableAnalysisMemoCount } from './report';
import { analysisTableOf } from './test-support';

const COLUMNS = ['context.amount', 'context.region', 'context.score'];
const DECISIONS = ['NOTIFY', 'ALLOW', 'DENY', 'ESCALATE'] as const;

const numberCell = fc.oneof(
  { arbitrary: fc.constant('"-"'), weight: 3 },
  fc
    .tuple(fc.constantFrom('eq', 'ne', 'gt', 'gte', 'lt', 'lte'), fc.constantFrom(0, 5, 10, 20))
    .map(([op, n]) => `[${op}, ${n}]`),
  fc
    .tuple(fc.constantFrom('between', 'not_between'), fc.constantFrom([0, 5], [5, 10], [0, 20]))
    .map(([op, [a, b]]) => `[${op}, [${a}, ${b}]]`),
  fc.constantFrom('[exists]', '[not_exists]', '[in, [0, 10]]', '[not_in, [5]]', '[eq, null]'),
);
const stringCell = fc.oneof(
  { arbitrary: fc.constant('"-"'), weight: 3 },
  fc
    .tuple(fc.constantFrom('eq', 'ne', 'starts_with', 'gt'), fc.constantFrom('eu', 'us', '/etc'))
    .map(([op, s]) => `[${op}, "${s}"]`),
  fc.constantFrom('[in, ["eu", "us"]]', '[not_in, ["eu"]]', '[match, "^/e"]', '[exists]'),
);
const cellOf = (column: number) => (column === 1 ? stringCell : numberCell);

interface Row {
  readonly cells: readonly string[];
  readonly then: string;
  readonly priority: number | null;
  readonly unconditional: boolean;
}

const rowArb: fc.Arbitrary<Row> = fc.record({
  cells: fc.tuple(numberCell, stringCell, numberCell),
  then: fc.constantFrom(...DECISIONS),
  priority: fc.oneof({ arbitrary: fc.constant(null), weight: 6 }, fc.integer({ min: 1, max: 5 })),
  unconditional: fc.integer({ min: 0, max: 14 }).map((n) => n === 0),
});

type Edit =
  | { readonly kind: 'cell'; readonly row: number; readonly column: number; readonly cell: string }
  | { readonly kind: 'then'; readonly row: number; readonly then: string }
  | { readonly kind: 'insert'; readonly row: number; readonly value: Row }
  | { readonly kind: 'delete'; readonly row: number };

const editArb: fc.Arbitrary<Edit> = fc.oneof(
  {
    arbitrary: fc
      .tuple(fc.nat(), fc.integer({ min: 0, max: 2 }))
      .chain(([row, column]) =>
        cellOf(column).map((cell) => ({ kind: 'cell' as const, row, column, cell })),
      ),
    weight: 8,
  },
  {
    arbitrary: fc
      .tuple(fc.nat(), fc.constantFrom(...DECISIONS))
      .map(([row, then]) => ({ kind: 'then' as const, row, then })),
    weight: 2,
  },
  fc.tuple(fc.nat(), rowArb).map(([row, value]) => ({ kind: 'insert' as const, row, value })),
  fc.nat().map((row) => ({ kind: 'delete' as const, row })),
);

function apply(rows: readonly Row[], edit: Edit): Row[] {
  const out = [...rows];
  const at = edit.row % Math.max(1, rows.length);
  if (edit.kind === 'insert') out.splice(at, 0, edit.value);
  else if (edit.kind === 'delete') {
    if (out.length > 1) out.splice(at, 1);
  } else if (edit.kind === 'then') out[at] = { ...(out[at] as Row), then: edit.then };
  else {
    const row = out[at] as Row;
    const cells = [...row.cells];
    cells[edit.column] = edit.cell;
    out[at] = { ...row, cells, unconditional: false };
  }
  return out;
}

/**
 * Replays `edits` on `rows`: after each step the incremental analysis (memo carried from the last
 * step) must equal a fresh analysis byte for byte — findings, counterexamples, uncovered regions
 * and their order. `seen` gets each step's incremental result (to count the reuse it did).
 * Returns how many steps were compared (a table that does not compile is skipped, memo dropped).
 */
function replay(
  rows: readonly Row[],
  edits: readonly Edit[],
  seen: (next: ReturnType<typeof analyzeTableIncremental>) => void,
): number {
  let current = rows;
  let memo: AnalysisMemo | null = null;
  let compared = 0;
  for (const edit of [null, ...edits]) {
    if (edit) current = apply(current, edit);
    const text = documentOf(current);
    if (!compileDocument(text).document) {
      memo = null; // e.g. E801: the table does not compile, nothing is analysed
      continue;
    }
    const table = analysisTableOf(text);
    const next = analyzeTableIncremental(table, memo);
    expect(json(next.analysis)).toBe(json(analyzeTable(table)));
    seen(next);
    compared++;
    memo = next.memo;
  }
  return compared;
}

function documentOf(rows: readonly Row[]): string {
  const table = [
    'kind: decision_table',
    'columns:',
    ...COLUMNS.map((c) => `  - field: "${c}"`),
    'rows:',
    ...rows.flatMap((r) => [
      `  - when: ${r.unconditional ? '[]' : `[${r.cells.join(', ')}]`}`,
      `    then: ${r.then}`,
      ...(r.priority === null ? [] : [`    priority: ${r.priority}`]),
    ]),
  ].join('\n');
  return tableDocument(table, '    message: "needs review"');
}

const json = (x: unknown) => JSON.stringify(x, (_, v) => (v instanceof Map ? [...v.entries()] : v));

const scenario = fc.record({
  rows: fc.array(rowArb, { minLength: 1, maxLength: 12 }),
  edits: fc.array(editArb, { minLength: 1, maxLength: 10 }),
});

describe('incremental table analysis = full analysis (differential property)', () => {
  it('gives the same findings after every edit of a random edit sequence', () => {
    let reused = 0;
    let compared = 0;
    fc.assert(
      fc.property(scenario, ({ rows, edits }) => {
        compared += replay(rows, edits, (next) => {
          reused += next.reused;
        });
      }),
      { numRuns: 200, seed: 15 },
    );
    // Not vacuous: edits do reuse rows (small random tables: most rows meet the edited one).
    expect(compared).toBeGreaterThan(1000);
    expect(reused).toBeGreaterThan(compared / 2);
  }, 240_000);

  it('gives byte-identical diagnostics on the editing path (incremental compiler, kept analyses)', () => {
    fc.assert(
      fc.property(scenario, ({ rows, edits }) => {
        const compiler = createIncrementalCompiler();
        let current = rows;
        for (const edit of [null, ...edits]) {
          if (edit) current = apply(current, edit);
          const text = documentOf(current);
          const incremental = compiler.compile(text);
          const kept = json(incremental.diagnostics);
          clearTableAnalysisMemos();
          const full = compileDocument(text);
          expect(kept).toBe(json(full.diagnostics));
          expect(incremental.document?.hash).toBe(full.document?.hash);
          // The next edit finds the analysis of this text kept (as on the editing path).
          compiler.compile(`${text}\n`);
          compiler.compile(text);
        }
      }),
      { numRuns: 80, seed: 17 },
    );
  }, 240_000);

  it('reuses the gap search only where it gives what a fresh one does (tables without a default row)', () => {
    // Tables without a default row (the gap search runs), edited mostly where the gaps cannot
    // change — decisions of the same kind, priorities — and sometimes where they can (cells,
    // blocking ↔ non-blocking decisions, rows added or removed).
    const noDefault = rowArb.map((r) => ({ ...r, unconditional: false }));
    const gapEdit: fc.Arbitrary<Edit> = fc.oneof(
      {
        arbitrary: fc
          .tuple(fc.nat(), fc.constantFrom(...DECISIONS))
          .map(([row, then]) => ({ kind: 'then' as const, row, then })),
        weight: 6,
      },
      {
        arbitrary: fc
          .tuple(fc.nat(), fc.integer({ min: 0, max: 2 }))
          .chain(([row, column]) =>
            cellOf(column).map((cell) => ({ kind: 'cell' as const, row, column, cell })),
          ),
        weight: 3,
      },
      fc
        .tuple(fc.nat(), noDefault)
        .map(([row, value]) => ({ kind: 'insert' as const, row, value })),
      fc.nat().map((row) => ({ kind: 'delete' as const, row })),
    );
    let gapReused = 0;
    let compared = 0;
    fc.assert(
      fc.property(
        fc.record({
          rows: fc.array(noDefault, { minLength: 1, maxLength: 10 }),
          edits: fc.array(gapEdit, { minLength: 1, maxLength: 10 }),
        }),
        ({ rows, edits }) => {
          compared += replay(rows, edits, (next) => {
            if (next.gapReused) gapReused++;
          });
        },
      ),
      { numRuns: 150, seed: 23 },
    );
    // Not vacuous: the gap search was reused (a decision edit often flips blocking, and then the
    // search runs again).
    expect(compared).toBeGreaterThan(700);
    expect(gapReused).toBeGreaterThan(compared / 10);
  }, 240_000);

  it('reuses a row below a changed row that cannot see the change (exact rows, longer tables)', () => {
    // Cells the analysis decides exactly (comparisons, ranges and sets of literals, "-"), so a
    // changed row above often meets a row below without cutting its boxes differently.
    const exactNumber = fc.oneof(
      { arbitrary: fc.constant('"-"'), weight: 1 },
      fc
        .tuple(fc.constantFrom('eq', 'gt', 'gte', 'lt', 'lte'), fc.constantFrom(0, 5, 10, 20, 40))
        .map(([op, n]) => `[${op}, ${n}]`),
      fc
        .constantFrom([0, 5], [5, 10], [0, 20], [10, 40])
        .map(([a, b]) => `[between, [${a}, ${b}]]`),
    );
    const exactString = fc.oneof(
      { arbitrary: fc.constant('"-"'), weight: 1 },
      fc.constantFrom('[eq, "eu"]', '[eq, "us"]', '[in, ["eu", "us"]]'),
    );
    const exactRow: fc.Arbitrary<Row> = fc.record({
      cells: fc.tuple(exactNumber, exactString, exactNumber),
      then: fc.constantFrom('NOTIFY', 'ALLOW'),
      priority: fc.constant(null),
      unconditional: fc.constant(false),
    });
    const cellEdit: fc.Arbitrary<Edit> = fc
      .tuple(fc.nat(), fc.integer({ min: 0, max: 2 }))
      .chain(([row, column]) =>
        (column === 1 ? exactString : exactNumber).map((cell) => ({
          kind: 'cell' as const,
          row,
          column,
          cell,
        })),
      );
    let unseen = 0;
    let compared = 0;
    fc.assert(
      fc.property(
        fc.record({
          rows: fc.array(exactRow, { minLength: 8, maxLength: 30 }),
          edits: fc.array(cellEdit, { minLength: 1, maxLength: 8 }),
        }),
        ({ rows, edits }) => {
          compared += replay(rows, edits, (next) => {
            unseen += next.unseen ?? 0;
          });
        },
      ),
      { numRuns: 80, seed: 29 },
    );
    // Not vacuous: rows were reused past a changed row that met them (a row below sees most
    // changes that meet it: this needs its cell on the edited column to lie inside or outside
    // both the old and the new cell).
    expect(compared).toBeGreaterThan(300);
    expect(unseen).toBeGreaterThan(20);
  }, 240_000);

  it('builds again only the domain of the field that got a new literal, and finds what a fresh analysis does', () => {
    const rows: Row[] = [
      {
        cells: ['[gte, 5]', '[eq, "eu"]', '"-"'],
        then: 'NOTIFY',
        priority: null,
        unconditional: false,
      },
      {
        cells: ['[lt, 10]', '"-"', '[gt, 20]'],
        then: 'ALLOW',
        priority: null,
        unconditional: false,
      },
      {
        cells: ['"-"', '[in, ["eu", "us"]]', '[lte, 5]'],
        then: 'DENY',
        priority: null,
        unconditional: false,
      },
    ];
    const first = analyzeTableIncremental(analysisTableOf(documentOf(rows)), null);
    // The analyst types a new threshold into the score column: 7 is no literal of it yet.
    const edited = apply(rows, { kind: 'cell', row: 1, column: 2, cell: '[gt, 7]' });
    const table = analysisTableOf(documentOf(edited));
    const next = analyzeTableIncremental(table, first.memo);
    expect(json(next.analysis)).toBe(json(analyzeTable(table)));
    const before = first.memo as AnalysisMemo;
    const after = next.memo as AnalysisMemo;
    expect(after.domainKey).not.toBe(before.domainKey);
    const paths = (memo: AnalysisMemo) => memo.domains.map((d) => d.path);
    expect(paths(after)).toEqual(paths(before));
    for (const [i, domain] of after.domains.entries()) {
      if (domain.path === 'context.score') expect(domain).not.toBe(before.domains[i]);
      else expect(domain).toBe(before.domains[i]); // the same object: its cell sets are cached
    }
  });
});

describe('the kept table analyses', () => {
  it('a document of 20 tables keeps every table’s analysis from one compile to the next', () => {
    const tables = Array.from({ length: 20 }, (_, i) =>
      [
        `  - name: "TBL-${String(i + 1).padStart(3, '0')}-matrix"`,
        '    description: "a table"',
        '    priority: 10',
        '    when:',
        '      kind: decision_table',
        '      columns:',
        '        - field: "context.score"',
        '      rows:',
        `        - when: [[lt, ${i + 1}]]`,
        '          then: ALLOW',
        `        - when: [[gte, ${i + 1}]]`,
        '          then: DENY',
        '    message: "table"',
      ].join('\n'),
    );
    const text = [
      'protocol: "erdl/v2"',
      'version: "2.1.0"',
      'metadata:',
      '  name: "twenty-tables"',
      '  description: "twenty tables"',
      '  category: "finance"',
      '  decision: ALLOW',
      'rules:',
      ...tables,
      '',
    ].join('\n');
    clearTableAnalysisMemos();
    const first = compileDocument(text);
    expect(first.document?.rules.length).toBe(40);
    expect(tableAnalysisMemoCount()).toBe(20);
    expect(TABLE_ANALYSIS_MEMOS).toBeGreaterThanOrEqual(20);
    const again = compileDocument(text);
    expect(json(again.diagnostics)).toBe(json(first.diagnostics));
    expect(tableAnalysisMemoCount()).toBe(20);
  });
});
