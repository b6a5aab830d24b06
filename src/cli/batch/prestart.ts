/**
 * The batch workers of `erdl eval RULES --facts FILE`, started first thing (main.ts), before the
 * command imports the rest of itself: the command's modules take its thread ~70 ms to load, and
 * each worker's own start (a Node environment and the kernel, ~80 ms) then ran after that, not
 * beside it. Started from the arguments alone, with their rules to come (Pool, run-batch.ts); the
 * verb, which reads the arguments for real, adopts them when it starts as many workers (its own
 * rules then go to them), and ends them otherwise. A guess here decides nothing the verb does: a
 * wrong one costs the start of workers nobody uses, which keep no process alive (unref).
 *
 * Imports nothing of the command or the kernel (but the kernel's data-only file limits): that is
 * the point of it.
 */
import { statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { factSetFormat } from '../../kernel/file-limits';

/**
 * Characters (JSON Lines: bytes) of whole lines (records) per part, about one 256 KiB chunk read:
 * large enough that the main thread, which shares the cores with the workers, wakes once a chunk
 * (with 2 workers on 2 cores it took 0.46–0.54 s of CPU in all for 200,000 facts, against
 * 0.63–0.64 s with 64 KiB parts), small enough to balance the workers (a part is ~1,400 facts,
 * tens of milliseconds). A file of at most one part is evaluated on the command's own thread.
 */
export const PART_CHARS = 256 * 1024;

/**
 * The most workers `--workers` starts. Each is a thread with its own V8 heap (~17 MB resident
 * before it reads a part) and the pool starts them all at once, so a larger number buys no speed
 * on any machine we know and could exhaust its memory before the first fact.
 */
export const MAX_WORKERS = 64;

/** `--workers N`: N, a whole number from 1 to MAX_WORKERS, or null (refused by the verb). */
export function workersOf(value: string): number | null {
  if (!/^[1-9][0-9]{0,2}$/.test(value)) return null;
  const n = Number(value);
  return n <= MAX_WORKERS ? n : null;
}

/** Whether a regular file of `size` bytes is one part at most: evaluated on the command's thread. */
export const onePart = (size: number): boolean => size <= PART_CHARS;

export function defaultWorkers(): number {
  return Math.max(1, availableParallelism());
}

/**
 * The worker script: built JavaScript (lib/eval-worker.js, beside the command's entry, this module
 * being in the entry or in lib/chunks/) or, from source, TypeScript. Built, the workers inherit
 * Node's options (execArgv left unset): passing `process.execArgv` explicitly makes `new Worker`
 * throw on a V8 option (`node --stack-size=… bin/erdl.js`), which inheriting accepts.
 */
export function workerFile(): { url: URL; execArgv?: string[] } {
  if (import.meta.url.endsWith('.ts')) {
    // tsx's loader is not inherited by worker threads: this entry loads the worker through it.
    return { url: new URL('./eval-worker-tsx.mjs', import.meta.url), execArgv: [] };
  }
  const inChunks = /\/chunks\/[^/]*$/.test(import.meta.url);
  return { url: new URL(inChunks ? '../eval-worker.js' : './eval-worker.js', import.meta.url) };
}

/** A batch worker without its rules yet (they come in a StartJob), keeping no process alive. */
export function bareWorker(): Worker {
  const { url, execArgv } = workerFile();
  const worker = new Worker(url, { workerData: null, ...(execArgv ? { execArgv } : {}) });
  worker.unref();
  return worker;
}

/** `erdl eval`'s options that take no value (its verb's `flag` options; tests/cli-prestart). */
export const EVAL_FLAGS: ReadonlySet<string> = new Set(['--explain']);

/**
 * How many workers `erdl …argv` will start for a fact set, as far as the arguments tell: `eval`
 * with `--facts FILE` (not standard input, not `--explain`) of a known format, and `--workers N`
 * or, without it, FILE a regular file over one part (`sizeOf`); else 0.
 */
export function batchWorkersOf(argv: readonly string[], sizeOf: (file: string) => number): number {
  let at = 0;
  // Options before the command (run.ts): --lang en|zh.
  for (;;) {
    const option = argv[at];
    if (option === '--lang') at += 2;
    else if (option?.startsWith('--lang=')) at++;
    else break;
  }
  if (argv[at] !== 'eval') return 0;
  const options = new Map<string, string>();
  for (let i = at + 1; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--') break;
    if (arg.length < 2 || !arg.startsWith('-')) continue;
    const eq = arg.indexOf('=');
    const name = eq < 0 ? arg : arg.slice(0, eq);
    const value = eq >= 0 ? arg.slice(eq + 1) : EVAL_FLAGS.has(name) ? 'true' : argv[++i];
    if (value === undefined || options.has(name)) return 0;
    options.set(name, value);
  }
  const file = options.get('--facts');
  if (file === undefined || file === '-' || options.has('--explain')) return 0;
  const format = options.get('--format');
  if (format === undefined ? factSetFormat(file) === null : format !== 'jsonl' && format !== 'csv')
    return 0;
  const workers = options.get('--workers');
  if (workers !== undefined) return workersOf(workers) ?? 0;
  return onePart(sizeOf(file)) ? 0 : defaultWorkers();
}

let started: Worker[] = [];

/** Starts the workers `argv` asks for (batchWorkersOf), if any; never throws. */
export function prestartWorkers(argv: readonly string[]): void {
  try {
    const n = batchWorkersOf(argv, (file) => {
      const info = statSync(file, { throwIfNoEntry: false });
      return info?.isFile() ? info.size : 0;
    });
    for (let i = 0; i < n; i++) started.push(bareWorker());
  } catch {
    // An optimisation only: the verb starts its workers itself.
    endPrestarted();
  }
}

/**
 * The workers prestartWorkers started, once, if there are `size` of them; otherwise they are ended
 * and the answer is null.
 */
export function takePrestarted(size: number): Worker[] | null {
  const workers = started;
  started = [];
  if (workers.length === size) return workers;
  for (const w of workers) void w.terminate();
  return null;
}

/** Ends any workers started and not taken (the verb did not need them). */
export function endPrestarted(): void {
  takePrestarted(-1);
}
