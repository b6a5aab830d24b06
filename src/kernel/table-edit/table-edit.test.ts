import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileDocument } from '../compile';
import type { TextEdit } from '../diagnostics/diagnostic';
import { csvToTableEntry, importCsvEdit, tableToCsv } from '../table-import/csv';
import {
  applyTextEdits,
  type CellInput,
  formatCell,
  groupToTableEdit,
  parseCell,
  parseDelimited,
  patchRead,
  readTables,
  type TableModel,
  type TableOp,
  tableEdit,
} from './index';

const LOAN = readFileSync(
  new URL('../../studio/examples/loan-decision-table.erdl.yaml', import.meta.url),
  'utf8',
);
const SPEC = readFileSync(
  new URL('../document/__fixtures__/spec-5.4-decision-table.erdl.yaml', import.meta.url),
  'utf8',
);

/** A table whose rows write their cells as block sequences, with comments everywhere. */
const BLOCK = `protocol: "erdl/v2"
version: "2.1.0"
metadata:
  name: "block-cells"
  description: "cells as block sequences"
  decision: ALLOW
rules:
  - name: "T-1"
    description: "block style cells"
    priority: 10
    when:
      kind: decision_table
      columns:
        - field: "context.a"   # first
        - field: "context.b"
      rows:
        # row one
        - when:
            - ["gt", 1]
            - "-"
          then: ALLOW
        - when:
            - "-"
            - ["eq", "x"]   # trailing
          then: ALLOW
          priority: 3
  # a comment after the last rule
`;

function tableOf(text: string, entry?: string): TableModel {
  const read = readTables(text);
  if (!read.ok) throw new Error('does not read');
  const table = entry ? read.tables.find((t) => t.entry === entry) : read.tables[0];
  if (!table) throw new Error('no table');
  return table;
}

function cell(text: string): CellInput {
  const parsed = parseCell(text);
  if (!parsed.ok) throw new Error(parsed.message.en);
  return parsed.cell;
}

/** Applies an op and checks that nothing outside its edits' span changed, byte for byte. */
function run(text: string, op: TableOp) {
  const table = tableOf(text);
  const outcome = tableEdit(text, table.entry, op);
  if (!outcome.ok) throw new Error(outcome.message.en);
  const after = applyTextEdits(text, outcome.edits) as string;
  expect(after).toBe(outcome.after.text);
  expectOnlyInside(text, after, outcome.edits);
  return { after, table: tableOf(after, table.entry), outcome };
}

function expectOnlyInside(before: string, after: string, edits: readonly TextEdit[]) {
  const start = Math.min(...edits.map((e) => e.range.start));
  const end = Math.max(...edits.map((e) => e.range.end));
  expect(after.slice(0, start)).toBe(before.slice(0, start));
  expect(after.slice(after.length - (before.length - end))).toBe(before.slice(end));
  // Each edit only touches its own range: what lies between edits is kept too.
  const sorted = [...edits].sort((a, b) => a.range.start - b.range.start);
  let shift = 0;
  for (let i = 0; i < sorted.length - 1; i++) {
    const a = sorted[i] as TextEdit;
    const b = sorted[i + 1] as TextEdit;
    shift += a.newText.length - (a.range.end - a.range.start);
    expect(after.slice(a.range.end + shift, b.range.start + shift)).toBe(
      before.slice(a.range.end, b.range.start),
    );
  }
}

const comments = (text: string) => text.split('\n').filter((l) => l.trimStart().startsWith('#'));
const cellsOf = (t: TableModel) => t.rows.map((r) => r.cells.map((c) => formatCell(c)));
const compiles = (text: string) =>
  compileDocument(text).diagnostics.filter((d) => d.severity === 'error');

describe('reading tables', () => {
  it('reads the loan table: columns, cells, decisions, the default row', () => {
    const t = tableOf(LOAN);
    expect(t.entry).toBe('FIN-201-loan-decision');
    expect(t.columns.map((c) => [c.field, c.label])).toEqual([
      ['context.credit_score', { zh: '信用评分', en: 'credit score' }],
      ['context.amount', { zh: '贷款金额', en: 'loan amount' }],
    ]);
    expect(cellsOf(t)).toEqual([
      ['< 580', '-'],
      ['>= 700', '<= 20000'],
      ['>= 700', '> 20000'],
      ['between [580, 699]', '<= 5000'],
      [],
    ]);
    expect(t.rows.map((r) => r.then)).toEqual([
      'DENY',
      'ALLOW',
      'REQUEST_HUMAN',
      'ESCALATE',
      'DENY',
    ]);
    expect(t.rows[4]?.isDefault).toBe(true);
    expect(t.structural).toBe(true);
  });

  it('refuses a document that does not parse, with positioned bilingual problems', () => {
    const read = readTables(LOAN.replace('then: ALLOW', 'then: "ALLOW'));
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.problems[0]?.line).toBeGreaterThan(1);
    expect(read.problems[0]?.message.zh).not.toBe('');
  });

  it('reads a group of Simple rules as a read-only table', () => {
    const text = readFileSync(
      new URL('../document/__fixtures__/spec-10.1-quick-start.erdl.yaml', import.meta.url),
      'utf8',
    );
    const read = readTables(text);
    expect(read.ok && read.simpleGroups[0]?.fields).toEqual(['tool.name', 'tool.args.amount']);
  });
});

describe('cell text', () => {
  it.each([
    ['-', '-'],
    ['', '-'],
    ['>= 700', '>= 700'],
    ['≥700', '>= 700'],
    ['gte 700', '>= 700'],
    ['700', '= 700'],
    ['approved', '= "approved"'],
    ['between 580, 699', 'between [580, 699]'],
    ['in a, b', 'in ["a", "b"]'],
    ['exists', 'exists'],
    ['neq "x"', '!= "x"'],
    ['length_gt 3', 'length_gt 3'],
  ])('reads %j as %j', (input, shown) => {
    expect(formatCell(cell(input))).toBe(shown);
  });

  it.each([
    ['between [9, 1]', 'min ≤ max'],
    ['within 10m', 'modifier'],
    ['exists 3', 'takes no value'],
    ['in [[1]]', 'list of values'],
    ['length_gt -1', 'whole number'],
    ['contains 5', 'quoted string'],
    ['= [1, 2', 'cannot read'],
  ])('refuses %j (%s) in both languages', (input, why) => {
    const parsed = parseCell(input);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.message.en).toContain(why);
    expect(parsed.message.zh).toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('grid operations are minimal edits', () => {
  it('sets a cell in place, keeping every comment', () => {
    const { after, table } = run(LOAN, {
      kind: 'setCell',
      row: 1,
      column: 1,
      cell: cell('<= 25000'),
    });
    expect(cellsOf(table)[1]).toEqual(['>= 700', '<= 25000']);
    expect(comments(after)).toEqual(comments(LOAN));
    expect(compiles(after)).toEqual([]);
  });

  it('turns the default row into a full row when one of its cells is set', () => {
    const { table } = run(LOAN, { kind: 'setCell', row: 4, column: 0, cell: cell('>= 1') });
    expect(cellsOf(table)[4]).toEqual(['>= 1', '-']);
  });

  it('sets the decision keeping its quoting, and adds, changes and removes a priority', () => {
    // The shipped example writes keywords bare (§2.3); a quoted one stays quoted.
    const quoted = LOAN.replace('then: ALLOW\n', 'then: "ALLOW"\n');
    const decided = run(quoted, { kind: 'setDecision', row: 1, decision: 'NOTIFY' });
    expect(decided.after).toContain('then: "NOTIFY"');
    expect(run(LOAN, { kind: 'setDecision', row: 1, decision: 'NOTIFY' }).after).toContain(
      'then: NOTIFY\n',
    );
    const added = run(LOAN, { kind: 'setPriority', row: 1, priority: 5 });
    expect(added.table.rows[1]?.priority).toBe(5);
    const changed = run(added.after, { kind: 'setPriority', row: 1, priority: 7 });
    expect(changed.table.rows[1]?.priority).toBe(7);
    const removed = run(changed.after, { kind: 'setPriority', row: 1, priority: null });
    expect(removed.after).toBe(LOAN);
  });

  it('adds, duplicates, moves and deletes rows as whole lines', () => {
    const added = run(LOAN, { kind: 'addRow', at: 4 });
    expect(cellsOf(added.table)[4]).toEqual(['-', '-']);
    expect(added.table.rows).toHaveLength(6);
    const dup = run(LOAN, { kind: 'duplicateRow', row: 1 });
    expect(cellsOf(dup.table)[2]).toEqual(cellsOf(dup.table)[1]);
    const moved = run(LOAN, { kind: 'moveRow', from: 0, to: 2 });
    expect(cellsOf(moved.table).slice(0, 3)).toEqual([
      ['>= 700', '<= 20000'],
      ['>= 700', '> 20000'],
      ['< 580', '-'],
    ]);
    // The row's own comment moves with it.
    expect(moved.after.indexOf('# A poor score')).toBeGreaterThan(
      moved.after.indexOf('# Good score, large'),
    );
    const back = run(moved.after, { kind: 'moveRow', from: 2, to: 0 });
    expect(back.after).toBe(LOAN);
    const deleted = run(LOAN, { kind: 'deleteRow', row: 3 });
    expect(deleted.table.rows).toHaveLength(4);
    expect(deleted.after).not.toContain('Fair score');
    expect(compiles(deleted.after)).toEqual([]);
  });

  it('adds, moves and deletes columns, cells following in every row', () => {
    const added = run(LOAN, { kind: 'addColumn', at: 1, field: 'context.term', label: 'term' });
    expect(added.table.columns.map((c) => c.field)).toEqual([
      'context.credit_score',
      'context.term',
      'context.amount',
    ]);
    expect(cellsOf(added.table)[1]).toEqual(['>= 700', '-', '<= 20000']);
    expect(compiles(added.after)).toEqual([]);
    const moved = run(LOAN, { kind: 'moveColumn', from: 0, to: 1 });
    expect(cellsOf(moved.table)[3]).toEqual(['<= 5000', 'between [580, 699]']);
    const back = run(moved.after, { kind: 'moveColumn', from: 1, to: 0 });
    expect(back.after).toBe(LOAN);
    const deleted = run(added.after, { kind: 'deleteColumn', column: 1 });
    expect(deleted.after).toBe(LOAN);
  });

  it('works on block-style cells and a text without a final line break', () => {
    const text = BLOCK.replace(/\n$/, '');
    const set = run(text, { kind: 'setCell', row: 1, column: 1, cell: cell('= "y"') });
    expect(cellsOf(set.table)[1]).toEqual(['-', '= "y"']);
    expect(set.after).toContain('# trailing');
    const col = run(text, { kind: 'addColumn', at: 2, field: 'context.c' });
    expect(cellsOf(col.table)).toEqual([
      ['> 1', '-', '-'],
      ['-', '= "x"', '-'],
    ]);
    expect(run(col.after, { kind: 'deleteColumn', column: 2 }).after).toBe(text);
    const moved = run(text, { kind: 'moveColumn', from: 0, to: 1 });
    expect(cellsOf(moved.table)).toEqual([
      ['-', '> 1'],
      ['= "x"', '-'],
    ]);
    const rows = run(text, { kind: 'moveRow', from: 0, to: 1 });
    expect(rows.table.rows.map((r) => r.priority)).toEqual([3, null]);
    expect(compiles(rows.after)).toEqual([]);
    expect(comments(rows.after).sort()).toEqual(comments(text).sort());
  });

  it('edits the spec §5.4 table (trailing comment on the default row)', () => {
    const dup = run(SPEC, { kind: 'duplicateRow', row: 2 });
    expect(dup.table.rows).toHaveLength(4);
    const del = run(SPEC, { kind: 'deleteRow', row: 2 });
    expect(del.after).not.toContain('# default row');
    expect(compiles(del.after)).toEqual([]);
  });

  it('refuses what would leave no row or column, in both languages', () => {
    const t = tableOf(SPEC);
    const noColumn = tableEdit(SPEC, t.entry, { kind: 'deleteColumn', column: 0 });
    expect(noColumn.ok).toBe(false);
    if (!noColumn.ok) expect(noColumn.message.zh).toContain('至少');
    const bad = tableEdit(SPEC, t.entry, { kind: 'setDecision', row: 0, decision: 'MAYBE' });
    expect(bad.ok).toBe(false);
    const gone = tableEdit(SPEC, 'nope', { kind: 'addRow', at: 0 });
    expect(gone.ok).toBe(false);
  });
});

describe('paste', () => {
  it('pastes a 5×3 block whole or not at all: one bad cell refuses all of it, saying where', () => {
    const tsv =
      '< 500\t-\tDENY\n>= 800\t<= 50000\tALLOW\n>= 650\t> 50000\tREQUEST_HUMAN\nbetween 500, 649\t<= 2000\tESCALATE\n>= 1\tin {a: 1}\tMAYBE\n';
    const block = parseDelimited(tsv);
    expect(block).toHaveLength(5);
    const t = tableOf(LOAN);
    const refused = tableEdit(LOAN, t.entry, {
      kind: 'paste',
      row: 2,
      column: 0,
      cells: block,
      confirm: true,
    });
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.message.en).toContain('nothing was pasted: 2 problems');
      expect(refused.message.en).toContain('pasted row 5, “loan amount” (context.amount)');
      expect(refused.message.zh).toContain('未粘贴任何内容');
    }
    // Without the bad row it applies, after confirmation: rows reaching the default row are
    // inserted above it and the default row stays last.
    const good = block.slice(0, 4);
    const unconfirmed = tableEdit(LOAN, t.entry, { kind: 'paste', row: 2, column: 0, cells: good });
    expect(unconfirmed.ok).toBe(false);
    const { table, after } = run(LOAN, {
      kind: 'paste',
      row: 2,
      column: 0,
      cells: good,
      confirm: true,
    });
    expect(table.rows).toHaveLength(7);
    expect(cellsOf(table).slice(2, 6)).toEqual([
      ['< 500', '-'],
      ['>= 800', '<= 50000'],
      ['>= 650', '> 50000'],
      ['between [500, 649]', '<= 2000'],
    ]);
    expect(table.rows.slice(2).map((r) => r.then)).toEqual([
      'DENY',
      'ALLOW',
      'REQUEST_HUMAN',
      'ESCALATE',
      'DENY',
    ]);
    expect(table.rows[6]?.isDefault).toBe(true);
    expect(comments(after)).toEqual(comments(LOAN));
  });

  it('reads CSV with quoted cells, and pastes priorities', () => {
    const block = parseDelimited('"between [1, 2]",5,allow,4\r\n');
    expect(block).toEqual([['between [1, 2]', '5', 'allow', '4']]);
    const { table } = run(LOAN, { kind: 'paste', row: 0, column: 0, cells: block });
    expect(cellsOf(table)[0]).toEqual(['between [1, 2]', '= 5']);
    expect(table.rows[0]?.priority).toBe(4);
    expect(table.rows[0]?.then).toBe('ALLOW');
  });
});

describe('CSV export and import', () => {
  it('exports a table and imports it back as a new table that compiles to the same rows', () => {
    const csv = tableToCsv(tableOf(LOAN));
    // Each column header carries its label (as JSON); the row texts follow priority.
    expect(parseDelimited(csv)[0]).toEqual([
      'context.credit_score {"zh":"信用评分","en":"credit score"}',
      'context.amount {"zh":"贷款金额","en":"loan amount"}',
      'then',
      'priority',
      'message',
      'instruction',
      'explanation',
      'correction',
      'name',
    ]);
    const entry = csvToTableEntry(csv, 'imported', 2);
    expect(entry.ok).toBe(true);
    const imported = importCsvEdit(LOAN, csv, 'FIN-202-imported');
    if (!imported.ok) throw new Error('refused');
    const after = applyTextEdits(LOAN, [imported.edit]) as string;
    expect(after.startsWith(LOAN)).toBe(true);
    const copy = tableOf(after, 'FIN-202-imported');
    expect(cellsOf(copy)).toEqual(cellsOf(tableOf(LOAN)));
    // Bilingual labels come back as they were.
    expect(copy.columns.map((c) => c.label)).toEqual(tableOf(LOAN).columns.map((c) => c.label));
    const compiled = compileDocument(after);
    const hashes = (entry: string) =>
      compiled.document?.rules.filter((r) => r.entry === entry).map((r) => JSON.stringify(r.when));
    expect(hashes('FIN-202-imported')).toEqual(hashes('FIN-201-loan-decision'));
  });

  it('refuses a CSV with bad cells, saying where', () => {
    const imported = importCsvEdit(LOAN, 'context.a,then\n"between [3, 1]",ALLOW\n-,NOPE\n', 'x');
    expect(imported.ok).toBe(false);
    if (imported.ok) return;
    expect(imported.problems.map((p) => [p.line, p.column])).toEqual([
      [2, 1],
      [3, 2],
    ]);
  });
});

describe('the fast path (patchRead) equals reading the edited text', () => {
  const read = readTables(LOAN);
  if (!read.ok) throw new Error('does not read');
  it.each<[string, TableOp]>([
    ['a cell', { kind: 'setCell', row: 1, column: 1, cell: cell('between [1, 2000]') }],
    ['a cell to any', { kind: 'setCell', row: 2, column: 0, cell: cell('-') }],
    ['a string cell', { kind: 'setCell', row: 0, column: 0, cell: cell('in "a", "b"') }],
    ['a decision', { kind: 'setDecision', row: 3, decision: 'DEFER' }],
  ])('%s', (_, op) => {
    const patched = patchRead(LOAN, read, 'FIN-201-loan-decision', op);
    if (!patched) throw new Error('no fast path');
    expect(patched.read).toEqual(readTables(patched.text));
  });

  it('declines what needs a re-read (rows, a default row, a new priority)', () => {
    const entry = 'FIN-201-loan-decision';
    expect(patchRead(LOAN, read, entry, { kind: 'addRow', at: 1 })).toBeNull();
    expect(
      patchRead(LOAN, read, entry, { kind: 'setCell', row: 4, column: 0, cell: cell('1') }),
    ).toBeNull();
    expect(patchRead(LOAN, read, entry, { kind: 'setPriority', row: 0, priority: 3 })).toBeNull();
  });
});

describe('a group of Simple rules as one decision table (issue §5)', () => {
  it('proposes one edit that compiles to the same rule trees', () => {
    const text = readFileSync(
      new URL('../document/__fixtures__/spec-10.1-quick-start.erdl.yaml', import.meta.url),
      'utf8',
    );
    const read = readTables(text);
    if (!read.ok) throw new Error('does not read');
    const group = read.simpleGroups[0];
    if (!group) throw new Error('no group');
    const converted = groupToTableEdit(text, group.rules);
    if (!converted.ok) throw new Error(converted.messages[0]?.en);
    const after = applyTextEdits(text, converted.fix.edits) as string;
    const before = compileDocument(text).document?.rules.map((r) => r.hash);
    const compiled = compileDocument(after);
    expect(compiled.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(compiled.document?.rules.map((r) => r.hash)).toEqual(before);
    const table = tableOf(after);
    expect(table.columns.map((c) => c.field)).toEqual(group.fields);
  });
});
