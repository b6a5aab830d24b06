import { type Bounds, planPaste, type TableModel, type TableOp } from '../../../kernel/table-edit';
import { format } from '../../i18n/i18n';
import type { Lang } from '../../store/types';
import { decisionWord } from './cell-phrase';
import { changeStrings } from './strings';
import { columnName, wideningText } from './widening-text';

/**
 * What Delete, Delete row and fill down did, said in the grid's status line in display names:
 * "Cleared 3 cells to any value (row 2: credit score, loan amount; row 3: credit score)",
 * "Deleted row 4 (ESCALATE)", and why a fill down stops at the default row.
 */

/** The index of the default row, or -1. */
const defaultRow = (table: TableModel) => table.rows.findIndex((r) => r.isDefault);

export type ClearPlan =
  /** The cells to clear (condition cells not already "any"), and the sentence saying so. */
  | {
      readonly kind: 'clear';
      readonly bounds: Bounds;
      readonly cells: number;
      readonly text: string;
    }
  /** Nothing to clear, and why (said in the status line). */
  | { readonly kind: 'nothing'; readonly text: string }
  /** Nothing selected Delete could clear (kept for callers; planClear says why instead). */
  | { readonly kind: 'none' };

/** What Delete on the selection `b` clears: every selected condition cell becomes "-". */
export function planClear(table: TableModel, b: Bounds, lang: Lang): ClearPlan {
  const s = changeStrings[lang].status;
  const conditions = table.columns.length;
  if (b.left >= conditions) return { kind: 'nothing', text: s.clearNotConditions };
  const d = defaultRow(table);
  if (d >= 0 && b.top >= d) return { kind: 'nothing', text: s.clearDefaultRow };
  const bottom = d >= 0 ? Math.min(b.bottom, d - 1) : b.bottom;
  const right = Math.min(b.right, conditions - 1);
  const rows: string[] = [];
  let cells = 0;
  for (let r = b.top; r <= bottom; r++) {
    const row = table.rows[r];
    if (!row) continue;
    const names: string[] = [];
    for (let c = b.left; c <= right; c++) {
      const cell = row.cells[c];
      if (!cell || cell.kind === 'any') continue;
      names.push(columnName(table, c, lang));
    }
    if (names.length === 0) continue;
    cells += names.length;
    rows.push(format(s.clearedRow, { row: r + 1, columns: names.join(s.columnSeparator) }));
  }
  if (cells === 0) return { kind: 'nothing', text: s.clearedNothing };
  return {
    kind: 'clear',
    bounds: { ...b, bottom, right },
    cells,
    text: format(s.cleared, { n: cells, cells: rows.join(s.rowSeparator) }),
  };
}

/** "Deleted row 4 (ESCALATE)", said before the row is gone (its decision and name are read now). */
export function deletedRowText(table: TableModel, row: number, lang: Lang): string | null {
  const r = table.rows[row];
  if (!r) return null;
  const s = changeStrings[lang].status;
  const decision = r.then === null ? '' : decisionWord(r.then, lang);
  return r.name
    ? format(s.deletedRowNamed, { row: row + 1, name: r.name, decision })
    : format(s.deletedRow, { row: row + 1, decision });
}

/**
 * A fill and the default row: refused (with the reason) when the selection holds no rule row to
 * fill but reaches the default row — for a fill down, none below its top row; for a fill right,
 * none at all; else, when it reaches the default row, the fill stops above it and `done` (the
 * fill's own sentence) says so.
 */
export function fillAndDefault(
  table: TableModel,
  b: Bounds,
  lang: Lang,
  direction: 'down' | 'right' = 'down',
): { readonly refused: string } | { readonly say: (done: string) => string } {
  const s = changeStrings[lang].status;
  const d = defaultRow(table);
  if (d < 0 || b.bottom < d) return { say: (done) => done };
  // The selection reaches the default row: it is never written (it has no conditions).
  const nothingToFill = direction === 'down' ? b.top >= d - 1 : b.top >= d;
  if (nothingToFill)
    return {
      refused: format(direction === 'down' ? s.fillIntoDefault : s.fillRightDefault, {
        row: d + 1,
      }),
    };
  return { say: (done) => format(s.fillSkippedDefault, { filled: done, row: d + 1 }) };
}

/**
 * What a fill or a multi-cell edit widens (a paste operation applied without a preview), as
 * sentences for the status line's details: the same flags the paste preview shows.
 */
export function blockWidenings(
  table: TableModel,
  op: Extract<TableOp, { kind: 'paste' }>,
  lang: Lang,
): string[] {
  const plan = planPaste(table, { row: op.row, column: op.column }, op.cells, op.selection);
  return plan.widenings.map((w) => wideningText(w, table, lang).text);
}
