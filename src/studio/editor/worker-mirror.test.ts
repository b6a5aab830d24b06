import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isMirrorUpdate } from './monaco-internals';
import { deferMirrorUpdates, type PostTarget } from './worker-mirror';

/** Monaco 0.54's messages, as `webWorker.js` builds them. */
const mirror = (n: number) => ({
  vsWorker: 1,
  req: String(n),
  channel: 'default',
  method: '$acceptModelChanged',
  args: ['file:///a.erdl.yaml', { versionId: n }],
  type: 0,
});
const request = (n: number, method = 'doComplete') => ({
  vsWorker: 1,
  req: String(n),
  channel: 'default',
  method,
  args: [],
  type: 0,
});

/** A fake worker that records what it received, and a schedule whose flushes the test runs. */
function harness() {
  const received: unknown[] = [];
  const target: PostTarget = { postMessage: (message: unknown) => void received.push(message) };
  const due: (() => void)[] = [];
  const worker = deferMirrorUpdates(target, (flush) => void due.push(flush));
  return { worker, received, due };
}

describe('deferMirrorUpdates (Monaco’s worker copies updated after the frame is painted)', () => {
  it('recognises only the mirror update request', () => {
    expect(isMirrorUpdate(mirror(1))).toBe(true);
    expect(isMirrorUpdate(request(1))).toBe(false);
    expect(isMirrorUpdate(request(1, '$acceptNewModel'))).toBe(false);
    expect(isMirrorUpdate({ ...mirror(1), type: 1 })).toBe(false);
    expect(isMirrorUpdate('ignore')).toBe(false);
    expect(isMirrorUpdate(null)).toBe(false);
    expect(isMirrorUpdate(undefined)).toBe(false);
  });

  it('holds mirror updates until the scheduled flush, one schedule per batch', () => {
    const { worker, received, due } = harness();
    worker.postMessage(mirror(1));
    worker.postMessage(mirror(2));
    expect(received).toEqual([]);
    expect(due).toHaveLength(1);
    due[0]!();
    expect(received).toEqual([mirror(1), mirror(2)]);
    worker.postMessage(mirror(3));
    expect(due).toHaveLength(2);
  });

  it('sends every held update before any other message, so no request reads an old copy', () => {
    const { worker, received, due } = harness();
    worker.postMessage(mirror(1));
    worker.postMessage(request(2));
    expect(received).toEqual([mirror(1), request(2)]);
    // The flush scheduled for update 1 finds nothing left to send.
    due[0]!();
    expect(received).toEqual([mirror(1), request(2)]);
  });

  it('passes the transfer list or options through unchanged', () => {
    const calls: unknown[][] = [];
    const worker = deferMirrorUpdates(
      { postMessage: (...args: unknown[]) => void calls.push(args) },
      (flush) => flush(),
    );
    const buffer = new ArrayBuffer(4);
    worker.postMessage(request(1), [buffer]);
    worker.postMessage(mirror(2), []);
    worker.postMessage('ignore');
    expect(calls).toEqual([[request(1), [buffer]], [mirror(2), []], ['ignore']]);
  });

  it('neither drops nor resends the other updates when one send throws', async () => {
    const received: unknown[] = [];
    const due: (() => void)[] = [];
    const worker = deferMirrorUpdates(
      {
        postMessage: (message: unknown) => {
          if ((message as { req?: string }).req === '2') throw new Error('DataCloneError');
          received.push(message);
        },
      },
      (flush) => void due.push(flush),
    );
    const uncaught: unknown[] = [];
    const listener = (e: unknown) => void uncaught.push(e);
    process.on('uncaughtException', listener);
    try {
      worker.postMessage(mirror(1));
      worker.postMessage(mirror(2));
      worker.postMessage(mirror(3));
      due[0]!();
      due[0]!();
      await new Promise((resolve) => setTimeout(resolve, 0));
    } finally {
      process.off('uncaughtException', listener);
    }
    expect(received).toEqual([mirror(1), mirror(3)]);
    expect(uncaught).toHaveLength(1);
  });

  it('delivers exactly what was sent, in order, whatever interleaving of sends and flushes', () => {
    const step = fc.oneof(
      fc.constant('mirror' as const),
      fc.constant('request' as const),
      fc.constant('flush' as const),
      fc.constant('stale flush' as const),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        const { worker, received, due } = harness();
        const sent: unknown[] = [];
        let n = 0;
        for (const s of steps) {
          if (s === 'mirror' || s === 'request') {
            const message = s === 'mirror' ? mirror(n++) : request(n++);
            sent.push(message);
            worker.postMessage(message);
            // A request finds every earlier message delivered before it; an update only waits.
            if (s === 'request') expect(received).toEqual(sent);
            else expect(sent.slice(0, received.length)).toEqual(received);
          } else if (s === 'flush') {
            due.shift()?.();
            expect(received).toEqual(sent);
          } else {
            // A flush from an earlier schedule (the fallback timer after the paint's flush).
            due.at(-1)?.();
            expect(received).toEqual(sent);
          }
        }
        for (const flush of due.splice(0)) flush();
        expect(received).toEqual(sent);
      }),
      { numRuns: 500 },
    );
  });
});
