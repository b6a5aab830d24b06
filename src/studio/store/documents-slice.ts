import type { StateCreator } from 'zustand';
import { followName } from '../workspace/naming';
import { emptyRecord, withEntry } from './ids';
import type { StudioState } from './index';
import type { Cursor, StudioDocument } from './types';
import { uniqueName } from './workspace-slice';

/**
 * Where a text change came from: `typing` in the YAML editor (keystrokes come in bursts, which the
 * analysis coalesces) or a `command` — a grid edit, a quick fix, an import — analyzed at once.
 */
export type TextOrigin = 'typing' | 'command';

/**
 * What the editor knows of a change: the text it edited (`before`) and the offset in it where the
 * edit starts. The store uses it only when `before` is the text it holds. (Not the kernel's
 * `TextEdit`, which is a replacement to apply.)
 */
export interface EditorChange {
  readonly before: string;
  readonly from: number;
}

/** Rule documents: their text, fact, as_of and cursor. */
export interface DocumentsSlice {
  documents: Record<string, StudioDocument>;
  /** Per document, where its last text change came from (not persisted). */
  textOrigins: Readonly<Record<string, TextOrigin>>;
  setText(id: string, text: string, origin?: TextOrigin, edit?: EditorChange): void;
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
  setText(id, text, origin = 'command', edit) {
    const doc = get().documents[id];
    if (!doc || doc.text === text) return;
    // A name that follows metadata.name follows its edits (workspace naming, naming.ts).
    const editedFrom = edit !== undefined && edit.before === doc.text ? edit.from : undefined;
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
