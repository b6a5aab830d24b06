// Row names (I-75): a decision-table row may carry `name`; it then compiles to `<entry>#<name>`
// instead of the positional `<entry>#<n>`, so inserting or moving rows renames nothing a fact
// suite refers to. The name is identity only: it enters the document hash through the compiled
// rule name (results report it), never the rule hash (the tree).

import { describe, expect, it } from 'vitest';
import { compileDocument } from '../compile';
import { SourceText } from '../diagnostics/source-text';
import { buildJsonSchema } from '../document/schema';
import { parseSuite } from '../suite/parse-suite';
import { runSuite } from '../suite/run-suite';
import { freshRowName } from '../table-edit/row-name';
import { rowNameProblem, TABLE_ROW_NAME } from '../vocabulary/document';
import { codes, rulesOf, tableDocument } from './test-support';

const COLUMNS = `kind: decision_table
columns:
  - field: "context.amount"
rows:`;

/** A table of rows `[name YAML or null, cells, then]`. */
function table(rows: [string | null, string, string][]): string {
  return tableDocument(
    [
      COLUMNS,
      ...rows.flatMap(([name, cells, then]) => [
        ...(name === null ? [`  - when: ${cells}`] : [`  - name: ${name}`, `    when: ${cells}`]),
        `    then: ${then}`,
      ]),
    ].join('\n'),
    '    message: "stop"',
  );
}

const compiled = (text: string) => compileDocument(text);

describe('compiling row names', () => {
  it('a named row is <entry>#<name>; an unnamed row keeps <entry>#<n>', () => {
    const r = compiled(
      table([
        ['"deny-big"', '[[gt, 1000]]', 'DENY'],
        [null, '[[gt, 500]]', 'ESCALATE'],
        ['"rest"', '[]', 'ALLOW'],
      ]),
    );
    expect(codes(r, 'error')).toEqual([]);
    expect(rulesOf(r).map((x) => [x.name, x.row, x.rowName])).toEqual([
      ['TST-002-table#deny-big', 1, 'deny-big'],
      ['TST-002-table#2', 2, undefined],
      ['TST-002-table#rest', 3, 'rest'],
    ]);
  });

  it('a name is identity, not meaning: the rule hash (the tree) is the same, the document hash is not', () => {
    const unnamed = rulesOf(compiled(table([[null, '[[gt, 1000]]', 'DENY']])));
    const named = rulesOf(compiled(table([['"deny"', '[[gt, 1000]]', 'DENY']])));
    expect(named[0]?.hash).toBe(unnamed[0]?.hash);
    const a = compiled(table([[null, '[[gt, 1000]]', 'DENY']])).document;
    const b = compiled(table([['"deny"', '[[gt, 1000]]', 'DENY']])).document;
    const c = compiled(table([['"deny"', '[[gt, 1000]]', 'DENY']])).document;
    expect(b?.hash).not.toBe(a?.hash);
    expect(c?.hash).toBe(b?.hash);
  });

  it('moving named rows keeps their names (only the positions change)', () => {
    const rows = (order: number[]) =>
      order.map(
        (i) =>
          [[`"a"`, '[[gt, 1000]]', 'DENY'] as const, [`"b"`, '[[lt, 10]]', 'ALLOW'] as const][i],
      ) as [string, string, string][];
    const one = rulesOf(compiled(table(rows([0, 1])))).map((x) => [x.name, x.hash] as const);
    const two = rulesOf(compiled(table(rows([1, 0])))).map((x) => [x.name, x.hash] as const);
    expect(new Map(two)).toEqual(new Map(one));
  });
});

describe('row name diagnostics (E515–E518), positioned, in both languages', () => {
  const at = (text: string, code: string) => {
    const r = compiled(text);
    const d = r.diagnostics.find((x) => x.code === code);
    if (!d) throw new Error(`no ${code}: ${r.diagnostics.map((x) => x.code).join()}`);
    const source = new SourceText(text);
    return {
      d,
      text: text.slice(d.range.start, d.range.end),
      line: source.position(d.range.start).line,
    };
  };

  it('E515: an empty name, or one that is not a string', () => {
    const empty = at(table([['""', '[[gt, 1]]', 'DENY']]), 'ERDL-E515');
    expect(empty.text).toBe('""');
    expect(empty.d.severity).toBe('error');
    expect(empty.d.message.en).toBe(
      'Row 1 name must be a non-empty string (the row compiles to <entry>#<name>); remove name to keep <entry>#1',
    );
    expect(empty.d.message.zh).toBe(
      '第 1 行的 name 必须是非空字符串（该行编译为 <规则名>#<行名>）；删除 name 则保持 <规则名>#1',
    );
    expect(at(table([['"  "', '[[gt, 1]]', 'DENY']]), 'ERDL-E515').text).toBe('"  "');
    expect(at(table([['[a]', '[[gt, 1]]', 'DENY']]), 'ERDL-E515').text).toBe('[a]');
    expect(compiled(table([['"  "', '[[gt, 1]]', 'DENY']])).document).toBeNull();
  });

  it('E516: a # in the name', () => {
    const e = at(table([['"a#b"', '[[gt, 1]]', 'DENY']]), 'ERDL-E516');
    expect(e.text).toBe('"a#b"');
    expect(e.d.message.en).toBe(
      'Row name "a#b" must not contain "#" (it separates the rule name from the row name)',
    );
    expect(e.d.message.zh).toBe('行名“a#b”不能包含“#”（它分隔规则名与行名）');
  });

  it('E517: all digits (it would read as a row number)', () => {
    const e = at(
      table([
        ['"2"', '[[gt, 1]]', 'DENY'],
        [null, '[]', 'ALLOW'],
      ]),
      'ERDL-E517',
    );
    expect(e.text).toBe('"2"');
    expect(e.d.message.en).toBe(
      'Row name "2" is all digits and would read as a row number; add a letter (e.g. "row-2")',
    );
    expect(e.d.message.zh).toBe('行名“2”全是数字，会被当作行号；请加上字母（如“row-2”）');
    // A YAML number is not a string at all.
    expect(at(table([['2', '[[gt, 1]]', 'DENY']]), 'ERDL-E515').text).toBe('2');
  });

  it('E518: a name used twice in one table, at the second use; other tables may reuse it', () => {
    const text = table([
      ['"x"', '[[gt, 10]]', 'DENY'],
      ['"x"', '[[gt, 1]]', 'ESCALATE'],
    ]);
    const e = at(text, 'ERDL-E518');
    expect(e.line).toBe(text.split('\n').findIndex((l, i) => i > 14 && l.includes('"x"')) + 1);
    expect(e.d.message.en).toBe(
      'Row name "x" is already used by row 1 of this table; row names must be unique within a table',
    );
    expect(e.d.message.zh).toBe('行名“x”已被本表第 1 行使用；同一张表内行名必须唯一');
    expect(codes(compiled(text), 'error')).toEqual(['ERDL-E518']);
  });
});

describe('the vocabulary, the schema and the validator agree', () => {
  const schemaPattern = (() => {
    const rows = JSON.stringify(buildJsonSchema()).match(
      /"name":\{"type":"string","pattern":("[^"]*")/,
    );
    expect(rows?.[1]).toBe(JSON.stringify(TABLE_ROW_NAME.pattern));
    return new RegExp(JSON.parse(rows?.[1] ?? '""') as string, 'u');
  })();
  it.each([
    ['deny', true],
    ['deny-2', true],
    ['2a', true],
    ['拒绝', true],
    ['', false],
    ['   ', false],
    ['a#b', false],
    ['42', false],
    ['007', false],
  ])('%j acceptable: %s', (name, ok) => {
    expect(rowNameProblem(name) === null).toBe(ok);
    expect(schemaPattern.test(name)).toBe(ok);
  });
});

describe('freshRowName: a unique name for a new row, from its decision', () => {
  it('is the decision in lower case, then -2, -3 …', () => {
    expect(freshRowName('DENY', [])).toBe('deny');
    expect(freshRowName('DENY', ['deny'])).toBe('deny-2');
    expect(freshRowName('DENY', ['deny', 'deny-2', 'allow'])).toBe('deny-3');
    expect(freshRowName('REQUEST_HUMAN', [])).toBe('request-human');
    expect(freshRowName(undefined, ['row'])).toBe('row-2');
  });
  it('always gives a name the validator accepts', () => {
    const taken: string[] = [];
    for (let i = 0; i < 20; i++) {
      const name = freshRowName('ALLOW', taken);
      expect(rowNameProblem(name)).toBeNull();
      expect(taken).not.toContain(name);
      taken.push(name);
    }
  });
});

describe('fact suites that name rows by #name survive inserted rows', () => {
  const SUITE = `suite: rows
cases:
  - name: big
    fact: { context: { amount: 5000 } }
    expect: { decision: DENY, matched_rules: ["TST-002-table#deny-big"] }
  - name: small
    fact: { context: { amount: 5 } }
    expect: { decision: ALLOW, matched_rules: ["TST-002-table#rest"] }
`;
  const suite = parseSuite(SUITE).suite;
  const run = (text: string) => {
    const doc = compiled(text).document;
    if (!doc || !suite) throw new Error('did not compile');
    return runSuite(doc, suite);
  };

  it('passes before and after a row is inserted above the named rows', () => {
    const before = table([
      ['"deny-big"', '[[gt, 1000]]', 'DENY'],
      ['"rest"', '[]', 'ALLOW'],
    ]);
    const after = table([
      [null, '[[eq, 777]]', 'ESCALATE'],
      ['"deny-big"', '[[gt, 1000]]', 'DENY'],
      ['"rest"', '[]', 'ALLOW'],
    ]);
    expect(run(before).totals).toEqual({ evaluations: 2, passed: 2, failed: 0, unchecked: 0 });
    expect(run(after).totals).toEqual({ evaluations: 2, passed: 2, failed: 0, unchecked: 0 });
  });

  it('positional names do not (the defect named rows fix)', () => {
    const positional = SUITE.replace('#deny-big', '#1').replace('#rest', '#2');
    const s = parseSuite(positional).suite;
    const doc = compiled(
      table([
        [null, '[[eq, 777]]', 'ESCALATE'],
        [null, '[[gt, 1000]]', 'DENY'],
        [null, '[]', 'ALLOW'],
      ]),
    ).document;
    if (!s || !doc) throw new Error('did not compile');
    expect(runSuite(doc, s).totals.failed).toBe(2);
  });
});
