import { describe, expect, it } from 'vitest';
import type { Envelope, Reply } from './kernel-protocol';
import { type Job, RequestQueue } from './request-queue';

/**
 * A queue on a hand-driven event loop and clock: `turn()` runs the next scheduled callback.
 * `analyze` requests answer their channel name (`async` ones a promise of it); `gloss` requests
 * (background) are generators of `steps` steps, each taking 3 ms, answering how many steps they
 * ran; `suite` requests (jobs) take 40 ms a step and answer how many steps they ran, and whether
 * they were told to stop.
 */
function harness(sliceMs = 8) {
  let now = 0;
  const later: (() => void)[] = [];
  const replies: Reply[] = [];
  const ran: string[] = [];
  const promises: { resolve: (v: unknown) => void; reject: (e: unknown) => void }[] = [];
  const queue = new RequestQueue<Envelope>({
    kind: (e) =>
      e.request.op === 'gloss' ? 'background' : e.request.op === 'suite' ? 'job' : 'request',
    run: (e) => {
      const { text } = e.request as { text: string };
      if (text === 'throw') throw new Error(`failed ${e.channel}`);
      if (text === 'async') {
        ran.push(e.channel);
        return new Promise((resolve, reject) => promises.push({ resolve, reject }));
      }
      if (e.request.op === 'suite') {
        const steps = Number(text);
        return (function* (): Job<{ ran: number; stopped: boolean }> {
          for (let i = 0; i < steps; i++) {
            now += 40;
            ran.push(`${e.channel}:${i}`);
            const stop = yield { done: i, total: steps, at: `step ${i}` };
            if (stop) return { ran: i + 1, stopped: true };
          }
          return { ran: steps, stopped: false };
        })();
      }
      if (e.request.op !== 'gloss') {
        ran.push(e.channel);
        return e.channel;
      }
      const steps = text === 'throw-late' ? 5 : Number(text);
      return (function* () {
        for (let i = 0; i < steps; i++) {
          now += 3;
          ran.push(`${e.channel}:${i}`);
          if (text === 'throw-late' && i === 2) throw new Error('late');
          yield;
        }
        return steps;
      })();
    },
    done: (e, value) => ({ id: e.id, status: 'done', value }),
    failed: (e, error) => ({
      id: e.id,
      status: 'failed',
      message: { zh: String(error), en: String(error) },
    }),
    reply: (m) => replies.push(m),
    later: (callback) => later.push(callback),
    now: () => now,
    sliceMs,
    progressMs: 100,
  });
  let id = 0;
  const push = (op: 'analyze' | 'gloss' | 'suite', channel: string, text: string) => {
    const envelope = {
      id: ++id,
      channel,
      request: { op, doc: 'd', text, dictionary: '' },
    } as unknown as Envelope;
    queue.push(envelope);
    return envelope.id;
  };
  const turn = () => {
    const next = later.shift();
    if (!next) throw new Error('nothing scheduled');
    next();
  };
  const settle = () => {
    while (later.length > 0) turn();
  };
  /** The answer to request `id` (not its progress). */
  const answer = (id: number) => replies.find((r) => r.id === id && r.status !== 'progress');
  return { queue, push, turn, settle, replies, ran, answer, later, promises };
}

describe("the kernel workers' request queue", () => {
  it('answers requests in order, one per turn, dropping one a newer request on its channel supersedes', () => {
    const h = harness();
    const a1 = h.push('analyze', 'a', 'x');
    const b = h.push('analyze', 'b', 'x');
    const a2 = h.push('analyze', 'a', 'y');
    h.turn();
    expect(h.answer(a1)).toEqual({ id: a1, status: 'superseded' });
    expect(h.answer(b)).toBeUndefined();
    h.turn();
    expect(h.answer(b)).toEqual({ id: b, status: 'done', value: 'b' });
    h.settle();
    expect(h.answer(a2)).toEqual({ id: a2, status: 'done', value: 'a' });
    expect(h.ran).toEqual(['b', 'a']);
    expect(h.queue.waiting).toBe(0);
    expect(h.later).toHaveLength(0);
  });

  it('runs a background request in slices and answers another request between two slices', () => {
    const h = harness(8);
    const g = h.push('gloss', 'gloss:d', '10');
    h.turn();
    // 3 ms a step: the slice stops after the step that reaches 8 ms.
    expect(h.ran).toEqual(['gloss:d:0', 'gloss:d:1', 'gloss:d:2']);
    expect(h.answer(g)).toBeUndefined();
    const a = h.push('analyze', 'analyze:d', 'x');
    h.turn();
    expect(h.answer(a)).toMatchObject({ status: 'done', value: 'analyze:d' });
    expect(h.ran.at(-1)).toBe('analyze:d');
    h.settle();
    expect(h.answer(g)).toEqual({ id: g, status: 'done', value: 10 });
    expect(h.ran.filter((r) => r.startsWith('gloss:d:'))).toHaveLength(10);
  });

  it('runs background requests only when no other request waits, the oldest first', () => {
    const h = harness(100);
    const g1 = h.push('gloss', 'gloss:d', '2');
    const g2 = h.push('gloss', 'gloss:e', '2');
    const a = h.push('analyze', 'analyze:d', 'x');
    h.settle();
    expect(h.ran).toEqual(['analyze:d', 'gloss:d:0', 'gloss:d:1', 'gloss:e:0', 'gloss:e:1']);
    expect(h.replies.map((r) => r.id)).toEqual([a, g1, g2]);
  });

  it('drops a background request between slices once a newer one waits on its channel', () => {
    const h = harness(5);
    const old = h.push('gloss', 'gloss:d', '6');
    h.turn();
    expect(h.ran).toEqual(['gloss:d:0', 'gloss:d:1']);
    const fresh = h.push('gloss', 'gloss:d', '3');
    h.settle();
    expect(h.answer(old)).toEqual({ id: old, status: 'superseded' });
    expect(h.answer(fresh)).toEqual({ id: fresh, status: 'done', value: 3 });
    // The old job was not resumed.
    expect(h.ran.filter((r) => r === 'gloss:d:2')).toHaveLength(1);
    expect(h.ran).toHaveLength(5);
  });

  it('answers `failed` for a request that throws, at once or between slices, and goes on', () => {
    const h = harness(4);
    const bad = h.push('analyze', 'a', 'throw');
    const late = h.push('gloss', 'gloss:d', 'throw-late');
    const g = h.push('gloss', 'gloss:e', '1');
    h.settle();
    expect(h.answer(bad)).toMatchObject({ status: 'failed', message: { en: 'Error: failed a' } });
    expect(h.answer(late)).toMatchObject({ status: 'failed', message: { en: 'Error: late' } });
    expect(h.answer(g)).toEqual({ id: g, status: 'done', value: 1 });
  });

  it('runs a job posting progress, yielding a turn after each report, and stops it for a newer request on its channel', () => {
    const h = harness();
    const job = h.push('suite', 'suite:d', '10');
    h.turn();
    // A report once more than 100 ms passed since the last (at 0), then a turn to the event loop…
    expect(h.ran).toEqual(['suite:d:0', 'suite:d:1', 'suite:d:2']);
    expect(h.replies).toEqual([{ id: job, status: 'progress', done: 2, total: 10, at: 'step 2' }]);
    expect(h.answer(job)).toBeUndefined();
    // …then another request joins while the job yields: on its channel, the job is told to stop.
    const other = h.push('analyze', 'analyze:d', 'x');
    const newer = h.push('suite', 'suite:d', '1');
    h.turn();
    expect(h.answer(job)).toEqual({ id: job, status: 'done', value: { ran: 3, stopped: true } });
    // The job went on before the requests queued behind it.
    expect(h.answer(other)).toBeUndefined();
    h.settle();
    expect(h.answer(other)).toMatchObject({ status: 'done', value: 'analyze:d' });
    expect(h.answer(newer)).toEqual({
      id: newer,
      status: 'done',
      value: { ran: 1, stopped: false },
    });
    expect(h.queue.waiting).toBe(0);
  });

  it('stops a running job that is cancelled, and answers a cancelled request that waits superseded', () => {
    const h = harness();
    const job = h.push('suite', 'suite:d', '10');
    const queued = h.push('suite', 'suite:e', '2');
    h.turn();
    h.queue.cancel(job);
    h.queue.cancel(queued);
    h.settle();
    expect(h.answer(job)).toEqual({ id: job, status: 'done', value: { ran: 3, stopped: true } });
    expect(h.answer(queued)).toEqual({ id: queued, status: 'superseded' });
    expect(h.ran.filter((r) => r.startsWith('suite:e'))).toEqual([]);
  });

  it("awaits a request's promise before running the next, answering `failed` when it rejects", async () => {
    const h = harness();
    const first = h.push('analyze', 'sign:1', 'async');
    const second = h.push('analyze', 'sign:2', 'async');
    h.settle();
    expect(h.ran).toEqual(['sign:1']);
    h.promises[0]!.resolve('signed');
    await Promise.resolve();
    expect(h.answer(first)).toEqual({ id: first, status: 'done', value: 'signed' });
    h.settle();
    expect(h.ran).toEqual(['sign:1', 'sign:2']);
    h.promises[1]!.reject(new Error('bad key'));
    await Promise.resolve();
    expect(h.answer(second)).toMatchObject({ status: 'failed', message: { en: 'Error: bad key' } });
    expect(h.queue.waiting).toBe(0);
  });
});
