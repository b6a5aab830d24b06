// `erdl convert RULES --to simple|expr|table [--rule NAME]` (docs/projections.md), in-process
// through run(): stdout carries only the converted document, stderr the diagnostics or the
// refusals (English line, then Chinese line); exit 0 converted, 1 load errors or refused,
// 2 usage errors.
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { CliIo } from '../src/cli/io';
import { run } from '../src/cli/run';
import { compileDocument } from '../src/kernel';
import { UNKNOWN_GREATER_THAN } from './cli-support';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const FIXTURES = 'tests/fixtures/cli';
const QUICKSTART = `${FIXTURES}/quickstart.erdl.yaml`;
const TABLE = `${FIXTURES}/table.erdl.yaml`;
const BROKEN = `${FIXTURES}/broken.erdl.yaml`;

function captureIo(): CliIo & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return {
    stdout,
    stderr,
    out: (l) => void stdout.push(l),
    err: (l) => void stderr.push(l),
    readBytes: async (path) => new Uint8Array(await readFile(resolve(ROOT, path))),
    listDir: async (path) =>
      (await readdir(resolve(ROOT, path), { withFileTypes: true }))
        .map((e) => ({ name: e.name, directory: e.isDirectory() }))
        .sort((a, b) => (a.name < b.name ? -1 : 1)),
  };
}

async function convert(...argv: string[]) {
  const io = captureIo();
  const code = await run(['convert', ...argv], io);
  // io.out appends a newline per line, as the real process does.
  return { code, stdout: io.stdout.map((l) => `${l}\n`).join(''), stderr: io.stderr };
}

async function fileHashes(path: string) {
  const r = compileDocument(new Uint8Array(await readFile(resolve(ROOT, path))));
  return r.document?.rules.map((x) => [x.name, x.hash]);
}

/** Compiles output, expecting no warnings but exactly the `expected` ones (by code, in order). */
function loaded(text: string, expected: readonly string[] = []) {
  const r = compileDocument(text);
  expect(r.diagnostics.filter((d) => d.severity !== 'info').map((d) => d.code)).toEqual(expected);
  if (!r.document) throw new Error('output does not load');
  return r.document;
}

async function temp(name: string, text: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'erdl-convert-'));
  const path = join(dir, name);
  await writeFile(path, text);
  return path;
}

describe('erdl convert', () => {
  it('the §10.1 Quick Start to Expression: the whole document, same hashes, exit 0', async () => {
    const r = await convert(QUICKSTART, '--to', 'expr');
    expect(r.code).toBe(0);
    expect(r.stderr).toEqual([]);
    expect(r.stdout).toBe(
      [
        'protocol: "erdl/v2"',
        'version: "2.1.0"',
        'metadata:',
        '  name: "refund-guard"',
        '  description: "Refund amount control"',
        '  category: coding',
        '  decision: ALLOW',
        'rules:',
        '  - name: "SEC-001-refund-limit"',
        '    description: "Refunds over 5000 require human approval"',
        '    priority: 10',
        '    when:',
        '      expr:',
        '        and:',
        '          - {eq: [{field: "tool.name"}, "issue_refund"]}',
        '          - {gt: [{field: "tool.args.amount"}, 5000]}',
        '    then: REQUEST_HUMAN',
        '    message: "Refund amount over 5000, human approval required"',
        '',
      ].join('\n'),
    );
    const out = loaded(r.stdout);
    expect(out.rules.map((x) => [x.name, x.hash])).toEqual(await fileHashes(QUICKSTART));
    expect(out.hash).toBe(
      compileDocument(await readFile(resolve(ROOT, QUICKSTART))).document?.hash,
    );
  });

  it('to a table and back to Simple (--to=FORM works too)', async () => {
    const t = await convert(QUICKSTART, '--to=table');
    expect(t.code).toBe(0);
    expect(t.stdout).toContain(
      [
        '    when:',
        '      kind: decision_table',
        '      columns:',
        '        - field: "tool.name"',
        '        - field: "tool.args.amount"',
        '      rows:',
        '        # SEC-001-refund-limit: Refunds over 5000 require human approval',
        '        - when: [[eq, "issue_refund"], [gt, 5000]]',
        '          then: REQUEST_HUMAN',
        '          message: "Refund amount over 5000, human approval required"',
        '',
      ].join('\n'),
    );
    // A one-row table without a default row leaves inputs to the fallback decision: table analysis
    // says so (W511, docs/table-analysis.md); the conversion itself is exact.
    const table = loaded(t.stdout, ['ERDL-W511']);
    expect(table.rules.map((x) => x.name)).toEqual(['SEC-001-refund-limit#1']);
    const path = await temp('table.erdl.yaml', t.stdout);
    const back = await convert(path, '--to', 'simple');
    expect(back.code).toBe(0);
    const simple = loaded(back.stdout);
    expect(simple.rules.map((x) => [x.name, x.hash])).toEqual([
      ['SEC-001-refund-limit-r1', (await fileHashes(QUICKSTART))?.[0]?.[1]],
    ]);
  });

  it('a table to Simple: one rule per row, named <entry>-r<n>, in place', async () => {
    const r = await convert(TABLE, '--to', 'simple');
    expect(r.code).toBe(0);
    // The default row becomes `when: "true"` with ALLOW, which §7.4 wants with an instruction:
    // a warning (ERDL-W803), not a change of meaning.
    const result = compileDocument(r.stdout);
    expect(result.diagnostics.filter((d) => d.severity !== 'info').map((d) => d.code)).toEqual([
      'ERDL-W803',
    ]);
    const out = result.document;
    if (!out) throw new Error('output does not load');
    expect(r.stdout).toContain('  - name: "FIN-001-refund-routing-r3"\n');
    expect(out.rules.map((x) => x.name)).toEqual([
      'FIN-001-refund-routing-r1',
      'FIN-001-refund-routing-r2',
      'FIN-001-refund-routing-r3',
      'FIN-002-refund-cap',
    ]);
    const before = (await fileHashes(TABLE))?.map(([, h]) => h);
    expect(out.rules.map((x) => x.hash)).toEqual(before);
  });

  it('--rule converts that entry only; the rest of the document is written back', async () => {
    const r = await convert(TABLE, '--to', 'expr', '--rule', 'FIN-002-refund-cap');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('      kind: decision_table\n');
    expect(r.stdout).toContain('          priority: 100\n');
    expect(r.stdout).toContain('      expr: {gt: [{field: "context.amount"}, 100000]}\n');
    const out = compileDocument(r.stdout);
    expect(out.document?.hash).toBe(
      compileDocument(await readFile(resolve(ROOT, TABLE))).document?.hash,
    );
  });

  it('an impossible conversion is refused: exit 1, the rule and the reason in English and Chinese', async () => {
    const r = await convert(TABLE, '--to', 'table');
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toEqual([
      'erdl: cannot convert FIN-002-refund-cap to a decision table [table/entry-fields]: priority 5 (FIN-001-refund-routing#1: 20); a table holds priority once for all its rows',
      'erdl：无法将 FIN-002-refund-cap 转换为决策表 [table/entry-fields]：priority 5（FIN-001-refund-routing#1：20）；决策表的 priority 对所有行只有一个取值',
    ]);
  });

  it('every rule that cannot be converted is listed, with the part (when / unless)', async () => {
    const path = await temp(
      'expr.erdl.yaml',
      [
        'protocol: "erdl/v2"',
        'version: "2.1.0"',
        'metadata:',
        '  name: "x"',
        '  decision: ALLOW',
        'rules:',
        '  - name: "FIN-001-margin"',
        '    description: "low margin"',
        '    priority: 10',
        '    when:',
        '      expr: {lt: [{div: [{sub: [{field: "tool.args.price"}, {field: "context.cost"}]}, {field: "tool.args.price"}]}, 0.15]}',
        '    then: REQUEST_HUMAN',
        '    message: "margin below 15%"',
        '  - name: "FIN-002-list"',
        '    description: "any item"',
        '    priority: 20',
        '    when:',
        '      expr: {exists: {field: "context.items"}}',
        '    then: NOTIFY',
        '    unless:',
        '      expr: {any: [{field: "context.items"}, {gt: [{var: "$.qty"}, 0]}]}',
        '',
      ].join('\n'),
    );
    const r = await convert(path, '--to', 'simple');
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toHaveLength(4);
    expect(r.stderr[0]).toMatch(
      /^erdl: cannot convert FIN-001-margin to Simple \[simple\/not-a-condition\]: when: \{lt: /,
    );
    expect(r.stderr[0]).toContain('its first operand is the div node, not a field');
    expect(r.stderr[1]).toMatch(
      /^erdl：无法将 FIN-001-margin 转换为简单形式 \[simple\/not-a-condition\]：when：/,
    );
    expect(r.stderr[2]).toMatch(
      /^erdl: cannot convert FIN-002-list to Simple \[simple\/not-a-condition\]: unless: /,
    );
    expect(r.stderr[2]).toContain('the any node is not one of the 28 Simple condition operators');
    // The same document converts to Expression.
    expect((await convert(path, '--to', 'expr')).code).toBe(0);
  });

  it('load errors: exit 1, the diagnostics on stderr in the check format, nothing on stdout', async () => {
    const r = await convert(BROKEN, '--to', 'expr');
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toEqual([`${BROKEN}:19:21: error ERDL-E304 ${UNKNOWN_GREATER_THAN}`]);
  });

  it.each([
    [
      [QUICKSTART],
      /^erdl: convert needs --to simple\|expr\|table \(run "erdl --help" for usage\)$/,
    ],
    [[QUICKSTART, '--to', 'yaml'], /^erdl: --to "yaml" is not a form: use simple, expr or table/],
    [
      [QUICKSTART, '--to', 'expr', '--rule', 'SEC-999-none'],
      /^erdl: the document has no rule named "SEC-999-none"/,
    ],
    [
      [TABLE, '--to', 'expr', '--rule', 'FIN-001-refund-routing#2'],
      /is a row of the decision table "FIN-001-refund-routing"; select the table's rule entry/,
    ],
    [
      [`${FIXTURES}/no-such.erdl.yaml`, '--to', 'expr'],
      /^erdl: cannot read ".*no-such.erdl.yaml": no such file$/,
    ],
    [[QUICKSTART, '--to', 'expr', 'extra'], /^erdl: unexpected argument "extra" for "convert"/],
    [[QUICKSTART, '--to', 'expr', '--to', 'simple'], /^erdl: option --to given twice/],
    [['--to', 'expr'], /^erdl: "convert" needs RULES/],
  ])('usage error %j: exit 2, English then Chinese on stderr', async (argv, message) => {
    const r = await convert(...argv);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toHaveLength(2);
    expect(r.stderr[0]).toMatch(message);
    expect(r.stderr[1]).toMatch(/^erdl：/);
  });

  it('is listed in --help and has its own help', async () => {
    const io = captureIo();
    expect(await run(['--help'], io)).toBe(0);
    expect(io.stdout.join('\n')).toContain('convert RULES [--to simple|expr|table] [--rule NAME]');
    const h = captureIo();
    expect(await run(['help', 'convert'], h)).toBe(0);
    const text = h.stdout.join('\n');
    expect(text).toContain('--to simple|expr|table');
    expect(text).toContain('named <entry>-r<n>');
    expect(text).toContain('Exits 0');
  });
});
