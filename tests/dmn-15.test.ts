/**
 * Issue #38 §2: DMN 1.5 (the TCK's namespace) is read, with 1.1–1.4 as before, by rewriting the
 * model namespace declared on the root element — and nothing else — to the DMN 1.3 one dmn-moddle
 * knows (I-96); and a table exports as DMN 1.5 when asked (`erdl export --dmn-version 1.5`, the
 * studio's version choice), which imports back to the same table.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { run } from '../src/cli/run';
import { readTables, type TableModel } from '../src/kernel/table-edit';
import type { CellModel } from '../src/kernel/table-edit/model';
import { tableToDmn } from '../src/kernel/table-import';
import { EXAMPLES } from '../src/studio/examples';
import { dmnAs13, readForeign } from '../src/table-import/read-foreign';
import { captureIo, ROOT } from './cli-support';

async function erdl(...argv: string[]) {
  const io = {
    ...captureIo(),
    writeBytes: (path: string, b: Uint8Array) => writeFile(resolve(ROOT, path), b),
  };
  const code = await run(argv, io);
  return { code, stdout: io.stdout.join('\n'), stderr: io.stderr.join('\n') };
}

const DMN13 = 'https://www.omg.org/spec/DMN/20191111/MODEL/';
const DMN15 = 'https://www.omg.org/spec/DMN/20230324/MODEL/';
const TCK_0004 =
  'tests/fixtures/dmn/tck/compliance-level-2/0004-simpletable-U/0004-simpletable-U.dmn';

const bytes = (s: string) => new TextEncoder().encode(s);
const lines = (r: Awaited<ReturnType<typeof readForeign>>) => [
  ...r.notes.map((n) => `${n.level}: ${n.message.en}`),
  ...r.tables.flatMap((t) => t.notes.map((n) => `${n.level}: ${n.message.en}`)),
];

const model = (ns: string, cell: string, root = 'definitions', prefix = '') =>
  `<?xml version="1.0" encoding="UTF-8"?>
<!-- a comment with <definitions xmlns="${DMN15}"> in it -->
<${prefix}${root} xmlns${prefix ? `:${prefix.slice(0, -1)}` : ''}='${ns}' id="d" name="n" namespace="urn:x">
  <${prefix}decision id="a" name="A">
    <${prefix}decisionTable id="t" hitPolicy="FIRST">
      <${prefix}input id="i"><${prefix}inputExpression id="e"><${prefix}text>kind</${prefix}text></${prefix}inputExpression></${prefix}input>
      <${prefix}output id="o" name="decision" />
      <${prefix}rule id="r"><${prefix}inputEntry><${prefix}text>${cell}</${prefix}text></${prefix}inputEntry><${prefix}outputEntry><${prefix}text>"DENY"</${prefix}text></${prefix}outputEntry></${prefix}rule>
    </${prefix}decisionTable>
  </${prefix}decision>
</${prefix}${root}>
`;

describe('DMN 1.5 read', () => {
  it('a real DMN 1.5 file (the TCK 0004-simpletable-U, as published) converts its table', async () => {
    const r = await readForeign('0004-simpletable-U.dmn', readFileSync(join(ROOT, TCK_0004)));
    const all = lines(r);
    expect(all).toContain(
      'info: DMN 1.5 read with the DMN 1.3 model (its decision tables are the same elements; what DMN 1.4 added — boxed conditional, filter, for, every and some, type constraints — is named as not read)',
    );
    expect(all.filter((l) => /not a DMN model|unparsable/.test(l))).toEqual([]);
    // The DMN 1.5 diagram (DMNDI 20230324) is read too, and reported as the layout not converted.
    expect(all).toContain('info: the diagram layout is not converted');
    expect(r.tables.map((t) => [t.name, t.entry !== null])).toEqual([['Approval Status', true]]);
    // The one unnamed output takes the decision's name (its outputLabel), not "output 1".
    expect(r.text).toContain('message: "Approval Status: Approved"');
    expect(r.text).toContain('[gte, 18], [in, ["Medium", "Low"]], [eq, true]');
  });

  it('reads DMN 1.5 with a prefixed root, single quotes, and a namespace spelled in a cell kept as written', async () => {
    const cell = `"${DMN15}"`;
    for (const xml of [model(DMN15, cell), model(DMN15, cell, 'definitions', 'dmn:')]) {
      const r = await readForeign('m.dmn', bytes(xml));
      expect(lines(r).filter((l) => l.startsWith('error') || l.startsWith('warning'))).toEqual([]);
      expect(r.text).toContain(`[[eq, "${DMN15}"]]`);
      expect(r.text).toContain('then: DENY');
    }
  });

  it('DMN 1.1, 1.2 and 1.4 read as before; 1.3 needs no rewrite', async () => {
    const versions: [string, string][] = [
      ['http://www.omg.org/spec/DMN/20151101/dmn.xsd', '1.1'],
      ['http://www.omg.org/spec/DMN/20180521/MODEL/', '1.2'],
      ['https://www.omg.org/spec/DMN/20211108/MODEL/', '1.4'],
    ];
    for (const [ns, v] of versions) {
      const r = await readForeign('m.dmn', bytes(model(ns, '"x"')));
      expect(lines(r)[0]).toMatch(
        new RegExp(`^info: DMN ${v.replace('.', '\\.')} read with the DMN 1\\.3 model`),
      );
      expect(r.text).toContain('then: DENY');
    }
    expect(dmnAs13(model(DMN13, '"x"'))).toEqual({ text: model(DMN13, '"x"'), versions: [] });
  });

  it('DMN 1.4/1.5 boxed expressions and type constraints are named as not read', async () => {
    const xml = `<definitions xmlns="${DMN15}" id="d" name="n" namespace="urn:x">
  <itemDefinition name="t"><typeRef>number</typeRef><typeConstraint><text>[1..2]</text></typeConstraint></itemDefinition>
  <decision id="a" name="A"><conditional><if><literalExpression><text>true</text></literalExpression></if><then><literalExpression><text>1</text></literalExpression></then><else><literalExpression><text>2</text></literalExpression></else></conditional></decision>
</definitions>`;
    const all = lines(await readForeign('m.dmn', bytes(xml)));
    expect(all).toContain(
      'warning: not read: <typeConstraint>, added to DMN after 1.3 (a type constraint; item definitions are not converted)',
    );
    expect(all).toContain(
      'warning: not read: <conditional>, added to DMN after 1.3 (a boxed expression; only decision tables are converted)',
    );
    expect(all).toContain('error: the DMN model has no decision table');
  });

  it('an output entry that is an expression refuses its table, named, never copied into a message', async () => {
    const rules = Array.from(
      { length: 7 },
      (_, i) =>
        `<rule><inputEntry><text>"s${i}"</text></inputEntry><outputEntry><text>Symptom + " is a cold symptom"</text></outputEntry></rule>`,
    ).join('');
    const xml = `<definitions xmlns="${DMN15}" id="d" name="n" namespace="urn:x">
  <decision id="a" name="Symptom Analysis"><decisionTable hitPolicy="FIRST" outputLabel="Analysis">
    <input><inputExpression><text>Symptom</text></inputExpression></input><output/>${rules}
  </decisionTable></decision>
</definitions>`;
    const r = await readForeign('m.dmn', bytes(xml));
    expect(r.text).toBeNull();
    const errors = r.tables[0]?.notes.filter((n) => n.level === 'error') ?? [];
    expect(errors.map((n) => n.message.en)).toEqual([
      ...[1, 2, 3, 4, 5].map(
        (i) =>
          `rule ${i}, output "Analysis": "Symptom + \\" is a cold symptom\\"" is an expression, not a value: an ERDL row gives a fixed decision and message, so it is not converted`,
      ),
      'and 2 more output entries that are expressions',
    ]);
    expect(errors[0]?.message.zh).toBe(
      '规则 1，输出列“Analysis”：“Symptom + " is a cold symptom"”是表达式而不是值：ERDL 的行只给出固定的决策和消息，因此未转换',
    );
  });

  it('property: the rewrite touches the root start tag only, and only its DMN namespace values', () => {
    const uri = fc.constantFrom(
      DMN15,
      DMN13,
      'urn:other',
      'https://www.omg.org/spec/DMN/20211108/MODEL/',
    );
    fc.assert(
      fc.property(fc.string(), uri, fc.string(), (before, ns, after) => {
        const head = `<!--${before.replaceAll('-', '')}-->\n<definitions xmlns="${ns}" a="${ns}">`;
        const { text } = dmnAs13(head + after);
        const want = ns === DMN13 || ns === 'urn:other' ? ns : DMN13;
        expect(text).toBe(head.replace(`xmlns="${ns}"`, `xmlns="${want}"`) + after);
      }),
    );
  });

  it('a root start tag that never closes is read in linear time and refused', async () => {
    const xml = `<definitions xmlns="${DMN15}" ${'a="x" '.repeat(200_000)}`;
    const started = performance.now();
    expect(dmnAs13(xml)).toEqual({ text: xml, versions: [] });
    expect(performance.now() - started).toBeLessThan(2_000);
    const r = await readForeign('m.dmn', bytes(xml));
    expect(r.text).toBeNull();
    expect(lines(r).some((l) => l.startsWith('error: the file is not a DMN model'))).toBe(true);
  });
});

const labelText = (l: TableModel['columns'][number]['label']) =>
  l === undefined ? null : typeof l === 'string' ? l : (l.en ?? l.zh ?? null);
const cellKey = (c: CellModel | undefined) =>
  !c || c.kind === 'any' ? '-' : c.kind === 'condition' ? [c.op, c.value] : c;

/** What a DMN export carries of a table. */
const carried = (t: TableModel) => ({
  columns: t.columns.map((c) => [c.field, labelText(c.label)]),
  rows: t.rows.map((r) => ({
    cells: r.isDefault ? [] : t.columns.map((_, i) => cellKey(r.cells[i])),
    then: r.then,
    message: r.texts.message?.value ?? null,
  })),
});

describe('DMN 1.5 export', () => {
  it('every shipped example table exports as 1.5 (the 1.3 file in the 1.5 namespace) and imports back to the same table', async () => {
    let n = 0;
    const sources = [
      ...EXAMPLES.map((e) => e.text),
      readFileSync(join(ROOT, 'tests/fixtures/cli/table.erdl.yaml'), 'utf8'),
    ];
    for (const text of sources) {
      const read = readTables(text);
      if (!read.ok) continue;
      for (const t of read.tables) {
        const v13 = tableToDmn(t);
        const v15 = tableToDmn(t, '1.5');
        if (!v13.ok || !v15.ok) {
          expect(v15).toEqual(v13);
          continue;
        }
        expect(v15.xml).toBe(v13.xml.replace(`xmlns="${DMN13}"`, `xmlns="${DMN15}"`));
        expect(v15.xml).not.toContain(DMN13);
        const back = await readForeign('export.dmn', bytes(v15.xml));
        expect(back.notes[0]?.message.en).toMatch(/^DMN 1\.5 read with the DMN 1\.3 model/);
        const again = readTables(back.text ?? '');
        if (!again.ok) throw new Error(`${t.entry}: the import does not read`);
        expect(carried(again.tables[0] as TableModel), t.entry).toEqual(carried(t));
        n++;
      }
    }
    expect(n).toBeGreaterThanOrEqual(2);
  });

  it('a business table imported from the TCK exports its outputs as DMN outputs and imports back the same', async () => {
    const models = [
      TCK_0004,
      'tests/fixtures/dmn/tck/compliance-level-2/0010-multi-output-U/0010-multi-output-U.dmn',
      'tests/fixtures/dmn/tck/compliance-level-2/0114-min-collect-hitpolicy/0114-min-collect-hitpolicy.dmn',
    ];
    for (const file of models) {
      const first = await readForeign('m.dmn', readFileSync(join(ROOT, file)));
      const read = readTables(first.text ?? '');
      if (!read.ok) throw new Error(`${file} does not read`);
      const t = read.tables[0] as TableModel;
      const dmn = tableToDmn(t, '1.5');
      if (!dmn.ok) throw new Error(dmn.problems.map((p) => p.en).join('; '));
      expect(dmn.xml).not.toContain('name="decision"');
      const back = await readForeign('export.dmn', bytes(dmn.xml));
      const again = readTables(back.text ?? '');
      if (!again.ok) throw new Error(`${file}: the export does not import`);
      const b = again.tables[0] as TableModel;
      expect(carried(b), file).toEqual(carried(t));
      // The outputs are named again, so the table view shows them as columns.
      expect(b.description?.endsWith(t.description?.slice(t.description.indexOf(';')) ?? '-')).toBe(
        true,
      );
    }
  });

  it('erdl export --dmn-version 1.5 writes DMN 1.5; 1.3 stays the default; other values are usage errors', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'erdl-dmn15-'));
    const TABLE = 'tests/fixtures/cli/table.erdl.yaml';
    const args = ['export', TABLE, '--to', 'dmn', '--rule', 'FIN-001-refund-routing', '--out'];
    expect((await erdl(...args, join(dir, 'a.dmn'))).code).toBe(0);
    expect(await readFile(join(dir, 'a.dmn'), 'utf8')).toContain(`xmlns="${DMN13}"`);
    const w = await erdl(...args, join(dir, 'b.dmn'), '--dmn-version', '1.5');
    expect(w).toMatchObject({ code: 0, stderr: '' });
    const xml = await readFile(join(dir, 'b.dmn'), 'utf8');
    expect(xml).toContain(`xmlns="${DMN15}"`);
    const back = await erdl('import', join(dir, 'b.dmn'));
    expect(back.code).toBe(0);
    expect(back.stdout).toContain('then: REQUEST_HUMAN');
    const bad = await erdl(...args, join(dir, 'c.dmn'), '--dmn-version', '1.6');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--dmn-version takes 1.3 or 1.5');
    const xlsx = ['export', TABLE, '--to', 'xlsx', '--rule', 'FIN-001-refund-routing'];
    expect((await erdl(...xlsx, '--out', join(dir, 'd.xlsx'), '--dmn-version', '1.5')).code).toBe(
      2,
    );
  });
});
