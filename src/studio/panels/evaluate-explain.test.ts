import { describe, expect, it, vi } from 'vitest';
import type { KernelClient } from '../../worker/kernel-client';
import { startEvaluation } from '../kernel/evaluation-controller';
import { storeWithDocument } from '../store/test-support';
import { evaluationCurrent } from './evaluate-explain';

describe('evaluationCurrent', () => {
  /** A kernel whose evaluations answer only when the test says so. */
  function fakeKernel() {
    const answers: ((value: unknown) => void)[] = [];
    const client = {
      request: () =>
        new Promise((resolve) => answers.push((value) => resolve({ status: 'done', value }))),
    };
    return { client: client as unknown as KernelClient, answers };
  }
  const outcome = { kind: 'input-error', input: 'fact', message: { en: '', zh: '' } } as const;

  it('a result is of the text and fact it was computed for: any edit makes it earlier at once, before anything is sent', async () => {
    vi.useFakeTimers();
    try {
      const { store, id } = storeWithDocument({ text: 'rules: []', fact: 'a: 1' });
      store.getState().setPanel('evaluate');
      const kernel = fakeKernel();
      const stop = startEvaluation(store, kernel.client);
      const current = () =>
        evaluationCurrent(store.getState().evaluations[id], store.getState().documents[id]!);
      expect(current()).toBe(false); // nothing evaluated yet
      await vi.advanceTimersByTimeAsync(100);
      kernel.answers[0]!(outcome);
      await vi.advanceTimersByTimeAsync(0);
      expect(current()).toBe(true);
      // A keystroke in the rules: the evaluation waits for the typing to pause (nothing sent, no
      // pending flag yet), but the result on screen is already of an earlier text.
      store.getState().setText(id, 'rules: [] #', 'typing');
      expect(kernel.answers).toHaveLength(1);
      expect(store.getState().evaluations[id]?.pending).toBe(false);
      expect(current()).toBe(false);
      // A cursor move changes nothing evaluated.
      await vi.advanceTimersByTimeAsync(100);
      kernel.answers[1]!(outcome);
      await vi.advanceTimersByTimeAsync(0);
      expect(current()).toBe(true);
      store.getState().setCursor(id, { line: 1, column: 4 });
      expect(current()).toBe(true);
      // The fact, as_of and temporal state count too.
      for (const change of [
        { fact: 'a: 2' },
        { asOf: '2026-02-01T00:00:00Z' },
        { temporalState: '{}' },
      ]) {
        store.getState().updateDocument(id, change);
        expect(current()).toBe(false);
        kernel.answers.at(-1)!(outcome);
        await vi.advanceTimersByTimeAsync(0);
        expect(current()).toBe(true);
      }
      stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
