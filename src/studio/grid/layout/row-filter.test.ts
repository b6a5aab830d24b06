import { describe, expect, it } from 'vitest';
import type { TableOp } from '../../../kernel/table-edit';
import { firstTable } from '../../../kernel/test-support';
import { filterRefusal, filterRows, rowHaystacks, shownRow } from './row-filter';

const TEXT = `protocol: "erdl/v2"
version: "2.1.0"
metadata:
  name: "limits"
  decision: DENY
rules:
  - name: "FIN-310-limits"
    when:
      kind: decision_table
      columns:
        - field: "context.credit_score"
          label: { zh: "信用评分", en: "credit score" }
        - field: "context.segment"
          label: { zh: "客户分层", en: "customer segment" }
      rows:
        - name: "prime"
          when: [[gte, 750], [in, ["gold", "platinum"]]]
          then: ALLOW
        - name: "large-limit-review"
          when: [[gte, 700], "-"]
          then: REQUEST_HUMAN
          priority: 5
          message: "Requested limit above 50,000: a credit officer approves it"
        - when: [[between, [600, 699]], [eq, "standard"]]
          then: ESCALATE
          message: "Near-prime applicant: escalated"
        - when: []
          then: DENY
          message: "Outside the matrix"
`;
const table = firstTable(TEXT);
const hay = rowHaystacks(table);
const rows = (q: string) => filterRows(hay, q)?.rows ?? null;

describe('row search', () => {
  it('shows every row for an empty or blank query', () => {
    expect(filterRows(hay, '')).toBeNull();
    expect(filterRows(hay, '   ')).toBeNull();
  });

  it('finds rows by cell text, decision code or word in either language, name, row text, priority', () => {
    expect(rows('platinum')).toEqual([0]);
    expect(rows('>= 7')).toEqual([0, 1]);
    expect(rows('request_human')).toEqual([1]);
    expect(rows('Request human')).toEqual([1]);
    expect(rows('人工裁决')).toEqual([1]);
    expect(rows('升级')).toEqual([2]);
    expect(rows('escalate')).toEqual([2]);
    expect(rows('large-limit')).toEqual([1]);
    expect(rows('FIN-310-limits#3')).toEqual([2]);
    expect(rows('credit officer')).toEqual([1]);
    expect(rows('default')).toEqual([3]);
    expect(rows('默认行')).toEqual([3]);
  });

  it('ignores case and full-width forms; every term must match', () => {
    expect(rows('ＡＬＬＯＷ')).toEqual([0]);
    expect(rows('DENY outside')).toEqual([3]);
    expect(rows('deny platinum')).toEqual([]);
  });
});

describe('edits while the search hides rows', () => {
  const filter = filterRows(hay, 'officer') ?? undefined; // shows row 2 (index 1) only
  const op = (o: TableOp) => filterRefusal(o, table, filter ?? null);

  it('lets every edit through when nothing is hidden', () => {
    expect(filterRefusal({ kind: 'deleteRow', row: 0 }, table, null)).toBeNull();
    const all = filterRows(hay, 'limits');
    expect(all?.rows).toEqual([0, 1, 2, 3]);
    expect(filterRefusal({ kind: 'deleteRow', row: 0 }, table, all)).toBeNull();
  });

  it('edits a cell of a shown row, never of a hidden one', () => {
    expect(op({ kind: 'setDecision', row: 1, decision: 'DENY' })).toBeNull();
    expect(op({ kind: 'setPriority', row: 1, priority: 2 })).toBeNull();
    const refused = op({ kind: 'setDecision', row: 0, decision: 'DENY' });
    expect(refused?.en).toContain('row 1');
    expect(refused?.zh).toContain('第 1 行');
    expect(op({ kind: 'setRowText', row: 2, key: 'message', value: 'x' })).not.toBeNull();
  });

  it('pastes only onto shown rows that exist (a paste never adds rows while filtered)', () => {
    const paste = (row: number, n: number): TableOp => ({
      kind: 'paste',
      row,
      column: 0,
      cells: Array.from({ length: n }, () => ['>= 1']),
      confirm: true,
    });
    expect(op(paste(1, 1))).toBeNull();
    expect(op(paste(1, 2))?.en).toContain('write row 3, which the search hides or which does not');
    expect(op(paste(1, 2))?.zh).toContain('写入第 3 行，该行被搜索隐藏');
    expect(op(paste(0, 3))?.en).toContain('rows 1, 3, which the search hides or which do not');
    expect(op(paste(0, 3))?.zh).toContain('第 1、3 行，这些行');
    // Showing the last rows: a paste reaching the default row or past the end is refused.
    const tail = filterRows(hay, 'matrix');
    expect(filterRefusal(paste(3, 1), table, tail)).not.toBeNull();
  });

  it('refuses every structural edit, and any edit it does not know', () => {
    for (const o of [
      { kind: 'addRow', at: 2, from: 1 },
      { kind: 'duplicateRow', row: 1 },
      { kind: 'deleteRow', row: 1 },
      { kind: 'moveRow', from: 1, to: 0 },
      { kind: 'addColumn', at: 0, field: 'context.x' },
      { kind: 'deleteColumn', column: 0 },
      { kind: 'moveColumn', from: 0, to: 1 },
      { kind: 'someFutureEdit', row: 1 },
    ] as unknown as TableOp[]) {
      const refused = op(o);
      expect(refused?.en).toContain('3 rows are hidden by the search');
      expect(refused?.zh).toContain('搜索隐藏了 3 行');
    }
  });
});

describe('moving the selection while filtered', () => {
  const f = { query: 'x', rows: [0, 2], shown: new Set([0, 2]), total: 4 };
  it('skips hidden rows in the direction of the move, and stays at the edge', () => {
    expect(shownRow(f, 0, 1)).toBe(2);
    expect(shownRow(f, 2, 1)).toBe(0);
    expect(shownRow(f, 2, 3)).toBe(2);
    expect(shownRow(f, 1, 1)).toBe(0);
    expect(shownRow(null, 0, 1)).toBe(1);
  });
});
