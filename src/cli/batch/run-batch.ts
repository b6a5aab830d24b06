/**
 * `erdl eval RULES --facts FILE`: a fact set (JSON Lines or CSV, read by the kernel's streaming
 * fact-set parsers) evaluated on every core, in constant memory, one output line per record in
 * input order.
 *
 * Issue #41 point 4: the main thread only cuts the text into parts as it streams in — whole lines
 * of JSON Lines (split-lines.ts), whole records of CSV, whose quoted cells may span lines
 * (split-records.ts, which passes the header along) — and joins the parts' outputs in order; each
 * worker parses its part (from where it starts in the file, so names and positions are the
 * file's), evaluates and prints it (evaluate-lines.ts). A CSV record over the size limit is read
 * on the main thread as it streams in, never held, and refused in place.
 *
 * At most two jobs per worker are in flight and reading pauses while standard output is full.
 * Exactly one line per record: a record that cannot be read gets an error record in its place
 * (errorRecord), so line N of the output is always about record N (ruling I-87).
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { fill } from '../../i18n/format';
import { createCsvParser, type FactSetFormat, type SuiteDiagnostic } from '../../kernel';
import { type ChunksWithBytes, type CliIo, RAW_BYTES, writeOutLine, writeOutLines } from '../io';
import { EVAL_STRINGS } from '../strings/eval';
import { errorRecord } from './error-record';
import type { WorkerSetup } from './evaluate-batch';
import { type CsvJob, type LinesJob, type LinesReply, partReply } from './evaluate-lines';
import type { ImpactJob, ImpactReply } from './impact-part';
import { LinesJoin } from './join-lines';
import { type BytePart, createByteSplitter } from './split-bytes';
import { createLineSplitter, type LinePart, type PartSplitter } from './split-lines';
import { createCsvSplitter } from './split-records';

export { errorRecord };

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
 * Characters of whole lines (records) per part: large enough to amortise the message, small
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

/**
 * The file as text chunks: streamed when the io can, else read whole (in-memory test fakes); or,
 * where the io reads a real file and the caller takes them, as raw byte chunks.
 */
function chunksOf(
  io: CliIo,
  file: string,
  takesBytes: boolean,
): AsyncIterable<string> | { readonly bytes: AsyncIterable<Uint8Array> } {
  if (io.readChunks) {
    const chunks: ChunksWithBytes = io.readChunks(file);
    const raw = chunks[RAW_BYTES];
    return takesBytes && raw ? { bytes: raw() } : chunks;
  }
  return (async function* () {
    yield new TextDecoder('utf-8', { fatal: true }).decode(await io.readBytes(file));
  })();
}

/** The batch workers (eval-worker.ts), each answering one job at a time. */
export class Pool {
  private readonly idle: Worker[] = [];
  private readonly waiting = new Map<
    Worker,
    { resolve: (reply: LinesReply | ImpactReply) => void; reject: (error: Error) => void }
  >();
  private readonly all: Worker[] = [];
  private failure: Error | null = null;
  private readonly freed: (() => void)[] = [];

  constructor(size: number, setup: WorkerSetup) {
    const { url, execArgv } = workerFile();
    for (let i = 0; i < size; i++) {
      const worker = new Worker(url, { workerData: setup, execArgv });
      worker.on('message', (reply: LinesReply | ImpactReply) => {
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
  async run(job: LinesJob | CsvJob): Promise<LinesReply>;
  async run(job: ImpactJob): Promise<ImpactReply>;
  async run(job: LinesJob | CsvJob | ImpactJob): Promise<LinesReply | ImpactReply> {
    while (this.idle.length === 0 && !this.failure) {
      await new Promise<void>((resolve) => this.freed.push(resolve));
    }
    if (this.failure) throw this.failure;
    const worker = this.idle.pop() as Worker;
    return new Promise<LinesReply | ImpactReply>((resolve, reject) => {
      this.waiting.set(worker, { resolve, reject });
      // A part's bytes are moved, not copied (they are its own).
      worker.postMessage(
        job,
        job.text instanceof Uint8Array ? [job.text.buffer as ArrayBuffer] : [],
      );
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
  try {
    return await runParts(io, options, pool, size * IN_FLIGHT_PER_WORKER, progress);
  } finally {
    await pool.close();
  }
}

/** A part's reply: from a worker, or (a CSV record over the size limit) already read here. */
type Job = LinesJob | CsvJob | LinesReply;

/**
 * JSON Lines or CSV: the text cut into parts, each parsed, evaluated and printed by a worker; the
 * parts' outputs printed in order and their problems listed as one parser of the whole file lists
 * them (the first MAX_REPORTED_PROBLEMS, then how many more, where the text ends).
 */
async function runParts(
  io: CliIo,
  options: BatchOptions,
  pool: Pool,
  limit: number,
  progress?: (rows: number) => void,
): Promise<BatchSummary> {
  const { file } = options;
  let seq = 0;
  const input = chunksOf(io, file, options.format === 'jsonl');
  const cut =
    options.format === 'csv'
      ? csvParts()
      : 'bytes' in input
        ? lineParts(createByteSplitter(PART_CHARS))
        : lineParts(createLineSplitter(PART_CHARS));
  // The workers' output as bytes written as they are, where the io can (the real standard output).
  const outJson = io.outJson;
  const bytesOut = outJson !== undefined;
  // The real standard output takes a part's lines in one write; any other io (tests) line by line.
  const print =
    io.out === writeOutLine
      ? writeOutLines
      : (text: string) => {
          for (const line of text.split('\n')) io.out(line);
        };
  const inFlight: Promise<LinesReply>[] = [];
  const join = new LinesJoin();

  const printFront = async () => {
    const reply = await (inFlight.shift() as Promise<LinesReply>);
    if (reply.bytes) outJson?.(reply.bytes);
    else if (reply.records > 0) print(reply.out);
    join.add(reply);
    progress?.(join.evaluated);
    if (io.drained) await io.drained();
  };
  const send = async (jobs: Job[]) => {
    for (const job of jobs) {
      const running = 'kind' in job ? pool.run(job) : Promise.resolve(job);
      running.catch(() => {}); // awaited in order by printFront
      inFlight.push(running);
      while (inFlight.length >= limit) await printFront();
    }
  };

  if ('bytes' in input) {
    const take = cut.push as (chunk: Uint8Array) => Job[];
    for await (const chunk of input.bytes) await send(take(chunk));
  } else {
    const take = cut.push as (chunk: string) => Job[];
    for await (const chunk of input) await send(take(chunk));
  }
  await send(cut.end());
  while (inFlight.length > 0) await printFront();
  cut.finish(join);
  return {
    records: join.records,
    evaluated: join.evaluated,
    rejected: join.rejected,
    rejectedLines: join.rejectedLines,
    problems: join.problems.flatMap((d) => problemLines(file, d)),
    errors: join.errors,
  };

  /**
   * JSON Lines: parts of whole lines (a line over the row limit known by its number only), as text
   * (split-lines.ts) or, read as bytes, as bytes (split-bytes.ts) the workers decode.
   */
  function lineParts<C>(splitter: PartSplitter<C, LinePart | BytePart>) {
    const jobs = (parts: (LinePart | BytePart)[]): Job[] =>
      parts.map((part) => ({
        kind: 'lines',
        seq: seq++,
        text: part.kind === 'overlong' ? null : 'bytes' in part ? part.bytes : part.text,
        line: part.line,
        bytesOut,
      }));
    return {
      push: (chunk: C) => jobs(splitter.push(chunk)),
      end: () => jobs(splitter.end()),
      finish: (join: LinesJoin) => join.finish(splitter.lastLine),
    };
  }

  /** CSV: parts of whole records with the header; a record over the size limit read here. */
  function csvParts() {
    const splitter = createCsvSplitter(PART_CHARS);
    const jobs = (parts: ReturnType<typeof splitter.push>): Job[] =>
      parts.map((part) =>
        part.kind === 'records'
          ? { ...part, kind: 'csv', seq: seq++, bytesOut }
          : partReply(seq++, part.batches, part.rows, part.base, null),
      );
    return {
      push: (chunk: string) => jobs(splitter.push(chunk)),
      end: () => jobs(splitter.end()),
      finish: (join: LinesJoin) => {
        const end = splitter.endPlace;
        join.finish(end.line, end);
        // A text with no record at all is refused as one parser refuses it.
        if (!splitter.hasHeader)
          for (const d of createCsvParser().end().diagnostics) {
            join.problems.push(d);
            if (d.severity === 'error') join.errors++;
          }
      },
    };
  }
}
