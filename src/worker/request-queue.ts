/**
 * The kernel worker's order of work (kernel-worker.ts), apart from the worker's globals so it is
 * unit-tested under Node.
 *
 * Requests run one at a time, in arrival order. Before a request runs, it is dropped (answered
 * `superseded`) when a newer request waits on its channel: a burst of keystrokes costs one
 * compile, not one per key. Between two requests the queue yields to the event loop, so messages
 * that arrived meanwhile join it first.
 *
 * Background requests (the gloss phase: every rule's sentence in two languages and the gloss
 * lint) are generators of steps. They run only when no other request waits, a slice of at most
 * `sliceMs` at a time, and the queue yields after every slice: a request that arrives meanwhile
 * (the next edit's `analyze`) runs before the next slice, so the editor's markers never wait for
 * the gloss of a text longer than one slice. A background request is dropped between slices once a
 * newer request waits on its channel. Background requests run one at a time, oldest first.
 */
import type { Envelope, Reply } from './kernel-protocol';

export interface RequestQueueHost {
  /** Whether `envelope` is a background request (run in slices, behind every other request). */
  readonly isBackground: (envelope: Envelope) => boolean;
  /**
   * Runs a request: a value for a foreground request, a generator of steps for a background one.
   * Throwing answers `failed`.
   */
  readonly run: (envelope: Envelope) => unknown;
  /** The answer to a request that ran to its end, with its value. */
  readonly done: (envelope: Envelope, value: unknown) => Reply;
  /** The answer to a request that threw. */
  readonly failed: (envelope: Envelope, error: unknown) => Reply;
  readonly reply: (message: Reply) => void;
  /** Calls `callback` in a later turn of the event loop, after messages that have arrived. */
  readonly later: (callback: () => void) => void;
  readonly now: () => number;
  /** A background request's longest slice, in ms. */
  readonly sliceMs: number;
}

interface Background {
  readonly envelope: Envelope;
  steps: Iterator<void, unknown, void> | null;
}

export class RequestQueue {
  private readonly foreground: Envelope[] = [];
  private readonly background: Background[] = [];
  private scheduled = false;

  constructor(private readonly host: RequestQueueHost) {}

  push(envelope: Envelope): void {
    if (this.host.isBackground(envelope)) this.background.push({ envelope, steps: null });
    else this.foreground.push(envelope);
    this.schedule();
  }

  /** Requests not yet answered (tests). */
  get waiting(): number {
    return this.foreground.length + this.background.length;
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    this.host.later(() => {
      this.scheduled = false;
      this.drain();
    });
  }

  private drain(): void {
    const next = this.foreground.shift();
    if (!next) this.slice();
    else if (this.foreground.some((later) => later.channel === next.channel)) {
      this.host.reply({ id: next.id, status: 'superseded' });
    } else {
      let reply: Reply;
      try {
        reply = this.host.done(next, this.host.run(next));
      } catch (e) {
        reply = this.host.failed(next, e);
      }
      this.host.reply(reply);
    }
    if (this.waiting > 0) this.schedule();
  }

  /** Runs the oldest background request for up to `sliceMs`, or to its end. */
  private slice(): void {
    const job = this.background[0];
    if (!job) return;
    const { envelope } = job;
    const newer = this.background.some(
      (later) => later !== job && later.envelope.channel === envelope.channel,
    );
    if (newer) {
      this.background.shift();
      this.host.reply({ id: envelope.id, status: 'superseded' });
      return;
    }
    const started = this.host.now();
    let reply: Reply;
    try {
      job.steps ??= this.host.run(envelope) as Iterator<void, unknown, void>;
      let step = job.steps.next();
      while (!step.done) {
        if (this.host.now() - started >= this.host.sliceMs) return;
        step = job.steps.next();
      }
      reply = this.host.done(envelope, step.value);
    } catch (e) {
      reply = this.host.failed(envelope, e);
    }
    this.background.shift();
    this.host.reply(reply);
  }
}
