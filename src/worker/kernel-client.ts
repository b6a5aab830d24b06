/**
 * The main thread's side of the kernel worker: typed requests, stale answers dropped, and a
 * watchdog that replaces a worker that stops answering.
 *
 * Staleness: each channel remembers the id of the newest request sent on it; an answer to an older
 * request resolves as `stale` and is never shown. Watchdog: while requests are outstanding, the
 * worker must answer the oldest within that request's budget; otherwise it is terminated, a fresh
 * worker is started, every outstanding request resolves as `restarted`, and `onIncident` says which
 * request ran too long. The studio stays usable throughout: nothing here ever throws at callers.
 *
 * Deltas: for per-document streams (`DELTA_OPS`) a request names the last value received on its
 * channel, and the worker may answer with the difference (src/worker/reply-delta.ts).
 */

import { bilingual } from '../i18n/format';
import type { Bilingual } from '../kernel';
import type { TextEdit } from '../kernel/util/text-edit';
import {
  BACKGROUND_OPS,
  type CancelMessage,
  type Envelope,
  type KernelOps,
  type Op,
  type OpMap,
  type Reply,
} from './kernel-protocol';
import { patch, RecentValues } from './reply-delta';
import { kernelStrings } from './strings';
import { TextSender } from './text-sync';

export interface WorkerLike {
  postMessage(message: Envelope<{ readonly op: string }> | CancelMessage): void;
  terminate(): void;
  onmessage: ((event: MessageEvent<Reply>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
}

export type Outcome<T> =
  | { readonly status: 'done'; readonly value: T }
  /** A newer request on the same channel replaced this one; ignore it. */
  | { readonly status: 'stale' }
  | { readonly status: 'failed'; readonly message: Bilingual }
  /** The worker was replaced while this request was outstanding. */
  | { readonly status: 'restarted'; readonly message: Bilingual };

export interface Incident {
  readonly op: string;
  readonly channel: string;
  readonly budgetMs: number;
  readonly reason: 'timeout' | 'crash';
  /** What the request was at when stopped (a long job's last progress report). */
  readonly at?: string;
  readonly message: Bilingual;
}

/** The budget of an operation `DEFAULT_BUDGETS` does not name (none: every `Op` has one). */
const DEFAULT_BUDGET_MS = 30_000;

/** Per-operation budgets (ms) before the watchdog replaces the worker. */
export const DEFAULT_BUDGETS: Readonly<Record<Op, number>> = {
  // A cold compile of a 10 MB document is seconds, not tens of seconds, even on a slow machine.
  analyze: 30_000,
  // These compile the document first: cold when the worker has not seen its text (a document just
  // opened — evaluate is then queued right behind its analyze — or after a restart). They get
  // analyze's budget: 5 s cut a first evaluation of 1,000 rules on a busy 2-core machine.
  evaluate: 30_000,
  tree: 30_000,
  convert: 30_000,
  vectors: 120_000,
  spin: 2_000,
  tables: 15_000,
  tableEdit: 15_000,
  // A compile of the document (warm when it is the one on screen) and a few hundred row checks.
  scenarioCase: 30_000,
  canonicalRule: 30_000,
  gloss: 30_000,
  // One incremental compile of a document the worker has just compiled.
  prime: 30_000,
  // Compiling the document dominates; the signature itself is milliseconds.
  sign: 30_000,
  verify: 30_000,
  // Long jobs report progress; the budget is the longest silence between two reports.
  suite: 15_000,
  // Two documents compile before the first report.
  impact: 30_000,
  // Background read-ahead of a fact set part (at most KEPT_FACTS_CHARS), no progress on the way.
  impactPrepare: 120_000,
  // Both versions compile (cold: another channel's compiler) and the fact set is read to the fact.
  impactTraces: 30_000,
};

export interface KernelClientOptions<M = KernelOps> {
  readonly createWorker: () => WorkerLike;
  readonly budgets?: Partial<Record<keyof M, number>>;
  readonly onIncident?: (incident: Incident) => void;
  /** Timers are injectable so the watchdog is unit-tested without waiting. */
  readonly setTimer?: (callback: () => void, ms: number) => unknown;
  readonly clearTimer?: (handle: unknown) => void;
}

/** Operations whose values form a stream per channel, sent as deltas from the previous value. */
const DELTA_OPS: ReadonlySet<string> = new Set<Op>(['analyze', 'gloss']);

/**
 * Operations whose text the worker keeps per channel and receives as edits (text-sync.ts): the
 * kernel worker's `analyze` and `gloss`, the streams that follow typing.
 */
const TEXT_SYNC_OPS: ReadonlySet<string> = new Set<Op>(['analyze', 'gloss']);

interface Pending {
  readonly id: number;
  readonly envelope: Envelope<{ readonly op: string }>;
  readonly op: string;
  readonly channel: string;
  readonly budgetMs: number;
  /** The request's own `resolve` (a method: the worker's value is the operation's reply type). */
  resolve(outcome: Outcome<unknown>): void;
  readonly onProgress?: ((done: number, total: number) => void) | undefined;
  at?: string;
}

/** The request of operation `O` of the worker whose operations are `M`. */
export type RequestOf<M extends OpMap<M>, O extends keyof M> = Extract<
  M[keyof M]['request'],
  { readonly op: O }
>;

/**
 * A client of one worker, typed by the worker's operations `M` (`KernelOps` — the kernel and the
 * grid's worker —, `BatchOps`): asking it for an operation its worker does not serve does not
 * compile.
 */
export class KernelClient<M extends OpMap<M> = KernelOps> {
  private worker: WorkerLike;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly newestOnChannel = new Map<string, number>();
  /** Values received on delta channels, by request id: the bases of deltas. */
  private readonly held = new RecentValues();
  /** The texts posted on text-synced channels, which the worker holds copies of. */
  private readonly texts = new TextSender();
  private timer: unknown = null;
  /** The request the watchdog's timer is for. */
  private watched: Pending | null = null;
  private readonly budgets: Readonly<Record<string, number>>;
  private readonly setTimer: (callback: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;
  /** How many times the worker was replaced (shown in the status bar). */
  restarts = 0;

  constructor(private readonly options: KernelClientOptions<M>) {
    this.budgets = { ...DEFAULT_BUDGETS, ...options.budgets };
    this.setTimer = options.setTimer ?? ((cb, ms) => setTimeout(cb, ms));
    this.clearTimer =
      options.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
    this.worker = this.spawn();
  }

  request<O extends keyof M & string>(
    channel: string,
    request: RequestOf<M, O>,
    budgetMs?: number,
    onProgress?: (done: number, total: number) => void,
  ): Promise<Outcome<M[O]['reply']>> {
    const id = this.nextId++;
    this.newestOnChannel.set(channel, id);
    const { op } = request;
    const base = DELTA_OPS.has(op) ? this.held.newest(channel) : undefined;
    const envelope: Envelope<RequestOf<M, O>> =
      base === undefined ? { id, channel, request } : { id, channel, request, base };
    return new Promise((resolve) => {
      this.pending.set(id, {
        id,
        envelope,
        op,
        channel,
        budgetMs: budgetMs ?? this.budgets[op] ?? DEFAULT_BUDGET_MS,
        resolve,
        onProgress,
      });
      this.post(envelope);
      this.arm();
    });
  }

  /**
   * Posts `envelope`; a text-synced request goes as an edit of the text last posted on its
   * channel (or whole: the first, a `whole` re-post, after a worker restart).
   */
  private post(envelope: Envelope<{ readonly op: string }>, whole = false): void {
    const { request } = envelope;
    if (
      !TEXT_SYNC_OPS.has(request.op) ||
      !('text' in request) ||
      typeof request.text !== 'string'
    ) {
      this.worker.postMessage(envelope);
      return;
    }
    const next = this.texts.next(envelope.channel, request.text, whole);
    const edited = { ...request, text: '' };
    this.worker.postMessage(
      next.whole
        ? { ...envelope, textSync: next.sync }
        : { ...envelope, request: edited, textSync: next.sync },
    );
  }

  /**
   * A document's text changed from `before` to `after` by `edits` (simultaneous edits of
   * `before`, as the editor or the grid made them): channels holding `before` post these edits
   * next instead of comparing texts (text-sync.ts).
   */
  noteChange(before: string, edits: readonly TextEdit[], after: string): void {
    this.texts.noteChange(before, edits, after);
  }

  /**
   * Asks the worker to stop the newest request on `channel` at its next batch; it then answers
   * with what it has so far. Only long jobs (suites) check for this; others just finish.
   */
  cancel(channel: string): void {
    const id = this.newestOnChannel.get(channel);
    if (id !== undefined && this.pending.has(id)) this.worker.postMessage({ cancel: id });
  }

  /** Whether a request other than a background one (`BACKGROUND_OPS`) is waiting for the worker. */
  get busy(): boolean {
    for (const p of this.pending.values()) if (!BACKGROUND_OPS.has(p.op)) return true;
    return false;
  }

  dispose(): void {
    this.disarm();
    this.worker.terminate();
    for (const p of this.pending.values()) {
      p.resolve({ status: 'restarted', message: bilingual(kernelStrings, (t) => t.closed) });
    }
    this.pending.clear();
  }

  private spawn(): WorkerLike {
    const worker = this.options.createWorker();
    worker.onmessage = (event) => this.receive(event.data);
    worker.onerror = (event) => {
      event.preventDefault?.();
      this.replace('crash', event.message || 'worker error');
    };
    return worker;
  }

  private receive(reply: Reply): void {
    const p = this.pending.get(reply.id);
    if (!p) return;
    if (reply.status === 'progress') {
      // The worker is alive: the watchdog waits a full budget again.
      if (this.watched === p) {
        this.disarm();
        this.arm();
      }
      if (reply.at !== undefined) p.at = reply.at;
      p.onProgress?.(reply.done, reply.total);
      return;
    }
    if (reply.status === 'resync') {
      // The worker's copy of the text is not the one the edit was of: the whole text, once.
      this.post(p.envelope, true);
      return;
    }
    let value: unknown;
    if (reply.status === 'delta') {
      const base = this.held.get(p.channel, reply.base);
      if (!base) {
        // Not expected (a few values are kept per channel); ask again for the whole value.
        const { base: _dropped, ...whole } = p.envelope;
        this.post(whole, true);
        return;
      }
      value = patch(base.value, reply.delta);
    } else if (reply.status === 'done') value = reply.value;
    if (value !== undefined && DELTA_OPS.has(p.op)) this.held.remember(p.channel, reply.id, value);
    this.pending.delete(reply.id);
    this.disarm();
    this.arm();
    if (reply.status === 'failed') p.resolve({ status: 'failed', message: reply.message });
    else if (reply.status === 'superseded' || this.newestOnChannel.get(p.channel) !== p.id) {
      p.resolve({ status: 'stale' });
    } else p.resolve({ status: 'done', value });
  }

  /**
   * Starts the watchdog for the request the worker is running: the oldest outstanding request
   * other than a background one (the worker runs those first), else the oldest background one. A
   * request the worker runs ahead of the watched one takes the watchdog over.
   */
  private arm(): void {
    let running: Pending | undefined;
    for (const p of this.pending.values()) {
      running ??= p;
      if (!BACKGROUND_OPS.has(p.op)) {
        running = p;
        break;
      }
    }
    if (this.timer !== null) {
      if (this.watched === running) return;
      this.disarm();
    }
    if (!running) return;
    const watched = running;
    this.watched = watched;
    this.timer = this.setTimer(() => {
      this.timer = null;
      this.watched = null;
      this.replace('timeout', `${watched.op} on ${watched.channel}`, watched);
    }, watched.budgetMs);
  }

  private disarm(): void {
    if (this.timer === null) return;
    this.clearTimer(this.timer);
    this.timer = null;
    this.watched = null;
  }

  private replace(reason: Incident['reason'], detail: string, culprit?: Pending): void {
    this.disarm();
    this.worker.onmessage = null;
    this.worker.onerror = null;
    this.worker.terminate();
    this.restarts += 1;
    const first = culprit ?? (this.pending.values().next().value as Pending | undefined);
    const seconds = first ? (first.budgetMs / 1000).toLocaleString('en') : '';
    const at = (lang: 'en' | 'zh') =>
      first?.at ? bilingual(kernelStrings, (t) => t.atSeparator, { at: first.at })[lang] : '';
    const fill = (lang: 'en' | 'zh') =>
      bilingual(kernelStrings, (t) => (reason === 'timeout' ? t.timeout : t.crashed), {
        seconds,
        detail,
        at: at(lang),
      })[lang];
    const message: Bilingual = { en: fill('en'), zh: fill('zh') };
    const outstanding = [...this.pending.values()];
    this.pending.clear();
    this.texts.reset();
    this.worker = this.spawn();
    for (const p of outstanding) p.resolve({ status: 'restarted', message });
    if (first) {
      this.options.onIncident?.({
        op: first.op,
        channel: first.channel,
        budgetMs: first.budgetMs,
        reason,
        ...(first.at ? { at: first.at } : {}),
        message,
      });
    }
  }
}

/** The worker for long jobs (fact suites, impact, signing), so they never delay markers. */
export function createBatchWorker(): WorkerLike {
  return new Worker(new URL('./batch-worker.ts', import.meta.url), {
    type: 'module',
    name: 'erdl-batch',
  }) as unknown as WorkerLike;
}

/** The studio's worker: a module worker bundled by Vite. */
export function createKernelWorker(): WorkerLike {
  return new Worker(new URL('./kernel-worker.ts', import.meta.url), {
    type: 'module',
    name: 'erdl-kernel',
  }) as unknown as WorkerLike;
}
