import { describe, expect, it } from 'vitest';
import type { KernelClient } from '../../worker/kernel-client';
import type { Analysis } from '../../worker/kernel-protocol';
import { createStudioStore } from '../store';
import { startAnalysis } from './analysis-controller';

/** A kernel whose requests answer only when the test says so. */
function fakeKernel() {
  const requests: { op: string; text: string; answer: (value: unknown) => void }[] = [];
  const client = {
    busy: false,
    request(_channel: string, request: { op: string; text: string }) {
      return new Promise((resolve) => {
        requests.push({
          op: request.op,
          text: request.text,
          answer: (value) => resolve({ status: 'done', value }),
        });
      });
    },
  };
  return { client: client as unknown as KernelClient, requests };
}

const analysisOf = (text: string) => ({ diagnostics: [], rules: [], text }) as unknown as Analysis;
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('analysis controller', () => {
  it('keeps one analyze in flight and then sends the newest text once', async () => {
    const store = createStudioStore();
    const id = store.getState().addDocument({
      name: 'd',
      text: 'v0',
      fact: '{}',
      asOf: '2026-01-01T00:00:00Z',
      temporalState: '',
      cursor: { line: 1, column: 1 },
    });
    store.getState().setActive(id);
    const kernel = fakeKernel();
    const batch = fakeKernel();
    const stop = startAnalysis(store, kernel.client, batch.client);
    await flush();
    const analyzes = () => kernel.requests.filter((r) => r.op === 'analyze');
    const first = analyzes().length;
    expect(first).toBeGreaterThan(0);
    const sentBefore = analyzes()[first - 1]!;
    for (const t of ['v1', 'v2', 'v3']) store.getState().setText(id, t);
    await flush();
    // Typing while one runs sends nothing yet.
    expect(analyzes()).toHaveLength(first);
    sentBefore.answer(analysisOf(sentBefore.text));
    await flush();
    // The answer is stored with the text it is of; the newest text follows, once; no gloss for
    // the replaced text.
    expect(store.getState().analyses[id]?.text).toBe(sentBefore.text);
    expect(analyzes()).toHaveLength(first + 1);
    expect(analyzes()[first]!.text).toBe('v3');
    expect(batch.requests.filter((r) => r.text === sentBefore.text)).toHaveLength(0);
    analyzes()[first]!.answer(analysisOf('v3'));
    await flush();
    expect(store.getState().analyses[id]?.text).toBe('v3');
    expect(batch.requests.map((r) => r.text)).toContain('v3');
    // Nothing changed since: no further request.
    expect(analyzes()).toHaveLength(first + 1);
    stop();
  });
});
