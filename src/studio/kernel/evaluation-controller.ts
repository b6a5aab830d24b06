/**
 * Evaluates the active document's sample fact whenever the document, the fact, `as_of` or the
 * temporal state changes (debounced), while the Evaluate panel is open.
 */

import type { KernelClient } from '../../worker/kernel-client';
import type { StudioStore } from '../store';

const DEBOUNCE_MS = 60;

export function startEvaluation(store: StudioStore, kernel: KernelClient): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastKey: unknown[] = [];

  const run = async () => {
    timer = null;
    const state = store.getState();
    const doc = state.activeId ? state.documents[state.activeId] : undefined;
    if (!doc || state.panel !== 'evaluate') return;
    const key = [doc.id, doc.text, doc.fact, doc.asOf, doc.temporalState];
    if (key.every((v, i) => v === lastKey[i])) return;
    lastKey = key;
    state.setEvaluationPending(doc.id);
    const outcome = await kernel.request(`evaluate:${doc.id}`, {
      op: 'evaluate',
      doc: doc.id,
      text: doc.text,
      fact: doc.fact,
      asOf: doc.asOf,
      temporalState: doc.temporalState,
      trace: true,
    });
    const now = store.getState();
    if (outcome.status === 'done') {
      now.setEvaluation(doc.id, outcome.value);
      // The UI benchmark measures fact keystroke → result by this mark.
      performance.mark('erdl:evaluation', { detail: { docId: doc.id } });
    } else if (outcome.status === 'failed') {
      now.setEvaluation(doc.id, null);
      now.notify('error', outcome.message);
    } else if (outcome.status === 'restarted') {
      lastKey = [];
      now.setEvaluation(doc.id, null);
    }
  };

  const schedule = () => {
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(() => void run(), DEBOUNCE_MS);
  };

  schedule();
  const unsubscribe = store.subscribe((state, previous) => {
    if (
      state.documents !== previous.documents ||
      state.activeId !== previous.activeId ||
      state.panel !== previous.panel
    ) {
      schedule();
    }
  });
  return () => {
    unsubscribe();
    if (timer !== null) clearTimeout(timer);
  };
}
