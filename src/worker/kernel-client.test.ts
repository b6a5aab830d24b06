import { describe, expect, it } from 'vitest';
import { type Incident, KernelClient, type Outcome, type WorkerLike } from './kernel-client';
import type {
  Analysis,
  BatchOps,
  Envelope,
  KernelOps,
  Reply,
  SuiteOutcome,
  TestOps,
} from './kernel-protocol';
import { diff } from './reply-delta';

/** A worker whose answers the test releases by hand, with timers the test fires by hand. */
function harness() {
  const workers: FakeWorker[] = [];
  const timers = new Map<number, () => void>();
  let nextTimer = 1;
  const incidents: Incident[] = [];
  class FakeWorker implements WorkerLike {
    received: Envelope[] = [];
    terminated = false;
    onmessage: ((event: MessageEvent<Reply>) => void) | null = null;
    onerror: ((event: ErrorEvent) => void) | null = null;
    postMessage(message: Envelope) {
      this.received.push(message);
    }
    terminate() {
      this.terminated = true;
    }
    answer(reply: Reply) {
      this.onmessage?.({ data: reply } as MessageEvent<Reply>);
    }
  }
  // A test build's kernel worker: its operations and the test-only ones (`spin`).
  const client = new KernelClient<KernelOps & TestOps>({
    createWorker: () => {
      const w = new FakeWorker();
      workers.push(w);
      return w;
    },
    onIncident: (i) => incidents.push(i),
    setTimer: (cb) => {
      const id = nextTimer++;
      timers.set(id, cb);
      return id;
    },
    clearTimer: (id) => timers.delete(id as number),
  });
  const fireTimers = () => {
    const pending = [...timers.values()];
    timers.clear();
    for (const cb of pending) cb();
  };
  return { client, workers, timers, fireTimers, incidents };
}

const analyze = (text: string) => ({ op: 'analyze' as const, doc: 'd', text, dictionary: '' });
const evaluate = {
  op: 'evaluate' as const,
  doc: 'd',
  text: '',
  fact: '{}',
  asOf: '2026-01-01T00:00:00Z',
  temporalState: '',
  trace: false,
};

describe('KernelClient', () => {
  it('resolves the newest answer on a channel and marks older ones stale', async () => {
    const { client, workers } = harness();
    const first = client.request('analyze:d', analyze('a'));
    const second = client.request('analyze:d', analyze('ab'));
    const worker = workers[0]!;
    const [a, b] = worker.received;
    worker.answer({ id: b!.id, status: 'done', value: 'second' });
    worker.answer({ id: a!.id, status: 'done', value: 'first' });
    expect(await second).toEqual({ status: 'done', value: 'second' });
    expect(await first).toEqual({ status: 'stale' });
  });

  it('names the last value of a delta channel as the base and rebuilds values from deltas', async () => {
    const { client, workers } = harness();
    const worker = workers[0]!;
    const first = client.request('analyze:d', analyze('a'));
    expect(worker.received[0]!.base).toBeUndefined();
    const base = { rules: [{ name: 'R1' }, { name: 'R2' }], hash: 'h1' };
    worker.answer({ id: 1, status: 'done', value: base });
    expect(await first).toEqual({ status: 'done', value: base });
    const second = client.request('analyze:d', analyze('ab'));
    expect(worker.received[1]!.base).toBe(1);
    const next = { rules: [{ name: 'R1' }, { name: 'R2b' }], hash: 'h2' };
    worker.answer({ id: 2, status: 'delta', base: 1, delta: diff(base, next) });
    const outcome = await second;
    expect(outcome).toEqual({ status: 'done', value: next });
    // The unchanged rule is the client's own object: memoized rows need not re-render.
    if (outcome.status === 'done')
      expect((outcome.value as unknown as typeof next).rules[0]).toBe(base.rules[0]);
    // Other operations never name a base.
    void client.request('evaluate:d', evaluate);
    expect(worker.received[2]!.base).toBeUndefined();
  });

  it("posts an analyze's text whole once, then as edits; whole again on resync and after a restart", async () => {
    const { client, workers, fireTimers } = harness();
    const worker = workers[0]!;
    const big = 'rules:\n'.repeat(10_000);
    void client.request('analyze:d', analyze(big));
    expect(worker.received[0]!.request).toMatchObject({ text: big });
    expect(worker.received[0]!.textSync).toEqual({ version: 1 });
    worker.answer({ id: 1, status: 'done', value: 'a' });
    const edited = `${big}x`;
    const second = client.request('analyze:d', analyze(edited));
    // Only the edit crosses: the request's text is empty, the edit names the version it is of
    // (found by comparing texts: the change was not announced).
    expect(worker.received[1]!.request).toMatchObject({ text: '' });
    expect(worker.received[1]!.textSync).toEqual({
      version: 2,
      base: 1,
      steps: [[{ range: { start: big.length, end: big.length }, newText: 'x' }]],
      length: edited.length,
    });
    // A worker that does not hold version 1 asks for the whole text: posted once more, whole.
    worker.answer({ id: 2, status: 'resync' });
    expect(worker.received[2]!.id).toBe(2);
    expect(worker.received[2]!.request).toMatchObject({ text: edited });
    expect(worker.received[2]!.textSync).toEqual({ version: 3 });
    worker.answer({ id: 2, status: 'done', value: 'b' });
    expect(await second).toEqual({ status: 'done', value: 'b' });
    // Other operations carry their text as it is.
    void client.request('evaluate:d', { ...evaluate, text: edited });
    expect(worker.received[3]!.textSync).toBeUndefined();
    expect(worker.received[3]!.request).toMatchObject({ text: edited });
    // A replaced worker holds no copies: the next analyze goes whole.
    void client.request('analyze:d', analyze(`${edited}y`));
    fireTimers();
    const fresh = workers[1]!;
    void client.request('analyze:d', analyze(`${edited}yz`));
    expect(fresh.received.at(-1)!.request).toMatchObject({ text: `${edited}yz` });
    expect(fresh.received.at(-1)!.textSync).not.toHaveProperty('base');
  });

  it('posts an announced change as it was made, never found again by comparing texts', () => {
    const { client, workers } = harness();
    const worker = workers[0]!;
    void client.request('analyze:d', analyze('aaa'));
    worker.answer({ id: 1, status: 'done', value: 'a' });
    // An "a" typed at the start: comparing texts would place it at the end.
    const edits = [{ range: { start: 0, end: 0 }, newText: 'a' }];
    client.noteChange('aaa', edits, 'aaaa');
    void client.request('analyze:d', analyze('aaaa'));
    expect(worker.received[1]!.textSync).toEqual({
      version: 2,
      base: 1,
      steps: [edits],
      length: 4,
    });
  });

  it('asks again for the whole value when a delta names a base it does not hold', async () => {
    const { client, workers } = harness();
    const worker = workers[0]!;
    const pending = client.request('gloss:d', { op: 'gloss', doc: 'd', text: 'x', dictionary: '' });
    worker.answer({ id: 1, status: 'delta', base: 99, delta: { k: 'v', v: 'wrong' } });
    expect(worker.received).toHaveLength(2);
    const { base: _named, ...whole } = worker.received[0]!;
    // Posted whole again (gloss is text-synced: as a new version of its text).
    expect(worker.received[1]).toStrictEqual({ ...whole, textSync: { version: 2 } });
    worker.answer({ id: 1, status: 'done', value: 'whole' });
    expect(await pending).toEqual({ status: 'done', value: 'whole' });
  });

  it('syncs the gloss text on its own channel, and is not busy while only a gloss is waiting', async () => {
    const { client, workers } = harness();
    const worker = workers[0]!;
    const big = 'rules:\n'.repeat(1_000);
    void client.request('gloss:d', { op: 'gloss', doc: 'd', text: big, dictionary: '' });
    expect(worker.received[0]!.textSync).toEqual({ version: 1 });
    // The gloss phase is background work: the editor's markers do not wait for it.
    expect(client.busy).toBe(false);
    void client.request('analyze:d', analyze(big));
    expect(client.busy).toBe(true);
    // The analyze channel has its own copy: its first text goes whole.
    expect(worker.received[1]!.request).toMatchObject({ text: big });
    worker.answer({ id: 2, status: 'done', value: 'a' });
    expect(client.busy).toBe(false);
    worker.answer({ id: 1, status: 'done', value: 'g' });
    void client.request('gloss:d', { op: 'gloss', doc: 'd', text: `${big}x`, dictionary: '' });
    expect(worker.received[2]!.request).toMatchObject({ text: '' });
    expect(worker.received[2]!.textSync).toMatchObject({ base: 1, steps: [[{ newText: 'x' }]] });
  });

  it('keeps channels apart and passes superseded and failed answers through', async () => {
    const { client, workers } = harness();
    const one = client.request('analyze:one', analyze('x'));
    const two = client.request('analyze:two', analyze('y'));
    const worker = workers[0]!;
    worker.answer({ id: 1, status: 'superseded' });
    worker.answer({ id: 2, status: 'failed', message: { en: 'boom', zh: '出错' } });
    expect(await one).toEqual({ status: 'stale' });
    expect(await two).toEqual({ status: 'failed', message: { en: 'boom', zh: '出错' } });
    expect(client.busy).toBe(false);
  });

  it('replaces a worker that does not answer within the budget and reports which request', async () => {
    const { client, workers, fireTimers, incidents } = harness();
    const hung = client.request('evaluate:d', evaluate);
    fireTimers();
    const outcome = await hung;
    expect(outcome.status).toBe('restarted');
    expect(workers).toHaveLength(2);
    expect(workers[0]!.terminated).toBe(true);
    expect(incidents).toHaveLength(1);
    expect(incidents[0]).toMatchObject({
      op: 'evaluate',
      channel: 'evaluate:d',
      reason: 'timeout',
    });
    expect(incidents[0]!.message.zh).toContain('重新启动');
    expect(client.restarts).toBe(1);

    // The new worker serves the next request normally.
    const next = client.request('analyze:d', analyze('ok'));
    workers[1]!.answer({ id: workers[1]!.received[0]!.id, status: 'done', value: 42 });
    expect(await next).toEqual({ status: 'done', value: 42 });
  });

  it('re-arms the watchdog for the next request after each answer', async () => {
    const { client, workers, timers } = harness();
    void client.request('analyze:a', analyze('1'));
    void client.request('analyze:b', analyze('2'));
    expect(timers.size).toBe(1);
    workers[0]!.answer({ id: 1, status: 'done', value: null });
    expect(timers.size).toBe(1);
    workers[0]!.answer({ id: 2, status: 'done', value: null });
    expect(timers.size).toBe(0);
  });

  it('watches the request the worker runs: one sent after a background gloss, with its own budget', async () => {
    const { client, workers, timers, fireTimers, incidents } = harness();
    const gloss = client.request('gloss:d', { op: 'gloss', doc: 'd', text: 'x', dictionary: '' });
    const spin = client.request('spin', { op: 'spin', ms: 5_000 }, 300);
    // The worker runs the spin before the gloss goes on: the watchdog is the spin's.
    expect(timers.size).toBe(1);
    fireTimers();
    expect(incidents).toHaveLength(1);
    expect(incidents[0]).toMatchObject({ op: 'spin', budgetMs: 300, reason: 'timeout' });
    expect((await spin).status).toBe('restarted');
    expect((await gloss).status).toBe('restarted');
    // Once the foreground request answers, the background one is watched again.
    void client.request('gloss:d', { op: 'gloss', doc: 'd', text: 'y', dictionary: '' });
    void client.request('analyze:d', analyze('y'));
    workers[1]!.answer({ id: 4, status: 'done', value: null });
    expect(timers.size).toBe(1);
    fireTimers();
    expect(incidents[1]).toMatchObject({ op: 'gloss', budgetMs: 30_000 });
  });

  it('treats a crashed worker like a hung one', async () => {
    const { client, workers, incidents } = harness();
    const pending = client.request('analyze:d', analyze('x'));
    workers[0]!.onerror?.({ message: 'out of memory', preventDefault() {} } as ErrorEvent);
    expect((await pending).status).toBe('restarted');
    expect(incidents[0]).toMatchObject({ reason: 'crash' });
    expect(workers).toHaveLength(2);
  });
});

describe('KernelClient types', () => {
  it('asks each worker only for the operations it serves (compile-time checks)', async () => {
    const idle = (): WorkerLike => ({
      postMessage: () => {},
      terminate: () => {},
      onmessage: null,
      onerror: null,
    });
    const kernel = new KernelClient({ createWorker: idle });
    const batch = new KernelClient<BatchOps>({ createWorker: idle });
    const suite = { op: 'suite' as const, doc: 'd', text: '', suite: '', format: 'suite' as const };
    // @ts-expect-error the kernel worker does not run fact suites
    const wrongWorker = kernel.request('suite:d', suite);
    // @ts-expect-error the batch worker does not analyze
    const noAnalyze = batch.request('analyze:d', analyze('x'));
    // @ts-expect-error `spin` is a test-only operation: not the product kernel's
    const noSpin = kernel.request('spin', { op: 'spin', ms: 1 });
    // Replies are typed by the operation asked for.
    const run: Promise<Outcome<SuiteOutcome>> = batch.request('suite:d', suite);
    const analysis: Promise<Outcome<Analysis>> = kernel.request('analyze:d', analyze('x'));
    kernel.dispose();
    batch.dispose();
    for (const outcome of [wrongWorker, noAnalyze, noSpin, run, analysis]) {
      expect((await outcome).status).toBe('restarted');
    }
  });
});
