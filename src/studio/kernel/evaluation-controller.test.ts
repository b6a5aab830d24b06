import { describe, expect, it, vi } from 'vitest';
import type { KernelClient } from '../../worker/kernel-client';
import type { EvaluateOutcome } from '../../worker/kernel-protocol';
import { storeWithDocument } from '../store/test-support';
import { startEvaluation } from './evaluation-controller';

/** A kernel whose requests answer only when the test says so. */
function fakeKernel() {
  const requests: { fact: string; answer: (value: unknown) => void }[] = [];
  const client = {
    request(_channel: string, request: { fact: string }) {
      return new Promise((resolve) => {
        requests.push({
          fact: request.fact,
          answer: (value) => resolve({ status: 'done', value }),
        });
      });
    },
  };
  return { client: client as unknown as KernelClient, requests };
}

const outcomeFor = (fact: string) => ({ kind: 'input-error', fact }) as unknown as EvaluateOutcome;
const flush = () => new Promise((r) => setTimeout(r, 0));
/** The inputs an outcome is of (EvaluationEntry.of) for the document of `evaluatingStore`. */
const inputs = (fact: string) => ({
  text: 'rules: []',
  fact,
  asOf: '2026-01-01T00:00:00Z',
  temporalState: '',
});

/** A document with the fact "f0", active, with the Evaluate panel open. */
function evaluatingStore() {
  const { store, id } = storeWithDocument({ text: 'rules: []', fact: 'f0' });
  store.getState().setPanel('evaluate');
  return { store, id };
}

describe('evaluation controller', () => {
  it('sends a fact edit at once, one at a time, and never shows an answer for an older fact', async () => {
    const { store, id } = evaluatingStore();
    const kernel = fakeKernel();
    const stop = startEvaluation(store, kernel.client);
    // The first evaluation waits for the debounce (a document change); then answer it.
    await vi.waitFor(() => expect(kernel.requests.map((r) => r.fact)).toEqual(['f0']));
    kernel.requests[0]!.answer(outcomeFor('f0'));
    await flush();
    expect(store.getState().evaluations[id]).toEqual({
      outcome: outcomeFor('f0'),
      pending: false,
      of: inputs('f0'),
    });

    // A fact edit goes at once (no debounce) and marks the shown result pending.
    store.getState().updateDocument(id, { fact: 'f1' });
    expect(kernel.requests.map((r) => r.fact)).toEqual(['f0', 'f1']);
    expect(store.getState().evaluations[id]?.pending).toBe(true);
    // Edits while it runs send nothing yet.
    store.getState().updateDocument(id, { fact: 'f2' });
    store.getState().updateDocument(id, { fact: 'f3' });
    expect(kernel.requests).toHaveLength(2);
    // The answer for f1 is about an older fact: not shown; the newest fact goes, once.
    kernel.requests[1]!.answer(outcomeFor('f1'));
    await flush();
    expect(store.getState().evaluations[id]?.outcome).toEqual(outcomeFor('f0'));
    expect(store.getState().evaluations[id]?.pending).toBe(true);
    expect(kernel.requests.map((r) => r.fact)).toEqual(['f0', 'f1', 'f3']);
    kernel.requests[2]!.answer(outcomeFor('f3'));
    await flush();
    expect(store.getState().evaluations[id]).toEqual({
      outcome: outcomeFor('f3'),
      pending: false,
      of: inputs('f3'),
    });
    stop();
  });

  it('waits for typing in the document to pause: cursor moves neither run it nor cut the wait short', async () => {
    vi.useFakeTimers();
    try {
      const { store, id } = evaluatingStore();
      const kernel = fakeKernel();
      const stop = startEvaluation(store, kernel.client);
      await vi.advanceTimersByTimeAsync(100);
      expect(kernel.requests).toHaveLength(1);
      kernel.requests[0]!.answer(outcomeFor('f0'));
      await vi.advanceTimersByTimeAsync(0);
      // Typing: a text change then a cursor move per keystroke, 30 ms apart, for 300 ms.
      for (let i = 1; i <= 10; i++) {
        store.getState().setText(id, `rules: [] # ${'x'.repeat(i)}`, 'typing');
        store.getState().setCursor(id, { line: 1, column: 12 + i });
        await vi.advanceTimersByTimeAsync(30);
        expect(kernel.requests).toHaveLength(1);
      }
      // The last keystroke was 30 ms ago: the text goes once it has been quiet for the debounce.
      await vi.advanceTimersByTimeAsync(100);
      expect(kernel.requests).toHaveLength(2);
      // A cursor move alone sends nothing.
      kernel.requests[1]!.answer(outcomeFor('f0'));
      await vi.advanceTimersByTimeAsync(0);
      store.getState().setCursor(id, { line: 1, column: 2 });
      await vi.advanceTimersByTimeAsync(500);
      expect(kernel.requests).toHaveLength(2);
      stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
