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
 * Each worker holds at most QUEUED_PER_WORKER parts, at most IN_FLIGHT_PER_WORKER parts per worker
 * are read and not yet printed, and reading pauses while standard output is full.
 * Exactly one line per record: a record that cannot be read gets an error record in its place
 * (errorRecord), so line N of the output is always about record N (ruling I-87).
 */
import { Worker } from 'node:worker_threads';
import { fill } from '../../i18n/format';
import { createCsvParser, type FactSetFormat, type SuiteDiagnostic } from '../../kernel';
import { type ChunksWithBytes, type CliIo, RAW_BYTES, writeOutLine, writeOutLines } from '../io';
import { EVAL_STRINGS } from '../strings/eval';
import { errorRecord } from './error-record';
import type { LoadedReply, SetupJob, StartJob, WorkerSetup, WorkerStart } from './evaluate-batch';
import { type CsvJob, type LinesJob, type LinesReply, partReply } from './evaluate-lines';
import type { ImpactJob, ImpactReply } from './impact-part';
import { LinesJoin } from './join-lines';
import { defaultWorkers, PART_CHARS, takePrestarted, workerFile } from './prestart';
import { type BytePart, createByteSplitter } from './split-bytes';
import { createLineSplitter, type LinePart, type PartSplitter } from './split-lines';
import { createCsvSplitter } from './split-records';

export { errorRecord };

/**
 * Standard output was closed by its reader (`erdl eval --facts F | head`): the batch stops reading
 * and evaluating, and says how many results it wrote. Never a hang on a pipe that will not drain.
 */
export class OutputClosed extends Error {
  constructor(readonly written: number) {
    super(`standard output closed after ${written} result(s)`);
  }
}

/** Parts a worker holds: the one it evaluates and the next, so it never waits for this thread. */
const QUEUED_PER_WORKER = 2;
/** Parts read and not yet printed, per worker (the first, printed next, may still be running). */
const IN_FLIGHT_PER_WORKER = 4;

/**
 * What answers the parts: the batch workers (Pool), or the command's own thread for a file of one
 * part (InProcessParts, in-process.ts). Jobs are answered in the order given.
 */
export interface PartRunner {
  readonly size: number;
  /** The rest of the setup (before the first job) of a runner started with the rules only. */
  configure(setup: WorkerSetup): void;
  run(job: LinesJob | CsvJob): Promise<LinesReply>;
  close(): Promise<void>;
}

export interface BatchOptions {
  readonly file: string;
  readonly format: FactSetFormat;
  readonly setup: WorkerSetup;
  readonly workers?: number;
  /**
   * Workers already started with `setup.rules` (startWorkers, while the command compiled them), or
   * the command's own thread (InProcessParts); runBatch configures it, uses it, and closes it.
   */
  readonly pool?: PartRunner;
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

type PoolJob = LinesJob | CsvJob | ImpactJob;
type PoolReply = LinesReply | ImpactReply;

interface Pending {
  resolve: (reply: PoolReply) => void;
  reject: (error: Error) => void;
}

/**
 * The batch workers (eval-worker.ts). Each job is posted to a worker as soon as it is given (the
 * one with the fewest jobs, at most QUEUED_PER_WORKER), so a worker that finishes a part starts
 * the next one it already holds rather than waiting for this thread to send it; a worker answers
 * its jobs in the order it got them.
 */
export class Pool implements PartRunner {
  private readonly queues = new Map<Worker, Pending[]>();
  private readonly all: Worker[] = [];
  private failure: Error | null = null;
  private readonly freed: (() => void)[] = [];
  private loaded: (ok: boolean) => void = () => {};
  /**
   * Whether the rules load, from the first worker to have compiled them (every worker compiles the
   * same bytes): true when one has, false when a worker stopped first (a worker whose rules do not
   * load stops) or the pool was closed.
   */
  readonly rulesLoad = new Promise<boolean>((resolve) => {
    this.loaded = resolve;
  });

  /** How many workers the pool has. */
  get size(): number {
    return this.all.length;
  }

  /** The parts each worker holds (posted, not yet answered), in the order the workers started. */
  get held(): number[] {
    return this.all.map((worker) => this.queues.get(worker)?.length ?? 0);
  }

  /**
   * `setup` whole, or only the rules (`WorkerStart`): the workers start and compile them at once,
   * and the rest comes with `configure`, before the first job. `adopted`: workers already started
   * without their rules (prestart.ts), which get `setup` as their first message.
   */
  constructor(size: number, setup: WorkerSetup | WorkerStart, adopted: readonly Worker[] = []) {
    const { url, execArgv } = workerFile();
    for (let i = 0; i < size; i++) {
      let worker = adopted[i];
      if (worker) {
        worker.ref();
        worker.postMessage({ kind: 'start', start: setup } satisfies StartJob);
      } else worker = new Worker(url, { workerData: setup, ...(execArgv ? { execArgv } : {}) });
      const queue: Pending[] = [];
      worker.on('message', (reply: PoolReply | LoadedReply) => {
        if ('kind' in reply) {
          this.loaded(true);
          return;
        }
        queue.shift()?.resolve(reply);
        this.freed.shift()?.();
      });
      worker.on('error', (error) => this.fail(error));
      worker.on('exit', (code) => {
        if (code !== 0 && !this.failure) this.fail(new Error(`a worker stopped (exit ${code})`));
      });
      this.queues.set(worker, queue);
      this.all.push(worker);
    }
  }

  /** The rest of the setup of workers started with the rules only (sent before any job). */
  configure(setup: WorkerSetup): void {
    const job: SetupJob = { kind: 'setup', setup };
    for (const worker of this.all) worker.postMessage(job);
  }

  private fail(error: Error): void {
    this.failure = error;
    this.loaded(false);
    for (const wake of this.freed.splice(0)) wake();
    for (const queue of this.queues.values()) for (const job of queue.splice(0)) job.reject(error);
  }

  /** The worker with the fewest jobs, if it has room for one more. */
  private nextWorker(): Worker | null {
    let best: Worker | null = null;
    let fewest = QUEUED_PER_WORKER;
    for (const [worker, queue] of this.queues) {
      if (queue.length < fewest) {
        best = worker;
        fewest = queue.length;
      }
    }
    return best;
  }

  /** Runs a job on the worker with the fewest jobs (waits while every worker holds its most). */
  async run(job: LinesJob | CsvJob): Promise<LinesReply>;
  async run(job: ImpactJob): Promise<ImpactReply>;
  async run(job: PoolJob): Promise<PoolReply> {
    // Behind jobs already waiting for room, so jobs reach the workers in the order given.
    let worker = this.failure || this.freed.length > 0 ? null : this.nextWorker();
    while (worker === null && !this.failure) {
      await new Promise<void>((resolve) => this.freed.push(resolve));
      worker = this.nextWorker();
    }
    if (this.failure || worker === null) throw this.failure;
    const queue = this.queues.get(worker) as Pending[];
    return new Promise<PoolReply>((resolve, reject) => {
      queue.push({ resolve, reject });
      // A part's bytes are moved, not copied (they are its own).
      worker.postMessage(
        job,
        job.text instanceof Uint8Array ? [job.text.buffer as ArrayBuffer] : [],
      );
    });
  }

  async close(): Promise<void> {
    this.failure ??= new Error('closed');
    this.loaded(false);
    await Promise.all(this.all.map((w) => w.terminate()));
  }
}

/** A problem as the command prints it: the English line, then the Chinese one. */
function problemLines(file: string, d: SuiteDiagnostic): [string, string] {
  const { line, column, severity, code, message } = d;
  const text = fill(EVAL_STRINGS.problem, { file, line, column, severity, code, message });
  return [text.en, text.zh];
}

/**
 * The batch's workers (`workers`, else one per core), started at once: given the rules only, they
 * compile them while the caller does, and wait for `configure` before their first part.
 */
export function startWorkers(setup: WorkerSetup | WorkerStart, workers?: number): Pool {
  const size = Math.max(1, workers ?? defaultWorkers());
  return new Pool(size, setup, takePrestarted(size) ?? []);
}

/** Evaluates every fact of the file and prints one result line each, in input order. */
export async function runBatch(
  io: CliIo,
  options: BatchOptions,
  progress?: (rows: number) => void,
): Promise<BatchSummary> {
  const pool = options.pool ?? startWorkers(options.setup, options.workers);
  try {
    if (options.pool) pool.configure(options.setup);
    return await runParts(io, options, pool, pool.size * IN_FLIGHT_PER_WORKER, progress);
  } finally {
    await pool.close();
  }
}

/** A part's reply: from a worker, or (a CSV record over the size limit) already read here. */
type Job = LinesJob | CsvJob | LinesReply;

/** A chunk not come yet (soon), and a reply come (meanwhile). */
const NOT_YET = Symbol('not yet');
const DONE = Symbol('done');
const done = (): typeof DONE => DONE;

/** `next` if it settles within this turn of the event loop (before its check phase), else NOT_YET. */
const soon = <T>(next: Promise<T>): Promise<T | typeof NOT_YET> =>
  Promise.race([next, new Promise<typeof NOT_YET>((resolve) => setImmediate(resolve, NOT_YET))]);

/**
 * JSON Lines or CSV: the text cut into parts, each parsed, evaluated and printed by a worker; the
 * parts' outputs printed in order and their problems listed as one parser of the whole file lists
 * them (the first MAX_REPORTED_PROBLEMS, then how many more, where the text ends).
 */
async function runParts(
  io: CliIo,
  options: BatchOptions,
  pool: PartRunner,
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

  /** Results written to standard output before it was closed (it may close during a write). */
  let written = 0;
  const printFront = async () => {
    const reply = await (inFlight.shift() as Promise<LinesReply>);
    if (io.outClosed?.()) throw new OutputClosed(written);
    if (reply.bytes) outJson?.(reply.bytes);
    else if (reply.records > 0) print(reply.out);
    join.add(reply);
    written = join.records;
    progress?.(join.evaluated);
    if (io.drained) await io.drained();
    if (io.outClosed?.()) throw new OutputClosed(written);
  };
  const send = async (jobs: Job[]) => {
    for (const job of jobs) {
      const running = 'kind' in job ? pool.run(job) : Promise.resolve(job);
      running.catch(() => {}); // awaited in order by printFront
      inFlight.push(running);
      while (inFlight.length >= limit) await printFront();
    }
  };

  /**
   * Waits for the input's next chunk, printing meanwhile, in order, the parts answered: results
   * are not held back while the input is slow to come.
   */
  const meanwhile = async <T>(next: Promise<T>): Promise<T> => {
    for (;;) {
      const front = inFlight[0];
      if (front === undefined) return next;
      const first = await Promise.race([next, front.then(done, done)]);
      if (first !== DONE) return first as T;
      await printFront();
    }
  };
  /**
   * Every chunk of `source` cut into parts and sent. Standard input (a pipe: its producer may be
   * slow, `tail -f … |`) is a stream: once no more input has come in this turn of the event loop,
   * its whole lines are sent and the parts answered meanwhile printed, so each line is answered as
   * it arrives (a CSV record as its record ends), not once parts of PART_CHARS have filled. A file
   * is read as before: its parts printed as the parts in flight reach the limit.
   */
  const read = async <C>(source: AsyncIterable<C>, take: (chunk: C) => Job[]) => {
    const chunks = source[Symbol.asyncIterator]();
    const streaming = file === '-';
    let finished = false;
    try {
      for (;;) {
        const next = chunks.next();
        // Awaited below; observed here too, should this loop stop (output closed) before it settles.
        next.catch(() => {});
        let got = streaming ? await soon(next) : await next;
        if (got === NOT_YET) {
          await send(cut.flush());
          got = await meanwhile(next);
        }
        if (got.done) {
          finished = true;
          return;
        }
        await send(take(got.value));
      }
    } finally {
      // Stopped early (a refused byte, standard output closed): the input is closed, as a
      // for-await loop closes it.
      if (!finished) await chunks.return?.();
    }
  };
  if ('bytes' in input) await read(input.bytes, cut.push as (chunk: Uint8Array) => Job[]);
  else await read(input, cut.push as (chunk: string) => Job[]);
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
      flush: (): Job[] => jobs(splitter.flush()),
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
      flush: (): Job[] => jobs(splitter.flush()),
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
