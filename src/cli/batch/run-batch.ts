/**
 * `erdl eval RULES --facts FILE`: a fact set (JSON Lines or CSV, read by the kernel's streaming
 * fact-set parsers) evaluated on every core. The main thread reads the file chunk by chunk, hands
 * batches of facts to a pool of worker threads (eval-worker.ts) and prints their results in input
 * order. At most two batches per worker are in flight and reading pauses while standard output is
 * full, so memory stays constant however many facts the file holds.
 *
 * Exactly one line per record, in input order: a record that cannot be read gets an error record
 * in its place (errorRecord), so line N of the output is always about record N (ruling I-87).
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import {
  createFactSetParser,
  type FactSetBatch,
  type FactSetFormat,
  type RejectedRecord,
} from '../../kernel';
import type { CliIo } from '../io';
import type { BatchCase, BatchJob, BatchReply, WorkerSetup } from './evaluate-batch';

/** Facts per message to a worker: large enough to amortise the message, small enough to balance. */
export const BATCH_SIZE = 256;
const IN_FLIGHT_PER_WORKER = 2;

export interface BatchOptions {
  readonly file: string;
  readonly format: FactSetFormat;
  readonly setup: WorkerSetup;
  readonly workers?: number;
}

export interface BatchSummary {
  /** Records read (blank lines and a CSV header are not records). */
  readonly records: number;
  readonly evaluated: number;
  /** Records that could not be read: each printed as an error record in its place. */
  readonly rejected: number;
  /** The first rejected records' lines (`3`, `4–7`), for the closing message. */
  readonly rejectedLines: readonly string[];
  /** Positioned problems (capped by the parser; the rest only counted). */
  readonly problems: readonly string[];
  /** Errors among them, including those about no record (a CSV without a header). */
  readonly errors: number;
}

/** Rejected records named in the closing message; the output names every one. */
const NAMED_IN_SUMMARY = 10;

/**
 * The line printed in place of a record that cannot be read: where the record is (`line`, and
 * `last_line` when a CSV record spans lines) and its first error as a diagnostic — code, position,
 * message in English and Chinese. `--fields` does not apply to it.
 */
export function errorRecord(r: RejectedRecord): string {
  const p = r.problem;
  return JSON.stringify({
    line: r.line,
    ...(r.lastLine > r.line ? { last_line: r.lastLine } : {}),
    error: {
      code: p.code,
      line: p.line,
      column: p.column,
      message: { en: p.message.en, zh: p.message.zh },
    },
  });
}

export function defaultWorkers(): number {
  return Math.max(1, availableParallelism());
}

/** The worker script next to this module: built JavaScript (lib/) or, from source, TypeScript. */
function workerFile(): { url: URL; execArgv: string[] } {
  if (import.meta.url.endsWith('.ts')) {
    // tsx's loader is not inherited by worker threads: this entry loads the worker through it.
    return { url: new URL('./eval-worker-tsx.mjs', import.meta.url), execArgv: [] };
  }
  return { url: new URL('./eval-worker.js', import.meta.url), execArgv: process.execArgv };
}

/** The file as text chunks: streamed when the io can, else read whole (in-memory test fakes). */
async function* chunksOf(io: CliIo, file: string): AsyncGenerator<string> {
  if (io.readChunks) {
    yield* io.readChunks(file);
    return;
  }
  yield new TextDecoder('utf-8', { fatal: true }).decode(await io.readBytes(file));
}

class Pool {
  private readonly idle: Worker[] = [];
  private readonly waiting = new Map<
    Worker,
    { resolve: (reply: BatchReply) => void; reject: (error: Error) => void }
  >();
  private readonly all: Worker[] = [];
  private failure: Error | null = null;
  private readonly freed: (() => void)[] = [];

  constructor(size: number, setup: WorkerSetup) {
    const { url, execArgv } = workerFile();
    for (let i = 0; i < size; i++) {
      const worker = new Worker(url, { workerData: setup, execArgv });
      worker.on('message', (reply: BatchReply) => {
        const job = this.waiting.get(worker);
        this.waiting.delete(worker);
        this.idle.push(worker);
        this.freed.shift()?.();
        job?.resolve(reply);
      });
      worker.on('error', (error) => this.fail(error));
      worker.on('exit', (code) => {
        if (code !== 0 && !this.failure) this.fail(new Error(`a worker stopped (exit ${code})`));
      });
      this.idle.push(worker);
      this.all.push(worker);
    }
  }

  private fail(error: Error): void {
    this.failure = error;
    for (const wake of this.freed.splice(0)) wake();
    for (const job of this.waiting.values()) job.reject(error);
    this.waiting.clear();
  }

  /** Runs a job on the next idle worker (waits for one). */
  async run(job: BatchJob): Promise<BatchReply> {
    while (this.idle.length === 0 && !this.failure) {
      await new Promise<void>((resolve) => this.freed.push(resolve));
    }
    if (this.failure) throw this.failure;
    const worker = this.idle.pop() as Worker;
    return new Promise<BatchReply>((resolve, reject) => {
      this.waiting.set(worker, { resolve, reject });
      worker.postMessage(job);
    });
  }

  async close(): Promise<void> {
    this.failure ??= new Error('closed');
    await Promise.all(this.all.map((w) => w.terminate()));
  }
}

/** Evaluates every fact of the file and prints one result line each, in input order. */
export async function runBatch(
  io: CliIo,
  options: BatchOptions,
  progress?: (rows: number) => void,
): Promise<BatchSummary> {
  const size = Math.max(1, options.workers ?? defaultWorkers());
  const pool = new Pool(size, options.setup);
  const parser = createFactSetParser(options.format);
  const problems: string[] = [];
  const limit = size * IN_FLIGHT_PER_WORKER;
  /**
   * Batches sent, in order; printed from the front as they complete. A batch's error records
   * (`at`: their place among the batch's output lines) are merged with its results when printed.
   */
  const inFlight: { reply: Promise<BatchReply>; errors: { at: number; line: string }[] }[] = [];
  let pending: BatchCase[] = [];
  let pendingErrors: { at: number; line: string }[] = [];
  let seq = 0;
  let evaluated = 0;
  /** Records handed on so far (the index of the next record). */
  let next = 0;
  let errors = 0;
  const rejectedLines: string[] = [];

  const printFront = async () => {
    const front = inFlight.shift() as (typeof inFlight)[number];
    const reply = await front.reply;
    let e = 0;
    let printed = 0;
    for (const line of reply.lines) {
      while (front.errors[e]?.at === printed) {
        io.out((front.errors[e++] as { line: string }).line);
        printed++;
      }
      io.out(line);
      printed++;
    }
    for (; e < front.errors.length; e++) io.out((front.errors[e] as { line: string }).line);
    evaluated += reply.lines.length;
    progress?.(evaluated);
    if (io.drained) await io.drained();
  };
  const send = async () => {
    if (pending.length === 0 && pendingErrors.length === 0) return;
    const cases = pending;
    const errorLines = pendingErrors;
    pending = [];
    pendingErrors = [];
    const job: BatchJob = { seq: seq++, cases };
    const running: Promise<BatchReply> =
      cases.length > 0 ? pool.run(job) : Promise.resolve({ seq: job.seq, lines: [] });
    running.catch(() => {}); // awaited in order by printFront
    inFlight.push({ reply: running, errors: errorLines });
    while (inFlight.length >= limit) await printFront();
  };
  const reject = (r: RejectedRecord) => {
    pendingErrors.push({ at: pending.length + pendingErrors.length, line: errorRecord(r) });
    if (rejectedLines.length < NAMED_IN_SUMMARY)
      rejectedLines.push(r.lastLine > r.line ? `${r.line}–${r.lastLine}` : `${r.line}`);
    next++;
  };
  const take = async (batch: FactSetBatch) => {
    for (const d of batch.diagnostics) {
      if (d.severity === 'error') errors++;
      problems.push(
        `${options.file}:${d.line}:${d.column}: ${d.severity} ${d.code} ${d.message.en}`,
      );
      problems.push(`${options.file}:${d.line}:${d.column}：${d.code} ${d.message.zh}`);
    }
    const rejected = batch.rejected ?? [];
    let r = 0;
    /** The rejected records that come next (all that are left at the end of the batch). */
    const rejectNext = async (all: boolean) => {
      for (; r < rejected.length && (all || (rejected[r] as RejectedRecord).index === next); r++) {
        reject(rejected[r] as RejectedRecord);
        if (pending.length + pendingErrors.length >= BATCH_SIZE) await send();
      }
    };
    for (const c of batch.cases) {
      if ((rejected[r] as RejectedRecord | undefined)?.index === next) await rejectNext(false);
      pending.push({ name: c.name, fact: c.fact, ...(c.as_of ? { as_of: c.as_of } : {}) });
      next++;
      if (pending.length + pendingErrors.length >= BATCH_SIZE) await send();
    }
    await rejectNext(true);
  };

  try {
    for await (const chunk of chunksOf(io, options.file)) await take(parser.push(chunk));
    await take(parser.end());
    await send();
    while (inFlight.length > 0) await printFront();
  } finally {
    await pool.close();
  }
  return {
    records: parser.rows,
    evaluated,
    rejected: parser.skipped,
    rejectedLines,
    problems,
    errors,
  };
}
