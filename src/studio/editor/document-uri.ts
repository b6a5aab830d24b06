/** Where each workspace document's Monaco model lives, and its analysis when current. */
import * as monaco from 'monaco-editor/esm/vs/editor/edcore.main.js';
import type { StudioStore } from '../store';

/** Workspace documents live at `inmemory://erdl/<docId>.erdl.yaml` (the schema's file match). */
const DOC_AUTHORITY = 'erdl';

export function uriForDocument(docId: string): monaco.Uri {
  return monaco.Uri.from({
    scheme: 'inmemory',
    authority: DOC_AUTHORITY,
    path: `/${docId}.erdl.yaml`,
  });
}

export function documentIdOf(uri: monaco.Uri): string | null {
  if (uri.scheme !== 'inmemory' || uri.authority !== DOC_AUTHORITY) return null;
  const match = /^\/(.+)\.erdl\.yaml$/.exec(uri.path);
  return match ? match[1]! : null;
}

/** The analysis of a model's text, only when it is of exactly that text (never a stale one). */
export function currentAnalysis(store: StudioStore, model: monaco.editor.ITextModel) {
  const docId = documentIdOf(model.uri);
  const entry = docId ? store.getState().analyses[docId] : undefined;
  return docId && entry && entry.text === model.getValue() ? { docId, entry } : null;
}
