/**
 * `erdl impact OLD NEW FACTS` on the batch workers (issue #41 point 5): a large JSON Lines fact
 * set is cut into consecutive parts of whole lines (the kernel's splitFactLines); each worker
 * parses its part from where it starts in the file (so facts are named, and problems placed, as in
 * the whole file), evaluates every fact in both versions (ImpactRun) and returns the part's report;
 * the main thread merges the problem lists as one parser caps them (join-lines.ts) and the reports
 * with the kernel's mergeImpactReports — the report of the whole set, byte for byte.
 */
import {
  type CompiledDocument,
  createJsonLinesParser,
  type FactLinesPart,
  type ImpactReport,
  ImpactRun,
  type SuiteCase,
  type SuiteDiagnostic,
} from '../../kernel';

export interface ImpactJob extends FactLinesPart {
  readonly kind: 'impact';
  readonly seq: number;
}

export interface ImpactReply {
  readonly seq: number;
  /** Facts read in the part. */
  readonly facts: number;
  /** The part's problems as its parser listed them (at most MAX_REPORTED_PROBLEMS)… */
  readonly diagnostics: readonly SuiteDiagnostic[];
  /** …and how many more it only counted. */
  readonly omitted: number;
  /** The part's impact; null when a problem is an error (the whole set is then refused). */
  readonly report: ImpactReport | null;
}

export function impactPart(
  before: CompiledDocument,
  after: CompiledDocument,
  job: ImpactJob,
): ImpactReply {
  const parser = createJsonLinesParser({ offset: job.offset, line: job.line });
  const batches = [parser.push(job.text), parser.end()];
  const diagnostics: SuiteDiagnostic[] = [];
  let omitted = 0;
  for (const b of batches) {
    omitted += b.omitted ?? 0;
    // The parser's closing "N more problems not shown": its count goes to the main thread, which
    // caps the whole file's list as one parser would.
    for (const d of b.diagnostics) if (d.code !== 'factset-more') diagnostics.push(d);
  }
  const cases = batches.flatMap((b) => b.cases);
  const refused = omitted > 0 || diagnostics.some((d) => d.severity === 'error');
  let report: ImpactReport | null = null;
  if (!refused) {
    const run = new ImpactRun(before, after);
    for (const c of cases) run.add(c as SuiteCase);
    report = run.report();
  }
  return { seq: job.seq, facts: cases.length, diagnostics, omitted, report };
}
