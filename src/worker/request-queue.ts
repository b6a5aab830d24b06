/**
 * Every kernel worker's order of work (kernel-worker.ts, batch-worker.ts), apart from the workers'
 * globals so it is unit-tested under Node.
 *
 * Requests run one at a time, in arrival order. Before a request runs, it is dropped (answered
 * `superseded`) when a newer request waits on its channel, or when it was cancelled: a burst of
 * keystrokes costs one compile, not one per key. Between two requests the queue yields to the
 * event loop, so messages that arrived meanwhile join it first. Each request is of one kind:
 *
 * - `request`: runs to its value at once (a promise is awaited, nothing else running meanwhile).
 * - `job` (a fact suite, an impact run): a generator of progress steps, told at each step whether
 *   to stop — cancelled, or a newer request waits on its channel — and then returning what it has.
 *   Progress is posted at most every `progressMs`, and the queue yields to the event loop then, so
 *   a cancel or a newer request is noticed; the job goes on before anything queued behind it.
 * - `background` (the gloss phase: every rule's sentence in two languages and the gloss lint): a
 *   generator of steps run only when no other request waits, a slice of at most `sliceMs` at a
 *   time, and the queue yields after every slice: a request that arrives meanwhile (the next
 *   edit's `analyze`) runs before the next slice, so the editor's markers never wait for the gloss
 *   of a text longer than one slice. A background request is dropped between slices once a newer
 *   request waits on its channel. Background requests run one at a time, oldest first.
 */
import type { Reply } from './kernel-protocol';
import type { JobProgress } from './suite-job';

/** What the queue needs of an envelope. */
export interface Queued {
  readonly id: number;
  readonly channel: string;
}

export type RequestKind = 'request' | 'job' | 'background';

/** A long job: yields its progress, is passed `true` when it should stop, returns its value. */
export type Job<T = unknown> = Iterator<JobProgress, T, boolean | undefined>;

export interface RequestQueueHost<E extends Queued> {
  readonly kind: (envelope: E) => RequestKind;
  /**
   * Runs a request: a value or a promise of one for a `request`, a `Job` for a `job`, a generator
   * of steps for a `background` request. Throwing (or rejecting) answers `failed`.
   */
  readonly run: (envelope: E) => unknown;
  /** The answer to a request that ran to its end, with its value. */
  readonly done: (envelope: E, value: unknown) => Reply;
  /** The answer to a request that threw. */
  readonly failed: (envelope: E, error: unknown) => Reply;
  readonly reply: (message: Reply) => void;
  /** Calls `callback` in a later turn of the event loop, after messages that have arrived. */
  readonly later: (callback: () => void) => void;
  readonly now: () => number;
  /** A background request's longest slice, in ms. */
  readonly sliceMs: number;
  /** A job's shortest time between two progress replies, in ms. */
  readonly progressMs: number;
}

interface Background<E> {
  readonly envelope: E;
  steps: Iterator<void, unknown, void> | null;
}

interface RunningJob<E> {
  readonly envelope: E;
  readonly steps: Job;
  started: boolean;
  lastProgress: number;
}

export class RequestQueue<E extends Queued> {
  private readonly foreground: E[] = [];
  private readonly background: Background<E>[] = [];
  private readonly cancelled = new Set<number>();
  /** A job between two batches, or `'awaiting'` while a request's promise settles. */
  private running: RunningJob<E> | 'awaiting' | null = null;
  private scheduled = false;

  constructor(private readonly host: RequestQueueHost<E>) {}

  push(envelope: E): void {
    if (this.host.kind(envelope) === 'background') this.background.push({ envelope, steps: null });
    else this.foreground.push(envelope);
    this.schedule();
  }

  /** Request `id` stops at its next step if it is a running job; unrun, it is answered superseded. */
  cancel(id: number): void {
    this.cancelled.add(id);
  }

  /** Requests not yet answered (tests). */
  get waiting(): number {
    return this.foreground.length + this.background.length + (this.running ? 1 : 0);
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
    if (this.running === 'awaiting') return;
    if (this.running) this.step(this.running);
    else {
      const next = this.foreground.shift();
      if (!next) this.slice();
      else if (this.cancelled.delete(next.id) || this.newer(next)) {
        this.host.reply({ id: next.id, status: 'superseded' });
      } else this.start(next);
    }
    this.goOn();
  }

  /** Schedules the next turn while requests wait, unless a promise is being awaited. */
  private goOn(): void {
    if (this.running !== 'awaiting' && this.waiting > 0) this.schedule();
  }

  /** Whether a request newer than `envelope` waits on its channel. */
  private newer(envelope: E): boolean {
    return (
      this.foreground.some((later) => later.channel === envelope.channel) ||
      this.background.some((later) => later.envelope.channel === envelope.channel)
    );
  }

  private start(envelope: E): void {
    let value: unknown;
    try {
      value = this.host.run(envelope);
    } catch (e) {
      this.host.reply(this.host.failed(envelope, e));
      return;
    }
    if (this.host.kind(envelope) === 'job') {
      this.step({ envelope, steps: value as Job, started: false, lastProgress: 0 });
    } else if (value instanceof Promise) {
      this.running = 'awaiting';
      value.then(
        (v) => this.settled(envelope, this.host.done(envelope, v)),
        (e) => this.settled(envelope, this.host.failed(envelope, e)),
      );
    } else this.host.reply(this.host.done(envelope, value));
  }

  private settled(envelope: E, reply: Reply): void {
    this.running = null;
    this.cancelled.delete(envelope.id);
    this.host.reply(reply);
    this.goOn();
  }

  /** Runs a job until it posts progress (then yields to the event loop) or ends. */
  private step(job: RunningJob<E>): void {
    const { envelope } = job;
    const stop = () => this.cancelled.has(envelope.id) || this.newer(envelope);
    let reply: Reply;
    try {
      let step = job.started ? job.steps.next(stop()) : job.steps.next();
      job.started = true;
      while (!step.done) {
        const progress = step.value;
        const now = this.host.now();
        if (now - job.lastProgress > this.host.progressMs) {
          this.host.reply({
            id: envelope.id,
            status: 'progress',
            done: progress.done,
            total: progress.total,
            ...(progress.at ? { at: progress.at } : {}),
          });
          job.lastProgress = now;
          this.running = job;
          return;
        }
        step = job.steps.next(stop());
      }
      reply = this.host.done(envelope, step.value);
    } catch (e) {
      reply = this.host.failed(envelope, e);
    }
    this.running = null;
    this.cancelled.delete(envelope.id);
    this.host.reply(reply);
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
