// Row names (I-75): a decision-table row may carry `name`; it then compiles to `<entry>#<name>`
// instead of the positional `<entry>#<n>`, so inserting or moving rows renames nothing a fact
// suite refers to. The name is identity only: it enters the document hash through the compiled
// rule name (results report it), never the rule hash (the tree).

import fc from 'fast-check';
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

describe('row name diagnostics (E515–E518, I-90), positioned, in both languages', () => {
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

  it('E517: a number name with leading zeros, or the number of an unnamed row (I-90)', () => {
    const zero = at(
      table([
        ['"05"', '[[gt, 1]]', 'DENY'],
        [null, '[]', 'ALLOW'],
      ]),
      'ERDL-E517',
    );
    expect(zero.text).toBe('"05"');
    expect(zero.d.message.en).toBe(
      'Row name "05" is all digits, so it reads as row 5: write it without leading zeros ("5"), or add a letter',
    );
    expect(zero.d.message.zh).toBe(
      '行名“05”全是数字，会被读作第 5 行：请去掉前导零（写作“5”），或加上字母',
    );
    const clash = at(
      table([
        ['"2"', '[[gt, 1]]', 'DENY'],
        [null, '[]', 'ALLOW'],
      ]),
      'ERDL-E517',
    );
    expect(clash.text).toBe('"2"');
    expect(clash.d.message.en).toBe(
      'Row name "2" is all digits, so it reads as row 2: row 2 of this table has no name, so it is <entry>#2 already; name that row too, or choose another name',
    );
    expect(clash.d.message.zh).toBe(
      '行名“2”全是数字，会被读作第 2 行：本表第 2 行没有行名，已是 <规则名>#2；请也给该行起名，或另选行名',
    );
    expect(
      compiled(
        table([
          ['"2"', '[[gt, 1]]', 'DENY'],
          [null, '[]', 'ALLOW'],
        ]),
      ).document,
    ).toBeNull();
    // A YAML number is not a string at all.
    expect(at(table([['2', '[[gt, 1]]', 'DENY']]), 'ERDL-E515').text).toBe('2');
  });

  it('a number name is its row number when no unnamed row has that number', () => {
    const r = compiled(
      table([
        ['"1"', '[[gt, 10]]', 'DENY'],
        ['"3"', '[[gt, 5]]', 'ESCALATE'],
        ['"2"', '[[gt, 1]]', 'REQUEST_HUMAN'],
        ['"0"', '[[gt, 0]]', 'ESCALATE'],
        [null, '[]', 'ALLOW'],
      ]),
    );
    expect(codes(r, 'error')).toEqual([]);
    expect(rulesOf(r).map((x) => x.name)).toEqual([
      'TST-002-table#1',
      'TST-002-table#3',
      'TST-002-table#2',
      'TST-002-table#0',
      'TST-002-table#5',
    ]);
    // Named like its own position: the compiled name is the one it had unnamed.
    const unnamed = rulesOf(
      compiled(
        table([
          [null, '[[gt, 1]]', 'DENY'],
          [null, '[]', 'ALLOW'],
        ]),
      ),
    );
    const named = rulesOf(
      compiled(
        table([
          ['"1"', '[[gt, 1]]', 'DENY'],
          ['"2"', '[]', 'ALLOW'],
        ]),
      ),
    );
    expect(named.map((x) => [x.name, x.hash])).toEqual(unnamed.map((x) => [x.name, x.hash]));
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
    ['42', true],
    ['0', true],
    ['007', false],
    ['01', false],
  ])('%j acceptable: %s', (name, ok) => {
    expect(rowNameProblem(name) === null).toBe(ok);
    expect(schemaPattern.test(name)).toBe(ok);
  });
});

describe('freshRowName: a neutral, unique name for a new row (I-90)', () => {
  it('is the smallest free number from the given one, never a decision or a cell', () => {
    expect(freshRowName([], 6)).toBe('6');
    expect(freshRowName(['6'], 6)).toBe('7');
    expect(freshRowName(['1', '2', '6', '7', 'deny'], 6)).toBe('8');
    expect(freshRowName(['poor-score', 'default'], 3)).toBe('3');
    // Not the number of an unnamed row (it would share its <entry>#<n>).
    expect(freshRowName([], 2, [2, 3])).toBe('4');
    // Nor one that looks like a taken name (I-88).
    expect(freshRowName(['6\u200B'], 6)).toBe('7');
    expect(freshRowName([], 0)).toBe('1');
    expect(freshRowName([], Number.NaN)).toBe('1');
  });
  it('always gives a name the validator accepts, unique, and a plain number', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.nat({ max: 40 }).map(String), fc.string()), { maxLength: 30 }),
        fc.integer({ min: -5, max: 40 }),
        fc.array(fc.integer({ min: 1, max: 40 }), { maxLength: 10 }),
        (taken, from, unnamed) => {
          const name = freshRowName(taken, from, unnamed);
          expect(rowNameProblem(name)).toBeNull();
          expect(name).toMatch(/^[1-9][0-9]*$/);
          expect(taken).not.toContain(name);
          expect(unnamed).not.toContain(Number(name));
          expect(Number(name)).toBeGreaterThanOrEqual(Math.max(1, from));
        },
      ),
    );
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
