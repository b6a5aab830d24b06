/**
 * The studio's one store (zustand slices): workspace, documents, diagnostics, evaluation, ui.
 * Panels read it through `useStudio(selector)`; effects (persistence, the kernel, the editor)
 * subscribe to the vanilla store.
 */
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { createDiagnosticsSlice, type DiagnosticsSlice } from './diagnostics-slice';
import { createDocumentsSlice, type DocumentsSlice } from './documents-slice';
import { createEvaluationSlice, type EvaluationSlice } from './evaluation-slice';
import { createUiSlice, type UiSlice } from './ui-slice';
import { createWorkspaceSlice, type WorkspaceSlice } from './workspace-slice';

export type StudioState = WorkspaceSlice &
  DocumentsSlice &
  DiagnosticsSlice &
  EvaluationSlice &
  UiSlice;

export type StudioStore = StoreApi<StudioState>;

export function createStudioStore(): StudioStore {
  return createStore<StudioState>()((...a) => ({
    ...createWorkspaceSlice(...a),
    ...createDocumentsSlice(...a),
    ...createDiagnosticsSlice(...a),
    ...createEvaluationSlice(...a),
    ...createUiSlice(...a),
  }));
}

/** The studio's store (one per page). */
export const studioStore = createStudioStore();

export function useStudio<T>(selector: (state: StudioState) => T): T {
  return useStore(studioStore, selector);
}

/** The active document, or null while the workspace loads. */
export const selectActive = (s: StudioState) =>
  s.activeId ? (s.documents[s.activeId] ?? null) : null;

export type * from './types';
