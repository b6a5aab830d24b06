import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KernelClient } from '../../worker/kernel-client';
import type { BatchOps, SuiteOutcome, SuiteRequest } from '../../worker/kernel-protocol';
import { storeWithDocument } from '../store/test-support';
import { suiteRunCurrent } from './SuiteBadge';
import { run, startSuites } from './suite-controller';

/**
 * A batch kernel whose requests answer only when the test says so; a newer request on a channel
 * makes the older one's answer stale, as the real client does.
 */
function fakeBatch() {
  const requests: (SuiteRequest & { answer: () => void })[] = [];
  const newest = new Map<string, number>();
  const client = {
    request(channel: string, request: SuiteRequest) {
      const id = requests.length;
      newest.set(channel, id);
      return new Promise((resolve) => {
        requests.push({
          ...request,
          answer: () =>
            resolve(
              newest.get(channel) === id
                ? { status: 'done', value: { kind: 'document-invalid', errors: 0 } as SuiteOutcome }
                : { status: 'stale' },
            ),
        });
      });
    },
  };
  return { client: client as unknown as KernelClient<BatchOps>, requests };
}

describe('suite controller', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs an imported fact set again on the new text when the typing pauses, as its out-of-date note says', async () => {
    const { store, id } = storeWithDocument({ text: 'v1' });
    const batch = fakeBatch();
    const stop = startSuites(store, batch.client);
    const factSet = '{"fact": {"a": 1}}\n';
    const imported = run(
      store,
      batch.client,
      id,
      { source: 'import', name: 'f.jsonl' },
      factSet,
      'jsonl',
    );
    batch.requests[0]!.answer();
    await imported;
    expect(suiteRunCurrent(store.getState(), id)).toBe(true);
    // The user types: the results are of an earlier text (the panel says they run again).
    store.getState().setText(id, 'v2', 'typing');
    expect(suiteRunCurrent(store.getState(), id)).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    expect(batch.requests.map((r) => [r.text, r.suite, r.format])).toEqual([
      ['v1', factSet, 'jsonl'],
      ['v2', factSet, 'jsonl'],
    ]);
    batch.requests[1]!.answer();
    await vi.advanceTimersByTimeAsync(0);
    expect(suiteRunCurrent(store.getState(), id)).toBe(true);
    expect(store.getState().suiteRuns[id]).toMatchObject({ source: 'import', name: 'f.jsonl' });
    stop();
  });

  it('an imported set still running when the text changes runs again on the new text', async () => {
    const { store, id } = storeWithDocument({ text: 'v1' });
    const batch = fakeBatch();
    const stop = startSuites(store, batch.client);
    const imported = run(
      store,
      batch.client,
      id,
      { source: 'import', name: 'f.csv' },
      'a\n1\n',
      'csv',
    );
    store.getState().setText(id, 'v2', 'typing');
    await vi.advanceTimersByTimeAsync(1000);
    batch.requests.at(-1)!.answer();
    batch.requests[0]!.answer();
    await imported;
    await vi.advanceTimersByTimeAsync(1000);
    expect(batch.requests.at(-1)).toMatchObject({ text: 'v2', format: 'csv' });
    if (store.getState().suiteRuns[id]?.pending) batch.requests.at(-1)!.answer();
    await vi.advanceTimersByTimeAsync(1000);
    expect(suiteRunCurrent(store.getState(), id)).toBe(true);
    stop();
  });

  it('the own suite, edited while a run is on its way, runs on the newest text once typing pauses', async () => {
    const { store, id } = storeWithDocument({ text: 'v1', suite: 'cases: a' });
    const batch = fakeBatch();
    const stop = startSuites(store, batch.client);
    await vi.advanceTimersByTimeAsync(1000);
    expect(batch.requests.map((r) => r.suite)).toEqual(['cases: a']);
    store.getState().updateDocument(id, { suite: 'cases: b' });
    await vi.advanceTimersByTimeAsync(1000);
    for (const r of batch.requests) r.answer();
    await vi.advanceTimersByTimeAsync(1000);
    expect(batch.requests.at(-1)).toMatchObject({ text: 'v1', suite: 'cases: b', format: 'suite' });
    for (const r of batch.requests) r.answer();
    await vi.advanceTimersByTimeAsync(1000);
    expect(suiteRunCurrent(store.getState(), id)).toBe(true);
    stop();
  });
});
