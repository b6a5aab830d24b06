// Excel round trips that change nothing (issue #38 point 1, docs/table-import.md "Round trips"):
// the exported workbook carries the table's name, description, column types, row names and the
// document's fallback in its `erdl` sheet; the same table exports to the same bytes; importing the
// workbook as an update of its table changes nothing, and as a new document decides alike.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CliIo } from '../src/cli/io';
import { run } from '../src/cli/run';
import { compileDocument } from '../src/kernel/compile';
import { Evaluator } from '../src/kernel/eval/evaluate';
import { readTables, type TableModel } from '../src/kernel/table-edit';
import { planSheetUpdate, tableSheets } from '../src/kernel/table-import/sheet-round-trip';
import { readXlsxForUpdate, readXlsxTable, writeXlsxTable } from '../src/table-import/xlsx';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The loan table with a text column, row names and a fallback that ALLOWs the gaps. */
const LOAN = [
  'protocol: "erdl/v2"',
  'version: "2.1.0"',
  'metadata:',
  '  name: "loan"',
  '  description: "Loan decision"',
  '  category: finance',
  '  decision: ALLOW',
  'rules:',
  '  - name: "FIN-201-loan-decision"',
  '    description: "Loan applications by score, amount and segment"',
  '    priority: 10',
  '    when:',
  '      kind: decision_table',
  '      columns:',
  '        - field: "context.credit_score"',
  '          label: "credit score"',
  '        - field: "context.amount"',
  '          label: { zh: "贷款金额", en: "loan amount" }',
  '        - field: "context.segment"',
  '          type: string',
  '      rows:',
  '        - name: "poor"',
  '          when: [[lt, 580], "-", "-"]',
  '          then: DENY',
  '          message: "Credit score below 580"',
  '        - when: [[between, [700, 749]], [gte, 100000], [in, ["gold", "a, b"]]]',
  '          then: REQUEST_HUMAN',
  '          message: "Large loan"',
  '        - when: [[gte, 750], "-", [ne, "blocked"]]',
  '          then: ESCALATE',
  '          message: "Check"',
  '',
].join('\n');

function tableOf(text: string): TableModel {
  const read = readTables(text);
  if (!read.ok || !read.tables[0]) throw new Error('does not read');
  return read.tables[0];
}

async function exported(text: string): Promise<Uint8Array> {
  const table = tableOf(text);
  const { grid, meta } = tableSheets(text, table);
  return writeXlsxTable(grid, table.entry, meta);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('xlsx round trip', () => {
  it('the same table exports to the same bytes, whenever it is exported', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T10:00:00Z'));
    const a = await exported(LOAN);
    vi.setSystemTime(new Date('2026-07-15T17:43:21Z'));
    const b = await exported(LOAN);
    expect(Buffer.from(b).equals(Buffer.from(a))).toBe(true);
  });

  it('export → update → export: no change, the same bytes', async () => {
    const bytes = await exported(LOAN);
    const read = await readXlsxForUpdate(bytes);
    if (!read.ok) throw new Error(read.message.en);
    expect(read.meta?.entry).toBe('FIN-201-loan-decision');
    expect(read.meta?.fallback).toBe('ALLOW');
    const plan = planSheetUpdate(LOAN, tableOf(LOAN), read.grid, read.meta);
    expect(plan).toMatchObject({ ok: true, changes: [], edit: null, fallback: null });
    expect(Buffer.from(await exported(LOAN)).equals(Buffer.from(bytes))).toBe(true);
  });

  it('one edited cell in the workbook is one change, kept in the sheet notation it reads as', async () => {
    const table = tableOf(LOAN);
    const { grid, meta } = tableSheets(LOAN, table);
    const edited = grid.map((r) => [...r]);
    (edited[2] as string[])[1] = '>= 120,000';
    (edited[3] as string[])[0] = '≥ 750'; // the same cell, written otherwise: no change
    const read = await readXlsxForUpdate(await writeXlsxTable(edited, table.entry, meta));
    if (!read.ok) throw new Error(read.message.en);
    const plan = planSheetUpdate(LOAN, table, read.grid, read.meta);
    if (!plan.ok) throw new Error(plan.problems[0]?.en);
    expect(plan.changes).toEqual([
      expect.objectContaining({
        kind: 'changed',
        row: 1,
        cells: [
          {
            at: 1,
            column: expect.stringContaining('context.amount'),
            was: '>= 100000',
            becomes: '>= 120000',
            // The YAML cannot hold the separator: written in ERDL's notation, and said.
            typed: {
              text: '>= 120,000',
              why: {
                en: 'a number is written without thousands separators',
                zh: '数字写作不带千位分隔符的形式',
              },
            },
          },
        ],
      }),
    ]);
  });

  it('as a new document the workbook keeps the table: name, types, row names, fallback', async () => {
    const imported = await readXlsxTable(await exported(LOAN), 'loan-export');
    if (imported.text === null) throw new Error(JSON.stringify(imported.notes));
    const back = tableOf(imported.text);
    expect(back.entry).toBe('FIN-201-loan-decision');
    expect(back.description).toBe('Loan applications by score, amount and segment');
    expect(back.columns.map((c) => c.type ?? null)).toEqual([null, null, 'string']);
    expect(back.rows.map((r) => r.name)).toEqual(['poor', null, null]);
    expect(tableSheets(imported.text, back)).toEqual(tableSheets(LOAN, tableOf(LOAN)));
    // A fact no row matches: the document's fallback decides it, ALLOW as before the round trip.
    const gap = { context: { credit_score: 650, amount: 1000, segment: 'retail' } };
    const decide = (text: string) => {
      const compiled = compileDocument(text);
      if (!compiled.document) throw new Error('does not compile');
      return new Evaluator(compiled.document).evaluate(gap, { as_of: '2026-09-03T00:00:00Z' })
        .decision;
    };
    expect(decide(imported.text)).toBe('ALLOW');
    expect(decide(imported.text)).toBe(decide(LOAN));
  });

  it('the shipped loan example comes back with the same document hash (explanation, priority kept)', async () => {
    const text = await readFile(
      resolve(ROOT, 'src/studio/examples/loan-decision-table.erdl.yaml'),
      'utf8',
    );
    const changed = text.replace(/^ {4}priority: 10$/m, '    priority: 30');
    const imported = await readXlsxTable(await exported(changed), 'loan');
    if (imported.text === null) throw new Error(JSON.stringify(imported.notes));
    const hash = (t: string) => compileDocument(t).document?.hash;
    expect(hash(imported.text)).toBeDefined();
    expect(hash(imported.text)).toBe(hash(changed));
    expect(imported.text).toContain('    priority: 30');
    expect(imported.text).toContain('    explanation: {"zh":');
  });

  it('a plain workbook (no erdl sheet) imports as before', async () => {
    const table = tableOf(LOAN);
    const imported = await readXlsxTable(
      await writeXlsxTable(tableSheets(LOAN, table).grid, table.entry),
      'plain',
    );
    expect(imported.text).toContain('- name: "plain"');
    expect(imported.text).toContain('decision: DENY');
  });

  it('`erdl export --to xlsx` writes the erdl sheet; `erdl import` rebuilds the table', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'erdl-xlsx-rt-'));
    const out = join(dir, 'refund.xlsx');
    const io = captureIo();
    const argv = [
      'export',
      TABLE,
      '--to',
      'xlsx',
      '--rule',
      'FIN-001-refund-routing',
      '--out',
      out,
    ];
    expect(await run(argv, io)).toBe(0);
    const first = await readFile(out);
    const read = await readXlsxForUpdate(new Uint8Array(first));
    expect(read.ok && read.meta).toMatchObject({
      entry: 'FIN-001-refund-routing',
      fallback: 'ALLOW',
    });
    expect(await run(argv, captureIo())).toBe(0);
    expect((await readFile(out)).equals(first)).toBe(true);
    const back = captureIo();
    expect(await run(['import', out], back)).toBe(0);
    const text = back.stdout.join('\n');
    expect(text).toContain('decision: ALLOW');
    const original = await readFile(resolve(ROOT, TABLE), 'utf8');
    const own = readTables(original);
    if (!own.ok) throw new Error('does not read');
    const table = own.tables.find((t) => t.entry === 'FIN-001-refund-routing') as TableModel;
    expect(tableSheets(text, tableOf(text)).grid).toEqual(tableSheets(original, table).grid);
  });
});

describe('erdl import --update DOC --table NAME', () => {
  const argvOf = (book: string, doc: string) => [
    'import',
    book,
    '--update',
    doc,
    '--table',
    'FIN-001-refund-routing',
  ];
  it('the exported workbook changes nothing: the document as it was, "changes nothing" said', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'erdl-xlsx-up-'));
    const book = join(dir, 'refund.xlsx');
    const exp = [
      'export',
      TABLE,
      '--to',
      'xlsx',
      '--rule',
      'FIN-001-refund-routing',
      '--out',
      book,
    ];
    expect(await run(exp, captureIo())).toBe(0);
    const io = captureIo();
    expect(await run(argvOf(book, TABLE), io)).toBe(0);
    const original = await readFile(resolve(ROOT, TABLE), 'utf8');
    expect(io.stdout.join('\n')).toBe(original.replace(/\n$/, ''));
    expect(io.stderr).toEqual([
      'erdl: the workbook changes nothing',
      'erdl：工作簿不会改动任何内容',
    ]);
  });
  it('one edited cell: was → becomes on stderr, the document with that cell on stdout', async () => {
    const original = await readFile(resolve(ROOT, TABLE), 'utf8');
    const table = readTables(original);
    if (!table.ok) throw new Error('does not read');
    const refund = table.tables.find((t) => t.entry === 'FIN-001-refund-routing') as TableModel;
    const { grid, meta } = tableSheets(original, refund);
    const edited = grid.map((r) => [...r]);
    (edited[2] as string[])[0] = '>= 6,000';
    const dir = await mkdtemp(join(tmpdir(), 'erdl-xlsx-up-'));
    const book = join(dir, 'refund.xlsx');
    await writeFile(book, await writeXlsxTable(edited, refund.entry, meta));
    const io = captureIo();
    expect(await run(argvOf(book, TABLE), io)).toBe(0);
    expect(io.stderr).toEqual([
      'erdl: changed: row 2, context.amount: >= 5000 → >= 6000',
      'erdl：修改：第 2 行，context.amount：>= 5000 → >= 6000',
    ]);
    expect(io.stdout.join('\n')).toBe(
      original.replace('[["gte", 5000]]', '[["gte", 6000]]').replace(/\n$/, ''),
    );
  });
  it("a sheet whose columns are not the table's is refused (exit 1), nothing printed on stdout", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'erdl-xlsx-up-'));
    const book = join(dir, 'other.xlsx');
    await writeFile(
      book,
      await writeXlsxTable(
        [
          ['context.other', 'then'],
          ['1', 'DENY'],
        ],
        'x',
      ),
    );
    const io = captureIo();
    expect(await run(argvOf(book, TABLE), io)).toBe(1);
    expect(io.stdout).toEqual([]);
    expect(io.stderr[0]).toContain("not updated: the sheet's columns are not the table");
    expect(await run(['import', book, '--update', TABLE], captureIo())).toBe(2);
  });
});

const TABLE = 'tests/fixtures/cli/table.erdl.yaml';

function captureIo(): CliIo & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return {
    stdout,
    stderr,
    out: (l) => void stdout.push(l),
    err: (l) => void stderr.push(l),
    readBytes: async (path) => new Uint8Array(await readFile(resolve(ROOT, path))),
    writeBytes: async (path, bytes) => writeFile(resolve(ROOT, path), bytes),
    listDir: async () => [],
  };
}
