import type { Bilingual } from '../diagnostics/diagnostic';
import { type ColumnType, columnType, describeCell, readCell } from './cell-reader';
import { type CellInput, formatCell } from './cell-text';
import { readDecisionCell } from './decision-cell';
import type { RowModel, TableModel } from './model';
import { readPriorityCell } from './priority-cell';
import { type PasteWidening, pasteWidenings } from './widening';

/**
 * A paste, planned before anything is applied: how every pasted cell reads (operator and value,
 * or why it cannot be read), which rows it writes and which it adds, and what needs the user's
 * explicit confirmation. A paste applies whole or not at all (grid coordinates, 0-based: the
 * condition columns, then the decision, then the priority).
 */
export interface PlannedCell {
  /** Where the cell lands: an existing row's index, or -1 - k for the k-th new row. */
  readonly row: number;
  readonly column: number;
  /** Position in the pasted block (0-based). */
  readonly blockRow: number;
  readonly blockColumn: number;
  readonly text: string;
  readonly reading:
    | { readonly ok: true; readonly description: Bilingual }
    | { readonly ok: false; readonly message: Bilingual };
  /**
   * The cell as the grid shows it before the paste (`< 580`, a decision, a priority, '' when
   * empty), or null in a new row.
   */
  readonly was: string | null;
  /** False when the pasted cell reads exactly as the cell it lands on (the paste changes nothing). */
  readonly changed: boolean;
}

export interface PlannedRow {
  /** The existing row written, or null for a new row (inserted at `PastePlan.insertAt`). */
  readonly target: number | null;
  readonly blockRow: number;
  readonly cells: ReadonlyMap<number, CellInput>;
  readonly then: string | null;
  readonly priority: { readonly value: number | null } | null;
}

export interface PastePlan {
  readonly cells: readonly PlannedCell[];
  readonly rows: readonly PlannedRow[];
  /** Why the paste cannot be applied as it is (cells that do not read, rows that would widen). */
  readonly problems: readonly {
    readonly blockRow: number;
    readonly blockColumn: number | null;
    readonly message: Bilingual;
  }[];
  /** What the user must confirm before it applies (rows outside the selection, the default row). */
  readonly confirm: readonly Bilingual[];
  /**
   * The rows the paste widens or may widen (they would match inputs they did not match) and the
   * decisions it makes less blocking (widening.ts), in row order.
   */
  readonly widenings: readonly PasteWidening[];
  /** New rows are inserted before this row index (above the default row). */
  readonly insertAt: number;
  readonly newRows: number;
  readonly columnTypes: readonly ColumnType[];
}

export interface Bounds {
  readonly top: number;
  readonly bottom: number;
  readonly left: number;
  readonly right: number;
}

/** The index of the default row (`when: []`), if the table has one. */
export function defaultRowIndex(table: TableModel): number {
  return table.rows.findIndex((r) => r.isDefault);
}

/** A row that matches every input: no condition (the default row is not one of these). */
export const matchesEverything = (cells: readonly (CellInput | { kind: string })[]) =>
  cells.every((c) => c.kind === 'any');

/**
 * The reason a row of all "-" cells with decision `then` cannot stand above the default row, or
 * null when it decides what the default row decides (it then widens nothing).
 */
export function catchAllProblem(
  table: TableModel,
  rowNumber: number,
  then: string | null,
): Bilingual | null {
  const d = defaultRowIndex(table);
  const def = table.rows[d];
  if (!def || then === def.then) return null;
  return {
    en: `row ${rowNumber} would match every input (all cells "-") above the default row: it would decide ${then ?? '(none)'} for everything the rows above do not catch, instead of the default ${def.then ?? ''}. Give it a condition first`,
    zh: `第 ${rowNumber} 行将匹配所有输入（单元格全为「-」）且位于默认行之上：上方各行都不匹配的输入都会得到 ${then ?? '（无）'}，而不是默认行的 ${def.then ?? ''}。请先为它设置条件`,
  };
}

const cellOf = (row: RowModel, i: number): CellInput | { kind: string } =>
  row.isDefault ? { kind: 'any' } : (row.cells[i] ?? { kind: 'invalid' });

export function planPaste(
  table: TableModel,
  at: { readonly row: number; readonly column: number },
  block: readonly (readonly string[])[],
  selection?: Bounds,
): PastePlan {
  const conditions = table.columns.length;
  const columnTypes = table.columns.map((_, i) => columnType(table, i));
  const d = defaultRowIndex(table);
  // Rows land from `at.row` down; none lands on the default row: from there on they are new rows
  // inserted above it (and past the end, new rows at the end when there is no default row).
  const insertAt = d >= 0 && at.row <= d ? d : table.rows.length;
  const cells: PlannedCell[] = [];
  const rows: PlannedRow[] = [];
  const problems: PastePlan['problems'][number][] = [];
  let newRows = 0;
  block.forEach((values, k) => {
    const index = at.row + k;
    const existing = index < insertAt ? index : null;
    const rowRef = existing ?? -1 - newRows;
    if (existing === null) newRows += 1;
    const rowCells = new Map<number, CellInput>();
    let then: string | null = null;
    let priority: PlannedRow['priority'] = null;
    const base = existing === null ? undefined : table.rows[existing];
    values.forEach((raw, c) => {
      const column = at.column + c;
      const was = base ? gridText(base, column, conditions) : null;
      const place = { row: rowRef, column, blockRow: k, blockColumn: c, text: raw, was };
      const refuse = (message: Bilingual): void => {
        cells.push({ ...place, changed: true, reading: { ok: false, message } });
        problems.push({ blockRow: k, blockColumn: c, message });
      };
      if (column < conditions) {
        const read = readCell(raw, columnTypes[column] ?? 'unknown');
        if (!read.ok) {
          refuse(read.message);
          return;
        }
        rowCells.set(column, read.cell);
        cells.push({
          ...place,
          changed: was !== formatCell(read.cell),
          reading: { ok: true, description: describeCell(read.cell) },
        });
      } else if (column === conditions) {
        if (raw.trim() === '') {
          cells.push({
            ...place,
            changed: base === undefined,
            reading: { ok: true, description: { en: 'unchanged', zh: '不变' } },
          });
          return;
        }
        // A code in any case or the word the grid shows, in either language (decision-cell.ts).
        const read = readDecisionCell(raw);
        if (!read.ok) {
          refuse(read.message);
          return;
        }
        const decision = read.decision;
        then = decision;
        cells.push({
          ...place,
          changed: was !== decision,
          reading: { ok: true, description: { en: decision, zh: decision } },
        });
      } else if (column === conditions + 1) {
        // A whole number (full-width digits too) or empty for none (priority-cell.ts).
        const read = readPriorityCell(raw);
        if (!read.ok) {
          refuse(read.message);
          return;
        }
        const value = read.value;
        priority = { value };
        cells.push({
          ...place,
          changed: was !== (value === null ? '' : String(value)),
          reading: { ok: true, description: read.description },
        });
      } else if (raw.trim() !== '') {
        refuse({
          en: 'outside the table (past the priority column)',
          zh: '超出表格范围（在优先级列之后）',
        });
      }
    });
    rows.push({ target: existing, blockRow: k, cells: rowCells, then, priority });
    // The row as it will be: a row matching everything may not stand above the default row.
    const finalCells = table.columns.map(
      (_, i) => rowCells.get(i) ?? (base ? cellOf(base, i) : { kind: 'any' }),
    );
    const finalThen = then ?? (base ? base.then : (table.rows[d]?.then ?? null));
    const rowNumber = (existing ?? insertAt + newRows - 1) + 1;
    if (d >= 0 && (existing === null || existing < d) && matchesEverything(finalCells)) {
      const problem = catchAllProblem(table, rowNumber, finalThen);
      if (problem) problems.push({ blockRow: k, blockColumn: null, message: problem });
    }
  });
  const confirm: Bilingual[] = [];
  if (newRows > 0 && d >= 0 && insertAt === d) {
    confirm.push({
      en: `The paste reaches the default row (row ${d + 1}). It is kept: the pasted rows from there on (${newRows}) are inserted above it as new rows.`,
      zh: `粘贴内容到达默认行（第 ${d + 1} 行）。默认行保持不变：从这里起的粘贴行（${newRows} 行）作为新行插入到它上方。`,
    });
  }
  const sel = selection ?? { top: at.row, bottom: at.row, left: at.column, right: at.column };
  const outside = rows.filter(
    (r) => r.target !== null && (r.target < sel.top || r.target > sel.bottom),
  );
  if (outside.length > 0) {
    const list = outside.map((r) => (r.target as number) + 1).join(', ');
    confirm.push({
      en: `The paste overwrites rows outside the selection: ${outside.length === 1 ? 'row' : 'rows'} ${list}.`,
      zh: `粘贴会覆盖选区之外的行：第 ${list} 行。`,
    });
  }
  const widenings = problems.length > 0 ? [] : pasteWidenings(table, rows, insertAt);
  return { cells, rows, problems, confirm, widenings, insertAt, newRows, columnTypes };
}

/** A cell of an existing row as the grid shows it (condition, decision or priority column). */
function gridText(row: RowModel, column: number, conditions: number): string | null {
  if (column < conditions) {
    const cell = row.isDefault ? { kind: 'any' as const } : row.cells[column];
    return cell ? formatCell(cell) : null;
  }
  if (column === conditions) return row.then ?? '';
  if (column === conditions + 1) return row.priority === null ? '' : String(row.priority);
  return null;
}
