/**
 * The impact of a change as a generator (issue #19 point 4): yields progress between batches so
 * the batch worker can report it and stop when asked, and returns the matrix (so far, when
 * stopped). Pure (no worker globals): unit-tested under Node and driven by batch-worker.ts.
 */
import {
  type CompiledDocument,
  compileDocument,
  ImpactRun,
  parseSuite,
  type SuiteCase,
  type SuiteDiagnostic,
} from '../kernel';
import type { ImpactOutcome, ImpactRequest } from './kernel-protocol';
import { type JobProgress, readFactSet } from './suite-job';

/** Facts evaluated (in both versions) between progress reports. */
const FACTS_PER_BATCH = 500;

function compiled(text: string): CompiledDocument | number {
  const r = compileDocument(text);
  return r.document ?? r.diagnostics.filter((d) => d.severity === 'error').length;
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
  let cases: readonly SuiteCase[];
  let asOf: string | undefined;
  let cancelled = false;
  if (request.format === 'suite') {
    const parsed = parseSuite(request.facts);
    if (!parsed.suite) return { kind: 'facts-invalid', problems: parsed.diagnostics };
    problems.push(...parsed.diagnostics);
    cases = parsed.suite.cases;
    asOf = parsed.suite.as_of;
  } else {
    const read = yield* readFactSet(request.format, request.facts, problems);
    cancelled = read.cancelled;
    if (problems.some((p) => p.severity === 'error') && read.cases.length === 0)
      return { kind: 'facts-invalid', problems };
    cases = read.cases;
  }
  const run = new ImpactRun(before, after, asOf ? { as_of: asOf } : {});
  for (let i = 0; i < cases.length && !cancelled; i++) {
    run.add(cases[i] as SuiteCase);
    if ((i + 1) % FACTS_PER_BATCH === 0 && i + 1 < cases.length)
      if (yield { done: i + 1, total: cases.length }) cancelled = true;
  }
  return {
    kind: 'result',
    report: run.report(),
    problems,
    cancelled,
    elapsedMs: clock() - started,
  };
}
