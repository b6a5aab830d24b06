import type { Bilingual, Range, TextEdit } from '../diagnostics/diagnostic';
import { quote as yamlQuote } from '../projection/yaml-out';
import { isDecision } from '../vocabulary/decisions';
import { type CellInput, type CellStyle, DEFAULT_CELL_STYLE, renderCellYaml } from './cell-text';
import { columnPlace } from './column-place';
import { type ColumnTypeOp, setColumnType } from './column-type-op';
import {
  type CellModel,
  ROW_TEXT_KEYS,
  type RowModel,
  type RowTextKey,
  type TableModel,
} from './model';
import { type Bounds, defaultRowIndex, type PlannedRow, planPaste } from './paste-plan';
import { unnamedRows, withRowNames } from './row-identity';
import { freshRowName } from './row-name';
import { type ItemSpan, itemSpan, lineEndAfter, lineStart, moveOrder, reorder } from './spans';
import {
  type ColumnLabel,
  checkFieldPath,
  checkLabel,
  editStructure,
  isStructureOp,
  labelYaml,
  type StructureOp,
} from './structure-ops';

/**
 * Grid operations on one decision table as minimal text edits: scalars and cells are replaced in
 * place, rows and columns are added, removed and moved as whole lines, so comments, other rules
 * and formatting outside the edited span are untouched. Rows and columns are 0-based here.
 */
export type TableOp =
  | {
      readonly kind: 'setCell';
      readonly row: number;
      readonly column: number;
      readonly cell: CellInput;
    }
  | { readonly kind: 'setDecision'; readonly row: number; readonly decision: string }
  | { readonly kind: 'setPriority'; readonly row: number; readonly priority: number | null }
  /**
   * Inserts a row at `at` (0 … rows; never below the default row), failing closed: a copy of row
   * `from` when that is a rule row, else every cell "-" with the default row's decision and
   * message (so it widens nothing).
   */
  | { readonly kind: 'addRow'; readonly at: number; readonly from?: number }
  /**
   * A row for inputs no row matches (the uncovered-inputs band): one cell per condition column,
   * a fail-closed decision and its message, inserted above the default row (else at the end).
   */
  | {
      readonly kind: 'addRowForInputs';
      readonly cells: readonly CellInput[];
      readonly then: string;
      readonly message: string | null;
    }
  /** A row's message / instruction / explanation / correction; null or "" removes it. */
  | {
      readonly kind: 'setRowText';
      readonly row: number;
      readonly key: RowTextKey;
      readonly value: string | null;
    }
  | { readonly kind: 'deleteRow'; readonly row: number }
  | { readonly kind: 'duplicateRow'; readonly row: number }
  | { readonly kind: 'moveRow'; readonly from: number; readonly to: number }
  | {
      readonly kind: 'addColumn';
      readonly at: number;
      readonly field: string;
      /** A string (both languages) or `{ zh, en }` (I-77). */
      readonly label?: ColumnLabel;
    }
  | { readonly kind: 'deleteColumn'; readonly column: number }
  | { readonly kind: 'moveColumn'; readonly from: number; readonly to: number }
  /**
   * A block of cell texts (TSV/CSV) at (row, column) in grid coordinates: the condition columns,
   * then the decision, then the priority. Applies whole or not at all (see planPaste): rows that
   * reach the default row are inserted above it, and overwriting rows outside `selection` or
   * reaching the default row needs `confirm`.
   */
  | {
      readonly kind: 'paste';
      readonly row: number;
      readonly column: number;
      readonly cells: readonly (readonly string[])[];
      readonly selection?: Bounds;
      readonly confirm?: boolean;
    }
  /** Column field and label, the default row, the table's name and description: structure-ops.ts. */
  | StructureOp
  /** A column's declared type (I-91): column-type-op.ts. */
  | ColumnTypeOp;

export interface RejectedCell {
  readonly row: number;
  readonly column: number;
  readonly text: string;
  readonly message: Bilingual;
}

export type TableEditResult =
  | {
      readonly ok: true;
      readonly edits: readonly TextEdit[];
      readonly rejected: readonly RejectedCell[];
      /** Said with the edit (the grid's status line): rows it gave names (row-identity.ts). */
      readonly note?: Bilingual;
    }
  | { readonly ok: false; readonly message: Bilingual };

const refuse = (en: string, zh: string): TableEditResult => ({ ok: false, message: { en, zh } });
const done = (edits: TextEdit[], rejected: RejectedCell[] = []): TableEditResult => ({
  ok: true,
  edits,
  rejected,
});
const replace = (range: Range, newText: string): TextEdit => ({ range, newText });
const insert = (at: number, newText: string): TextEdit => ({
  range: { start: at, end: at },
  newText,
});

export function editTable(text: string, table: TableModel, op: TableOp): TableEditResult {
  // Row identity (I-90): an edit that adds, removes or reorders rows names the unnamed rows
  // first, in the same edit, so no other row's compiled name changes.
  if (changesRows(table, op))
    return withRowNames(text, table, (t, named) => editRows(t, named, op), removedRow(table, op));
  return editRows(text, table, op);
}

/** Whether `op` adds, removes or reorders rows of a table that has unnamed rows. */
function changesRows(table: TableModel, op: TableOp): boolean {
  if (op.kind !== 'moveRow' && op.kind !== 'paste' && !ROW_OPS.has(op.kind)) return false;
  if (table.rows.every((r) => r.name !== null)) return false;
  if (op.kind === 'moveRow') return op.from !== op.to;
  if (op.kind === 'paste') return planPaste(table, op, op.cells, op.selection).newRows > 0;
  return ROW_OPS.has(op.kind);
}

/** Operations that always add or remove a row (the default row's: structure-ops.ts). */
const ROW_OPS: ReadonlySet<string> = new Set([
  'addRow',
  'addRowForInputs',
  'deleteRow',
  'duplicateRow',
  'addDefaultRow',
  'removeDefaultRow',
]);

/** The 1-based row `op` deletes, if it deletes one. */
function removedRow(table: TableModel, op: TableOp): number | undefined {
  if (op.kind === 'deleteRow') return op.row + 1;
  return (op.kind as string) === 'removeDefaultRow' ? defaultRowIndex(table) + 1 : undefined;
}

function editRows(text: string, table: TableModel, op: TableOp): TableEditResult {
  if (isStructureOp(op)) return editStructure(text, table, op);
  if (op.kind === 'setColumnType') return setColumnType(text, table, op);
  const rowOf = (i: number) => table.rows[i];
  switch (op.kind) {
    case 'setCell': {
      const row = rowOf(op.row);
      if (!row || op.column < 0 || op.column >= table.columns.length)
        return refuse('no such cell', '没有这个单元格');
      const edit = cellEdit(text, table, row, new Map([[op.column, op.cell]]));
      return edit ? done(edit) : refuse(...mismatch(row, table));
    }
    case 'setDecision': {
      const row = rowOf(op.row);
      if (!row) return refuse('no such row', '没有这一行');
      if (!isDecision(op.decision))
        return refuse(
          `${op.decision} is not one of the 13 decisions`,
          `${op.decision} 不是 13 种决策之一`,
        );
      const edit = decisionEdit(text, row, op.decision);
      return edit ? done([edit]) : refuse(...notBlock());
    }
    case 'setPriority': {
      const row = rowOf(op.row);
      if (!row) return refuse('no such row', '没有这一行');
      if (op.priority !== null && !Number.isInteger(op.priority))
        return refuse('a priority is a whole number', '优先级必须是整数');
      const edit = priorityEdit(text, row, op.priority);
      return edit ? done(edit) : refuse(...notBlock());
    }
    case 'addRow':
      return addRow(text, table, op.at, op.from);
    case 'addRowForInputs': {
      if (op.cells.length !== table.columns.length || !isDecision(op.then))
        return refuse('the row does not fit the table', '该行与表格不符');
      const d = defaultRowIndex(table);
      const cells = new Map(op.cells.map((c, i) => [i, c] as const));
      return addRows(text, table, d >= 0 ? d : table.rows.length, [
        { cells, then: op.then, priority: null, message: op.message },
      ]);
    }
    case 'setRowText': {
      const row = rowOf(op.row);
      if (!row) return refuse('no such row', '没有这一行');
      const edit = rowTextEdit(text, row, op.key, op.value);
      return edit ? done(edit) : refuse(...notBlock());
    }
    case 'deleteRow': {
      if (!table.structural) return refuse(...notBlock());
      const row = rowOf(op.row);
      if (!row) return refuse('no such row', '没有这一行');
      if (table.rows.length === 1)
        return refuse('a decision table needs at least one row', '决策表至少需要一行');
      const span = itemSpan(text, row.range);
      if (!span) return refuse(...notBlock());
      return done([removeLines(text, span)]);
    }
    case 'duplicateRow': {
      if (!table.structural) return refuse(...notBlock());
      const row = rowOf(op.row);
      const span = row && itemSpan(text, row.range);
      if (!span) return refuse('no such row', '没有这一行');
      return done([insertLines(text, span.end, namedCopy(text, table, row, span))]);
    }
    case 'moveRow':
      return moveItems(
        text,
        table,
        table.rows.map((r) => r.range),
        op.from,
        op.to,
      );
    case 'addColumn':
      return addColumn(text, table, op.at, op.field, op.label);
    case 'deleteColumn':
      return deleteColumn(text, table, op.column);
    case 'moveColumn':
      return moveColumn(text, table, op.from, op.to);
    case 'paste':
      return paste(text, table, op);
  }
}

function notBlock(): [string, string] {
  return [
    'this table is written in flow style ([…] / {…}); only cell values can be edited here — edit it in the YAML',
    '此决策表用流式写法（[…] / {…}）书写；这里只能编辑单元格的值——请在 YAML 中编辑',
  ];
}

function mismatch(row: RowModel, table: TableModel): [string, string] {
  return [
    `row ${row.index} has ${row.cells.length} cells for ${table.columns.length} columns; fix it in the YAML first`,
    `第 ${row.index} 行有 ${row.cells.length} 个单元格，而表有 ${table.columns.length} 列；请先在 YAML 中修正`,
  ];
}

/**
 * How the table already writes its cells — the row's own cells first, then the other rows' — so
 * an edit keeps the line's quoting (`["gte", 700]` stays quoted, `[gte, 700]` stays bare).
 */
export function cellStyle(text: string, table: TableModel, row?: RowModel): CellStyle {
  const rows = row ? [row, ...table.rows.filter((r) => r !== row)] : table.rows;
  let opQuote: CellStyle['opQuote'] | null = null;
  let any: string | null = null;
  for (const r of rows) {
    for (const c of r.cells) {
      const source = text.slice(c.range.start, c.range.end);
      if (opQuote === null && c.kind === 'condition') {
        const m = /^\[\s*(["']?)[a-z_]/.exec(source);
        if (m) opQuote = (m[1] ?? '') as CellStyle['opQuote'];
      }
      if (any === null && c.kind === 'any' && /^(?:"-"|'-')$/.test(source)) any = source;
    }
    if (opQuote !== null && any !== null) break;
  }
  return { opQuote: opQuote ?? DEFAULT_CELL_STYLE.opQuote, any: any ?? DEFAULT_CELL_STYLE.any };
}

/** Edits writing `changes` (column → cell) into a row; a default row gets a full cell list. */
function cellEdit(
  text: string,
  table: TableModel,
  row: RowModel,
  changes: ReadonlyMap<number, CellInput>,
): TextEdit[] | null {
  if (!row.whenRange) return null;
  const style = cellStyle(text, table, row);
  if (row.isDefault) {
    const cells = table.columns.map((_, i) =>
      renderCellYaml(changes.get(i) ?? { kind: 'any' }, style),
    );
    return [replace(row.whenRange, `[${cells.join(', ')}]`)];
  }
  if (row.cells.length !== table.columns.length) return null;
  return [...changes].map(([i, cell]) =>
    replace((row.cells[i] as CellModel).range, renderCellYaml(cell, style)),
  );
}

/** YAML text of a row text: double-quoted, or single-quoted where the row writes it so. */
function textYaml(value: string, like: string | undefined): string {
  if (like === "'" && !/[\n\\]/.test(value) && yamlQuote(value) === JSON.stringify(value))
    return `'${value.replaceAll("'", "''")}'`;
  return yamlQuote(value);
}

/** §4.1 order of a row's keys, for where a new text goes. */
const ROW_KEY_ORDER = [
  'when',
  'then',
  'priority',
  'message',
  'instruction',
  'correction',
  'unless',
  'explanation',
];

function rowTextEdit(
  text: string,
  row: RowModel,
  key: RowTextKey,
  value: string | null,
): TextEdit[] | null {
  const current = row.texts[key];
  const empty = value === null || value.trim() === '';
  if (current) {
    if (!current.editable) return null;
    if (empty) {
      const start = lineStart(text, current.range.start);
      if (!new RegExp(`^ *${key}: *$`).test(text.slice(start, current.range.start))) return null;
      if (text.slice(current.range.start, current.range.end).includes('\n')) return null;
      return [replace({ start, end: lineEndAfter(text, current.range.end) }, '')];
    }
    const quote = text[current.range.start];
    if (text.slice(current.range.start, current.range.end).includes('\n')) return null;
    return [replace(current.range, textYaml(value as string, quote))];
  }
  if (empty) return [];
  // After the last present key that comes before it in the §4.1 order.
  const order = ROW_KEY_ORDER.indexOf(key);
  let after: { end: number } | null = null;
  for (const k of ROW_KEY_ORDER.slice(0, order)) {
    const r =
      k === 'when'
        ? row.whenRange
        : k === 'then'
          ? row.thenRange
          : k === 'priority'
            ? row.priorityRange
            : (row.texts[k as RowTextKey]?.range ?? null);
    if (r) after = r;
  }
  const quoted = ROW_TEXT_KEYS.map((k) => row.texts[k]).find((t) => t?.editable);
  const like = quoted ? text[quoted.range.start] : row.thenRange ? text[row.thenRange.start] : '"';
  const edit = keyInsert(text, row, after as never, `${key}: ${textYaml(value as string, like)}`);
  return edit ? [edit] : null;
}

function quoteLike(text: string, at: Range | null, value: string): string {
  const first = at ? text[at.start] : '"';
  if (first === "'") return `'${value}'`;
  if (first === '"') return `"${value}"`;
  return value;
}

/** A row name is a string: double-quoted (§2.3, else ERDL-W701), single where the table uses those. */
function nameLike(text: string, at: Range | null, name: string): string {
  return at && text[at.start] === "'" ? `'${name}'` : `"${name}"`;
}

function decisionEdit(text: string, row: RowModel, decision: string): TextEdit | null {
  if (row.thenRange) return replace(row.thenRange, quoteLike(text, row.thenRange, decision));
  return keyInsert(text, row, row.whenRange, `then: "${decision}"`);
}

function priorityEdit(text: string, row: RowModel, priority: number | null): TextEdit[] | null {
  if (priority === null) {
    if (!row.priorityRange) return [];
    const start = lineStart(text, row.priorityRange.start);
    const line = text.slice(start, row.priorityRange.start);
    if (!/^ *priority: *$/.test(line)) return null;
    return [replace({ start, end: lineEndAfter(text, row.priorityRange.end) }, '')];
  }
  if (row.priorityRange) return [replace(row.priorityRange, String(priority))];
  const edit = keyInsert(text, row, row.thenRange ?? row.whenRange, `priority: ${priority}`);
  return edit ? [edit] : null;
}

/** A new `key: value` line in a block row map, after the line where `after` ends. */
function keyInsert(
  text: string,
  row: RowModel,
  after: Range | null,
  line: string,
): TextEdit | null {
  const span = itemSpan(text, row.range);
  if (!span || !after) return null;
  return insertLines(
    text,
    lineEndAfter(text, after.end),
    `${' '.repeat(span.innerColumn)}${line}\n`,
  );
}

/** Inserts whole lines at a line boundary (or at the end of a text without a final line break). */
function insertLines(text: string, at: number, lines: string): TextEdit {
  if (at === text.length && at > 0 && text[at - 1] !== '\n')
    return insert(at, `\n${lines.replace(/\n$/, '')}`);
  return insert(at, lines);
}

function removeLines(text: string, span: { start: number; end: number }): TextEdit {
  // The last line of a text without a final line break: take the break before it instead.
  if (span.end === text.length && text[span.end - 1] !== '\n' && span.start > 0)
    return replace({ start: span.start - 1, end: span.end }, '');
  return replace({ start: span.start, end: span.end }, '');
}

interface NewRow {
  readonly cells: ReadonlyMap<number, CellInput>;
  readonly then: string | null;
  readonly priority: number | null;
  /** The row's own message (else the default row's, when it decides the same). */
  readonly message?: string | null;
}

/** Where a new row may go: never below the default row (it would be unreachable there). */
function clampAboveDefault(table: TableModel, at: number): number {
  const d = defaultRowIndex(table);
  return d >= 0 && at > d ? d : at;
}

/**
 * The row new rows copy their decision and message from when the paste gives none: the default
 * row (so a new row decides what the table already decides for it), else the last row.
 */
function fallbackRow(table: TableModel): RowModel | undefined {
  return table.rows[defaultRowIndex(table)] ?? table.rows[table.rows.length - 1];
}

function addRow(text: string, table: TableModel, at0: number, from?: number): TableEditResult {
  if (!table.structural) return refuse(...notBlock());
  if (at0 < 0 || at0 > table.rows.length) return refuse('no such row', '没有这一行');
  const at = clampAboveDefault(table, at0);
  const source = from === undefined ? undefined : table.rows[from];
  if (source && !source.isDefault) {
    const span = itemSpan(text, source.range);
    const anchor = table.rows[Math.min(at, table.rows.length - 1)] as RowModel;
    const anchorSpan = itemSpan(text, anchor.range);
    if (!span || !anchorSpan) return refuse(...notBlock());
    const lines = namedCopy(text, table, source, span);
    return done([
      insertLines(text, at < table.rows.length ? anchorSpan.start : anchorSpan.end, lines),
    ]);
  }
  return addRows(text, table, at, [{ cells: new Map(), then: null, priority: null }]);
}

const rowNames = (table: TableModel) =>
  table.rows.map((r) => r.name).filter((n): n is string => n !== null);

/** A neutral name for a new row (I-90): a number, never from its decision or cells. */
const newRowName = (table: TableModel, taken: Iterable<string>) =>
  freshRowName(taken, table.rows.length + 1, unnamedRows(table));

/**
 * The lines of `row` as a new row: its text (not its comments) with a fresh name (I-75) — its own
 * name replaced, or a name added as its first key — so the table keeps unique row names.
 */
function namedCopy(text: string, table: TableModel, row: RowModel, span: ItemSpan): string {
  const copy = text.slice(span.dashLine, span.end);
  const lines = copy.endsWith('\n') ? copy : `${copy}\n`;
  const name = nameLike(text, row.thenRange, newRowName(table, rowNames(table)));
  const inner = span.innerColumn;
  if (row.name !== null) {
    const key = /^(.*?)name: *(?:"[^"\n]*"|'[^'\n]*'|[^\s#]+)/gm;
    for (let m = key.exec(lines); m; m = key.exec(lines)) {
      const prefix = m[1] as string;
      if (prefix.length === inner && /^ *(?:- +)?$/.test(prefix))
        return `${lines.slice(0, m.index)}${prefix}name: ${name}${lines.slice(m.index + m[0].length)}`;
    }
  }
  return `${lines.slice(0, inner)}name: ${name}\n${' '.repeat(inner)}${lines.slice(inner)}`;
}

function addRows(
  text: string,
  table: TableModel,
  at: number,
  rows: readonly NewRow[],
): TableEditResult {
  if (!table.structural) return refuse(...notBlock());
  if (at < 0 || at > table.rows.length) return refuse('no such row', '没有这一行');
  const anchor = table.rows[Math.min(at, table.rows.length - 1)] as RowModel;
  const span = itemSpan(text, anchor.range);
  if (!span) return refuse(...notBlock());
  const model = fallbackRow(table) ?? anchor;
  const style = cellStyle(text, table);
  const dash = ' '.repeat(span.dashColumn);
  const inner = ' '.repeat(span.innerColumn);
  const quote = text[model.thenRange?.start ?? -1];
  const names = new Set(rowNames(table));
  const lines = rows
    .map((r) => {
      const cells = table.columns.map((_, i) =>
        renderCellYaml(r.cells.get(i) ?? { kind: 'any' }, style),
      );
      // Fail closed: without a decision of its own a new row decides what the default row
      // decides, with its message (§4.1 E211), so it widens nothing.
      const then = quoteLike(text, model.thenRange, r.then ?? model.then ?? 'DENY');
      // A new row gets a fresh, neutral name (I-75, I-90), so rows inserted later never rename it.
      const name = newRowName(table, names);
      names.add(name);
      let out = `${dash}- name: ${nameLike(text, model.thenRange, name)}\n`;
      out += `${inner}when: [${cells.join(', ')}]\n${inner}then: ${then}\n`;
      if (r.priority !== null) out += `${inner}priority: ${r.priority}\n`;
      const message =
        r.message !== undefined
          ? r.message === null
            ? null
            : { value: r.message, editable: true }
          : r.then === null || r.then === model.then
            ? model.texts.message
            : null;
      if (message?.editable)
        out += `${inner}message: ${textYaml(message.value, quote === "'" ? "'" : '"')}\n`;
      return out;
    })
    .join('');
  return done([insertLines(text, at < table.rows.length ? span.start : span.end, lines)]);
}

function moveItems(
  text: string,
  table: TableModel,
  ranges: readonly Range[],
  from: number,
  to: number,
): TableEditResult {
  if (!table.structural) return refuse(...notBlock());
  if (from < 0 || to < 0 || from >= ranges.length || to >= ranges.length)
    return refuse('cannot move there', '无法移动到那里');
  if (from === to) return done([]);
  const spans = ranges.map((r) => itemSpan(text, r));
  if (spans.some((s) => !s)) return refuse(...notBlock());
  const lo = Math.min(from, to);
  const hi = Math.max(from, to);
  const part = spans.slice(lo, hi + 1) as Range[];
  const edit = reorder(text, part, moveOrder(part.length, from - lo, to - lo), true);
  return done([edit]);
}

/** The rows whose cells follow the columns (the default row `[]` has none). */
function cellRows(table: TableModel): RowModel[] | [string, string] {
  const rows = table.rows.filter((r) => !r.isDefault);
  const bad = rows.find((r) => r.cells.length !== table.columns.length || !r.whenRange);
  return bad ? mismatch(bad, table) : rows;
}

const isFlow = (text: string, r: RowModel) => text[(r.whenRange as Range).start] === '[';

function addColumn(
  text: string,
  table: TableModel,
  at: number,
  field: string,
  label: ColumnLabel | undefined,
): TableEditResult {
  if (!table.structural) return refuse(...notBlock());
  // A field path the validator accepts (structure-ops.ts: its message says where it is not one).
  const fieldCheck = checkFieldPath(field);
  if (fieldCheck.error) return { ok: false, message: fieldCheck.error };
  const labelCheck = label === undefined ? null : checkLabel(label);
  if (labelCheck?.error) return { ok: false, message: labelCheck.error };
  if (at < 0 || at > table.columns.length) return refuse('no such column', '没有这一列');
  const rows = cellRows(table);
  if (!Array.isArray(rows) || rows.some((r) => typeof r === 'string'))
    return refuse(...(rows as [string, string]));
  const anchor = table.columns[Math.min(at, table.columns.length - 1)];
  const span = anchor && itemSpan(text, anchor.range);
  if (!span) return refuse(...notBlock());
  let column = `${' '.repeat(span.dashColumn)}- field: ${yamlQuote(field)}\n`;
  if (label) column += `${' '.repeat(span.innerColumn)}label: ${labelYaml(label)}\n`;
  const edits: TextEdit[] = [
    insertLines(text, at < table.columns.length ? span.start : span.end, column),
  ];
  for (const row of rows as RowModel[]) {
    const cells = row.cells;
    if (isFlow(text, row)) {
      edits.push(
        at < cells.length
          ? insert((cells[at] as CellModel).range.start, '"-", ')
          : insert((cells[cells.length - 1] as CellModel).range.end, ', "-"'),
      );
      continue;
    }
    const cellSpan = itemSpan(text, (cells[Math.min(at, cells.length - 1)] as CellModel).range);
    if (!cellSpan) return refuse(...notBlock());
    edits.push(
      insertLines(
        text,
        at < cells.length ? cellSpan.start : cellSpan.end,
        `${' '.repeat(cellSpan.dashColumn)}- "-"\n`,
      ),
    );
  }
  return done(edits);
}

function deleteColumn(text: string, table: TableModel, column: number): TableEditResult {
  if (!table.structural) return refuse(...notBlock());
  const target = table.columns[column];
  if (!target) return refuse('no such column', '没有这一列');
  if (table.columns.length === 1)
    return refuse('a decision table needs at least one column', '决策表至少需要一列');
  const rows = cellRows(table);
  if (!Array.isArray(rows) || rows.some((r) => typeof r === 'string'))
    return refuse(...(rows as [string, string]));
  const span = itemSpan(text, target.range);
  if (!span) return refuse(...notBlock());
  const edits: TextEdit[] = [removeLines(text, span)];
  for (const row of rows as RowModel[]) {
    const cells = row.cells;
    const cell = cells[column] as CellModel;
    if (isFlow(text, row)) {
      edits.push(
        column < cells.length - 1
          ? replace(
              { start: cell.range.start, end: (cells[column + 1] as CellModel).range.start },
              '',
            )
          : replace({ start: (cells[column - 1] as CellModel).range.end, end: cell.range.end }, ''),
      );
      continue;
    }
    const cellSpan = itemSpan(text, cell.range);
    if (!cellSpan) return refuse(...notBlock());
    edits.push(removeLines(text, cellSpan));
  }
  return done(edits);
}

function moveColumn(text: string, table: TableModel, from: number, to: number): TableEditResult {
  const moved = moveItems(
    text,
    table,
    table.columns.map((c) => c.range),
    from,
    to,
  );
  if (!moved.ok || from === to) return moved;
  const rows = cellRows(table);
  if (!Array.isArray(rows) || rows.some((r) => typeof r === 'string'))
    return refuse(...(rows as [string, string]));
  const edits = [...moved.edits];
  const lo = Math.min(from, to);
  const hi = Math.max(from, to);
  for (const row of rows as RowModel[]) {
    const flow = isFlow(text, row);
    const spans = row.cells
      .slice(lo, hi + 1)
      .map((c) => (flow ? c.range : itemSpan(text, c.range)));
    if (spans.some((s) => !s)) return refuse(...notBlock());
    edits.push(reorder(text, spans as Range[], moveOrder(spans.length, from - lo, to - lo), !flow));
  }
  return done(edits);
}

function paste(
  text: string,
  table: TableModel,
  op: Extract<TableOp, { kind: 'paste' }>,
): TableEditResult {
  const plan = planPaste(table, { row: op.row, column: op.column }, op.cells, op.selection);
  if (plan.problems.length > 0) {
    const first = plan.problems.slice(0, 3);
    // A column by its header (its label and field path), never by its number (issue #36).
    const where = (p: (typeof first)[number], zh: boolean) =>
      p.blockColumn === null
        ? zh
          ? `粘贴的第 ${p.blockRow + 1} 行`
          : `pasted row ${p.blockRow + 1}`
        : zh
          ? `粘贴的第 ${p.blockRow + 1} 行${pastedColumn(table, op.column + p.blockColumn).zh}`
          : `pasted row ${p.blockRow + 1}, ${pastedColumn(table, op.column + p.blockColumn).en}`;
    return refuse(
      `nothing was pasted: ${plan.problems.length} problems — ${first.map((p) => `${where(p, false)}: ${p.message.en}`).join('; ')}`,
      `未粘贴任何内容：有 ${plan.problems.length} 个问题——${first.map((p) => `${where(p, true)}：${p.message.zh}`).join('；')}`,
    );
  }
  if (plan.confirm.length > 0 && !op.confirm)
    return refuse(
      `the paste needs confirmation: ${plan.confirm.map((c) => c.en).join(' ')}`,
      `粘贴需要确认：${plan.confirm.map((c) => c.zh).join('')}`,
    );
  const edits: TextEdit[] = [];
  const added: NewRow[] = [];
  for (const planned of plan.rows) {
    if (planned.target === null) {
      added.push({
        cells: planned.cells,
        then: planned.then,
        priority: planned.priority?.value ?? null,
      });
      continue;
    }
    const rowEdits = writeRow(text, table, table.rows[planned.target] as RowModel, planned);
    if (!rowEdits.ok) return rowEdits;
    edits.push(...rowEdits.edits);
  }
  if (added.length > 0) {
    const grown = addRows(text, table, plan.insertAt, added);
    if (!grown.ok) return grown;
    edits.push(...grown.edits);
  }
  return done(edits);
}

/** A grid column a paste writes, by name: a condition column's header, the decision, the priority. */
function pastedColumn(table: TableModel, column: number): Bilingual {
  const c = table.columns[column];
  if (c) return columnPlace(c);
  if (column === table.columns.length) return { en: 'the decision', zh: '决策' };
  return { en: 'the priority', zh: '优先级' };
}

function writeRow(
  text: string,
  table: TableModel,
  row: RowModel,
  planned: PlannedRow,
): TableEditResult {
  const edits: TextEdit[] = [];
  if (planned.cells.size > 0) {
    const cellEdits = cellEdit(text, table, row, planned.cells);
    if (!cellEdits) return refuse(...mismatch(row, table));
    edits.push(...cellEdits);
  }
  if (planned.then !== null && planned.then !== row.then) {
    const edit = decisionEdit(text, row, planned.then);
    if (!edit) return refuse(...notBlock());
    edits.push(edit);
  }
  if (planned.priority && planned.priority.value !== row.priority) {
    const edit = priorityEdit(text, row, planned.priority.value);
    if (!edit) return refuse(...notBlock());
    edits.push(...edit);
  }
  return done(edits);
}
