import type { Range, TextEdit } from '../diagnostics/diagnostic';
import { applyTextEdits } from './apply';
import { type CellInput, cellValueOf } from './cell-text';
import { editTable, type TableOp } from './edit-table';
import type { CellModel, CellValue, RowModel, RowText, TableModel, TablesRead } from './model';

/**
 * The grid's fast path: an in-place edit (one cell, a decision, an existing priority) applied to
 * the read model without parsing the document again — the edited node gets its new content and
 * every range after it shifts. The result equals `readTables` of the edited text (tested), so the
 * grid can show it at once; anything else returns null and goes through the worker. The text is
 * made first and the read only when asked for (`read`, made once): the caller can hand the text on
 * (to be analysed) before shifting every row after the edit.
 */
export function patchRead(
  text: string,
  read: Extract<TablesRead, { ok: true }>,
  entry: string,
  op: TableOp,
): {
  readonly text: string;
  readonly read: TablesRead;
  readonly edits: readonly TextEdit[];
} | null {
  const table = read.tables.find((t) => t.entry === entry);
  if (!table) return null;
  const row = 'row' in op ? table.rows[op.row] : undefined;
  if (!row) return null;
  if (op.kind === 'setCell' && (row.isDefault || row.cells.length !== table.columns.length))
    return null;
  if (op.kind === 'setDecision' && !row.thenRange) return null;
  if (op.kind === 'setPriority' && (!row.priorityRange || op.priority === null)) return null;
  if (op.kind !== 'setCell' && op.kind !== 'setDecision' && op.kind !== 'setPriority') return null;
  const result = editTable(text, table, op);
  if (!result.ok || result.edits.length !== 1) return null;
  const edit = result.edits[0] as TextEdit;
  const next = applyTextEdits(text, [edit]);
  if (next === null) return null;
  let patched: TablesRead | null = null;
  return {
    text: next,
    edits: [edit],
    get read() {
      patched ??= shifted(read, table, op, edit);
      return patched;
    },
  };
}

/** `read` with `edit` (of `op` on `table`) applied: the edited node's new content, ranges shifted. */
function shifted(
  read: Extract<TablesRead, { ok: true }>,
  table: TableModel,
  op: Extract<TableOp, { kind: 'setCell' | 'setDecision' | 'setPriority' }>,
  edit: TextEdit,
): TablesRead {
  const delta = edit.newText.length - (edit.range.end - edit.range.start);
  const shift = (r: Range): Range => ({
    start: r.start >= edit.range.end ? r.start + delta : r.start,
    end: r.end >= edit.range.end ? r.end + delta : r.end,
  });
  const replaced: Range = { start: edit.range.start, end: edit.range.start + edit.newText.length };
  const shiftRow = (r: RowModel, t: TableModel, ri: number): RowModel => {
    const changed = t === table && ri === op.row;
    const cells = r.cells.map((c, ci) =>
      changed && op.kind === 'setCell' && ci === op.column
        ? cellModelOf(op.cell, replaced)
        : { ...c, range: shift(c.range) },
    );
    return {
      ...r,
      cells,
      then: changed && op.kind === 'setDecision' ? op.decision : r.then,
      priority: changed && op.kind === 'setPriority' ? op.priority : r.priority,
      range: shift(r.range),
      whenRange: r.whenRange && shift(r.whenRange),
      thenRange:
        r.thenRange && (changed && op.kind === 'setDecision' ? replaced : shift(r.thenRange)),
      priorityRange:
        r.priorityRange &&
        (changed && op.kind === 'setPriority' ? replaced : shift(r.priorityRange)),
      texts: shiftTexts(r.texts, shift),
    };
  };
  const tables = read.tables.map((t) => ({
    ...t,
    range: shift(t.range),
    columns: t.columns.map((c) => ({ ...c, range: shift(c.range) })),
    rows: t.rows.map((r, ri) => shiftRow(r, t, ri)),
  }));
  const simpleGroups = read.simpleGroups.map((g) => ({
    ...g,
    rows: g.rows.map((r) => ({
      ...r,
      cells: r.cells.map((c) => (c ? { ...c, range: shift(c.range) } : null)),
    })),
  }));
  return { ok: true, tables, simpleGroups };
}

function shiftTexts(texts: RowModel['texts'], shift: (r: Range) => Range): RowModel['texts'] {
  const one = (t: RowText | null) => t && { ...t, range: shift(t.range) };
  return {
    message: one(texts.message),
    instruction: one(texts.instruction),
    explanation: one(texts.explanation),
    correction: one(texts.correction),
  };
}

function cellModelOf(cell: CellInput, range: Range): CellModel {
  if (cell.kind === 'any') return { kind: 'any', range };
  if (cell.value === undefined) return { kind: 'condition', op: cell.op, range };
  return { kind: 'condition', op: cell.op, value: normalize(cell.value), range };
}

/** The value as the reader would see it again (strings' source is their JSON text). */
function normalize(v: CellValue): CellValue {
  if (v.kind === 'list') return { kind: 'list', items: v.items.map(normalize) };
  const node = {
    kind: 'scalar' as const,
    value: v.value,
    style: 'plain' as const,
    source: v.source,
    range: { start: 0, end: 0 },
  };
  return cellValueOf(node) as CellValue;
}
