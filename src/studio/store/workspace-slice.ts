import type { StateCreator } from 'zustand';
import { emptyRecord, hasEntry, newDocumentId, recordOf, withEntry, withoutEntry } from './ids';
import type { StudioState } from './index';
import type { StudioDocument, WorkspaceSnapshot } from './types';

export type PersistenceState =
  | { readonly state: 'loading' }
  | { readonly state: 'saved'; readonly revision: number }
  | { readonly state: 'saving' }
  | { readonly state: 'error'; readonly detail: string }
  /** Another tab saved a newer version of this workspace: reload it or fork ours. */
  | { readonly state: 'conflict'; readonly theirs: WorkspaceSnapshot };

/** The workspace: which documents, in what order, the active one, the field dictionary. */
export interface WorkspaceSlice {
  order: string[];
  activeId: string | null;
  fieldDictionary: string;
  /** Bumped on every change that must be persisted. */
  revision: number;
  persistence: PersistenceState;
  addDocument(doc: Omit<StudioDocument, 'id'> & { id?: string }): string;
  removeDocument(id: string): void;
  renameDocument(id: string, name: string): void;
  setActive(id: string): void;
  setFieldDictionary(text: string): void;
  /** Replaces the whole workspace (restore, import, reload from another tab). */
  loadSnapshot(snapshot: WorkspaceSnapshot): void;
  snapshot(): WorkspaceSnapshot;
  setPersistence(persistence: PersistenceState): void;
}

/** A name not yet used in the workspace: `name`, `name (2)`, `name (3)` … */
export function uniqueName(taken: Iterable<string>, name: string): string {
  const used = new Set(taken);
  if (!used.has(name)) return name;
  for (let n = 2; ; n++) if (!used.has(`${name} (${n})`)) return `${name} (${n})`;
}

export const createWorkspaceSlice: StateCreator<StudioState, [], [], WorkspaceSlice> = (
  set,
  get,
) => ({
  order: [],
  activeId: null,
  fieldDictionary: '',
  revision: 0,
  persistence: { state: 'loading' },
  addDocument(input) {
    const state = get();
    const id = input.id && !hasEntry(state.documents, input.id) ? input.id : newDocumentId();
    const name = uniqueName(
      state.order.map((d) => state.documents[d]?.name ?? ''),
      input.name,
    );
    set({
      documents: withEntry(state.documents, id, { ...input, id, name }),
      order: [...state.order, id],
      activeId: id,
      revision: state.revision + 1,
    });
    return id;
  },
  removeDocument(id) {
    const state = get();
    if (!state.documents[id]) return;
    const documents = withoutEntry(state.documents, id);
    const index = state.order.indexOf(id);
    const order = state.order.filter((d) => d !== id);
    const activeId =
      state.activeId === id ? (order[Math.min(index, order.length - 1)] ?? null) : state.activeId;
    set({ documents, order, activeId, revision: state.revision + 1 });
  },
  renameDocument(id, name) {
    const state = get();
    const doc = state.documents[id];
    const trimmed = name.trim();
    if (!doc || trimmed === '' || trimmed === doc.name) return;
    const others = state.order.filter((d) => d !== id).map((d) => state.documents[d]?.name ?? '');
    state.updateDocument(id, { name: uniqueName(others, trimmed) });
  },
  setActive(id) {
    if (!get().documents[id] || get().activeId === id) return;
    set({ activeId: id, revision: get().revision + 1 });
  },
  setFieldDictionary(text) {
    if (get().fieldDictionary === text) return;
    set({ fieldDictionary: text, revision: get().revision + 1 });
  },
  loadSnapshot(snapshot) {
    const documents = recordOf(snapshot.documents.map((d) => [d.id, d] as const));
    const order = snapshot.documents.map((d) => d.id);
    const activeId =
      snapshot.activeId !== null && hasEntry(documents, snapshot.activeId)
        ? snapshot.activeId
        : (order[0] ?? null);
    set({
      documents,
      order,
      activeId,
      fieldDictionary: snapshot.fieldDictionary,
      revision: get().revision + 1,
      analyses: emptyRecord(),
      evaluations: emptyRecord(),
      suiteRuns: emptyRecord(),
    });
  },
  snapshot() {
    const state = get();
    return {
      format: 'erdl-studio-workspace',
      formatVersion: 1,
      documents: state.order.map((id) => state.documents[id]).filter((d) => d !== undefined),
      activeId: state.activeId,
      fieldDictionary: state.fieldDictionary,
    };
  },
  setPersistence(persistence) {
    set({ persistence });
  },
});
