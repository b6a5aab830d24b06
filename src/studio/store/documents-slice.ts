import type { StateCreator } from 'zustand';
import { followName } from '../workspace/naming';
import { emptyRecord, withEntry } from './ids';
import type { StudioState } from './index';
import { announceTextChange, firstEditedOffset, type TextChange } from './text-changes';
import type { Cursor, StudioDocument } from './types';
import { uniqueName } from './workspace-slice';

/**
 * Where a text change came from: `typing` in the YAML editor (keystrokes come in bursts, which the
 * analysis coalesces) or a `command` — a grid edit, a quick fix, an import — analyzed at once.
 */
export type TextOrigin = 'typing' | 'command';

/** Rule documents: their text, fact, as_of and cursor. */
export interface DocumentsSlice {
  documents: Record<string, StudioDocument>;
  /** Per document, where its last text change came from (not persisted). */
  textOrigins: Readonly<Record<string, TextOrigin>>;
  /**
   * The document's new text; `change`, when its maker knows it, is the text it edited and its
   * edits — used only when `change.before` is the text held, and announced (text-changes.ts).
   */
  setText(id: string, text: string, origin?: TextOrigin, change?: TextChange): void;
  setCursor(id: string, cursor: Cursor): void;
  updateDocument(
    id: string,
    patch: Partial<Pick<StudioDocument, 'name' | 'fact' | 'asOf' | 'temporalState' | 'suite'>>,
  ): void;
}

/** Per document, the metadata.name its name follows (naming.ts `followName`; not persisted). */
const links = new Map<string, string>();

export const createDocumentsSlice: StateCreator<StudioState, [], [], DocumentsSlice> = (
  set,
  get,
) => ({
  documents: emptyRecord(),
  textOrigins: emptyRecord(),
  setText(id, text, origin = 'command', change) {
    const doc = get().documents[id];
    if (!doc || doc.text === text) return;
    const known = change !== undefined && change.before === doc.text ? change : undefined;
    // A name that follows metadata.name follows its edits (workspace naming, naming.ts).
    const editedFrom = known ? firstEditedOffset(known.edits) : undefined;
    const followed = followName(doc.name, links.get(id) ?? null, doc.text, text, editedFrom);
    if (followed.link === null) links.delete(id);
    else links.set(id, followed.link);
    const state = get();
    const name =
      followed.name === null
        ? doc.name
        : uniqueName(
            state.order.filter((d) => d !== id).map((d) => state.documents[d]?.name ?? ''),
            followed.name,
          );
    // Announced before the store changes: its subscribers may post the new text at once.
    if (known)
      announceTextChange({ docId: id, before: known.before, edits: known.edits, after: text });
    set({
      documents: withEntry(state.documents, id, { ...doc, text, name }),
      textOrigins:
        state.textOrigins[id] === origin
          ? state.textOrigins
          : withEntry(state.textOrigins, id, origin),
      revision: state.revision + 1,
    });
  },
  setCursor(id, cursor) {
    const doc = get().documents[id];
    if (!doc || (doc.cursor.line === cursor.line && doc.cursor.column === cursor.column)) return;
    set({
      documents: withEntry(get().documents, id, { ...doc, cursor }),
      revision: get().revision + 1,
    });
  },
  updateDocument(id, patch) {
    const doc = get().documents[id];
    if (!doc) return;
    set({
      documents: withEntry(get().documents, id, { ...doc, ...patch }),
      revision: get().revision + 1,
    });
  },
});
