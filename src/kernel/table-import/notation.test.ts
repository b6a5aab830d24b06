import { describe, expect, it } from 'vitest';
import { applyTextEdits, editTable, readTables, type TableModel } from '../table-edit';
import { columnType, readCell } from '../table-edit/cell-reader';
import { notationOf } from './notation';
import { planSheetUpdate, readSheetMeta, tableSheets } from './sheet-round-trip';

/**
 * A changed cell is written as the grid writes the same typed text, kept where the YAML can hold
 * its notation, and otherwise written in ERDL's notation with the reason (notation.ts).
 */
const DOC = `protocol: "erdl/v2"
version: "2.1.0"
metadata:
  name: "notation"
  description: "Notation"
  category: finance
  decision: DENY
rules:
  - name: "FIN-301-notation"
    description: "A table for notations"
    priority: 10
    when:
      kind: decision_table
      columns:
        - field: "context.amount"
          label: "amount"
        - field: "context.segment"
          label: "segment"
          type: string
        - field: "context.vip"
          label: "vip"
          type: boolean
      rows:
        - when: [[gte, 100000], [eq, "gold"], [eq, true]]
          then: ALLOW
        - when: []
          then: DENY
`;

function tableOf(text: string): TableModel {
  const read = readTables(text);
  if (!read.ok || !read.tables[0]) throw new Error('no table');
  return read.tables[0];
}

/** The document after the workbook's row 1, column `column`, is typed `typed`. */
function updated(column: number, typed: string) {
  const table = tableOf(DOC);
  const { grid, meta } = tableSheets(DOC, table);
  const edited = grid.map((r) => [...r]);
  (edited[1] as string[])[column] = typed;
  const plan = planSheetUpdate(DOC, table, edited, readSheetMeta(meta));
  if (!plan.ok) throw new Error(JSON.stringify(plan.problems));
  const change = plan.changes[0];
  if (change?.kind !== 'changed' || !plan.edit) throw new Error('no change');
  return { text: applyTextEdits(DOC, [plan.edit]) as string, cell: change.cells[0] };
}

/** The document after the grid's commit of the same typed text (read by the column, setCell). */
function gridWrites(column: number, typed: string): string {
  const table = tableOf(DOC);
  const read = readCell(typed, columnType(table, column));
  if (!read.ok) throw new Error(read.message.en);
  const result = editTable(DOC, table, { kind: 'setCell', row: 0, column, cell: read.cell });
  if (!result.ok) throw new Error(result.message.en);
  return applyTextEdits(DOC, result.edits) as string;
}

// [column, typed, written in the grid's text, the YAML cell, kept as typed or the reason].
const CASES: readonly (readonly [number, string, string, string, string | null])[] = [
  // Held by the YAML as typed (the grid's own notation, decimals as written).
  [0, '>= 120000', '>= 120000', '[gte, 120000]', null],
  [0, '>= 0.450', '>= 0.450', '[gte, 0.450]', null],
  [0, 'between [700, 749]', 'between [700, 749]', '[between, [700, 749]]', null],
  [0, 'in [1, 2]', 'in [1, 2]', '[in, [1, 2]]', null],
  [0, '-', '-', '"-"', null],
  [1, '= "silver"', '= "silver"', '[eq, "silver"]', null],
  // Written in ERDL's notation, with the reason.
  [0, '>= 100,000.50', '>= 100000.50', '[gte, 100000.50]', 'thousands separators'],
  [0, '700-749', 'between [700, 749]', '[between, [700, 749]]', 'between [min, max]'],
  [0, '1,000 to 5,000', 'between [1000, 5000]', '[between, [1000, 5000]]', 'thousands'],
  [0, 'not between 1 and 5', 'not_between [1, 5]', '[not_between, [1, 5]]', 'between [min'],
  [0, '≥ 650', '>= 650', '[gte, 650]', 'a comparison is written'],
  [0, '>=650', '>= 650', '[gte, 650]', 'with a space'],
  [0, '<> 3', '!= 3', '[ne, 3]', 'a comparison is written'],
  [0, '＞＝７００', '>= 700', '[gte, 700]', 'full-width'],
  [0, '700', '= 700', '[eq, 700]', 'a value alone'],
  [0, '+0700', '= 700', '[eq, 700]', 'plus sign or leading zeros'],
  [0, 'in 1, 2; 3', 'in [1, 2, 3]', '[in, [1, 2, 3]]', 'a list is written'],
  [0, 'any', '-', '"-"', 'any value is written -'],
  [0, '任意', '-', '"-"', 'any value is written -'],
  [1, 'silver', '= "silver"', '[eq, "silver"]', 'double quotes'],
  [1, 'in a, b', 'in ["a", "b"]', '[in, ["a", "b"]]', 'double quotes'],
  [2, 'no', '= false', '[eq, false]', 'true and false'],
  [2, '否', '= false', '[eq, false]', 'true and false'],
];

describe('a changed cell as the update writes it', () => {
  for (const [column, typed, written, yaml, why] of CASES)
    it(`${JSON.stringify(typed)} → ${written}${why === null ? ' (as typed)' : ''}`, () => {
      const { text, cell } = updated(column, typed);
      expect(cell?.becomes).toBe(written);
      if (why === null) expect(cell?.typed).toBeUndefined();
      else {
        expect(cell?.typed?.text).toBe(typed);
        expect(cell?.typed?.why.en).toContain(why);
        expect(cell?.typed?.why.zh).not.toBe('');
      }
      // The grid and the update write a typed text alike, and the YAML holds the cell read.
      expect(text).toBe(gridWrites(column, typed));
      const row = tableOf(text).rows[0];
      expect(text.split('\n').find((l) => l.includes('when: ['))).toContain(yaml);
      expect(row?.cells[column] && readCell(written, columnType(tableOf(text), column)).ok).toBe(
        true,
      );
    });
});

describe('notationOf', () => {
  it('says nothing of a cell typed as the grid writes it', () => {
    const read = readCell('>= 1.50', 'number');
    if (!read.ok) throw new Error('unread');
    expect(notationOf('  >= 1.50 ', read.cell)).toEqual({ written: '>= 1.50', why: null });
  });
  it('names every reason, in both languages', () => {
    const read = readCell('≥１,０００', 'number');
    if (!read.ok) throw new Error('unread');
    const n = notationOf('≥１,０００', read.cell);
    expect(n.written).toBe('>= 1000');
    expect(n.why?.en).toBe(
      'full-width characters are written in ASCII; a number is written without thousands separators; a comparison is written =, !=, <, <=, > or >= and the value, with a space',
    );
    expect(n.why?.zh.split('；')).toHaveLength(3);
  });
});
