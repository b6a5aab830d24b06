/**
 * The DMN TCK (tests/fixtures/dmn/tck/README.md: origin, commit, licence) as published — DMN 1.5 —
 * through the same door as `erdl import` and the studio (readForeign): every model of compliance
 * level 2 and the decision-table-only models of level 3 reads; each of its 30 decision tables
 * converts or is refused with a named reason; and every test case of every converted table is run
 * through the kernel against the TCK's expected result. Any disagreement fails, naming the model,
 * the test case and both results.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { compileDocument, evaluate } from '../src/kernel';
import { type DocumentImport, readFeelUnaryTests } from '../src/kernel/table-import';
import { documentHeader } from '../src/kernel/table-import/convert-table';
import { dmnTables } from '../src/kernel/table-import/dmn';
import { parseDmn, readForeign } from '../src/table-import/read-foreign';

const DIR = path.join(__dirname, 'fixtures', 'dmn', 'tck');
const MODELS = ['compliance-level-2', 'compliance-level-3'].flatMap((level) =>
  readdirSync(path.join(DIR, level))
    .sort()
    .map((model) => ({ model, folder: path.join(DIR, level, model) })),
);

/**
 * The tables that convert, by model: every other table is refused with its reason (hit policies
 * that give a list or an aggregate, cells that compare with another input, input expressions that
 * are not field paths). A change here is a change of what the import can say: make it on purpose.
 */
const CONVERTED: Record<string, string[]> = {
  '0004-simpletable-U': ['Approval Status'],
  '0005-simpletable-A': ['Approval Status'],
  '0006-simpletable-P1': ['Approval Status'],
  '0007-simpletable-P2': ['Approval Status'],
  '0010-multi-output-U': ['Approval'],
  '0108-first-hitpolicy': ['Approval'],
  '0111-first-hitpolicy-singleoutputcol': ['Advertisement'],
  '0114-min-collect-hitpolicy': ['CarInsurance'],
  '0117-multi-any-hitpolicy': ['Approval'],
  '0118-multi-priority-hitpolicy': ['Approval Status'],
  '0017-tableTests': ['priceGt10', 'dateCompare1'],
};

type Tck = null | string | number | boolean | Tck[] | { [name: string]: Tck };

interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  text: string;
}

/** A TCK test file as a tree (saxes, strict XML 1.0). */
function xmlTree(xml: string): XmlNode {
  const parser = new SaxesParser({ xmlns: true });
  const root: XmlNode = { name: '', attrs: {}, children: [], text: '' };
  const open: XmlNode[] = [root];
  parser.on('opentag', (tag) => {
    const attrs: Record<string, string> = {};
    for (const a of Object.values(tag.attributes)) attrs[a.local] = a.value;
    const node = { name: tag.local, attrs, children: [], text: '' };
    (open.at(-1) as XmlNode).children.push(node);
    open.push(node);
  });
  parser.on('text', (t) => {
    (open.at(-1) as XmlNode).text += t;
  });
  parser.on('closetag', () => void open.pop());
  parser.write(xml).close();
  return root.children[0] as XmlNode;
}

/** The value an inputNode, expected, component or item holds (TCK testCases.xsd). */
function tckValue(node: XmlNode): Tck {
  const value = node.children.find((c) => c.name === 'value');
  if (value) {
    if (value.attrs.nil === 'true') return null;
    const type = (value.attrs.type ?? '').replace(/^\w+:/, '');
    if (['decimal', 'double', 'int', 'integer', 'long', 'float'].includes(type))
      return Number(value.text);
    if (type === 'boolean') return value.text.trim() === 'true';
    return value.text;
  }
  const list = node.children.find((c) => c.name === 'list');
  if (list) return list.children.filter((c) => c.name === 'item').map(tckValue);
  const components = node.children.filter((c) => c.name === 'component');
  if (components.length > 0)
    return Object.fromEntries(components.map((c) => [c.attrs.name as string, tckValue(c)]));
  return null;
}

interface TestCase {
  readonly id: string;
  readonly inputs: Record<string, Tck>;
  readonly results: { name: string; expected: Tck }[];
}

function testCases(xml: string): TestCase[] {
  return xmlTree(xml)
    .children.filter((c) => c.name === 'testCase')
    .map((tc) => ({
      id: tc.attrs.id as string,
      inputs: Object.fromEntries(
        tc.children
          .filter((c) => c.name === 'inputNode')
          .map((c) => [c.attrs.name as string, tckValue(c)]),
      ),
      results: tc.children
        .filter((c) => c.name === 'resultNode')
        .map((c) => ({
          name: c.attrs.name as string,
          expected: tckValue(c.children.find((e) => e.name === 'expected') as XmlNode),
        })),
    }));
}

const imports = new Map<string, Promise<DocumentImport>>();
function imported(folder: string, model: string): Promise<DocumentImport> {
  let read = imports.get(model);
  if (!read) {
    read = readForeign(`${model}.dmn`, readFileSync(path.join(folder, `${model}.dmn`)));
    imports.set(model, read);
  }
  return read;
}

/** A number's text as a number, anything else as text: how a TCK value and a cell compare. */
const same = (want: Tck, got: string): boolean =>
  typeof want === 'number' ? Number(got) === want && got.trim() !== '' : String(want) === got;

/**
 * What the converted row says: its message gives every output as `name: value` joined by `; `
 * (a business table, I-85) — read back with the output names in order.
 */
function rowOutputs(message: string, names: readonly string[]): Record<string, string> | null {
  const out: Record<string, string> = {};
  let rest = message;
  for (let k = 0; k < names.length; k++) {
    const head = `${k === 0 ? '' : '; '}${names[k]}: `;
    if (!rest.startsWith(head)) return null;
    rest = rest.slice(head.length);
    const next = names[k + 1];
    const end = next === undefined ? rest.length : rest.indexOf(`; ${next}: `);
    if (end < 0) return null;
    out[names[k] as string] = rest.slice(0, end);
    rest = rest.slice(end);
  }
  return out;
}

describe('DMN TCK (compliance level 2, decision-table models of level 3), as published', () => {
  it('reads every model as DMN 1.5; every table converts or is refused with its reason', async () => {
    let total = 0;
    const converted: Record<string, string[]> = {};
    const refused: string[] = [];
    for (const { model, folder } of MODELS) {
      const r = await imported(folder, model);
      const fileNotes = r.notes.map((n) => `${n.level}: ${n.message.en}`);
      expect(fileNotes, model).toContainEqual(
        expect.stringMatching(/^info: DMN 1\.5 read with the DMN 1\.3 model/),
      );
      expect(
        fileNotes.filter((n) => /not a DMN model|not read: unparsable/.test(n)),
        model,
      ).toEqual([]);
      for (const t of r.tables) {
        total++;
        if (t.entry !== null) converted[model] = [...(converted[model] ?? []), t.name];
        else {
          const reasons = t.notes.filter((n) => n.level === 'error');
          expect(reasons.length, `${model} ${t.name} is refused with a reason`).toBeGreaterThan(0);
          for (const n of reasons) {
            expect(n.message.en.length).toBeGreaterThan(10);
            expect(n.message.zh).toMatch(/[\u4e00-\u9fff]/);
          }
          refused.push(`${model} / ${t.name}: ${reasons[0]?.message.en}`);
        }
      }
      // A model without a decision table says why (each decision's logic is named).
      if (r.tables.length === 0)
        expect(fileNotes, model).toContainEqual(
          expect.stringMatching(/^error: the DMN model has no decision table/),
        );
    }
    const count = Object.values(converted).flat().length;
    console.log(
      `DMN TCK: ${count} of ${total} tables convert; refused:\n  ${refused.join('\n  ')}`,
    );
    expect(total).toBe(30);
    expect(converted).toEqual(CONVERTED);
    // A cell comparing with another input names that input as the reason.
    expect(refused).toContain(
      '0017-tableTests / dateCompare2: rule 1, input "dateD": ">dateE" is not converted: >dateE: dateE is a name (of another input or a variable): the rule compares with its value, and an ERDL cell compares with literals only',
    );
    for (const [cell, name] of [
      ['[numB..numC]', 'numB'],
      ['< 5, Complex.aNumber', 'Complex.aNumber'],
      ['not(Complex.aBoolean)', 'Complex.aBoolean'],
      ['[1..limit)', 'limit'],
    ]) {
      const r = readFeelUnaryTests(cell as string);
      expect(r.ok ? null : r.message.en, cell).toContain(`${name} is a name (of another input`);
      expect(r.ok ? null : r.message.zh, cell).toContain(`${name} 是名称`);
    }
  });

  const withTables = MODELS.filter(({ model }) => CONVERTED[model]);
  it.each(withTables)(
    '$model: every test case of a converted table agrees with the TCK',
    async ({ model, folder }) => {
      const xml = readFileSync(path.join(folder, `${model}.dmn`), 'utf8');
      const r = await imported(folder, model);
      const { definitions } = await parseDmn(xml);
      const foreign = dmnTables(definitions).tables;
      const cases = testCases(readFileSync(path.join(folder, `${model}-test-01.xml`), 'utf8'));
      let compared = 0;
      for (const t of r.tables) {
        if (t.entry === null) continue;
        const compiled = compileDocument(documentHeader(model, 'TCK') + t.entry);
        expect(compiled.ok, `${model} ${t.name} compiles`).toBe(true);
        const doc = compiled.document as NonNullable<typeof compiled.document>;
        const table = foreign.find((f) => f.name === t.name);
        const names = (table?.outputs ?? []).map((o, k) => o.name || o.label || `output ${k + 1}`);
        for (const tc of cases)
          for (const result of tc.results.filter((x) => x.name === t.name)) {
            const context = Object.fromEntries(
              Object.entries(tc.inputs).filter(([, v]) => v !== null),
            );
            const evaluated = evaluate(
              doc,
              { context },
              { as_of: '2026-12-01T00:00:00Z', hash: false },
            );
            const rule = doc.rules.find((x) => x.name === evaluated.matched_rules[0]);
            const outputs = rule ? rowOutputs(rule.message ?? '', names) : null;
            const want = result.expected;
            const got: Tck = !rule
              ? null
              : outputs === null
                ? `(decision ${evaluated.decision}, message ${JSON.stringify(rule.message)})`
                : names.length === 1
                  ? (outputs[names[0] as string] as string)
                  : outputs;
            const agrees =
              want === null || got === null
                ? want === got
                : typeof got === 'string'
                  ? typeof want !== 'object' && same(want, got)
                  : typeof want === 'object' &&
                    !Array.isArray(want) &&
                    names.every((n) => {
                      const w = (want as Record<string, Tck>)[n];
                      return w !== undefined && same(w, (got as Record<string, string>)[n] ?? '');
                    });
            expect(
              agrees,
              `${model}, test case ${tc.id}, ${t.name}: the TCK expects ${JSON.stringify(want)}, ERDL gives ${JSON.stringify(got)} (decision ${evaluated.decision})`,
            ).toBe(true);
            // No row matched: the DMN result is null and ERDL's the document's fallback.
            if (!rule) expect(evaluated.decision).toBe('DENY');
            compared++;
          }
      }
      expect(compared, `${model}: test cases run`).toBeGreaterThan(0);
      console.log(`DMN TCK ${model}: ${compared} test cases agree`);
    },
  );
});
