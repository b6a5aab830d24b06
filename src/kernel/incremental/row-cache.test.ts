// The per-row compile cache (tree/row-cache.ts) changes nothing a compile answers: after every
// step of random edit sequences on random decision tables — cell edits, rows inserted, deleted,
// moved and repeated, columns added, removed and re-pointed, comments and blank lines that shift
// the rows, the entry's message and category — the incremental compiler with its warm row cache
// answers exactly what a cold compileDocument does (diagnostics with ranges and fixes, trees,
// hashes, source positions of every tree node) and the gloss is the cold gloss.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileDocument } from '../compile';
import { glossAll } from '../gloss/document';
import { clearTableAnalysisMemos } from '../table-analysis/report';
import { RowCompileCache } from '../tree/row-cache';
import { createIncrementalCompiler } from './compiler';
import { createIncrementalGloss } from './gloss';
import { sourceRanges, withoutMap } from './test-support';

const FIELDS = ['context.a', 'context.b', 'context.c', 'context.d', 'tool.name', 'context.a'];
/** Cells: valid ones, now and then an alias, an error or a limit case. */
const CELLS = [
  '"-"',
  '"-"',
  '[gte, 1]',
  '[gte, 2.50]',
  '[lt, 10]',
  '[eq, "x"]',
  '[eq, 0.10]',
  '[in, ["a", "b"]]',
  '[between, [1, 5]]',
  '[not_in, ["z"]]',
  '[exists]',
  '[eq, true]',
  '[ne, null]',
  '[gte,   3]',
  '[in, []]',
];
const BAD_CELLS = ['[between, [5, 1]]', '[bogus, 1]', '[within, "1m"]', '"x"'];
const THENS = ['NOTIFY', 'NOTIFY', 'ALLOW', 'DENY', 'ESCALATE'];

interface Row {
  readonly cells: readonly string[];
  readonly then: string;
  readonly message: boolean;
  readonly name: string | null;
  /** Comment and blank lines above the row. */
  readonly before: readonly string[];
}
interface Table {
  readonly columns: readonly string[];
  readonly rows: readonly Row[];
  readonly headComments: number;
  readonly entryMessage: boolean;
  readonly category: boolean;
  readonly next: boolean;
}

function render(t: Table): string {
  const out = [
    'protocol: "erdl/v2"',
    'version: "2.1.0"',
    'metadata:',
    '  name: "rows"',
    '  decision: ALLOW',
    ...Array.from({ length: t.headComments }, (_, i) => `# head ${i}`),
    'rules:',
    '  - name: "TST-100-table"',
    '    description: "table"',
  ];
  if (t.category) out.push('    category: security');
  out.push('    priority: 1', '    when:', '      kind: decision_table', '      columns:');
  for (const c of t.columns) out.push(`        - field: "${c}"`);
  out.push('      rows:');
  t.rows.forEach((r, i) => {
    out.push(...r.before);
    const lead = r.name === null ? '        - ' : `        - name: "${r.name}"\n          `;
    out.push(`${lead}when: [${r.cells.join(', ')}]`, `          then: ${r.then}`);
    if (r.message) out.push(`          message: "Row ${i}"`);
  });
  if (t.entryMessage) out.push('    message: "entry"');
  if (t.next)
    out.push(
      '  - name: "TST-101-next"',
      '    description: "next"',
      '    priority: 0',
      '    when: "true"',
      '    then: NOTIFY',
      '    message: "n"',
    );
  return `${out.join('\n')}\n`;
}

const cellArb = fc.oneof(
  { arbitrary: fc.constantFrom(...CELLS), weight: 60 },
  { arbitrary: fc.constantFrom(...BAD_CELLS), weight: 1 },
);
const beforeArb = fc.oneof(
  { arbitrary: fc.constant([] as string[]), weight: 6 },
  {
    arbitrary: fc.array(
      fc.constantFrom('', '        # note', '    # left', '          # deep', '   '),
      { minLength: 1, maxLength: 2 },
    ),
    weight: 1,
  },
);
const rowArb = (columns: number) =>
  fc.record({
    cells: fc.oneof(
      { arbitrary: fc.array(cellArb, { minLength: columns, maxLength: columns }), weight: 20 },
      { arbitrary: fc.array(cellArb, { minLength: 0, maxLength: columns + 1 }), weight: 1 },
    ),
    then: fc.constantFrom(...THENS),
    message: fc.oneof({ arbitrary: fc.constant(true), weight: 8 }, fc.constant(false)),
    name: fc.oneof(
      { arbitrary: fc.constant(null), weight: 40 },
      { arbitrary: fc.constantFrom('r1', 'r2', 'dup'), weight: 2 },
      fc.constant('12'),
    ),
    before: beforeArb,
  });

const tableArb: fc.Arbitrary<Table> = fc.integer({ min: 1, max: 4 }).chain((n) =>
  fc.record({
    columns: fc.array(fc.constantFrom(...FIELDS), { minLength: n, maxLength: n }),
    rows: fc.array(rowArb(n), { minLength: 1, maxLength: 24 }),
    headComments: fc.nat(2),
    entryMessage: fc.boolean(),
    category: fc.boolean(),
    next: fc.boolean(),
  }),
);

type Edit = (t: Table) => Table;
const at = (i: number, n: number) => (n === 0 ? 0 : i % n);
const editArb: fc.Arbitrary<Edit> = fc.oneof(
  // A cell (the grid's edit), weighted up.
  {
    arbitrary: fc.tuple(fc.nat(), fc.nat(), cellArb).map(([r, c, cell]) => (t: Table) => {
      if (t.rows.length === 0) return t;
      const i = at(r, t.rows.length);
      const row = t.rows[i] as Row;
      if (row.cells.length === 0) return t;
      const cells = [...row.cells];
      cells[at(c, cells.length)] = cell;
      return { ...t, rows: t.rows.map((x, k) => (k === i ? { ...row, cells } : x)) };
    }),
    weight: 8,
  },
  {
    arbitrary: fc
      .tuple(fc.nat(), fc.integer({ min: 1, max: 4 }).chain(rowArb))
      .map(([r, row]) => (t: Table) => {
        const i = at(r, t.rows.length + 1);
        const fitted = { ...row, cells: t.columns.map((_, k) => row.cells[k] ?? '"-"') };
        return { ...t, rows: [...t.rows.slice(0, i), fitted, ...t.rows.slice(i)] };
      }),
    weight: 2,
  },
  {
    arbitrary: fc.nat().map((r) => (t: Table) => {
      if (t.rows.length <= 1) return t;
      const i = at(r, t.rows.length);
      return { ...t, rows: t.rows.filter((_, k) => k !== i) };
    }),
    weight: 2,
  },
  {
    arbitrary: fc.tuple(fc.nat(), fc.nat()).map(([a, b]) => (t: Table) => {
      const rows = [...t.rows];
      const [moved] = rows.splice(at(a, rows.length), 1);
      if (!moved) return t;
      rows.splice(at(b, rows.length + 1), 0, moved);
      return { ...t, rows };
    }),
    weight: 2,
  },
  // A repeated row: the same cells twice in one compile.
  {
    arbitrary: fc.tuple(fc.nat(), fc.nat()).map(([a, b]) => (t: Table) => {
      const row = t.rows[at(a, t.rows.length)];
      if (!row) return t;
      const i = at(b, t.rows.length + 1);
      return { ...t, rows: [...t.rows.slice(0, i), row, ...t.rows.slice(i)] };
    }),
    weight: 1,
  },
  {
    arbitrary: fc.constantFrom(...FIELDS).map((f) => (t: Table) => ({
      ...t,
      columns: [...t.columns, f],
      rows: t.rows.map((r) => ({ ...r, cells: r.cells.length ? [...r.cells, '"-"'] : [] })),
    })),
    weight: 1,
  },
  {
    arbitrary: fc.nat().map((c) => (t: Table) => {
      if (t.columns.length <= 1) return t;
      const i = at(c, t.columns.length);
      return {
        ...t,
        columns: t.columns.filter((_, k) => k !== i),
        rows: t.rows.map((r) => ({ ...r, cells: r.cells.filter((_, k) => k !== i) })),
      };
    }),
    weight: 1,
  },
  {
    arbitrary: fc.tuple(fc.nat(), fc.constantFrom(...FIELDS)).map(([c, f]) => (t: Table) => {
      const i = at(c, t.columns.length);
      return { ...t, columns: t.columns.map((x, k) => (k === i ? f : x)) };
    }),
    weight: 1,
  },
  // Comments and blank lines that shift every row below them.
  {
    arbitrary: fc.tuple(fc.nat(), beforeArb).map(([r, before]) => (t: Table) => {
      const i = at(r, t.rows.length);
      return { ...t, rows: t.rows.map((x, k) => (k === i ? { ...x, before } : x)) };
    }),
    weight: 2,
  },
  { arbitrary: fc.nat(3).map((n) => (t: Table) => ({ ...t, headComments: n })), weight: 1 },
  {
    arbitrary: fc.constant((t: Table) => ({ ...t, entryMessage: !t.entryMessage })),
    weight: 1,
  },
  { arbitrary: fc.constant((t: Table) => ({ ...t, category: !t.category })), weight: 1 },
  {
    arbitrary: fc
      .tuple(fc.nat(), fc.constantFrom(...THENS), fc.boolean())
      .map(([r, then, message]) => (t: Table) => {
        const i = at(r, t.rows.length);
        return { ...t, rows: t.rows.map((x, k) => (k === i ? { ...x, then, message } : x)) };
      }),
    weight: 1,
  },
);

describe('the per-row compile cache', () => {
  it('warm compiles equal cold ones after random table edits', { timeout: 240_000 }, () => {
    let hits = 0;
    let compiles = 0;
    let documents = 0;
    fc.assert(
      fc.property(tableArb, fc.array(editArb, { minLength: 1, maxLength: 10 }), (t0, edits) => {
        const rowCache = new RowCompileCache();
        const compiler = createIncrementalCompiler({ rowCache });
        const gloss = createIncrementalGloss();
        let t = t0;
        for (const edit of [(x: Table) => x, ...edits]) {
          t = edit(t);
          const text = render(t);
          const got = compiler.compile(text);
          const glossed = gloss.gloss(compiler, got);
          clearTableAnalysisMemos();
          const want = compileDocument(text);
          expect(withoutMap(got), text).toStrictEqual(withoutMap(want));
          expect(sourceRanges(got), text).toStrictEqual(sourceRanges(want));
          expect(glossed, text).toStrictEqual(glossAll(want));
          compiles++;
          if (want.document) documents++;
        }
        hits += rowCache.hits;
      }),
      { numRuns: 150, seed: 1215 },
    );
    // The property is about the cache: it must have been used, on documents that load.
    expect(hits).toBeGreaterThan(compiles);
    expect(documents).toBeGreaterThan(compiles / 10);
  });

  it('a cell edit of a long table compiles that row only', () => {
    const rows: Row[] = Array.from({ length: 60 }, (_, i) => ({
      cells: [`[gte, ${i}]`, i % 3 ? '"-"' : '[eq, "x"]', `[lt, ${i + 100}]`],
      then: 'NOTIFY',
      message: true,
      name: null,
      before: [],
    }));
    const t: Table = {
      columns: ['context.a', 'context.b', 'context.c'],
      rows,
      headComments: 0,
      entryMessage: false,
      category: false,
      next: true,
    };
    const rowCache = new RowCompileCache();
    const compiler = createIncrementalCompiler({ rowCache });
    expect(compiler.compile(render(t)).ok).toBe(true);
    expect(rowCache.misses).toBe(60);
    const edited: Table = {
      ...t,
      headComments: 1,
      rows: rows.map((r, i) => (i === 30 ? { ...r, cells: ['[gte, 7]', '"-"', '"-"'] } : r)),
    };
    const text = render(edited);
    const got = compiler.compile(text);
    expect(rowCache.misses).toBe(61);
    expect(rowCache.hits).toBe(59);
    clearTableAnalysisMemos();
    expect(withoutMap(got)).toStrictEqual(withoutMap(compileDocument(text)));
  });

  it('keeps at most its bound of rows', () => {
    const rowCache = new RowCompileCache(8);
    const compiler = createIncrementalCompiler({ rowCache });
    for (let k = 0; k < 5; k++) {
      const rows: Row[] = Array.from({ length: 20 }, (_, i) => ({
        cells: [`[gte, ${k * 100 + i}]`],
        then: 'NOTIFY',
        message: true,
        name: null,
        before: [],
      }));
      const t: Table = {
        columns: ['context.a'],
        rows,
        headComments: 0,
        entryMessage: false,
        category: false,
        next: false,
      };
      expect(compiler.compile(render(t)).ok).toBe(true);
      expect(rowCache.size).toBeLessThanOrEqual(9);
    }
  });
});
