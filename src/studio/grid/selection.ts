import {
  formatCell,
  formatDelimited,
  type RowTextKey,
  type TableModel,
} from '../../kernel/table-edit';

export interface CellRef {
  readonly row: number;
  readonly col: number;
}

export interface Selection {
  readonly anchor: CellRef;
  readonly active: CellRef;
}

export function bounds(s: Selection) {
  return {
    top: Math.min(s.anchor.row, s.active.row),
    bottom: Math.max(s.anchor.row, s.active.row),
    left: Math.min(s.anchor.col, s.active.col),
    right: Math.max(s.anchor.col, s.active.col),
  };
}

export function isSelected(s: Selection, row: number, col: number): boolean {
  const b = bounds(s);
  return row >= b.top && row <= b.bottom && col >= b.left && col <= b.right;
}

/**
 * The grid text of one cell: conditions as the kernel formats them, then decision and priority,
 * then the row texts shown (`textKeys`).
 */
export function cellText(
  table: TableModel,
  row: number,
  col: number,
  textKeys: readonly RowTextKey[] = [],
): string {
  const r = table.rows[row];
  if (!r) return '';
  const conditions = table.columns.length;
  if (col < conditions) {
    const cell = r.cells[col];
    return r.isDefault || !cell ? '-' : formatCell(cell);
  }
  if (col === conditions) return r.then ?? '';
  if (col === conditions + 1) return r.priority === null ? '' : String(r.priority);
  const key = textKeys[col - conditions - 2];
  return key ? (r.texts[key]?.value ?? '') : '';
}

/**
 * The selection as TSV, the way spreadsheets put a range on the clipboard; while a search hides
 * rows, only the rows shown (`shown`), as a spreadsheet copies a filtered range.
 */
export function selectionTsv(
  table: TableModel,
  s: Selection,
  textKeys: readonly RowTextKey[] = [],
  shown?: (row: number) => boolean,
): string {
  const b = bounds(s);
  const rows: string[][] = [];
  for (let r = b.top; r <= b.bottom; r++) {
    if (shown && !shown(r)) continue;
    const line: string[] = [];
    for (let c = b.left; c <= b.right; c++) line.push(cellText(table, r, c, textKeys));
    rows.push(line);
  }
  return formatDelimited(rows, '\t');
}
