/**
 * Real DMN files published by Camunda (tests/fixtures/dmn/third-party/README.md: origin, commit,
 * licence), imported as `erdl import` and the studio import them (read-foreign.ts): each reads,
 * its conversion report names every decision, table, output, annotation and attribute it does not
 * convert, and — differentially — every converted table reaches the same outcome as a FEEL reading
 * of the original on facts generated around the literals of its rules.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileDocument, evaluate } from '../src/kernel';
import { feelMatches, type ImportNote, readFeelUnaryTests } from '../src/kernel/table-import';
import { documentHeader } from '../src/kernel/table-import/convert-table';
import { parseDmn, readDmn } from '../src/table-import/read-foreign';

const DIR = path.join(__dirname, 'fixtures', 'dmn', 'third-party');
const FILES = readdirSync(DIR).filter((f) => f.endsWith('.dmn'));
const read = (f: string) => readFileSync(path.join(DIR, f), 'utf8');

type Obj = Record<string, unknown>;
type Value = string | number | boolean | null;

/** What each file's report must name (besides the general checks below). */
const EXPECTED: Record<string, { converted: string[]; named: RegExp[] }> = {
  'camunda-examples-dinner-decisions.dmn': {
    converted: ['Dish'],
    named: [
      /^info: DMN 1\.1 read with the DMN 1\.3 model/,
      /^error: hit policy COLLECT is not converted/,
      /^warning: decision "Beverages" requires other decisions/,
      /^warning: KnowledgeSource "Men's Cookbook" is not converted/,
      /^warning: attribute camunda:historyTimeToLive of Decision "Dish" is not converted/,
      /^warning: no output holds one of the 13 ERDL decisions: each rule decides GUIDE .*"desiredDish"/,
      /^info: the rules' descriptions become the rows' explanations/,
      /^info: the diagram layout is not converted/,
    ],
  },
  'camunda-platform-invoice-business-decisions.dmn': {
    converted: ['Invoice Classification'],
    named: [
      /^error: hit policy COLLECT is not converted/,
      /^info: input 2 "Invoice Category": its allowed values \("Travel Expenses","Misc","Software License Costs"\) are not converted/,
      /^warning: decision "Assign Approver Group" requires other decisions/,
    ],
  },
  'camunda-platform-check-order.dmn': {
    converted: ['Check Order'],
    named: [
      /^warning: no output holds one of the 13 ERDL decisions: .*"result", "reason"/,
      /^info: input 1 "Customer Status": its allowed values/,
    ],
  },
  'camunda-platform-assign-approver-drd.dmn': {
    converted: ['newDec'],
    named: [/^error: hit policy RULE ORDER is not converted/],
  },
  'camunda-modeler-holidays-drd.dmn': {
    converted: [],
    named: [
      /^warning: decision "Which Region" is not converted: its logic is LiteralExpression/,
      /^warning: decision "Go on Holidays\?" is not converted: its logic is missing/,
      /^warning: BusinessKnowledgeModel "Get travel cost" is not converted/,
      /^info: TextAnnotation "We decide for holidays/,
      /^error: the table has no inputs/,
      /^error: the table has no rules/,
    ],
  },
};

const allNotes = (r: Awaited<ReturnType<typeof readDmn>>): ImportNote[] => [
  ...r.notes,
  ...r.tables.flatMap((t) => t.notes),
];

/** Decisions with a decision table, from the parsed model. */
function decisionTables(definitions: unknown): { name: string; table: Obj }[] {
  const els = ((definitions as Obj).drgElement as Obj[] | undefined) ?? [];
  return els.flatMap((el) => {
    const logic = el.decisionLogic as Obj | undefined;
    return logic?.$type === 'dmn:DecisionTable'
      ? [{ name: String(el.name || el.id), table: logic }]
      : [];
  });
}

const textOf = (v: unknown) => String((v as Obj | undefined)?.text ?? '');

/** The literals of a unary test (to generate facts around). */
function literals(text: string): Value[] {
  const r = readFeelUnaryTests(text);
  if (!r.ok) throw new Error(`${text}: ${r.message.en}`);
  const out: Value[] = [];
  const walk = (t: Parameters<typeof feelMatches>[0]) => {
    if (t.kind === 'compare') out.push(t.value.value);
    else if (t.kind === 'range') out.push(t.low.value, t.high.value);
    else if (t.kind === 'list') t.items.forEach(walk);
    else if (t.kind === 'not') walk(t.inner);
  };
  walk(r.test);
  return out;
}

/** Per input: its literals, their neighbours, another string, absent (null). */
function factValues(table: Obj): Value[][] {
  const inputs = table.input as Obj[];
  const rules = table.rule as Obj[];
  return inputs.map((_, k) => {
    const values = new Set<Value>([null, 'zz-other']);
    for (const r of rules) {
      for (const v of literals(textOf((r.inputEntry as Obj[])[k]))) {
        values.add(v);
        if (typeof v === 'number') for (const d of [-1, -0.5, 0.5, 1]) values.add(v + d);
        if (typeof v === 'boolean') values.add(!v);
      }
    }
    return [...values];
  });
}

function product(columns: Value[][]): Value[][] {
  return columns.reduce<Value[][]>((acc, vs) => acc.flatMap((f) => vs.map((v) => [...f, v])), [[]]);
}

/** The original's outcome: the outputs of the first matching rule (FEEL), or null. */
function dmnOutcome(table: Obj, fact: Value[]): string | null {
  const outputs = table.output as Obj[];
  for (const rule of table.rule as Obj[]) {
    const hit = (rule.inputEntry as Obj[]).every((e, k) => {
      const t = readFeelUnaryTests(textOf(e));
      if (!t.ok) throw new Error(textOf(e));
      return feelMatches(t.test, fact[k] ?? null);
    });
    if (!hit) continue;
    return (rule.outputEntry as Obj[])
      .map((e, k) => {
        const name = String(outputs[k]?.name || outputs[k]?.label || `output ${k + 1}`);
        const raw = textOf(e).trim();
        return `${name}: ${raw.startsWith('"') ? JSON.parse(raw) : raw}`;
      })
      .join('; ');
  }
  return null;
}

describe('real third-party DMN files', () => {
  it('every fixture is listed with its origin', () => {
    const readme = read('README.md');
    expect(FILES.length).toBeGreaterThanOrEqual(3);
    for (const f of FILES) {
      expect(readme).toContain(f);
      expect(Object.keys(EXPECTED)).toContain(f);
    }
  });

  it.each(FILES)('%s: reads, and its report names everything not converted', async (file) => {
    const xml = read(file);
    const imported = await readDmn(xml, file);
    const expected = EXPECTED[file] as (typeof EXPECTED)[string];
    const notes = allNotes(imported);
    const en = notes.map((n) => `${n.level}: ${n.message.en}`);
    for (const re of expected.named)
      expect(en, String(re)).toContainEqual(expect.stringMatching(re));
    for (const n of notes) {
      const zh = n.message.zh;
      expect(zh).toMatch(/[\u4e00-\u9fff]/);
      // Chinese as a reviewer writes it: names from the file in “”, element kinds in Chinese.
      const plain = zh.replace(/“[^”]*”/g, '“x”').replace(/ \([^)]*\)/g, '');
      expect(plain, zh).not.toMatch(/[\u4e00-\u9fff]\s*"|"\s*[\u4e00-\u9fff]/);
      expect(plain, zh).not.toMatch(
        /\b(?:Decision|InputData|KnowledgeSource|BusinessKnowledgeModel|TextAnnotation)\b/,
      );
    }
    // Nothing failed to parse, and nothing is dropped silently: every decision is converted or named.
    expect(en.filter((l) => l.includes('not a DMN model') || l.includes('not read:'))).toEqual([]);
    const { definitions } = await parseDmn(xml);
    const decisions = ((definitions as Obj).drgElement as Obj[]).filter(
      (e) => e.$type === 'dmn:Decision',
    );
    const converted = imported.tables.filter((t) => t.entry !== null).map((t) => t.name);
    expect(converted).toEqual(expected.converted);
    for (const d of decisions) {
      const name = String(d.name || d.id);
      if (converted.includes(name)) continue;
      const table = imported.tables.find((t) => t.name === name);
      const namedAtTop = en.some((l) => l.includes(`"${name}"`) && l.includes('not converted'));
      const refused = table?.notes.some((n) => n.level === 'error') ?? false;
      expect(namedAtTop || refused, `decision ${name} is named`).toBe(true);
    }
    // Every rule description of a converted table is kept as its row's explanation.
    for (const { name, table } of decisionTables(definitions)) {
      if (!converted.includes(name)) continue;
      const entry = imported.tables.find((t) => t.name === name)?.entry ?? '';
      for (const r of table.rule as Obj[])
        if (r.description) expect(entry).toContain(`explanation: ${JSON.stringify(r.description)}`);
    }
    if (converted.length > 0) expect(compileDocument(imported.text as string).ok).toBe(true);
  });

  it.each(FILES)(
    '%s: each converted table and a FEEL reading of the original agree',
    async (file) => {
      const xml = read(file);
      const imported = await readDmn(xml, file);
      const { definitions } = await parseDmn(xml);
      let compared = 0;
      for (const { name, table } of decisionTables(definitions)) {
        const entry = imported.tables.find((t) => t.name === name)?.entry;
        if (!entry) continue;
        const compiled = compileDocument(documentHeader(name, 'differential') + entry);
        expect(compiled.ok).toBe(true);
        const doc = compiled.document as NonNullable<typeof compiled.document>;
        const fields = (table.input as Obj[]).map((i) => textOf(i.inputExpression).trim());
        for (const values of product(factValues(table))) {
          const context: Record<string, Value> = {};
          fields.forEach((f, k) => {
            if (values[k] !== null) context[f] = values[k] as Value;
          });
          const result = evaluate(doc, { context }, { as_of: '2026-12-01T00:00:00Z', hash: false });
          const rule = doc.rules.find((r) => r.name === result.matched_rules[0]);
          const got = rule ? { decision: result.decision, message: rule.message ?? null } : null;
          const want = dmnOutcome(table, values);
          expect({ context, got }).toEqual({
            context,
            got: want === null ? null : { decision: 'GUIDE', message: want },
          });
          if (want === null) expect(result.decision).toBe('DENY'); // the fallback, reported
          compared++;
        }
      }
      expect(compared > 0).toBe(EXPECTED[file]?.converted.length !== 0);
    },
  );
});
