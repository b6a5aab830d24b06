/**
 * Runs the active document's fact suite in the batch worker whenever the document or its suite
 * changes (debounced), so the status-bar badge turns red the moment an edit breaks an
 * expectation. Imported fact sets (JSON Lines / CSV, possibly 10,000+ rows) run on demand with
 * progress and can be cancelled; the editor's markers never wait for either.
 */

import type { KernelClient } from '../../worker/kernel-client';
import type { BatchOps, SuiteRequest } from '../../worker/kernel-protocol';
import { DeadlineTimer } from '../scheduling/deadline-timer';
import type { StudioStore } from '../store';

const DEBOUNCE_MS = 250;

export function startSuites(store: StudioStore, batch: KernelClient<BatchOps>): () => void {
  // What to run is derived from the store, never remembered here: the active document's run entry
  // names the text (and suite) its outcome is of, so "of an earlier text" always leads to a run.
  const runOwn = async () => {
    const state = store.getState();
    const doc = state.activeId ? state.documents[state.activeId] : undefined;
    if (!doc) return;
    const suite = doc.suite ?? '';
    const current = state.suiteRuns[doc.id];
    if (current?.source === 'import') {
      // An imported fact set's results stay until the user goes back to the suite; an edit of the
      // rules runs that fact set again on the new text (its results say it will).
      if (current.text === doc.text || !current.factSet) return;
      const { text, format } = current.factSet;
      await run(store, batch, doc.id, { source: 'import', name: current.name }, text, format);
      return;
    }
    if (suite.trim() === '') {
      if (current) state.setSuiteRun(doc.id, null);
      return;
    }
    // A run of this text and suite is shown or on its way.
    if (current && current.text === doc.text && current.suite === suite) return;
    await run(store, batch, doc.id, { source: 'suite' }, suite, 'suite');
  };

  // Pushed back by every keystroke and cursor move: no timer call for those (deadline-timer.ts).
  const timer = new DeadlineTimer(() => void runOwn());
  const schedule = () => timer.after(DEBOUNCE_MS);

  schedule();
  const unsubscribe = store.subscribe((state, previous) => {
    if (
      state.documents !== previous.documents ||
      state.activeId !== previous.activeId ||
      // A run that ends (or is replaced) may be of a text edited meanwhile.
      state.suiteRuns !== previous.suiteRuns
    )
      schedule();
  });
  return () => {
    unsubscribe();
    timer.cancel();
  };
}

/** Runs `suite` (own suite or an imported fact set) for a document and records progress and outcome. */
export async function run(
  store: StudioStore,
  batch: KernelClient<BatchOps>,
  docId: string,
  origin: { source: 'suite' | 'import'; name?: string },
  suite: string,
  format: SuiteRequest['format'],
): Promise<void> {
  const doc = store.getState().documents[docId];
  if (!doc) return;
  // Its own suite's outcome names the suite text it is of: an edit of the suite (the scenario
  // sheet's, or in the Evaluate panel) makes it an earlier outcome until the suite runs again.
  // An imported fact set is kept with its results, to run again on an edited text.
  const base = {
    ...origin,
    text: doc.text,
    ...(origin.source === 'suite' ? { suite } : { factSet: { text: suite, format } }),
  };
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
