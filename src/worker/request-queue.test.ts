import { describe, expect, it } from 'vitest';
import type { Envelope, Reply } from './kernel-protocol';
import { RequestQueue } from './request-queue';

/**
 * A queue on a hand-driven event loop and clock: `turn()` runs the next scheduled callback.
 * Foreground requests answer their channel name; background ones are generators of `steps`
 * steps, each taking 3 ms, answering how many steps they ran.
 */
function harness(sliceMs = 8) {
  let now = 0;
  const later: (() => void)[] = [];
  const replies: Reply[] = [];
  const ran: string[] = [];
  const queue = new RequestQueue({
    isBackground: (e) => e.request.op === 'gloss',
    run: (e) => {
      const { text } = e.request as { text: string };
      if (text === 'throw') throw new Error(`failed ${e.channel}`);
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
  });
  let id = 0;
  const push = (op: 'analyze' | 'gloss', channel: string, text: string) => {
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
  const answer = (id: number) => replies.find((r) => r.id === id);
  return { queue, push, turn, settle, replies, ran, answer, later };
}

describe('the kernel worker request queue', () => {
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
});
