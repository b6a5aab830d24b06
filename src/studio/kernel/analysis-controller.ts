/**
 * Keeps `analyses` current: whenever a document's text or the field dictionary changes, the
 * kernel worker analyzes it again. The active document goes first and is sent at once (the worker
 * coalesces a burst of keystrokes, the client drops stale answers); the other documents are
 * analyzed once after load, for their error badges.
 */
import type { StudioStore } from '../store';
import type { KernelClient } from './kernel-client';

export function startAnalysis(store: StudioStore, kernel: KernelClient): () => void {
  /** The text and dictionary each document was last sent with. */
  const sent = new Map<string, { text: string; dictionary: string }>();

  const analyze = async (docId: string) => {
    const state = store.getState();
    const doc = state.documents[docId];
    if (!doc) return;
    const dictionary = state.fieldDictionary;
    const last = sent.get(docId);
    if (last && last.text === doc.text && last.dictionary === dictionary) return;
    sent.set(docId, { text: doc.text, dictionary });
    state.setKernelStatus('busy');
    const outcome = await kernel.request(`analyze:${docId}`, {
      op: 'analyze',
      doc: docId,
      text: doc.text,
      dictionary,
    });
    const now = store.getState();
    if (!kernel.busy) now.setKernelStatus('ready');
    if (outcome.status === 'done') now.setAnalysis(docId, doc.text, outcome.value);
    else if (outcome.status === 'failed') now.notify('error', outcome.message);
    else if (outcome.status === 'restarted') {
      // Not retried automatically: the same text would hang again. The next edit retries.
      sent.delete(docId);
    }
  };

  const analyzeAll = () => {
    const { activeId, order } = store.getState();
    if (activeId) void analyze(activeId);
    for (const id of order) if (id !== activeId) void analyze(id);
  };

  analyzeAll();
  const unsubscribe = store.subscribe((state, previous) => {
    if (state.fieldDictionary !== previous.fieldDictionary || state.order !== previous.order) {
      analyzeAll();
      return;
    }
    if (state.documents !== previous.documents || state.activeId !== previous.activeId) {
      for (const id of state.order) {
        if (state.documents[id]?.text !== previous.documents[id]?.text) void analyze(id);
      }
      if (state.activeId && state.activeId !== previous.activeId) void analyze(state.activeId);
    }
  });
  return () => {
    unsubscribe();
    for (const id of sent.keys()) sent.delete(id);
  };
}
