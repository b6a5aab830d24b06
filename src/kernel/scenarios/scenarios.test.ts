import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileDocument } from '../compile';
import { evaluate } from '../eval/evaluate';
import type { Value } from '../eval/values';
import { toExactJson } from '../eval/values';
import { parseSuite } from '../suite/parse-suite';
import { type ColumnType, columnType, readTables, type TableModel } from '../table-edit';
import { canonicalJson } from '../tree/canonical';
import {
  appendCase,
  casesReachingTable,
  factForRow,
  newCaseFact,
  projectFact,
  readScenarioValue,
  rowIdOfRule,
  rowOfRule,
  scenarioValueText,
  setCaseDecision,
  setCaseFactValue,
  valueAt,
} from './index';

const EXAMPLES = new URL('../../studio/examples/', import.meta.url);
const LOAN = readFileSync(new URL('loan-decision-table.erdl.yaml', EXAMPLES), 'utf8');
const LOAN_SUITE = readFileSync(new URL('loan-decision-table.facts.yaml', EXAMPLES), 'utf8');

function tableOf(text: string): TableModel {
  const read = readTables(text);
  if (!read.ok || !read.tables[0]) throw new Error('no table');
  return read.tables[0];
}

const typesOf = (t: TableModel): ColumnType[] => t.columns.map((_, i) => columnType(t, i));

function casesOf(text: string) {
  const suite = parseSuite(text).suite;
  if (!suite) throw new Error('suite does not read');
  return suite.cases;
}

const factKey = (v: Value) => canonicalJson(toExactJson(v) ?? null);

describe('a fact seen through the columns', () => {
  it('reads each column field as the evaluator does: nested keys, list items, absent', () => {
    const fact = { context: { score: 700, tags: ['a', 'b'], nested: { x: null } } };
    expect(valueAt(fact, 'context.score')).toBe(700);
    expect(valueAt(fact, 'context.tags.1')).toBe('b');
    expect(valueAt(fact, 'context.tags.x')).toBeUndefined();
    expect(valueAt(fact, 'context.nested.x')).toBeNull();
    expect(valueAt(fact, 'context.score.deeper')).toBeUndefined();
    expect(valueAt(fact, 'context.missing')).toBeUndefined();
    expect(valueAt(fact, 'toString')).toBeUndefined();
    expect(projectFact(fact, [{ field: 'context.score' }, { field: 'context.amount' }])).toEqual([
      700,
      undefined,
    ]);
  });
});

describe('which cases reach a table', () => {
  const table = tableOf(LOAN);
  const entry = table.entry;

  it('names a row by its name or, unnamed, its position; never a row of another table', () => {
    expect(rowIdOfRule('A', 'A#1')).toBe('1');
    expect(rowIdOfRule('A', 'A#x#1')).toBeNull();
    expect(rowIdOfRule('A#x', 'A#x#1')).toBe('1');
    expect(rowIdOfRule('A', 'AB#1')).toBeNull();
    expect(rowIdOfRule('A', 'A#')).toBeNull();
    const second = table.rows[1];
    if (!second) throw new Error('no row');
    expect(rowOfRule(table, `${entry}#${second.name ?? second.index}`)).toBe(1);
    expect(rowOfRule(table, `${entry}#no-such-row`)).toBeNull();
  });

  it('a case reaches it by its matched row, its expectation, or the fields it holds', () => {
    const cases = [
      { fact: { context: { credit_score: 700 } } },
      { fact: { tool: { name: 'x' } }, expect: { matched_rules: [`${entry}#gone`] } },
      { fact: { tool: { name: 'y' } } },
      { fact: {} },
      { fact: { other: 1 }, expect: { matched_rules: ['OTHER-001'] } },
    ];
    const row = table.rows[4];
    if (!row) throw new Error('no row');
    const outcomes = [
      undefined,
      { matched_rules: [] },
      { matched_rules: [] },
      { matched_rules: [`${entry}#${row.name ?? row.index}`] },
      { matched_rules: ['OTHER-001'] },
    ];
    expect(casesReachingTable(table, cases, outcomes)).toEqual([
      { index: 0, reasons: ['fields'] },
      { index: 1, reasons: ['expected'] },
      { index: 3, reasons: ['matched'] },
    ]);
    // Without the run's outcomes (not of this suite text), only what the text says counts.
    expect(casesReachingTable(table, cases, null).map((c) => c.index)).toEqual([0, 1]);
  });

  it('every case of the loan suite reaches the loan table', () => {
    const cases = casesOf(LOAN_SUITE);
    expect(casesReachingTable(table, cases, null)).toHaveLength(cases.length);
  });
});

describe('a typed value for a column', () => {
  it('reads the notations of the column type, one value only', () => {
    expect(readScenarioValue('20,000', 'number')).toEqual({ ok: true, text: '20000' });
    expect(readScenarioValue('２００００', 'number')).toEqual({ ok: true, text: '20000' });
    expect(readScenarioValue('-5.50', 'number')).toEqual({ ok: true, text: '-5.50' });
    expect(readScenarioValue('gold', 'string')).toEqual({ ok: true, text: '"gold"' });
    expect(readScenarioValue('yes', 'boolean')).toEqual({ ok: true, text: 'true' });
    expect(readScenarioValue('否', 'boolean')).toEqual({ ok: true, text: 'false' });
    expect(readScenarioValue('', 'number')).toEqual({ ok: true, text: null });
    expect(readScenarioValue('-', 'string')).toEqual({ ok: true, text: null });
  });

  it('refuses a condition, a word in a number column and a list, in both languages', () => {
    for (const [input, type] of [
      ['≥ 700', 'number'],
      ['in a, b', 'string'],
      ['twenty', 'number'],
      ['"700"', 'number'],
      ['x', 'list'],
    ] as const) {
      const r = readScenarioValue(input, type);
      expect(r.ok, input).toBe(false);
      if (!r.ok) {
        expect(r.message.en.length).toBeGreaterThan(0);
        expect(r.message.zh).toMatch(/[\u4e00-\u9fff]/);
      }
    }
  });

  it('the editor text of a value reads back as that value (property)', () => {
    const leaf = (text: string) =>
      parseSuite(`cases:\n  - name: v\n    fact: { v: ${text} }\n`).suite?.cases[0]?.fact;
    fc.assert(
      fc.property(
        fc.oneof(
          fc
            .integer({ min: -1e9, max: 1e9 })
            .map((n) => ({ v: n as Value, type: 'number' as const })),
          fc
            .double({ min: -1e6, max: 1e6, noNaN: true, noDefaultInfinity: true })
            .filter((n) => !Object.is(n, -0) && !/e/.test(String(n)))
            .map((n) => ({ v: n as Value, type: 'number' as const })),
          fc
            .string({ minLength: 1, maxLength: 12 })
            .filter((s) => !/[\r\n]/.test(s) && s.trim() === s)
            .map((s) => ({ v: s.normalize('NFC') as Value, type: 'string' as const })),
          fc.boolean().map((b) => ({ v: b as Value, type: 'boolean' as const })),
        ),
        ({ v, type }) => {
          const text = scenarioValueText(v, type);
          const read = readScenarioValue(text, type);
          // A text that reads as "any" in its column (`-`, `any`) is written quoted, so it reads.
          expect(read.ok, text).toBe(true);
          if (!read.ok || read.text === null) throw new Error(`${text} reads as no value`);
          expect(factKey(leaf(read.text) ?? null)).toBe(factKey({ v }));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('suite edits are minimal and change exactly what they say', () => {
  const cases = casesOf(LOAN_SUITE);
  const ref = (i: number) => ({ index: i, name: cases[i]?.name ?? '' });

  it('a value is replaced where it is written, comments and layout kept', () => {
    const r = setCaseFactValue(LOAN_SUITE, ref(1), 'context.amount', '25000');
    if (!r.ok || !r.edit) throw new Error('refused');
    expect(r.edit.newText).toBe('25000');
    expect(LOAN_SUITE.slice(r.edit.range.start, r.edit.range.end)).toBe('15000');
    expect(r.text.split('\n')[0]).toBe(LOAN_SUITE.split('\n')[0]);
    expect(valueAt(casesOf(r.text)[1]?.fact, 'context.amount')).toBe(25000);
  });

  it('a field is added to a flow mapping and removed from it', () => {
    const added = setCaseFactValue(LOAN_SUITE, ref(1), 'context.region', '"north"');
    if (!added.ok || !added.edit) throw new Error('refused');
    expect(added.edit.range.start).toBe(added.edit.range.end);
    expect(added.edit.newText).toBe(', region: "north"');
    const removed = setCaseFactValue(added.text, ref(1), 'context.region', null);
    if (!removed.ok) throw new Error('refused');
    expect(removed.text).toBe(LOAN_SUITE);
  });

  it('block mappings: a key inserted on its own line, removed with its line', () => {
    const suite = [
      '# a comment',
      'cases:',
      '  - name: "block"',
      '    fact:',
      '      context:',
      '        credit_score: 540   # low',
      '        amount: 1000',
      '    expect:',
      '      decision: DENY',
      '',
    ].join('\n');
    const at = { index: 0, name: 'block' };
    const added = setCaseFactValue(suite, at, 'context.region', '"north"');
    if (!added.ok || !added.edit) throw new Error('refused');
    expect(added.edit.newText).toBe('        region: "north"\n');
    const removed = setCaseFactValue(suite, at, 'context.amount', null);
    if (!removed.ok) throw new Error('refused');
    expect(removed.text).toBe(suite.replace('        amount: 1000\n', ''));
    const deeper = setCaseFactValue(suite, at, 'tool.args.amount', '5');
    if (!deeper.ok) throw new Error('refused');
    expect(valueAt(casesOf(deeper.text)[0]?.fact, 'tool.args.amount')).toBe(5);
    expect(deeper.text).toContain('    tool: { args: { amount: 5 } }\n');
    const decision = setCaseDecision(suite, at, 'ESCALATE');
    if (!decision.ok) throw new Error('refused');
    expect(decision.text).toBe(suite.replace('decision: DENY', 'decision: ESCALATE'));
    // The last field of a block mapping: it stays a mapping.
    const one = setCaseFactValue(
      suite.replace('        amount: 1000\n', ''),
      at,
      'context.credit_score',
      null,
    );
    if (!one.ok) throw new Error('refused');
    expect(casesOf(one.text)[0]?.fact).toEqual({ context: {} });
  });

  it('the expected decision: replaced, or `expect` added to a case without one', () => {
    const r = setCaseDecision(LOAN_SUITE, ref(5), 'DENY');
    if (!r.ok || !r.edit) throw new Error('refused');
    expect(r.edit.newText).toBe('DENY');
    expect(casesOf(r.text)[5]?.expect?.decision).toBe('DENY');
    const bare = 'cases:\n  - name: "x"\n    fact: { a: 1 }\n';
    const added = setCaseDecision(bare, { index: 0, name: 'x' }, 'ALLOW');
    if (!added.ok) throw new Error('refused');
    expect(added.text).toBe(`${bare}    expect: { decision: ALLOW }\n`);
  });

  it('a new case is appended after the last one; an empty suite becomes one', () => {
    const c = {
      name: 'row 2',
      fact: { context: { credit_score: 700, amount: 20000 } },
      expect: { decision: 'ALLOW' as const, matched_rules: ['FIN-201-loan-decision#2'] },
    };
    const r = appendCase(LOAN_SUITE, c);
    if (!r.ok || !r.edit) throw new Error('refused');
    expect(r.text.startsWith(LOAN_SUITE)).toBe(true);
    const after = casesOf(r.text);
    expect(after).toHaveLength(cases.length + 1);
    expect(after[after.length - 1]?.fact).toEqual(c.fact);
    const fresh = appendCase('', c);
    if (!fresh.ok) throw new Error('refused');
    expect(casesOf(fresh.text)).toHaveLength(1);
    // A JSON suite stays JSON.
    const json = JSON.stringify({ cases: [{ name: 'a', fact: { x: 1 } }] });
    const inJson = appendCase(json, c);
    if (!inJson.ok) throw new Error('refused');
    expect(() => JSON.parse(inJson.text)).not.toThrow();
    expect(casesOf(inJson.text)).toHaveLength(2);
  });

  it('keeps every digit of the other numbers, and refuses a stale case or a broken suite', () => {
    const exact = 'cases:\n  - name: "big"\n    fact: { a: 12345678901234567890123, b: 1 }\n';
    const r = setCaseFactValue(exact, { index: 0, name: 'big' }, 'b', '2');
    if (!r.ok) throw new Error('refused');
    expect(r.text).toBe(exact.replace('b: 1', 'b: 2'));
    expect(
      setCaseFactValue(LOAN_SUITE, { index: 1, name: 'renamed' }, 'context.amount', '1').ok,
    ).toBe(false);
    const broken = setCaseFactValue('cases: [', { index: 0, name: 'x' }, 'a', '1');
    expect(broken.ok).toBe(false);
    if (!broken.ok) expect(broken.message.zh).toMatch(/测试集/);
  });

  it('refuses a repeated key and edits a case of 40,000 fields, its keys checked in linear time', () => {
    const notRead = {
      ok: false,
      message: {
        en: 'the fact suite has problems; fix them in the Evaluate panel before editing its test cases here',
        zh: '事实测试集存在问题；请先在“求值”面板中修正，再在此编辑测试用例',
      },
    };
    const x = { index: 0, name: 'x' };
    const repeated = 'cases:\n  - name: "x"\n    fact: { a: 1, a: 2 }\n';
    expect(setCaseFactValue(repeated, x, 'a', '3')).toEqual(notRead);
    expect(setCaseDecision(repeated, x, 'DENY')).toEqual(notRead);
    const c = { name: 'y', fact: { a: 1 }, expect: { decision: 'ALLOW' as const } };
    expect(appendCase(repeated, c)).toEqual(notRead);
    // One Set per mapping (yaml's own check compares each key with every earlier one).
    const fields = Array.from({ length: 40_000 }, (_, i) => `      k${i}: ${i}`).join('\n');
    const wide = `cases:\n  - name: "w"\n    fact:\n${fields}\n`;
    const w = { index: 0, name: 'w' };
    const value = setCaseFactValue(wide, w, 'k20000', '7');
    if (!value.ok || !value.edit) throw new Error('refused');
    expect(value.text).toBe(wide.replace('      k20000: 20000\n', '      k20000: 7\n'));
    const decision = setCaseDecision(wide, w, 'DENY');
    if (!decision.ok) throw new Error('refused');
    expect(casesOf(decision.text)[0]?.expect?.decision).toBe('DENY');
    const appended = appendCase(wide, c);
    if (!appended.ok) throw new Error('refused');
    expect(casesOf(appended.text).map((k) => k.name)).toEqual(['w', 'y']);
    expect(setCaseFactValue(`${wide}      k0: again\n`, w, 'k1', '2')).toEqual(notRead);
  });

  it('any edit on generated suites changes exactly that value (property)', () => {
    const key = fc.constantFrom('a', 'b', 'credit_score', 'amount', 'x y', '信用');
    const leafText = fc.oneof(
      fc.integer({ min: -100000, max: 100000 }).map(String),
      fc.constantFrom('"gold"', 'true', 'null', '0.35', '"a, b"'),
    );
    const style = fc.constantFrom('flow', 'block');
    let edits = 0;
    const write = (
      o: Record<string, Record<string, string>>,
      s: string,
      indent: string,
    ): string => {
      const k = (name: string) => (/^[a-z_]+$/.test(name) ? name : JSON.stringify(name));
      if (s === 'flow')
        return ` { ${Object.entries(o)
          .map(
            ([a, inner]) =>
              `${k(a)}: { ${Object.entries(inner)
                .map(([b, v]) => `${k(b)}: ${v}`)
                .join(', ')} }`,
          )
          .join(', ')} }\n`;
      return `\n${Object.entries(o)
        .map(
          ([a, inner]) =>
            `${indent}${k(a)}:\n${Object.entries(inner)
              .map(([b, v]) => `${indent}  ${k(b)}: ${v}   # c\n`)
              .join('')}`,
        )
        .join('')}`;
    };
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            fact: fc.dictionary(key, fc.dictionary(key, leafText, { minKeys: 1, maxKeys: 3 }), {
              minKeys: 1,
              maxKeys: 2,
            }),
            style,
          }),
          { minLength: 1, maxLength: 3 },
        ),
        fc.nat(),
        key,
        key,
        fc.option(leafText, { nil: null }),
        (facts, pick, k1, k2, value) => {
          const text = `suite: "gen"\ncases:\n${facts
            .map(
              (f, i) =>
                `  - name: "case ${i}"\n    fact:${write(f.fact, f.style, '      ')}    expect: { decision: DENY }\n`,
            )
            .join('')}`;
          const before = casesOf(text);
          const i = pick % facts.length;
          const path = `${k1}.${k2}`;
          const r = setCaseFactValue(text, { index: i, name: `case ${i}` }, path, value);
          if (!r.ok) throw new Error(r.message.en);
          const after = casesOf(r.text);
          after.forEach((c, j) => {
            if (j !== i) expect(factKey(c.fact)).toBe(factKey(before[j]?.fact));
          });
          const got = valueAt(after[i]?.fact, path);
          if (value === null) expect(got).toBeUndefined();
          else
            expect(factKey(got ?? null)).toBe(
              factKey(
                valueAt(
                  parseSuite(`cases:\n  - name: v\n    fact: { v: ${value} }\n`).suite?.cases[0]
                    ?.fact,
                  'v',
                ) ?? null,
              ),
            );
          // A minimal edit: the text outside one range is unchanged, never a rewrite.
          if (r.edit) {
            expect(r.edit.range.end - r.edit.range.start).toBeLessThan(text.length);
            edits++;
          }
        },
      ),
      { numRuns: 120 },
    );
    expect(edits).toBeGreaterThan(40);
  });
});

describe('a fact for a row', () => {
  const table = tableOf(LOAN);
  const compiled = compileDocument(LOAN).document;
  if (!compiled) throw new Error('loan does not compile');

  it('chooses the values a person writes, each row its own first match', () => {
    const facts = table.rows.map((_, i) => factForRow(compiled, table, i, typesOf(table)));
    const values = facts.map((f) =>
      f.ok
        ? [
            valueAt(f.fact as Value, 'context.credit_score'),
            valueAt(f.fact as Value, 'context.amount'),
          ]
        : null,
    );
    // ≥ 700 and ≤ 20000 → 700 and 20000; < 580 → 579 (whole numbers); > 20000 → 20001.
    expect(values[1]).toEqual([700, 20000]);
    expect(values[0]?.[0]).toBe(579);
    expect(values[2]).toEqual([700, 20001]);
    expect(values[3]).toEqual([580, 5000]);
    for (const [i, f] of facts.entries()) {
      if (!f.ok) throw new Error(f.message.en);
      expect(f.firstMatch, `row ${i + 1}`).toBe(true);
      const result = evaluate(compiled, f.fact, { as_of: '2026-01-15T09:00:00Z' });
      expect(result.matched_rules).toEqual([f.rule]);
      expect(result.decision).toBe(f.decision);
    }
  });

  it('the fact generated for a row is matched by that row under the evaluator (property)', () => {
    const num = (scale: number) =>
      fc
        .integer({ min: -2000, max: 2000 })
        .map((n) => (scale === 0 ? String(n) : (n / 10 ** scale).toFixed(scale)));
    const numberCell = (scale: number) =>
      fc.oneof(
        fc.constant('"-"'),
        fc
          .tuple(fc.constantFrom('eq', 'ne', 'gt', 'gte', 'lt', 'lte'), num(scale))
          .map(([op, v]) => `[${op}, ${v}]`),
        fc
          .tuple(fc.constantFrom('between', 'not_between'), num(scale), num(scale))
          .map(([op, a, b]) => {
            const [lo, hi] = Number(a) <= Number(b) ? [a, b] : [b, a];
            return `[${op}, [${lo}, ${hi}]]`;
          }),
        fc
          .tuple(
            fc.constantFrom('in', 'not_in'),
            fc.array(num(scale), { minLength: 1, maxLength: 3 }),
          )
          .map(([op, vs]) => `[${op}, [${vs.join(', ')}]]`),
      );
    const textCell = fc.oneof(
      fc.constant('"-"'),
      fc
        .tuple(
          fc.constantFrom('eq', 'ne', 'starts_with', 'not_starts_with'),
          fc.constantFrom('gold', 'silver', 'other'),
        )
        .map(([op, v]) => `[${op}, "${v}"]`),
      fc
        .tuple(
          fc.constantFrom('in', 'not_in'),
          fc.subarray(['gold', 'silver', 'other', 'bronze'], { minLength: 1 }),
        )
        .map(([op, vs]) => `[${op}, [${vs.map((v) => `"${v}"`).join(', ')}]]`),
    );
    const columnKinds = fc.array(fc.constantFrom('n0', 'n2', 's'), { minLength: 1, maxLength: 3 });
    let tables = 0;
    let found = 0;
    let first = 0;
    fc.assert(
      fc.property(
        columnKinds.chain((kinds) =>
          fc.tuple(
            fc.constant(kinds),
            fc.array(
              fc.tuple(
                fc.tuple(
                  ...kinds.map((k) => (k === 's' ? textCell : numberCell(k === 'n2' ? 2 : 0))),
                ),
                fc.constantFrom('DENY', 'ALLOW', 'ESCALATE'),
              ),
              { minLength: 1, maxLength: 5 },
            ),
            fc.boolean(),
          ),
        ),
        ([kinds, rows, withDefault]) => {
          const columns = kinds.map((_, i) => `        - field: "context.c${i}"`).join('\n');
          const body = rows
            .map(
              ([cells, then]) =>
                `        - when: [${cells.join(', ')}]\n          then: ${then}\n          message: "m"`,
            )
            .concat(
              withDefault
                ? ['        - when: []\n          then: DENY\n          message: "m"']
                : [],
            )
            .join('\n');
          const text = `protocol: "erdl/v2"\nversion: "2.1.0"\nmetadata:\n  name: "gen"\n  decision: DENY\nrules:\n  - name: "GEN-001-table"\n    description: "d"\n    priority: 10\n    when:\n      kind: decision_table\n      columns:\n${columns}\n      rows:\n${body}\n`;
          const doc = compileDocument(text).document;
          if (!doc) return; // a generated row the kernel refuses (e.g. an empty list): not this test's
          tables++;
          const t = tableOf(text);
          t.rows.forEach((_row, i) => {
            const f = factForRow(doc, t, i, typesOf(t));
            if (!f.ok) return; // no value found (a contradiction the kernel also reports)
            found++;
            if (f.firstMatch) first++;
            // Matched by that row, under the evaluator: the row alone in a table of its own.
            const alone = `${text.slice(0, text.indexOf('      rows:\n'))}      rows:\n${
              body.split(/\n(?= {8}- when)/)[i]
            }\n`;
            const single = compileDocument(alone).document;
            if (single) {
              const r = evaluate(single, f.fact, { as_of: '2026-01-01T00:00:00Z' });
              expect(r.matched_rules, `row ${i + 1} alone`).toContain('GEN-001-table#1');
            }
            // Its own first match when it says so: the full table decides by that row.
            if (f.firstMatch) {
              const r = evaluate(doc, f.fact, { as_of: '2026-01-01T00:00:00Z' });
              expect(r.matched_rules, `row ${i + 1}`).toEqual([f.rule]);
            }
          });
        },
      ),
      { numRuns: 80 },
    );
    // Not vacuous: most generated tables load, and most rows get a fact of their own.
    expect(tables).toBeGreaterThan(50);
    expect(found).toBeGreaterThan(100);
    expect(first).toBeGreaterThan(50);
  });
});

describe('a new test case: its fact and expectation', () => {
  const table = tableOf(LOAN);
  const compiled = compileDocument(LOAN).document;
  if (!compiled) throw new Error('loan does not compile');
  const asOf = '2026-01-15T09:00:00Z';

  it('for a row: a fact it matches, expecting its decision and the row', () => {
    const row = table.rows[1];
    if (!row) throw new Error('no row');
    const made = newCaseFact(compiled, table, { row: row.name ?? String(row.index) }, asOf);
    if (!made.ok) throw new Error(made.message.en);
    expect(made.fact).toEqual({ context: { credit_score: 700, amount: 20000 } });
    expect(made.expect).toEqual({
      decision: 'ALLOW',
      matched_rules: [`${table.entry}#${row.name ?? row.index}`],
    });
    expect(made.row).toEqual({ n: 2, firstMatch: true });
    expect(made.decides).toBe('ALLOW');
    expect(newCaseFact(compiled, table, { row: 'no-such-row' }, asOf).ok).toBe(false);
  });

  it('for an example without a default row: what the document decides now (its fallback)', () => {
    const withoutDefault = LOAN.replace(/\n {8}# Default row[\s\S]*$/, '\n');
    const doc = compileDocument(withoutDefault).document;
    if (!doc) throw new Error('does not compile');
    const fact = { context: { credit_score: 699.5, amount: 0 } };
    const made = newCaseFact(doc, tableOf(withoutDefault), { fact }, asOf);
    if (!made.ok) throw new Error(made.message.en);
    expect(made.fact).toBe(fact);
    expect(made.expect).toEqual({ decision: 'DENY', matched_rules: [] });
    expect(made.row).toBeUndefined();
  });
});
