// Issue #14: every in-place conversion (the studio's "Convert to…", convertRuleEdit) has an inverse
// that gives the document back byte for byte — names, comments, quoting, order — and so the same
// document hash. Checked for every rule of every example and of generated documents, and on
// random documents with comments, quoting and value spellings of every kind.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateDocument, generateTable } from '../../bench/generate';
import { compileDocument, type ProjectionTarget, SIMPLE_OPERATORS } from '../../src/kernel';
import {
  convertRuleEdit,
  mergeRulesEdit,
  type RuleConversion,
} from '../../src/kernel/projection/convert-rule';
import { applyTextEdits, readTables } from '../../src/kernel/table-edit';
import { nameRowsFirst } from '../../src/kernel/table-edit/row-identity';
import { fuzzParams, fuzzTimeout } from './runs';

/** `text` with every unnamed table row named by its number, as the grid names them (I-90). */
function namedByNumber(text: string): string {
  const read = readTables(text);
  if (!read.ok) throw new Error('does not read');
  let out = text;
  for (const t of [...read.tables].reverse())
    out = applyTextEdits(out, nameRowsFirst(out, t) ?? []) ?? out;
  return out;
}

const EXAMPLES = join(import.meta.dirname, '../../src/studio/examples');
const INTERNAL = /did not compile to the same trees/;

function apply(text: string, r: RuleConversion): string {
  if (!r.ok) throw new Error(r.messages.map((m) => m.en).join('\n'));
  let out = text;
  for (const e of [...r.fix.edits].sort((a, b) => b.range.start - a.range.start))
    out = out.slice(0, e.range.start) + e.newText + out.slice(e.range.end);
  return out;
}

const OPERATOR_NAMES = SIMPLE_OPERATORS.map((o) => o.name).join('|');
const QUOTED_OPERATOR = new RegExp(`(operator: |\\[)"(${OPERATOR_NAMES})"(?=$|[,\\]\\s])`, 'gm');
/** Quoted operator keywords written bare. */
const bareOperators = (t: string) => t.replace(QUOTED_OPERATOR, '$1$2');

const FORM: Record<string, ProjectionTarget> = {
  simple: 'simple',
  expression: 'expr',
  table: 'table',
  true: 'simple',
};

/**
 * Converts every entry of `text` to every other form and back; returns how many round trips ran.
 * A refusal is fine (the conversion is impossible) unless it is the converter failing its own check.
 */
function roundTrips(text: string): number {
  const doc = compileDocument(text).document;
  if (!doc) throw new Error('the document does not load');
  const entries = [...new Map(doc.rules.map((r) => [r.entry, r.form])).entries()];
  let ran = 0;
  for (const [entry, form] of entries) {
    const home = FORM[form] as ProjectionTarget;
    for (const to of ['simple', 'expr', 'table'] as const) {
      if (to === home) continue;
      const there = convertRuleEdit(text, entry, to);
      if (!there.ok) {
        for (const m of there.messages) expect(m.en).not.toMatch(INTERNAL);
        continue;
      }
      const converted = apply(text, there);
      let back: RuleConversion;
      if (home === 'table') {
        // The rules the table became, merged again.
        const names = compileDocument(converted)
          .document?.rules.map((r) => r.entry)
          .filter((n, i, all) => all.indexOf(n) === i);
        // They stand where the table stood, one per row.
        const at = entries.findIndex(([e]) => e === entry);
        const rows = doc.rules.filter((r) => r.entry === entry).length;
        const produced = names?.slice(at, at + rows) ?? [];
        back = mergeRulesEdit(converted, produced);
      } else back = convertRuleEdit(converted, entry, home);
      const restored = apply(converted, back);
      // An Expression has no operator keyword to quote: `operator: "eq"` (a §2.3 format note,
      // I703) comes back bare. Everything else comes back byte for byte.
      const viaExpression = to === 'expr' || home === 'expr';
      const same = viaExpression ? bareOperators : (t: string) => t;
      expect({ entry, to, text: same(restored) }).toEqual({ entry, to, text: same(text) });
      expect(compileDocument(restored).document?.hash).toBe(doc.hash);
      ran++;
    }
  }
  return ran;
}

describe('in-place conversions round-trip byte for byte', () => {
  it('every rule of every example', () => {
    let ran = 0;
    for (const f of readdirSync(EXAMPLES).filter((n) => n.endsWith('.erdl.yaml')))
      ran += roundTrips(readFileSync(join(EXAMPLES, f), 'utf8'));
    expect(ran).toBeGreaterThan(10);
  });

  it('every rule of generated documents (Simple, Expression, tables)', () => {
    let ran = 0;
    for (const seed of [1, 2, 3, 4]) ran += roundTrips(generateDocument(12, seed));
    ran += roundTrips(generateTable(8));
    // The same table after the grid named its rows by number (I-90).
    ran += roundTrips(namedByNumber(generateTable(8)));
    expect(ran).toBeGreaterThan(82);
  }, 180_000);
});

// ---------------------------------------------------------------------------------------------
// Random documents

const params = fuzzParams(20261201, 60);

const FIELDS = ['tool.name', 'tool.args.amount', 'context.region', 'context.tags'];
const VALUES: Record<string, readonly string[]> = {
  'tool.name': ['"issue_refund"', "'send_email'", 'http_get', '"a # b"'],
  'tool.args.amount': ['5000', '1234.50', '0.1', '-12', '1e3'],
  'context.region': ['"eu"', '["eu", "uk"]', "['us']"],
  'context.tags': ['"vip"', '["a", "b"]'],
};
const OPERATORS: Record<string, readonly string[]> = {
  'tool.name': ['eq', 'ne', 'starts_with', 'not_contains'],
  'tool.args.amount': ['gt', 'gte', 'lt', 'lte', 'eq'],
  'context.region': ['in', 'not_in'],
  'context.tags': ['contains', 'exists', 'not_exists'],
};
const listy = (op: string) => op === 'in' || op === 'not_in';
const commentArb = fc.constantFrom('', '', '# why', '# 为什么：因为', '#tight');

interface Cond {
  field: string;
  op: string;
  quoted: boolean;
  value: string;
  lead: string;
  tail: string;
}

const condArb = (field: string): fc.Arbitrary<Cond> =>
  fc
    .record({
      op: fc.constantFrom(...(OPERATORS[field] as string[])),
      quoted: fc.boolean(),
      value: fc.constantFrom(...(VALUES[field] as string[])),
      lead: commentArb,
      tail: commentArb,
    })
    .map((c) => ({ field, ...c }))
    .filter((c) => listy(c.op) === c.value.startsWith('['));

/** A rule: a subset of the fields in order (one condition per field: it can be a table row). */
const ruleArb = fc.record({
  conds: fc.subarray(FIELDS, { minLength: 1 }).chain((fs) => fc.tuple(...fs.map(condArb))),
  header: commentArb,
  keyTail: commentArb,
  then: fc.constantFrom('NOTIFY', '"NOTIFY"', 'ALLOW'),
  message: fc.constantFrom('', 'message: "m"', "message: 'm # not a comment'"),
  aboveThen: commentArb,
  name: fc.constantFrom('"PRP-001-rule"', 'PRP-001-rule', "'PRP-001-rule'"),
});

function condLines(c: Cond, pad: string): string[] {
  const op = c.quoted ? `"${c.op}"` : c.op;
  const valueless = c.op === 'exists' || c.op === 'not_exists';
  const lines = [
    ...(c.lead ? [`${pad}${c.lead}`] : []),
    `${pad}- field: "${c.field}"`,
    `${pad}  operator: ${op}`,
    ...(valueless ? [] : [`${pad}  value: ${c.value}`]),
  ];
  if (c.tail) lines[lines.length - 1] += ` ${c.tail}`;
  return lines;
}

type Rule = typeof ruleArb extends fc.Arbitrary<infer R> ? R : never;

function documentOf(rules: readonly Rule[]): string {
  const lines = [
    '# generated',
    'protocol: "erdl/v2"',
    'version: "2.1.0"',
    'metadata:',
    '  name: "property"',
    '  decision: ALLOW',
    'rules:',
  ];
  rules.forEach((r, i) => {
    const n = String(i + 1).padStart(3, '0');
    lines.push(
      `  - name: ${r.name.replace('001', n)}`,
      '    description: "generated"',
      '    priority: 7',
      `    when:${r.keyTail ? ` ${r.keyTail}` : ''}`,
      ...(r.header ? [`      ${r.header}`] : []),
      '      logic: AND',
      '      conditions:',
      ...r.conds.flatMap((c) => condLines(c, '        ')),
      ...(r.aboveThen ? [`    ${r.aboveThen}`] : []),
      `    then: ${r.then}`,
      ...(r.message ? [`    ${r.message}`] : []),
    );
  });
  return `${lines.join('\n')}\n`;
}

describe('in-place conversions round-trip byte for byte (property)', () => {
  it(
    'Simple → table → Simple and Simple → Expression → Simple, with comments and quoting',
    () => {
      fc.assert(
        fc.property(fc.array(ruleArb, { minLength: 1, maxLength: 3 }), (rules) => {
          const text = documentOf(rules);
          fc.pre(compileDocument(text).document !== null);
          expect(roundTrips(text)).toBeGreaterThan(0);
        }),
        params,
      );
    },
    fuzzTimeout(60),
  );

  it(
    'consecutive rules → one table → the same rules, and table → rules → the same table',
    () => {
      fc.assert(
        fc.property(fc.array(ruleArb, { minLength: 2, maxLength: 4 }), (rules) => {
          const text = documentOf(rules);
          const doc = compileDocument(text).document;
          fc.pre(doc !== null);
          const names = [...new Set(doc?.rules.map((r) => r.entry))];
          const merged = mergeRulesEdit(text, names);
          if (!merged.ok) {
            for (const m of merged.messages) expect(m.en).not.toMatch(INTERNAL);
            return;
          }
          const table = apply(text, merged);
          // Every row but the first is named after its rule.
          expect(compileDocument(table).document?.rules.map((r) => r.name)).toEqual(
            names.map((n, i) => (i === 0 ? `${names[0]}#1` : `${names[0]}#${n}`)),
          );
          const split = convertRuleEdit(table, names[0] as string, 'simple');
          expect(apply(table, split)).toBe(text);
          // And the table itself round-trips through its rules.
          expect(roundTrips(table)).toBeGreaterThan(0);
        }),
        params,
      );
    },
    fuzzTimeout(80),
  );
});
