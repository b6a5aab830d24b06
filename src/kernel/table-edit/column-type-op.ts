import type { Bilingual, Range, TextEdit } from '../diagnostics/diagnostic';
import { load } from '../document/load';
import { get, getPair, isMap, isScalar, isSeq, type YMap } from '../document/ynode';
import { zhQuote } from '../util/quote';
import { isTableColumnType, type TableColumnType } from '../vocabulary/document';
import { columnTypeName, readCell } from './cell-reader';
import { formatCell } from './cell-text';
import { columnPlace, rowColumnPlace } from './column-place';
import { editTable, type TableEditResult } from './edit-table';
import type { TableModel } from './model';
import { lineEndAfter, lineStart } from './spans';

/**
 * A column's declared type (I-91, docs/table-cells.md): the `type:` key of a table column, written,
 * changed or removed as one minimal text edit. The type decides how the grid reads what is typed
 * or pasted into the column; it never enters the compiled tree.
 *
 * Never a silent reinterpretation: a type is refused while any of the column's cells would read
 * differently under it (each named), so every existing cell means what it meant. With `cell`, the
 * text is then read by the new type and written into that row, in the same edit (one undo step):
 * the "Read as text" answer to a word typed into a column without a type.
 */
export interface ColumnTypeOp {
  readonly kind: 'setColumnType';
  readonly column: number;
  /** The type to declare; null removes `type:` (the type is inferred from the cells again). */
  readonly type: TableColumnType | null;
  /** A cell text to write into `row` once the column has the type (read by it). */
  readonly cell?: { readonly row: number; readonly text: string };
}

const refuse = (message: Bilingual): TableEditResult => ({ ok: false, message });
const done = (edits: TextEdit[]): TableEditResult => ({ ok: true, edits, rejected: [] });

const NOT_BLOCK: Bilingual = {
  en: 'this column is not written as a mapping the grid can edit; set its type in the YAML',
  zh: '此列的写法无法在表格中编辑；请在 YAML 中设置它的类型',
};

/** How many refused cells a message names before "and N more". */
const NAMED = 4;

/**
 * The cells of column `column` that would read differently as `type` (their grid text read by the
 * type gives another cell, or is refused), as "row 2 (= 700)" places; [] when none.
 */
export function cellsReadingDifferently(
  table: TableModel,
  column: number,
  type: TableColumnType,
): { readonly row: number; readonly text: string; readonly why: Bilingual }[] {
  const out: { row: number; text: string; why: Bilingual }[] = [];
  for (const r of table.rows) {
    if (r.isDefault) continue;
    const cell = r.cells[column];
    if (!cell) continue;
    const text = formatCell(cell);
    if (cell.kind === 'invalid') {
      out.push({
        row: r.index,
        text,
        why: { en: 'it does not read as a cell', zh: '它无法读取为单元格' },
      });
      continue;
    }
    const read = readCell(text, type);
    if (!read.ok) {
      // Short: the reader's full reason lists every notation of the type.
      const name = columnTypeName(type);
      out.push({
        row: r.index,
        text,
        why: { en: `not a ${name.en} condition`, zh: `不是${name.zh}条件` },
      });
    } else if (formatCell(read.cell) !== text)
      out.push({
        row: r.index,
        text,
        why: {
          en: `it would read as ${formatCell(read.cell)}`,
          zh: `它会被读作${zhQuote(formatCell(read.cell))}`,
        },
      });
  }
  return out;
}

/** Why the column cannot be given `type`, naming the cells that would read differently; or null. */
export function retypeProblem(
  table: TableModel,
  column: number,
  type: TableColumnType,
): Bilingual | null {
  const cells = cellsReadingDifferently(table, column, type);
  if (cells.length === 0) return null;
  const col = table.columns[column];
  const place = col ? columnPlace(col) : { en: `column ${column + 1}`, zh: `第 ${column + 1} 列` };
  const name = columnTypeName(type);
  const shown = cells.slice(0, NAMED);
  const more = cells.length - shown.length;
  const en = shown.map((c) => `row ${c.row} (${c.text}: ${c.why.en})`).join('; ');
  const zh = shown.map((c) => `第 ${c.row} 行（${zhQuote(c.text)}：${c.why.zh}）`).join('；');
  return {
    en: `${place.en} cannot become a ${name.en} column: ${cells.length === 1 ? 'a cell' : `${cells.length} cells`} would read differently — ${en}${more > 0 ? `; and ${more} more` : ''}. Change ${cells.length === 1 ? 'it' : 'them'} first; a type never reinterprets a cell`,
    zh: `${place.zh}不能改为${name.zh}列：有 ${cells.length} 个单元格的读法会改变——${zh}${more > 0 ? `；另有 ${more} 个` : ''}。请先修改这些单元格；设置类型不会改变任何单元格的含义`,
  };
}

/** The column's mapping node in the document (ranges shifted past a BOM, like readTables). */
function columnNode(
  text: string,
  table: TableModel,
  column: number,
): { node: YMap; shift: (r: Range) => Range } | null {
  const loaded = load(text);
  if (!loaded.root) return null;
  const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const shift = (r: Range): Range => ({ start: r.start + bom, end: r.end + bom });
  const rules = get(loaded.root, 'rules');
  const rule = isSeq(rules) ? rules.items[table.ruleIndex] : undefined;
  const when = isMap(rule) ? get(rule, 'when') : undefined;
  const columns = isMap(when) ? get(when, 'columns') : undefined;
  const node = isSeq(columns) ? columns.items[column] : undefined;
  return isMap(node) ? { node, shift } : null;
}

/** The edit writing `type` into the column's mapping (or removing its `type:` when null). */
function typeEdit(
  text: string,
  table: TableModel,
  column: number,
  type: TableColumnType | null,
): TextEdit[] | Bilingual {
  const found = columnNode(text, table, column);
  if (!found) return NOT_BLOCK;
  const { node, shift } = found;
  const pair = getPair(node, 'type');
  if (pair) {
    const value = shift(pair.value.range);
    if (type !== null) {
      if (isScalar(pair.value) && pair.value.value === type) return [];
      return [{ range: value, newText: type }];
    }
    const key = shift(pair.keyNode.range);
    if (node.flow) {
      // `{field: x, type: string}`: the pair and the comma before it.
      const before = text.lastIndexOf(',', key.start);
      if (before < shift(node.range).start) return NOT_BLOCK;
      return [{ range: { start: before, end: value.end }, newText: '' }];
    }
    const start = lineStart(text, key.start);
    if (text.slice(start, key.start).trim() !== '') return NOT_BLOCK;
    return [{ range: { start, end: lineEndAfter(text, value.end) }, newText: '' }];
  }
  if (type === null) return [];
  const last = node.items[node.items.length - 1];
  const first = node.items[0];
  if (!last || !first) return NOT_BLOCK;
  const end = shift(last.value.range).end;
  if (node.flow) return [{ range: { start: end, end }, newText: `, type: ${type}` }];
  const keyStart = shift(first.keyNode.range).start;
  const keyColumn = keyStart - lineStart(text, keyStart);
  const at = lineEndAfter(text, end);
  const line = `${' '.repeat(keyColumn)}type: ${type}`;
  if (at === text.length && text[at - 1] !== '\n')
    return [{ range: { start: at, end: at }, newText: `\n${line}` }];
  return [{ range: { start: at, end: at }, newText: `${line}\n` }];
}

/** `setColumnType` (see ColumnTypeOp). */
export function setColumnType(text: string, table: TableModel, op: ColumnTypeOp): TableEditResult {
  const col = table.columns[op.column];
  if (!col) return refuse({ en: 'no such column', zh: '没有这一列' });
  if (op.type !== null && !isTableColumnType(op.type))
    return refuse({
      en: `${String(op.type)} is not a column type`,
      zh: `${String(op.type)} 不是列类型`,
    });
  if (op.type !== null) {
    const problem = retypeProblem(table, op.column, op.type);
    if (problem) return refuse(problem);
  }
  const edits = typeEdit(text, table, op.column, op.type);
  if (!Array.isArray(edits)) return refuse(edits);
  if (!op.cell) return done(edits);
  if (op.type === null)
    return refuse({ en: 'a cell is written with a type', zh: '写入单元格需要指定类型' });
  const read = readCell(op.cell.text, op.type);
  const row = table.rows[op.cell.row];
  if (!row) return refuse({ en: 'no such row', zh: '没有这一行' });
  if (!read.ok) {
    const place = rowColumnPlace(row.index, col);
    return refuse({ en: `${place.en}: ${read.message.en}`, zh: `${place.zh}：${read.message.zh}` });
  }
  const cell = editTable(text, table, {
    kind: 'setCell',
    row: op.cell.row,
    column: op.column,
    cell: read.cell,
  });
  if (!cell.ok) return cell;
  return done([...edits, ...cell.edits]);
}

/** Whether the edited table has the type the operation meant (table-edit-op.ts checks it). */
export function columnTypeAsExpected(after: TableModel, op: ColumnTypeOp): boolean {
  const type = after.columns[op.column]?.type;
  return op.type === null ? type === undefined : type === op.type;
}
