import type { StateCreator } from 'zustand';
import type { StudioState } from './index';
import type { Cursor, StudioDocument } from './types';

/** Rule documents: their text, fact, as_of and cursor. */
export interface DocumentsSlice {
  documents: Record<string, StudioDocument>;
  setText(id: string, text: string): void;
  setCursor(id: string, cursor: Cursor): void;
  updateDocument(
    id: string,
    patch: Partial<Pick<StudioDocument, 'name' | 'fact' | 'asOf' | 'temporalState' | 'suite'>>,
  ): void;
}

export const createDocumentsSlice: StateCreator<StudioState, [], [], DocumentsSlice> = (
  set,
  get,
) => ({
  documents: {},
  setText(id, text) {
    const doc = get().documents[id];
    if (!doc || doc.text === text) return;
    set({
      documents: { ...get().documents, [id]: { ...doc, text } },
      revision: get().revision + 1,
    });
  },
  setCursor(id, cursor) {
    const doc = get().documents[id];
    if (!doc || (doc.cursor.line === cursor.line && doc.cursor.column === cursor.column)) return;
    set({
      documents: { ...get().documents, [id]: { ...doc, cursor } },
      revision: get().revision + 1,
    });
  },
  updateDocument(id, patch) {
    const doc = get().documents[id];
    if (!doc) return;
    set({
      documents: { ...get().documents, [id]: { ...doc, ...patch } },
      revision: get().revision + 1,
    });
  },
});
