/**
 * A fact-suite run as a generator: it yields progress between batches so the batch worker can
 * report it and stop when asked, and returns the outcome. Pure (no worker globals): unit-tested
 * under Node and driven unchanged by batch-worker.ts.
 */
import {
  type CompiledDocument,
  compileDocument,
  createFactSetParser,
  type FactSetBatch,
  type FactSetFormat,
  parseSuite,
  type Suite,
  type SuiteCase,
  type SuiteDiagnostic,
  SuiteRun,
} from '../kernel';
import type { SuiteOutcome, SuiteRequest } from './kernel-protocol';

export interface JobProgress {
  readonly done: number;
  readonly total: number;
  /** What runs next: `case "…"` or `event 3 of "…"`. */
  readonly at?: string;
}

/** Evaluations between progress reports (a few milliseconds of work). */
const EVALUATIONS_PER_BATCH = 500;
/** Characters of a fact set parsed between progress reports. */
const CHARS_PER_CHUNK = 256 * 1024;

/**
 * Yields progress; the value sent back into `next()` is true when the run should stop. Progress
 * counts characters while a fact set is read, then evaluations.
 */
export function* suiteJob(
  request: SuiteRequest,
  clock: () => number,
  compile: (text: string) => CompiledDocument | { errors: number } = compileForSuite,
): Generator<JobProgress, SuiteOutcome, boolean | undefined> {
  const started = clock();
  const compiled = compile(request.text);
  if (!('rules' in compiled)) return { kind: 'document-invalid', errors: compiled.errors };
  const problems: SuiteDiagnostic[] = [];
  const skipped: { line: number; lastLine: number }[] = [];
  let suite: Suite;
  let cancelled = false;
  if (request.format === 'suite') {
    const parsed = parseSuite(request.suite);
    if (!parsed.suite) return { kind: 'suite-invalid', problems: parsed.diagnostics };
    problems.push(...parsed.diagnostics);
    suite = parsed.suite;
  } else {
    const read = yield* readFactSet(request.format, request.suite, problems, skipped);
    cancelled = read.cancelled;
    suite = { cases: read.cases, sequences: [] };
  }
  const run = new SuiteRun(compiled, suite);
  while (!cancelled && !run.step(EVALUATIONS_PER_BATCH)) {
    const next = run.next;
    const at = next
      ? next.kind === 'case'
        ? `case "${next.name}"`
        : `event ${next.index + 1} of "${next.name}"`
      : undefined;
    if (yield { done: run.done, total: run.total, ...(at ? { at } : {}) }) cancelled = true;
  }
  return {
    kind: 'result',
    result: run.result(),
    problems,
    ...(skipped.length > 0 ? { skipped } : {}),
    cancelled,
    elapsedMs: clock() - started,
  };
}

/**
 * Reads a JSON Lines / CSV fact set in chunks, yielding progress in characters; the value sent
 * back is true to stop. Problems are appended to `problems` (capped by the parser), and every
 * record that could not be read to `skipped` (uncapped: each is named to the user).
 */
export function* readFactSet(
  format: FactSetFormat,
  text: string,
  problems: SuiteDiagnostic[],
  skipped: { line: number; lastLine: number }[] = [],
): Generator<JobProgress, { cases: SuiteCase[]; cancelled: boolean }, boolean | undefined> {
  const parser = createFactSetParser(format);
  const cases: SuiteCase[] = [];
  const total = text.length;
  const take = (batch: FactSetBatch) => {
    cases.push(...batch.cases);
    problems.push(...batch.diagnostics);
    for (const r of batch.rejected ?? []) skipped.push({ line: r.line, lastLine: r.lastLine });
  };
  for (let at = 0; at < total; at += CHARS_PER_CHUNK) {
    take(parser.push(text.slice(at, at + CHARS_PER_CHUNK)));
    if (yield { done: Math.min(at + CHARS_PER_CHUNK, total), total })
      return { cases, cancelled: true };
  }
  take(parser.end());
  return { cases, cancelled: false };
}

function compileForSuite(text: string): CompiledDocument | { errors: number } {
  const result = compileDocument(text);
  return (
    result.document ?? {
      errors: result.diagnostics.filter((d) => d.severity === 'error').length,
    }
  );
}
