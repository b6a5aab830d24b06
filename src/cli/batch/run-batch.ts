/**
 * `erdl eval RULES --facts FILE`: a fact set (JSON Lines or CSV, read by the kernel's streaming
 * fact-set parsers) evaluated on every core, in constant memory, one output line per record in
 * input order.
 *
 * JSON Lines (issue #41 point 4): the main thread only cuts the text into parts of whole lines as
 * it streams in (split-lines.ts) and joins the parts' outputs in order; each worker parses its
 * part (from the part's first line number, so names and positions are the file's), evaluates and
 * prints it (evaluate-lines.ts). CSV, whose quoted cells may span lines, is parsed on the main
 * thread and its facts are handed to the workers in batches.
 *
 * At most two jobs per worker are in flight and reading pauses while standard output is full.
 * Exactly one line per record: a record that cannot be read gets an error record in its place
 * (errorRecord), so line N of the output is always about record N (ruling I-87).
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { fill } from '../../i18n/format';
import {
  createFactSetParser,
  type FactSetBatch,
  type FactSetFormat,
  type RejectedRecord,
  type SuiteDiagnostic,
} from '../../kernel';
import { type CliIo, writeOutLine, writeOutLines } from '../io';
import { EVAL_STRINGS } from '../strings/eval';
import { errorRecord, rejectedName } from './error-record';
import type { BatchCase, BatchJob, BatchReply, WorkerSetup } from './evaluate-batch';
import { type LinesJob, type LinesReply, NAMED_IN_SUMMARY } from './evaluate-lines';
import { LinesJoin } from './join-lines';
import { createLineSplitter } from './split-lines';

export { errorRecord };

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

/**
 * Characters of whole lines per JSON Lines part: large enough to amortise the message, small
 * enough to balance the workers (a 256 KiB chunk read makes a few parts).
 */
export const PART_CHARS = 64 * 1024;

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
    { resolve: (reply: BatchReply | LinesReply) => void; reject: (error: Error) => void }
  >();
  private readonly all: Worker[] = [];
  private failure: Error | null = null;
  private readonly freed: (() => void)[] = [];

  constructor(size: number, setup: WorkerSetup) {
    const { url, execArgv } = workerFile();
    for (let i = 0; i < size; i++) {
      const worker = new Worker(url, { workerData: setup, execArgv });
      worker.on('message', (reply: BatchReply | LinesReply) => {
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
  run(job: BatchJob): Promise<BatchReply>;
  run(job: LinesJob): Promise<LinesReply>;
  async run(job: BatchJob | LinesJob): Promise<BatchReply | LinesReply> {
    while (this.idle.length === 0 && !this.failure) {
      await new Promise<void>((resolve) => this.freed.push(resolve));
    }
    if (this.failure) throw this.failure;
    const worker = this.idle.pop() as Worker;
    return new Promise<BatchReply | LinesReply>((resolve, reject) => {
      this.waiting.set(worker, { resolve, reject });
      worker.postMessage(job);
    });
  }

  async close(): Promise<void> {
    this.failure ??= new Error('closed');
    await Promise.all(this.all.map((w) => w.terminate()));
  }
}

/** A problem as the command prints it: the English line, then the Chinese one. */
function problemLines(file: string, d: SuiteDiagnostic): [string, string] {
  const { line, column, severity, code, message } = d;
  const text = fill(EVAL_STRINGS.problem, { file, line, column, severity, code, message });
  return [text.en, text.zh];
}

/** Evaluates every fact of the file and prints one result line each, in input order. */
export async function runBatch(
  io: CliIo,
  options: BatchOptions,
  progress?: (rows: number) => void,
): Promise<BatchSummary> {
  const size = Math.max(1, options.workers ?? defaultWorkers());
  const pool = new Pool(size, options.setup);
  if (options.format === 'jsonl') {
    try {
      return await runLines(io, options.file, pool, size * IN_FLIGHT_PER_WORKER, progress);
    } finally {
      await pool.close();
    }
  }
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
    const job: BatchJob = { kind: 'cases', seq: seq++, cases };
    const running: Promise<BatchReply> =
      cases.length > 0 ? pool.run(job) : Promise.resolve({ seq: job.seq, lines: [] });
    running.catch(() => {}); // awaited in order by printFront
    inFlight.push({ reply: running, errors: errorLines });
    while (inFlight.length >= limit) await printFront();
  };
  const reject = (r: RejectedRecord) => {
    pendingErrors.push({ at: pending.length + pendingErrors.length, line: errorRecord(r) });
    if (rejectedLines.length < NAMED_IN_SUMMARY) rejectedLines.push(rejectedName(r));
    next++;
  };
  const take = async (batch: FactSetBatch) => {
    for (const d of batch.diagnostics) {
      if (d.severity === 'error') errors++;
      problems.push(...problemLines(options.file, d));
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

/**
 * JSON Lines: the text cut into parts of whole lines, each parsed, evaluated and printed by a
 * worker; the parts' outputs printed in order and their problems listed as one parser of the
 * whole file lists them (the first MAX_REPORTED_PROBLEMS, then how many more, at the last line).
 */
async function runLines(
  io: CliIo,
  file: string,
  pool: Pool,
  limit: number,
  progress?: (rows: number) => void,
): Promise<BatchSummary> {
  const splitter = createLineSplitter(PART_CHARS);
  // The real standard output takes a part's lines in one write; any other io (tests) line by line.
  const print =
    io.out === writeOutLine
      ? writeOutLines
      : (text: string) => {
          for (const line of text.split('\n')) io.out(line);
        };
  const inFlight: Promise<LinesReply>[] = [];
  const join = new LinesJoin();
  let seq = 0;

  const printFront = async () => {
    const reply = await (inFlight.shift() as Promise<LinesReply>);
    if (reply.records > 0) print(reply.out);
    join.add(reply);
    progress?.(join.evaluated);
    if (io.drained) await io.drained();
  };
  const send = async (parts: ReturnType<typeof splitter.push>) => {
    for (const part of parts) {
      const job: LinesJob = {
        kind: 'lines',
        seq: seq++,
        text: part.kind === 'lines' ? part.text : null,
        line: part.line,
      };
      const running = pool.run(job);
      running.catch(() => {}); // awaited in order by printFront
      inFlight.push(running);
      while (inFlight.length >= limit) await printFront();
    }
  };

  for await (const chunk of chunksOf(io, file)) await send(splitter.push(chunk));
  await send(splitter.end());
  while (inFlight.length > 0) await printFront();
  join.finish(splitter.lastLine);
  return {
    records: join.records,
    evaluated: join.evaluated,
    rejected: join.rejected,
    rejectedLines: join.rejectedLines,
    problems: join.problems.flatMap((d) => problemLines(file, d)),
    errors: join.errors,
  };
}
