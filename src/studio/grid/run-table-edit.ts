import { bilingual } from '../../i18n/format';
import type { Bilingual } from '../../kernel';
import type { RejectedCell } from '../../kernel/table-edit';
import { applyTextEdits, patchRead } from '../../kernel/table-edit';
import type { TableEditRequest } from '../../worker/kernel-protocol';
import { studioStore } from '../store';
import { getGridKernel } from './grid-kernel';
import { gridStrings } from './strings';
import { goodRead, setGoodRead } from './table-cache';

export type EditResult =
  | {
      readonly ok: true;
      readonly rejected: readonly RejectedCell[];
      /** Said with the edit, e.g. the rows it gave their numbers as names (I-90). */
      readonly note?: Bilingual;
    }
  | { readonly ok: false; readonly messages: readonly Bilingual[] };

/**
 * One grid operation: the worker turns it into minimal text edits of the document's current text;
 * they are applied with `setText`, which the editor turns into one undoable edit of its model —
 * so the editor's undo history covers grid edits too. If the text changed meanwhile, nothing is
 * applied (the edits address the old text).
 */
export function runTableEdit(
  docId: string,
  entry: string,
  edit: TableEditRequest['edit'],
): Promise<EditResult> {
  // Refused before it runs, whoever asks (toolbar, column menu, band, default row …): while the
  // grid's row search hides rows of this table, an edit that could land on one.
  const refused = guards.get(guardKey(docId, entry))?.(edit);
  if (refused) return Promise.resolve({ ok: false, messages: [refused] });
  // One at a time: each edit is computed against the text the previous one produced.
  const result = queue.then(() => runNow(docId, entry, edit));
  queue = result.then(
    () => undefined,
    () => undefined,
  );
  return result;
}

/** A refusal decided before a table's edit runs (the grid's row search: layout/row-filter.ts). */
export type TableEditGuard = (edit: TableEditRequest['edit']) => Bilingual | null;

const guards = new Map<string, TableEditGuard>();
const guardKey = (docId: string, entry: string) => `${docId}\u0000${entry}`;

/** Sets the guard of one table's edits, or lifts it (`null`). */
export function guardTableEdits(docId: string, entry: string, guard: TableEditGuard | null): void {
  if (guard) guards.set(guardKey(docId, entry), guard);
  else guards.delete(guardKey(docId, entry));
}

let queue: Promise<void> = Promise.resolve();
let sequence = 0;

async function runNow(
  docId: string,
  entry: string,
  edit: TableEditRequest['edit'],
): Promise<EditResult> {
  const text = studioStore.getState().documents[docId]?.text;
  if (text === undefined) return { ok: false, messages: [] };
  // In-place edits of the text the grid shows need no worker: the kernel's pure edit and a patched
  // read model (the same as a re-read), so the grid updates in the same frame.
  const cached = goodRead(docId);
  if (
    cached &&
    cached.text === text &&
    edit.kind !== 'importCsv' &&
    edit.kind !== 'groupToTable' &&
    edit.kind !== 'newTable'
  ) {
    const patched = patchRead(text, cached.read, entry, edit);
    if (patched) {
      // The text first: setting it sends it to be analysed at once, and the patched read (every
      // row after the edit shifted) is made meanwhile — still before anything renders, which
      // React does after this task.
      studioStore.getState().setText(docId, patched.text, 'command', {
        before: text,
        edits: patched.edits,
      });
      const read = patched.read;
      if (read.ok) {
        setGoodRead(docId, patched.text, read);
        return { ok: true, rejected: [] };
      }
    }
  }
  const outcome = await getGridKernel().request(`tableEdit:${docId}:${++sequence}`, {
    op: 'tableEdit',
    doc: docId,
    text,
    entry,
    edit,
  });
  const state = studioStore.getState();
  if (outcome.status !== 'done') {
    if (outcome.status === 'failed' || outcome.status === 'restarted') {
      state.notify('error', outcome.message);
      return { ok: false, messages: [outcome.message] };
    }
    return { ok: false, messages: [] };
  }
  const reply = outcome.value;
  if (!reply.ok) {
    for (const m of reply.messages) state.notify('warning', m);
    return reply;
  }
  const now = state.documents[docId]?.text;
  const next = now === text ? applyTextEdits(text, reply.edits) : null;
  if (next === null) {
    const message = bilingual(gridStrings, (t) => t.editRaced);
    state.notify('warning', message);
    return { ok: false, messages: [message] };
  }
  state.setText(docId, next, 'command', { before: text, edits: reply.edits });
  return { ok: true, rejected: reply.rejected, ...(reply.note ? { note: reply.note } : {}) };
}
