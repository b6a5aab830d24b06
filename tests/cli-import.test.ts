// `erdl import FILE [--sheet N]` and `erdl export RULES --to dmn|xlsx --rule NAME --out FILE`
// (docs/table-import.md), in-process through run(): the imported document on stdout, the
// conversion report on stderr (English line, then Chinese line). Excel and DMN exports import
// back to the identical table.
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { CliIo } from '../src/cli/io';
import { run } from '../src/cli/run';
import { compileDocument } from '../src/kernel';
import { readTables } from '../src/kernel/table-edit';
import { tableToCsv } from '../src/kernel/table-import/csv';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
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
    listDir: async (path) =>
      (await readdir(resolve(ROOT, path), { withFileTypes: true }))
        .map((e) => ({ name: e.name, directory: e.isDirectory() }))
        .sort((a, b) => (a.name < b.name ? -1 : 1)),
  };
}

async function erdl(...argv: string[]) {
  const io = captureIo();
  const code = await run(argv, io);
  return { code, stdout: io.stdout.join('\n'), stderr: io.stderr.join('\n') };
}

const tableCsv = (text: string, entry: string) => {
  const read = readTables(text);
  if (!read.ok) throw new Error('does not load');
  const t = read.tables.find((x) => x.entry === entry);
  if (!t) throw new Error(`no table ${entry}`);
  return tableToCsv(t);
};

describe('erdl import', () => {
  it('prints the imported DMN document and the report in both languages', async () => {
    const r = await erdl('import', 'tests/fixtures/import/dish-guard.dmn');
    expect(r.code).toBe(0);
    expect(compileDocument(r.stdout).ok).toBe(true);
    expect(r.stdout).toContain('kind: decision_table');
    expect(r.stderr).toContain('erdl: note: "Dish guard": hit policy FIRST');
    expect(r.stderr).toContain('erdl：说明：“Dish guard”：命中策略 FIRST');
  });

  it('exits 1 naming what was not converted', async () => {
    const r = await erdl('import', 'tests/fixtures/import/dish-unique.dmn');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      'erdl: not converted: "Beverages": hit policy COLLECT is not converted',
    );
    expect(r.stderr).toContain('erdl：未转换：“Beverages”：命中策略 COLLECT 未转换');
    // The table that converted is still printed.
    expect(r.stdout).toContain('IMP-002-guests');
  });

  it('refuses an unknown file kind and a bad --sheet as usage errors', async () => {
    expect((await erdl('import', TABLE)).code).toBe(2);
    expect((await erdl('import', 'x.xlsx', '--sheet', '0')).code).toBe(2);
  });
});

describe('erdl export', () => {
  it('--to xlsx writes a workbook that imports back to the identical table', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'erdl-xlsx-'));
    const out = join(dir, 'refund.xlsx');
    const w = await erdl(
      'export',
      TABLE,
      '--to',
      'xlsx',
      '--rule',
      'FIN-001-refund-routing',
      '--out',
      out,
    );
    expect(w).toEqual({ code: 0, stdout: '', stderr: '' });
    const bytes = await readFile(out);
    expect([...bytes.subarray(0, 2)]).toEqual([0x50, 0x4b]); // a zip (OOXML)
    const r = await erdl('import', out);
    // The workbook's erdl sheet carries the document's fallback ALLOW: taken, and said (issue #38).
    expect(r.stderr).toBe(
      [
        'erdl: The table converted',
        'erdl：决策表已转换',
        'erdl: note: "FIN-001-refund-routing": the document\'s fallback decision (where no row decides) is ALLOW, as the workbook\'s "erdl" sheet says, not DENY',
        'erdl：说明：“FIN-001-refund-routing”：文档的兜底决策（没有行作出决策时）按工作簿“erdl”工作表所写为 ALLOW，而不是 DENY',
      ].join('\n'),
    );
    expect(r.code).toBe(0);
    expect(compileDocument(r.stdout).ok).toBe(true);
    const original = await readFile(resolve(ROOT, TABLE), 'utf8');
    // The workbook's erdl sheet names the table: imported back under its own name (issue #38).
    expect(tableCsv(r.stdout, 'FIN-001-refund-routing')).toBe(
      tableCsv(original, 'FIN-001-refund-routing'),
    );
  });

  it('--to dmn writes DMN 1.3 (FIRST) that imports back to the same rows', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'erdl-dmn-'));
    const out = join(dir, 'refund.dmn');
    const w = await erdl(
      'export',
      TABLE,
      '--to',
      'dmn',
      '--rule',
      'FIN-001-refund-routing',
      '--out',
      out,
    );
    expect(w.code).toBe(0);
    const xml = await readFile(out, 'utf8');
    expect(xml).toContain('hitPolicy="FIRST"');
    expect(xml).toContain('&gt;= 10000');
    const r = await erdl('import', out);
    expect(r.code).toBe(0);
    const back = readTables(r.stdout);
    if (!back.ok) throw new Error('does not load');
    const t = back.tables[0];
    expect(t?.columns.map((c) => [c.field, c.label])).toEqual([
      ['context.amount', 'application amount'],
    ]);
    expect(
      t?.rows.map((row) => [row.then, row.texts.message?.value ?? null, row.isDefault]),
    ).toEqual([
      ['REQUEST_HUMAN', 'Refunds of 10000 or more need human approval', false],
      ['ESCALATE', 'Refunds of 5000 or more are escalated', false],
      ['ALLOW', null, true],
    ]);
  });

  it('refuses an unknown rule and missing options', async () => {
    expect(
      (await erdl('export', TABLE, '--to', 'dmn', '--rule', 'nope', '--out', '/tmp/x.dmn')).code,
    ).toBe(2);
    expect(
      (await erdl('export', TABLE, '--to', 'pdf', '--rule', 'x', '--out', '/tmp/x')).code,
    ).toBe(2);
  });
});
