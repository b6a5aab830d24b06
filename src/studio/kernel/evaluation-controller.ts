/**
 * Evaluates the active document's sample fact whenever the document, the fact, `as_of` or the
 * temporal state changes, while the Evaluate panel is open.
 *
 * An edit of the Evaluate panel's own inputs (fact, `as_of`, temporal state) is sent at once; an
 * edit of the document text waits DEBOUNCE_MS, so typing rules does not queue evaluations ahead of
 * the editor's analyses. At most one `evaluate` is in flight: inputs changed meanwhile are sent
 * when it answers (the newest then, once), and an answer for inputs that are no longer the
 * current ones is never shown — the panel keeps the last result marked pending instead.
 */

import type { KernelClient } from '../../worker/kernel-client';
import { DeadlineTimer } from '../scheduling/deadline-timer';
import type { StudioStore } from '../store';
import type { StudioDocument } from '../store/types';

const DEBOUNCE_MS = 60;

const keyOf = (doc: StudioDocument) => [doc.id, doc.text, doc.fact, doc.asOf, doc.temporalState];
const sameKey = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);

export function startEvaluation(store: StudioStore, kernel: KernelClient): () => void {
  let lastKey: unknown[] = [];
  let inFlight = false;
  let stopped = false;

  const current = () => {
    const state = store.getState();
    const doc = state.activeId ? state.documents[state.activeId] : undefined;
    return doc && state.panel === 'evaluate' ? doc : undefined;
  };

  const run = async () => {
    timer.cancel();
    if (inFlight || stopped) return;
    const doc = current();
    if (!doc) return;
    const key = keyOf(doc);
    if (sameKey(key, lastKey)) return;
    lastKey = key;
    inFlight = true;
    store.getState().setEvaluationPending(doc.id);
    const outcome = await kernel.request(`evaluate:${doc.id}`, {
      op: 'evaluate',
      doc: doc.id,
      text: doc.text,
      fact: doc.fact,
      asOf: doc.asOf,
      temporalState: doc.temporalState,
      trace: true,
    });
    inFlight = false;
    const now = store.getState();
    const docNow = now.documents[doc.id];
    if (docNow && !sameKey(keyOf(docNow), key)) {
      // The inputs changed while this ran: its answer is about older ones. Ask for the newest
      // (when the panel still shows this document; otherwise when it is shown again).
      void run();
      return;
    }
    // What the answer is of: the panel shows it as current only while these are on screen.
    const of = { text: doc.text, fact: doc.fact, asOf: doc.asOf, temporalState: doc.temporalState };
    if (outcome.status === 'done') {
      now.setEvaluation(doc.id, outcome.value, of);
      // The UI benchmark measures fact keystroke → result by this mark.
      performance.mark('erdl:evaluation', { detail: { docId: doc.id } });
    } else if (outcome.status === 'failed') {
      now.setEvaluation(doc.id, null, of);
      now.notify('error', outcome.message);
    } else if (outcome.status === 'restarted') {
      lastKey = [];
      now.setEvaluation(doc.id, null, of);
    }
  };

  // Pushed back by every keystroke in the document: no timer call for that (deadline-timer.ts).
  const timer = new DeadlineTimer(() => void run());
  const schedule = () => timer.after(DEBOUNCE_MS);

  schedule();
  const unsubscribe = store.subscribe((state, previous) => {
    if (
      state.documents === previous.documents &&
      state.activeId === previous.activeId &&
      state.panel === previous.panel
    )
      return;
    const id = state.activeId;
    const doc = id ? state.documents[id] : undefined;
    const before = id ? previous.documents[id] : undefined;
    const sameText =
      doc !== undefined &&
      before !== undefined &&
      state.activeId === previous.activeId &&
      state.panel === previous.panel &&
      doc.text === before.text;
    if (!sameText) schedule();
    // The panel's own inputs go at once. A cursor move, or another document's edit, changes
    // nothing evaluated: it neither runs nor cuts short the wait after a text edit.
    else if (
      doc.fact !== before.fact ||
      doc.asOf !== before.asOf ||
      doc.temporalState !== before.temporalState
    )
      void run();
  });
  return () => {
    stopped = true;
    unsubscribe();
    timer.cancel();
  };
}
