/**
 * Runs the active document's fact suite in the batch worker whenever the document or its suite
 * changes (debounced), so the status-bar badge turns red the moment an edit breaks an
 * expectation. Imported fact sets (JSON Lines / CSV, possibly 10,000+ rows) run on demand with
 * progress and can be cancelled; the editor's markers never wait for either.
 */

import type { KernelClient } from '../../worker/kernel-client';
import type { SuiteRequest } from '../../worker/kernel-protocol';
import { DeadlineTimer } from '../scheduling/deadline-timer';
import type { StudioStore } from '../store';

const DEBOUNCE_MS = 250;

export function startSuites(store: StudioStore, batch: KernelClient): () => void {
  let lastKey: readonly unknown[] = [];

  const runOwn = async () => {
    const state = store.getState();
    const doc = state.activeId ? state.documents[state.activeId] : undefined;
    if (!doc) return;
    const suite = doc.suite ?? '';
    const key = [doc.id, doc.text, suite];
    if (key.every((v, i) => v === lastKey[i])) return;
    const current = state.suiteRuns[doc.id];
    // An imported fact set's results stay until the user closes them or runs the suite again.
    if (current?.source === 'import' && (current.pending || current.outcome)) return;
    lastKey = key;
    if (suite.trim() === '') {
      state.setSuiteRun(doc.id, null);
      return;
    }
    await run(store, batch, doc.id, { source: 'suite' }, suite, 'suite');
  };

  // Pushed back by every keystroke and cursor move: no timer call for those (deadline-timer.ts).
  const timer = new DeadlineTimer(() => void runOwn());
  const schedule = () => timer.after(DEBOUNCE_MS);

  schedule();
  const unsubscribe = store.subscribe((state, previous) => {
    if (state.documents !== previous.documents || state.activeId !== previous.activeId) schedule();
  });
  return () => {
    unsubscribe();
    timer.cancel();
  };
}

/** Runs `suite` (own suite or an imported fact set) for a document and records progress and outcome. */
export async function run(
  store: StudioStore,
  batch: KernelClient,
  docId: string,
  origin: { source: 'suite' | 'import'; name?: string },
  suite: string,
  format: SuiteRequest['format'],
): Promise<void> {
  const doc = store.getState().documents[docId];
  if (!doc) return;
  // Its own suite's outcome names the suite text it is of: an edit of the suite (the scenario
  // sheet's, or in the Evaluate panel) makes it an earlier outcome until the suite runs again.
  const base = { ...origin, text: doc.text, ...(origin.source === 'suite' ? { suite } : {}) };
  const previous = store.getState().suiteRuns[docId];
  store.getState().setSuiteRun(docId, {
    ...base,
    pending: true,
    progress: null,
    outcome: previous?.source === origin.source ? previous.outcome : null,
  });
  const outcome = await batch.request(
    `suite:${docId}`,
    { op: 'suite', doc: docId, text: doc.text, suite, format },
    undefined,
    (done, total) => {
      const now = store.getState().suiteRuns[docId];
      if (now?.pending) store.getState().setSuiteRun(docId, { ...now, progress: { done, total } });
    },
  );
  const state = store.getState();
  if (outcome.status === 'stale') return;
  if (outcome.status === 'done') {
    state.setSuiteRun(docId, { ...base, pending: false, progress: null, outcome: outcome.value });
  } else {
    state.setSuiteRun(docId, { ...base, pending: false, progress: null, outcome: null });
    state.notify('error', outcome.message);
  }
}
