import { useMemo, useState } from 'react';
import type { Bilingual } from '../../kernel';
import {
  type BlockEdit,
  type ColumnType,
  fillEdit,
  formatCell,
  multiCellEdit,
  type PastePlan,
  pastedHeader,
  planPaste,
  type RowTextKey,
  readCell,
  type TableModel,
  type TableOp,
} from '../../kernel/table-edit';
import { format, pick, useT } from '../i18n/i18n';
import type { Lang } from '../store/types';
import { blockWidenings, deletedRowText, fillAndDefault, planClear } from './changes/edit-report';
import { filterRefusal, type RowFilter } from './layout/row-filter';
import { runTableEdit } from './run-table-edit';
import { bounds, type CellRef, type Selection } from './selection';
import { gridStrings } from './strings';

export interface GridStatus {
  readonly text: string;
  readonly details: readonly string[];
}

export interface PendingPaste {
  readonly plan: PastePlan;
  readonly op: Extract<TableOp, { kind: 'paste' }>;
  /** The pasted block's header row, left out of the paste (pastedHeader), or null. */
  readonly header: readonly string[] | null;
}

/**
 * The grid's edits: each is one kernel operation (one undo step); what the kernel refuses is said
 * in the grid's status line. Pastes are planned first and wait in `pending` for the preview.
 */
export function useGridEdits({
  docId,
  table,
  types,
  textKeys,
  lang,
  filter = null,
}: {
  readonly docId: string;
  readonly table: TableModel;
  readonly types: readonly ColumnType[];
  readonly textKeys: readonly RowTextKey[];
  readonly lang: Lang;
  /** The row search, while it hides rows: no edit may land on a hidden row (layout/row-filter.ts). */
  readonly filter?: RowFilter | null;
}) {
  const t = useT(gridStrings);
  const [status, setStatus] = useState<GridStatus | null>(null);
  const [planned, setPending] = useState<(PendingPaste & { readonly table: TableModel }) | null>(
    null,
  );
  // A pending paste is read again by the table as it is now: a column typed meanwhile ("Read as
  // text" in the preview, I-91) reads its cells by its new type.
  const pending = useMemo(
    () =>
      planned && {
        op: planned.op,
        header: planned.header,
        plan:
          planned.table === table
            ? planned.plan
            : planPaste(
                table,
                { row: planned.op.row, column: planned.op.column },
                planned.op.cells,
                planned.op.selection,
              ),
      },
    [planned, table],
  );
  const conditions = table.columns.length;
  const rowCount = table.rows.length;

  /** One kernel operation; `done`, when given, is what the status line says once it applied. */
  const run = async (op: TableOp, done?: string): Promise<boolean> => {
    // Said once it is done, in words read before the row is gone.
    const said = done ?? (op.kind === 'deleteRow' ? deletedRowText(table, op.row, lang) : null);
    // Every grid edit passes here: while the search hides rows, what could land on one is refused.
    const hidden = filterRefusal(op, table, filter);
    if (hidden) {
      setStatus({ text: pick(hidden, lang), details: [] });
      return false;
    }
    const result = await runTableEdit(docId, table.entry, op);
    if (!result.ok) {
      if (result.messages.length > 0)
        setStatus({ text: result.messages.map((m) => pick(m, lang)).join(' '), details: [] });
      return false;
    }
    const text =
      said ?? (op.kind === 'paste' ? format(t.pasteApplied, { n: op.cells.length }) : null);
    // The note belongs to this edit (e.g. rows it named by their numbers, I-90): the next status
    // replaces it.
    const note = result.note ? pick(result.note, lang) : null;
    const line = [text, note].filter((x): x is string => x !== null).join(' ');
    setStatus(line === '' ? null : { text: line, details: [] });
    return true;
  };

  /** Where a new row goes: after the active row, but never below the default row. */
  const addRowAt = (after: number) => {
    const d = table.rows.findIndex((r) => r.isDefault);
    return d >= 0 && after + 1 > d ? d : after + 1;
  };

  /** A new row that fails closed: a copy of `from`, or the default row's decision and message. */
  const addRow = (from: number) => {
    const at = addRowAt(from);
    void run({ kind: 'addRow', at, from });
    return at;
  };

  const commit = async (row: number, col: number, text: string) => {
    const current = table.rows[row];
    if (col < conditions) {
      const parsed = readCell(text, types[col] ?? 'unknown');
      if (!parsed.ok) return;
      const cell = current?.cells[col];
      const unchanged =
        current && !current.isDefault && cell && formatCell(cell) === formatCell(parsed.cell);
      if (!unchanged) await run({ kind: 'setCell', row, column: col, cell: parsed.cell });
    } else if (col === conditions) {
      if (current?.then !== text) await run({ kind: 'setDecision', row, decision: text });
    } else if (col === conditions + 1) {
      const priority = text === '' ? null : Number(text);
      if (current?.priority !== priority) await run({ kind: 'setPriority', row, priority });
    } else {
      const key = textKeys[col - conditions - 2];
      if (key && (current?.texts[key]?.value ?? '') !== text)
        await run({ kind: 'setRowText', row, key, value: text });
    }
  };

  /**
   * Plans a pasted block at the selection's top-left cell; the preview shows it before anything
   * applies.
   */
  const preparePaste = (selection: Selection, pasted: string[][]) => {
    const b = bounds(selection);
    const at: CellRef = { row: b.top, col: b.left };
    // A spreadsheet's header row (the columns' names) is not pasted; the preview says so.
    const header = pastedHeader(table, at.col, pasted);
    const cells = header ? pasted.slice(1) : pasted;
    const op = {
      kind: 'paste' as const,
      row: at.row,
      column: at.col,
      cells,
      selection: b,
    };
    const hidden = filterRefusal(op, table, filter);
    if (hidden) {
      setStatus({ text: pick(hidden, lang), details: [] });
      return;
    }
    setPending({
      plan: planPaste(table, { row: at.row, column: at.col }, cells, b),
      op,
      table,
      header,
    });
  };

  const applyPaste = async () => {
    if (!pending) return;
    const op = { ...pending.op, confirm: true };
    setPending(null);
    await run(op);
  };

  /**
   * Delete: every selected condition cell becomes "-" (the default row has none to clear), one
   * undo step; the status line says which cells were cleared, by row and column label.
   */
  const clear = (selection: Selection) => {
    const plan = planClear(table, bounds(selection), lang);
    if (plan.kind === 'none') return;
    if (plan.kind === 'nothing') {
      setStatus({ text: plan.text, details: [] });
      return;
    }
    const b = plan.bounds;
    const cells = Array.from({ length: b.bottom - b.top + 1 }, () =>
      Array.from({ length: b.right - b.left + 1 }, () => '-'),
    );
    void run(
      { kind: 'paste', row: b.top, column: b.left, cells, selection: b, confirm: true },
      plan.text,
    );
  };

  /**
   * A fill or multi-cell edit: planned now (a refusal is returned, with its reason, and said in
   * the status line), applied as one paste — one undo step.
   */
  const block = (edit: BlockEdit, done: string): Bilingual | null => {
    if (!edit.ok) {
      setStatus({ text: pick(edit.message, lang), details: [] });
      return edit.message;
    }
    // Refused here, not only in run: the editor of Ctrl+Enter stays open with its text.
    const hidden = filterRefusal(edit.op, table, filter);
    if (hidden) {
      setStatus({ text: pick(hidden, lang), details: [] });
      return hidden;
    }
    // What it widens is said with it, as the paste preview would (read before it applies).
    const widens = blockWidenings(table, edit.op, lang);
    void run(edit.op).then((ok) => {
      if (ok) setStatus({ text: format(done, { n: edit.cells }), details: widens });
    });
    return null;
  };
  const fill = (selection: Selection, direction: 'down' | 'right') => {
    const b = bounds(selection);
    // A fill and the default row: refused into it, or it is skipped — said which, and why.
    const fromDefault = fillAndDefault(table, b, lang, direction);
    if ('refused' in fromDefault) {
      setStatus({ text: fromDefault.refused, details: [] });
      const other = fillAndDefault(table, b, lang === 'en' ? 'zh' : 'en', direction);
      const refusedIn = (l: Lang) =>
        'refused' in other && l !== lang ? other.refused : fromDefault.refused;
      return { en: refusedIn('en'), zh: refusedIn('zh') };
    }
    return block(fillEdit(table, b, direction), fromDefault.say(t.filled));
  };
  const editAll = (selection: Selection, text: string) =>
    block(multiCellEdit(table, bounds(selection), text), t.editedAll);

  return {
    run,
    fill,
    editAll,
    status,
    setStatus,
    pending,
    cancelPaste: () => setPending(null),
    applyPaste,
    preparePaste,
    commit,
    addRow,
    addRowAt,
    clear,
    rowCount,
  };
}
