// Projection C (§5.4): decision tables. Each row becomes a rule `<entry>#<n>` whose tree is the
// AND of its cells in column order; `when: []` is literal true; a row's tree and hash are identical
// to the hand-written Simple and Expression rule (E7 ⑤).

import { describe, expect, it } from 'vitest';
import { compileDocument } from '../compile';
import {
  bool,
  canonical,
  codes,
  compileWhenText,
  field,
  list,
  messages,
  n,
  num,
  onlyRule,
  rulesOf,
  SPEC_TABLE,
  str,
  tableDocument,
} from './test-support';

const compileTable = (table: string, entryExtra = '    message: "needs review"') =>
  compileDocument(tableDocument(table, entryExtra));

/** A three-column table with the given rows (each row: cells YAML, then). */
function table3(rows: [string, string][]): string {
  return [
    'kind: decision_table',
    'columns:',
    '  - field: "context.amount"',
    '  - field: "context.region"',
    '    label: {zh: "地区", en: "region"}',
    '  - field: "context.path"',
    'rows:',
    ...rows.flatMap(([cells, then]) => [`  - when: ${cells}`, `    then: ${then}`]),
  ].join('\n');
}

describe('the §5.4 example', () => {
  const r = compileTable(SPEC_TABLE);

  it('compiles, warning that priorities 100, 90, 1 contradict row order (W505)', () => {
    expect(codes(r, 'error')).toEqual([]);
    // W510: rows 1 and 2 overlap with different decisions (table analysis, table-analysis.test.ts).
    expect(codes(r, 'warning')).toEqual(['ERDL-W510', 'ERDL-W505', 'ERDL-W505']);
    expect(messages(r, 'ERDL-W505')).toEqual([
      'Row 2 priority 90 contradicts row order (row order decides: a later row must not have a smaller priority than 100)',
      'Row 3 priority 1 contradicts row order (row order decides: a later row must not have a smaller priority than 90)',
    ]);
  });

  it('rows become rules <name>#1..3 in row order, each with its own then', () => {
    const rules = rulesOf(r);
    expect(rules.map((x) => [x.name, x.entry, x.row, x.index, x.then, x.form, x.grade])).toEqual([
      ['TST-002-table#1', 'TST-002-table', 1, 0, 'REQUEST_HUMAN', 'table', 'A'],
      ['TST-002-table#2', 'TST-002-table', 2, 1, 'ESCALATE', 'table', 'A'],
      ['TST-002-table#3', 'TST-002-table', 3, 2, 'ALLOW', 'table', 'A'],
    ]);
  });

  it('cells compile to comparison nodes; when: [] compiles to literal true', () => {
    const rules = rulesOf(r);
    const amount = field('context.amount');
    expect(rules.map((x) => canonical(x.when))).toStrictEqual([
      n('gte', amount, num('10000.00000000000000')),
      n('gte', amount, num('5000.00000000000000')),
      bool(true),
    ]);
  });

  it('the default row has the tree of when: "true"', () => {
    const t = onlyRule(compileWhenText('"true"', 'NOTIFY'));
    expect(rulesOf(r)[2]?.hash).toBe(t.hash);
  });

  it('with priorities in row order (1, 90, 100) there is no W505', () => {
    const ordered = SPEC_TABLE.replace('priority: 100', 'priority: 1').replace(
      /priority: 1$/,
      'priority: 100',
    );
    expect(codes(compileTable(ordered), 'warning')).toEqual(['ERDL-W510']);
  });
});

describe('cells', () => {
  it('"-" skips a column; the row is the AND of the other cells in column order', () => {
    const r = compileTable(table3([['[[gt, 100], "-", [starts_with, "/etc"]]', 'NOTIFY']]), '');
    expect(codes(r, 'error')).toEqual([]);
    expect(canonical(onlyRule(r).when)).toStrictEqual(
      n(
        'and',
        n('gt', field('context.amount'), num('100.00000000000000')),
        n('starts_with', field('context.path'), str('/etc')),
      ),
    );
  });

  it('a row of "-" only is unconditional (literal true)', () => {
    const r = compileTable(table3([['["-", "-", "-"]', 'NOTIFY']]), '');
    expect(canonical(onlyRule(r).when)).toStrictEqual(bool(true));
  });

  it('[exists] needs no value; guarded operators keep their exists guard', () => {
    const r = compileTable(
      table3([['[[exists], [not_in, ["eu"]], [length_gt, 3]]', 'NOTIFY']]),
      '',
    );
    const region = field('context.region');
    const path = field('context.path');
    expect(canonical(onlyRule(r).when)).toStrictEqual(
      n(
        'and',
        n('exists', field('context.amount')),
        n('exists', region),
        n('not', n('in', region, list([{ type: 'string', value: 'eu' }]))),
        n('exists', path),
        n('gt', n('length', path), num('3.00000000000000')),
      ),
    );
  });

  it('an alias in a cell is normalized (I315)', () => {
    const r = compileTable(table3([['["-", [neq, "eu"], "-"]', 'NOTIFY']]), '');
    // W511: no default row, and a region of "eu" matches no row (table analysis).
    expect(codes(r)).toEqual(['ERDL-W511', 'ERDL-I315']);
    expect(canonical(onlyRule(r).when)).toStrictEqual(n('ne', field('context.region'), str('eu')));
  });

  it.each([
    ['[[gt, 1]]', 1],
    ['[[gt, 1], "-"]', 2],
    ['[[gt, 1], "-", "-", "-"]', 4],
  ])('a row with the wrong number of cells %s is E503', (cells, count) => {
    const r = compileTable(table3([[cells, 'NOTIFY']]), '');
    expect(codes(r, 'error')).toEqual(['ERDL-E503']);
    expect(messages(r, 'ERDL-E503')[0]).toContain(`Row 1 has ${count} cells but the table has 3`);
  });

  it.each([
    ['"x"', 'a string other than "-"'],
    ['[]', 'an empty cell'],
    ['[gt, 1, 2]', 'three items'],
    ['{gt: 1}', 'a mapping'],
    ['5', 'a number'],
  ])('cell %s (%s) is E504', (cell) => {
    const r = compileTable(table3([[`[${cell}, "-", "-"]`, 'NOTIFY']]), '');
    expect(codes(r, 'error')).toEqual(['ERDL-E504']);
  });

  it('operand errors in a cell are the Simple errors (E307, E309, E304, E602)', () => {
    const err = (cell: string) =>
      codes(compileTable(table3([[`[${cell}, "-", "-"]`, 'NOTIFY']]), ''), 'error');
    expect(err('[gt, [1]]')).toEqual(['ERDL-E307']);
    expect(err('[gt]')).toEqual(['ERDL-E307']);
    expect(err('[between, [9, 1]]')).toEqual(['ERDL-E309']);
    expect(err('[greater, 1]')).toEqual(['ERDL-E304']);
    expect(err(`[in, [${Array.from({ length: 257 }, (_, i) => i).join(', ')}]]`)).toEqual([
      'ERDL-E602',
    ]);
    expect(err('[match, "(?i)x"]')).toEqual(['ERDL-E604']);
  });

  it.each([['[within, "10m"]'], ['[rate, "5/1h"]']])('a modifier in a cell %s is E508', (cell) => {
    const r = compileTable(table3([[`[${cell}, "-", "-"]`, 'NOTIFY']]), '');
    expect(codes(r, 'error')).toEqual(['ERDL-E508']);
  });
});

describe('rows', () => {
  it('rows after an unconditional row are unreachable (W507, once per row)', () => {
    const r = compileTable(
      table3([
        ['[[gt, 1], "-", "-"]', 'NOTIFY'],
        ['[]', 'ALLOW'],
        ['[[gt, 2], "-", "-"]', 'NOTIFY'],
        ['["-", "-", "-"]', 'NOTIFY'],
      ]),
      '',
    );
    expect(codes(r, 'error')).toEqual([]);
    expect(codes(r, 'warning')).toEqual(['ERDL-W507', 'ERDL-W507']);
    expect(messages(r, 'ERDL-W507')).toEqual([
      'Row 3 can never be reached: row 2 above it matches unconditionally',
      'Row 4 can never be reached: row 2 above it matches unconditionally',
    ]);
    expect(rulesOf(r).map((x) => x.name)).toEqual([
      'TST-002-table#1',
      'TST-002-table#2',
      'TST-002-table#3',
      'TST-002-table#4',
    ]);
  });

  it('a default row last is fine', () => {
    const r = compileTable(
      table3([
        ['[[gt, 1], "-", "-"]', 'NOTIFY'],
        ['[]', 'ALLOW'],
      ]),
      '',
    );
    expect(codes(r)).toEqual([]);
  });

  it('columns and rows must be non-empty (E501 / E502); unknown keys are E506', () => {
    expect(
      codes(
        compileTable('kind: decision_table\ncolumns: []\nrows:\n  - when: []\n    then: ALLOW'),
      ),
    ).toContain('ERDL-E501');
    expect(
      codes(compileTable('kind: decision_table\ncolumns:\n  - field: "context.a"\nrows: []')),
    ).toContain('ERDL-E502');
    expect(
      codes(
        compileTable(
          'kind: decision_table\ncolumns:\n  - field: "context.a"\n    format: "number"\nrows:\n  - when: []\n    then: ALLOW',
        ),
        'error',
      ),
    ).toEqual(['ERDL-E506']);
  });
});

describe('E7 ⑤: a row is the hand-written Simple and Expression rule', () => {
  const cases: { cells: string; simple: string; expression: string }[] = [
    {
      cells: '[[gte, 10000], "-", "-"]',
      simple: '  - {field: "context.amount", operator: gte, value: 10000}',
      expression: '{gte: [{field: "context.amount"}, 10000]}',
    },
    {
      cells: '[[between, [1, 5]], [in, ["eu", "us"]], "-"]',
      simple:
        '  - {field: "context.amount", operator: between, value: [1, 5]}\n  - {field: "context.region", operator: in, value: ["eu", "us"]}',
      expression:
        '{and: [{between: [{field: "context.amount"}, 1, 5]}, {in: [{field: "context.region"}, ["eu", "us"]]}]}',
    },
    {
      cells: '[[count_lt, 2], [not_exists], [not_ends_with, ".pem"]]',
      simple:
        '  - {field: "context.amount", operator: count_lt, value: 2}\n  - {field: "context.region", operator: not_exists}\n  - {field: "context.path", operator: not_ends_with, value: ".pem"}',
      expression:
        '{and: [{exists: {field: "context.amount"}}, {lt: [{aggregate: [count, {field: "context.amount"}]}, 2]}, {not: {exists: {field: "context.region"}}}, {exists: {field: "context.path"}}, {not: {ends_with: [{field: "context.path"}, ".pem"]}}]}',
    },
    {
      cells: '["-", [match, "^e[a-z]$"], [ne, null]]',
      simple:
        '  - {field: "context.region", operator: matches, value: "^e[a-z]$"}\n  - {field: "context.path", operator: ne, value: null}',
      expression:
        '{and: [{match: [{field: "context.region"}, "^e[a-z]$"]}, {ne: [{field: "context.path"}, null]}]}',
    },
  ];

  for (const c of cases) {
    it(`row ${c.cells}`, () => {
      const row = onlyRule(compileTable(table3([[c.cells, 'NOTIFY']]), ''));
      const simple = onlyRule(compileWhenText(`logic: AND\nconditions:\n${c.simple}`));
      const expression = onlyRule(compileWhenText(`expr: ${c.expression}`));
      expect(JSON.stringify(canonical(row.when))).toBe(JSON.stringify(canonical(simple.when)));
      expect(JSON.stringify(canonical(row.when))).toBe(JSON.stringify(canonical(expression.when)));
      expect(row.hash).toBe(simple.hash);
      expect(row.hash).toBe(expression.hash);
    });
  }
});
