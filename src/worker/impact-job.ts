/**
 * The impact of a change as a generator (issue #19 point 4): yields progress between batches so
 * the batch worker can report it and stop when asked, and returns the matrix (so far, when
 * stopped). A JSON Lines / CSV fact set is read and evaluated chunk by chunk (never held whole as
 * facts), and progress counts lines. Pure (no worker globals): unit-tested under Node, driven by
 * batch-worker.ts, and run once per part by the studio's worker pool (impact-pool.ts).
 */
import {
  type CompiledDocument,
  compileDocument,
  createFactSetParser,
  createJsonLinesParser,
  DEFAULT_SUITE_AS_OF,
  type FactSetBatch,
  type FactSetFormat,
  type FactSetParser,
  ImpactRun,
  parseSuite,
  type SuiteCase,
  type SuiteDiagnostic,
} from '../kernel';
import type {
  ImpactOutcome,
  ImpactPrepared,
  ImpactPrepareRequest,
  ImpactRequest,
} from './kernel-protocol';
import type { JobProgress } from './suite-job';

/** Facts evaluated (in both versions) between progress reports. */
const FACTS_PER_BATCH = 500;
/** Characters of a fact set read (and their facts evaluated) between progress reports. */
const CHARS_PER_CHUNK = 64 * 1024;

/**
 * The versions the last runs compiled, by text (at most COMPILED_KEPT): a run again on the same
 * two versions (another fact set, a re-run), or on a new text against the same old one, compiles
 * only what changed. A compiled document is never changed by evaluation (each run builds its own
 * Evaluators over it).
 */
const compiledTexts = new Map<string, CompiledDocument | number>();
const COMPILED_KEPT = 4;

function compiled(text: string): CompiledDocument | number {
  const known = compiledTexts.get(text);
  if (known !== undefined) {
    // Most recently used last, so the oldest is the first dropped.
    compiledTexts.delete(text);
    compiledTexts.set(text, known);
    return known;
  }
  const r = compileDocument(text);
  const value = r.document ?? r.diagnostics.filter((d) => d.severity === 'error').length;
  compiledTexts.set(text, value);
  if (compiledTexts.size > COMPILED_KEPT)
    compiledTexts.delete(compiledTexts.keys().next().value as string);
  return value;
}

/** Line breaks in text[from, to). */
function lineBreaks(text: string, from: number, to: number): number {
  let n = 0;
  for (let at = text.indexOf('\n', from); at >= 0 && at < to; at = text.indexOf('\n', at + 1)) n++;
  return n;
}

/** One chunk of a fact set as read: its parser batch and the lines before it. */
interface ReadBatch {
  readonly batch: FactSetBatch;
  /** Lines of the text before the chunk (progress counts lines). */
  readonly read: number;
}

/**
 * A JSON Lines / CSV fact set (or one worker's part of one) read chunk by chunk, each chunk once:
 * a reader that keeps its chunks (`keep`) serves every run over the same text from them, and the
 * text is read ahead of a run by `impactPrepareJob` — a run then evaluates what is already read
 * and reads on from where the read-ahead stopped. Jobs run one at a time in a worker, so one
 * reader is never advanced by two at once.
 */
class FactReader {
  /** The chunks read, kept from chunk `first` on (all of them when `keep`). */
  private readonly batches: ReadBatch[] = [];
  private first = 0;
  private readonly parser: FactSetParser;
  private at = 0;
  private read = 0;
  private ended = false;
  /** Lines of the text. */
  readonly lines: number;

  constructor(
    readonly request: Pick<ImpactRequest, 'facts' | 'format' | 'part'>,
    readonly keep: boolean,
  ) {
    const text = request.facts;
    this.parser =
      request.format === 'jsonl' && request.part
        ? createJsonLinesParser(request.part)
        : createFactSetParser(request.format as FactSetFormat);
    this.lines = lineBreaks(text, 0, text.length) + (text.endsWith('\n') ? 0 : 1);
  }

  /** Whether this reader reads `request`'s facts. */
  reads(request: Pick<ImpactRequest, 'facts' | 'format' | 'part'>): boolean {
    const a = this.request;
    return (
      a.format === request.format &&
      a.part?.offset === request.part?.offset &&
      a.part?.line === request.part?.line &&
      a.facts === request.facts
    );
  }

  /** Chunks read so far. */
  get count(): number {
    return this.first + this.batches.length;
  }

  /** The `i`-th chunk (read now when not yet read), or null past the last. */
  chunk(i: number): ReadBatch | null {
    while (i >= this.count && !this.ended) this.next();
    return this.batches[i - this.first] ?? null;
  }

  /** Reads the next chunk (the parser's end batch after the last); false when all are read. */
  next(): boolean {
    if (this.ended) return false;
    const text = this.request.facts;
    const at = this.at;
    const end = Math.min(at + CHARS_PER_CHUNK, text.length);
    const batch = at < text.length ? this.parser.push(text.slice(at, end)) : this.parser.end();
    if (!this.keep) {
      this.first += this.batches.length;
      this.batches.length = 0;
    }
    this.batches.push({ batch, read: this.read });
    if (at >= text.length) this.ended = true;
    else {
      this.read += lineBreaks(text, at, end);
      this.at += CHARS_PER_CHUNK;
    }
    return true;
  }
}

/** The fact set part read last and kept (one per worker: a run again reads it from memory). */
let keptReader: FactReader | null = null;

/**
 * A part at most this long is kept once read (its facts in memory: about 0.7 bytes of heap per
 * character of JSON Lines, measured on the bench's facts); a longer one is read per run.
 */
export const KEPT_FACTS_CHARS = 16 * 1024 * 1024;

/** Drops the kept part (tests: a run on a worker that has read nothing ahead). */
export function forgetReadAhead(): void {
  keptReader = null;
}

function readerFor(request: Pick<ImpactRequest, 'facts' | 'format' | 'part'>): FactReader {
  if (keptReader?.reads(request)) return keptReader;
  const keep = request.facts.length <= KEPT_FACTS_CHARS;
  const reader = new FactReader(request, keep);
  if (keep) keptReader = reader;
  return reader;
}

/**
 * Read-ahead for a run (ImpactPrepareRequest): compiles both versions and reads the fact set part
 * into this worker's kept reader, one chunk per step, so the run that follows only evaluates. Run
 * in the background (a run, or anything else, goes first and reads on from where this stopped).
 * A suite, or a part too long to keep, is not read ahead. Returns the facts read ahead.
 */
export function* impactPrepareJob(request: ImpactPrepareRequest): Generator<void, ImpactPrepared> {
  compiled(request.oldText);
  yield;
  compiled(request.newText);
  if (request.format === 'suite' || request.facts.length > KEPT_FACTS_CHARS) return { facts: 0 };
  const reader = readerFor(request);
  while (reader.next()) yield;
  let facts = 0;
  for (let i = 0, c = reader.chunk(0); c; c = reader.chunk(++i)) facts += c.batch.cases.length;
  return { facts };
}

export function* impactJob(
  request: ImpactRequest,
  clock: () => number,
): Generator<JobProgress, ImpactOutcome, boolean | undefined> {
  const started = clock();
  const before = compiled(request.oldText);
  if (typeof before === 'number') return { kind: 'document-invalid', which: 'old', errors: before };
  const after = compiled(request.newText);
  if (typeof after === 'number') return { kind: 'document-invalid', which: 'new', errors: after };
  const problems: SuiteDiagnostic[] = [];
  /** Records of a fact set that could not be read: every one is named to the user. */
  const skipped: { line: number; lastLine: number }[] = [];
  let cancelled = false;
  const result = (run: ImpactRun): ImpactOutcome => ({
    kind: 'result',
    report: run.report(),
    problems,
    ...(skipped.length > 0 ? { skipped } : {}),
    cancelled,
    elapsedMs: clock() - started,
  });

  if (request.format === 'suite') {
    const parsed = parseSuite(request.facts);
    if (!parsed.suite) return { kind: 'facts-invalid', problems: parsed.diagnostics };
    problems.push(...parsed.diagnostics);
    const cases = parsed.suite.cases;
    const asOf = parsed.suite.as_of;
    const run = new ImpactRun(before, after, asOf ? { as_of: asOf } : {});
    for (let i = 0; i < cases.length && !cancelled; i++) {
      run.add(cases[i] as SuiteCase);
      if ((i + 1) % FACTS_PER_BATCH === 0 && i + 1 < cases.length)
        if (yield { done: i + 1, total: cases.length }) cancelled = true;
    }
    return result(run);
  }

  const reader = readerFor(request);
  const run = new ImpactRun(before, after);
  const lines = reader.lines;
  /** Facts evaluated since the last report. */
  let since = 0;
  for (let n = 0; !cancelled; n++) {
    const chunk = reader.chunk(n);
    if (!chunk) break;
    const { batch, read } = chunk;
    problems.push(...batch.diagnostics);
    for (const r of batch.rejected ?? []) skipped.push({ line: r.line, lastLine: r.lastLine });
    for (let i = 0; i < batch.cases.length && !cancelled; i++) {
      run.add(batch.cases[i] as SuiteCase);
      if (++since >= FACTS_PER_BATCH) {
        since = 0;
        if (yield { done: Math.min(read + i + 1, lines), total: lines }) cancelled = true;
      }
    }
  }
  if (run.done === 0 && problems.some((p) => p.severity === 'error'))
    return { kind: 'facts-invalid', problems };
  return result(run);
}

/**
 * The fact an impact run evaluated as its `index`-th (a sample's index in the report), with the
 * instant the run evaluated it at — read from the same fact text the same way impactJob reads it,
 * stopping at that fact (samples are the first facts of their transition, so usually early). Null
 * when the text has no such fact (it is not the text the run read).
 */
export function impactCaseAt(
  request: Pick<ImpactRequest, 'facts' | 'format'>,
  index: number,
): { readonly case: SuiteCase; readonly asOf: string } | null {
  if (!Number.isInteger(index) || index < 0) return null;
  if (request.format === 'suite') {
    const parsed = parseSuite(request.facts);
    const found = parsed.suite?.cases[index];
    if (!found) return null;
    return { case: found, asOf: found.as_of ?? parsed.suite?.as_of ?? DEFAULT_SUITE_AS_OF };
  }
  const text = request.facts;
  const parser = createFactSetParser(request.format);
  let seen = 0;
  for (let at = 0; ; at += CHARS_PER_CHUNK) {
    const batch =
      at < text.length
        ? parser.push(text.slice(at, Math.min(at + CHARS_PER_CHUNK, text.length)))
        : parser.end();
    if (index < seen + batch.cases.length) {
      const found = batch.cases[index - seen] as SuiteCase;
      return { case: found, asOf: found.as_of ?? DEFAULT_SUITE_AS_OF };
    }
    seen += batch.cases.length;
    if (at >= text.length) return null;
  }
}
