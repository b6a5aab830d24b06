import type { Bilingual } from '../diagnostics/diagnostic';
import { type ColumnType, columnType, columnTypeName, readCell } from './cell-reader';
import { formatCell } from './cell-text';
import { columnPlace } from './column-place';
import type { TableOp } from './edit-table';
import type { CellModel, TableModel } from './model';
import { type Bounds, defaultRowIndex, planPaste } from './paste-plan';

/**
 * Fill down / fill right and a multi-cell edit, as one paste operation each (one undo step, the
 * paste's checks): grid coordinates as in planPaste (condition columns, then the decision, then
 * the priority). A fill copies cells that mean the same in their target: a filled condition cell
 * must read back, in its target column, as exactly the source cell — a fill into a column of
 * another type is refused with the reason, never re-read as something else. The default row is
 * never written (it has no conditions; a fill or edit over it stops above it).
 */
export type BlockEdit =
  | {
      readonly ok: true;
      readonly op: Extract<TableOp, { kind: 'paste' }>;
      /** How many cells the edit writes. */
      readonly cells: number;
    }
  | { readonly ok: false; readonly message: Bilingual };

const refuse = (en: string, zh: string): BlockEdit => ({ ok: false, message: { en, zh } });

/** The grid text of a cell in one of the columns a paste writes, or null for an invalid cell. */
function gridText(table: TableModel, row: number, col: number): string | null {
  const r = table.rows[row];
  if (!r) return null;
  const conditions = table.columns.length;
  if (col < conditions) {
    const cell = r.cells[col];
    if (r.isDefault) return '-';
    return !cell || cell.kind === 'invalid' ? null : formatCell(cell);
  }
  if (col === conditions) return r.then ?? '';
  return r.priority === null ? '' : String(r.priority);
}

function columnName(table: TableModel, col: number): Bilingual {
  const conditions = table.columns.length;
  if (col === conditions) return { en: 'the decision', zh: '决策' };
  if (col === conditions + 1) return { en: 'the priority', zh: '优先级' };
  // The column by its header: its label (the analyst's name for it) and its field path.
  const column = table.columns[col];
  return column ? columnPlace(column) : { en: `column ${col + 1}`, zh: `第 ${col + 1} 列` };
}

/** The last row an edit may write: `bottom`, or the row above the default row. */
function writableBottom(table: TableModel, bottom: number): number {
  const d = defaultRowIndex(table);
  return d >= 0 && d <= bottom ? d - 1 : bottom;
}

function outsideTexts(table: TableModel, b: Bounds): BlockEdit | null {
  if (b.right <= table.columns.length + 1) return null;
  return refuse(
    'fill and multi-cell edits apply to conditions, the decision and the priority; edit row texts one at a time',
    '填充和多单元格编辑只适用于条件、决策和优先级；行文本请逐个编辑',
  );
}

/** The edit as a paste of `cells` at (row, column), checked by planPaste. */
function asPaste(
  table: TableModel,
  row: number,
  column: number,
  cells: string[][],
  selection: Bounds,
): BlockEdit {
  const plan = planPaste(table, { row, column }, cells, selection);
  const problem = plan.problems[0];
  if (problem) {
    if (problem.blockColumn === null) return { ok: false, message: problem.message };
    const where = columnName(table, column + problem.blockColumn);
    const n = row + problem.blockRow + 1;
    return refuse(
      `row ${n}, ${where.en}: ${problem.message.en}`,
      `第 ${n} 行${where.zh}：${problem.message.zh}`,
    );
  }
  if (plan.newRows > 0) return refuse('the edit would add rows', '此编辑会新增行');
  return {
    ok: true,
    op: { kind: 'paste', row, column, cells, selection, confirm: true },
    cells: cells.reduce((n, r) => n + r.length, 0),
  };
}

const typeFree = (cell: CellModel | undefined) =>
  cell?.kind === 'any' || (cell?.kind === 'condition' && cell.value === undefined);

/** Fill down: the selection's top row copied into the rows below it (within the selection). */
function fillDown(table: TableModel, b: Bounds): BlockEdit {
  if (table.rows[b.top]?.isDefault)
    return refuse(
      'the default row has no conditions to fill from; select a rule row and the rows below it',
      '默认行没有可供填充的条件；请选择一条规则行及其下方的行',
    );
  const bottom = writableBottom(table, b.bottom);
  if (bottom <= b.top)
    return refuse(
      'select the cells to copy and the cells below them to fill (Shift+↓), then fill down',
      '请先选中要复制的单元格及其下方要填充的单元格（Shift+↓），再向下填充',
    );
  const source: string[] = [];
  for (let c = b.left; c <= b.right; c++) {
    const text = gridText(table, b.top, c);
    if (text === null) return invalidSource(table, b.top, c);
    source.push(text);
  }
  const cells = Array.from({ length: bottom - b.top }, () => [...source]);
  return asPaste(table, b.top + 1, b.left, cells, { ...b, top: b.top + 1, bottom });
}

function invalidSource(table: TableModel, row: number, col: number): BlockEdit {
  const where = columnName(table, col);
  return refuse(
    `row ${row + 1}, ${where.en} does not read as a cell; fix it in the YAML before filling from it`,
    `第 ${row + 1} 行${where.zh}无法读取为单元格；请先在 YAML 中修正，再以它填充`,
  );
}

/** Fill right: the selection's left column copied into the columns right of it. */
function fillRight(table: TableModel, b: Bounds): BlockEdit {
  const conditions = table.columns.length;
  if (b.right <= b.left)
    return refuse(
      'select the cells to copy and the cells right of them to fill (Shift+→), then fill right',
      '请先选中要复制的单元格及其右侧要填充的单元格（Shift+→），再向右填充',
    );
  const bottom = writableBottom(table, b.bottom);
  if (bottom < b.top)
    return refuse('the default row has no conditions to fill', '默认行没有可填充的条件');
  const kindOf = (c: number) =>
    c < conditions ? 'condition' : c === conditions ? 'decision' : 'priority';
  const types: ColumnType[] = table.columns.map((_, i) => columnType(table, i));
  const cells: string[][] = [];
  for (let r = b.top; r <= bottom; r++) {
    const text = gridText(table, r, b.left);
    if (text === null) return invalidSource(table, r, b.left);
    const line: string[] = [];
    for (let c = b.left + 1; c <= b.right; c++) {
      if (kindOf(c) !== kindOf(b.left)) {
        const from = columnName(table, b.left);
        const to = columnName(table, c);
        return refuse(
          `cannot fill ${from.en} into ${to.en}: they hold different kinds of values`,
          `无法把${from.zh}填充到${to.zh}：两者的取值种类不同`,
        );
      }
      if (c < conditions) {
        const cell = table.rows[r]?.cells[b.left];
        const from = types[b.left] ?? 'unknown';
        const to = types[c] ?? 'unknown';
        if (!typeFree(cell) && from !== to) {
          const a = columnTypeName(from);
          const z = columnTypeName(to);
          const fromName = columnName(table, b.left);
          const toName = columnName(table, c);
          return refuse(
            `cannot fill row ${r + 1} from ${fromName.en} (${a.en}) into ${toName.en} (${z.en}): ${text} would mean something else there`,
            `无法把第 ${r + 1} 行从${fromName.zh}（${a.zh}）填充到${toName.zh}（${z.zh}）：${text} 在那里的含义会不同`,
          );
        }
        const read = readCell(text, to);
        if (!read.ok || formatCell(read.cell) !== text) {
          const toName = columnName(table, c);
          const why = read.ok
            ? { en: 'it would read differently', zh: '读取结果会不同' }
            : read.message;
          return refuse(
            `cannot fill row ${r + 1} into ${toName.en}: ${why.en}`,
            `无法把第 ${r + 1} 行填充到${toName.zh}：${why.zh}`,
          );
        }
      }
      line.push(text);
    }
    cells.push(line);
  }
  return asPaste(table, b.top, b.left + 1, cells, { ...b, left: b.left + 1, bottom });
}

export function fillEdit(table: TableModel, b: Bounds, direction: 'down' | 'right'): BlockEdit {
  return (
    outsideTexts(table, b) ?? (direction === 'down' ? fillDown(table, b) : fillRight(table, b))
  );
}

/**
 * One text written into every selected cell, each read by its own column (a number column reads
 * `>= 700` as a number comparison, a text column refuses what it cannot read): all or nothing.
 */
export function multiCellEdit(table: TableModel, b: Bounds, text: string): BlockEdit {
  const outside = outsideTexts(table, b);
  if (outside) return outside;
  if (table.rows[b.top]?.isDefault)
    return refuse(
      'the default row is edited on its own (its decision); select rule rows',
      '默认行需单独编辑（它的决策）；请选择规则行',
    );
  const bottom = writableBottom(table, b.bottom);
  const cells = Array.from({ length: bottom - b.top + 1 }, () =>
    Array.from({ length: b.right - b.left + 1 }, () => text),
  );
  return asPaste(table, b.top, b.left, cells, { ...b, bottom });
}
