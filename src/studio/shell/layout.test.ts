import { describe, expect, it } from 'vitest';
import {
  COLUMN_MAX,
  COLUMN_MIN,
  clampColumn,
  DEFAULT_LAYOUT,
  parseLayout,
  SIDE_DEFAULT,
  SIDE_MAX,
  tableKey,
} from './layout';

describe('the stored layout', () => {
  it('round-trips every preference, column widths included', () => {
    const layout = {
      sideWidth: 636,
      tableView: ['d1'],
      yamlCollapsed: ['d1'],
      columnWidths: { [tableKey('d1', 'loan-table')]: { c0: 120, decision: 201 } },
    };
    expect(parseLayout(JSON.stringify(layout))).toEqual(layout);
  });

  it('reads what it cannot trust field by field: never a crash, never an unbounded width', () => {
    expect(parseLayout(null)).toEqual(DEFAULT_LAYOUT);
    expect(parseLayout('{not json')).toEqual(DEFAULT_LAYOUT);
    expect(parseLayout('[1,2]').columnWidths).toEqual({});
    const odd = parseLayout(
      JSON.stringify({
        sideWidth: 99999,
        tableView: ['a', 3],
        columnWidths: {
          t1: { c0: 5, c1: 1e9, c2: 'wide', c3: null, decision: 300.4 },
          t2: 'x',
          t3: [1],
          t4: { c0: 'nope' },
        },
      }),
    );
    expect(odd.sideWidth).toBe(SIDE_MAX);
    expect(odd.tableView).toEqual(['a']);
    expect(odd.columnWidths).toEqual({ t1: { c0: COLUMN_MIN, c1: COLUMN_MAX, decision: 300 } });
    expect(parseLayout(JSON.stringify({ sideWidth: 'x' })).sideWidth).toBe(SIDE_DEFAULT);
  });

  it('keeps one table apart from another of the same document, and documents apart', () => {
    const keys = new Set([
      tableKey('d1', 'a'),
      tableKey('d1', 'b'),
      tableKey('d2', 'a'),
      tableKey('d1a', ''),
    ]);
    expect(keys.size).toBe(4);
    expect([clampColumn(Number.NaN), clampColumn(Infinity), clampColumn(64.6)]).toEqual([
      COLUMN_MIN,
      COLUMN_MAX,
      65,
    ]);
  });
});
