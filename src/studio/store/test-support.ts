import { createStudioStore } from './index';
import type { StudioDocument } from './types';

/** A fresh store holding one document, active: text "v0" and an empty fact unless given. */
export function storeWithDocument(doc: Partial<Omit<StudioDocument, 'id'>> = {}) {
  const store = createStudioStore();
  const id = store.getState().addDocument({
    name: 'd',
    text: 'v0',
    fact: '{}',
    asOf: '2026-01-01T00:00:00Z',
    temporalState: '',
    cursor: { line: 1, column: 1 },
    ...doc,
  });
  store.getState().setActive(id);
  return { store, id };
}
