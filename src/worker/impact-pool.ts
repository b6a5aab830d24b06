/**
 * The impact of a change on a pool of batch workers (issue #19 point 4): a JSON Lines fact set is
 * cut into consecutive parts of whole lines (splitFactLines), each part runs as its own impact job
 * on its own worker, and the parts' reports are merged by the kernel (mergeImpactReports) into the
 * report of the whole set — the same bytes whatever the number of workers. Progress is summed over
 * the parts; cancelling stops every part. The same code drives the studio's Web Workers and, in
 * `npm run bench`, Node worker threads running batch-worker.ts.
 */
import { mergeImpactReports, type SuiteDiagnostic, splitFactLines } from '../kernel';
import type { Outcome } from './kernel-client';
import type {
  ImpactOutcome,
  ImpactPrepared,
  ImpactPrepareRequest,
  ImpactRequest,
} from './kernel-protocol';

/** Workers a pool uses at most, however many cores the machine reports. */
export const MAX_POOL_WORKERS = 8;
/** A part smaller than this is not worth a worker of its own (each worker compiles both versions). */
export const MIN_PART_CHARS = 256 * 1024;

/** The pool's size from `navigator.hardwareConcurrency` (or `os.availableParallelism()`). */
export function poolSize(cores: number | undefined): number {
  const n = Number.isFinite(cores) ? Math.floor(cores as number) : 1;
  return Math.min(MAX_POOL_WORKERS, Math.max(1, n));
}

/** What a pool runs on: a KernelClient (the studio, the bench) or anything answering like one. */
export interface PoolClient {
  request(
    channel: string,
    request: ImpactRequest,
    budgetMs: undefined,
    onProgress: (done: number, total: number) => void,
  ): Promise<Outcome<ImpactOutcome>>;
  cancel(channel: string): void;
}

/** What a pool reads ahead on (impactPrepareJob): a KernelClient, or anything answering like one. */
export interface PrepareClient {
  request(channel: string, request: ImpactPrepareRequest): Promise<Outcome<ImpactPrepared>>;
}

/**
 * Read-ahead for the run of `request` on these clients (the studio, when the Impact section opens
 * or its fact set is chosen): each worker compiles both versions and reads the part of the facts
 * that the run will give it (the same parts as runImpactPool), in the background; a worker with
 * no part, or every worker when there are no facts yet (`facts` null), only compiles. Resolves to
 * the facts read ahead (0 when a worker was replaced or a newer read-ahead took over).
 */
export async function prepareImpactPool(
  clients: readonly PrepareClient[],
  channel: string,
  versions: Pick<ImpactRequest, 'oldText' | 'newText'>,
  facts: Pick<ImpactRequest, 'facts' | 'format'> | null,
  minPartChars = MIN_PART_CHARS,
): Promise<number> {
  const parts = facts
    ? impactParts({ op: 'impact', ...versions, ...facts }, clients.length, minPartChars)
    : [];
  const done = await Promise.all(
    clients.map((client, i) => {
      const { op: _op, ...part }: ImpactRequest = parts[i] ?? {
        op: 'impact',
        ...versions,
        facts: '',
        format: 'suite',
      };
      return client.request(`${channel}#${i}`, { ...part, op: 'impactPrepare' });
    }),
  );
  return done.reduce((sum, o) => sum + (o.status === 'done' ? o.value.facts : 0), 0);
}

/** Line breaks in text (progress counts lines). */
export function countLines(text: string): number {
  let n = text.length > 0 && !text.endsWith('\n') ? 1 : 0;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) n++;
  return n;
}

/**
 * The jobs for `workers` workers: a JSON Lines set of at least two parts' worth is split at line
 * breaks; a suite, a CSV set (a quoted field may hold a line break) or a small set is one job.
 */
export function impactParts(
  request: ImpactRequest,
  workers: number,
  minPartChars = MIN_PART_CHARS,
): ImpactRequest[] {
  if (request.format !== 'jsonl' || request.part) return [request];
  const parts = Math.min(workers, Math.floor(request.facts.length / Math.max(1, minPartChars)));
  if (parts < 2) return [request];
  return splitFactLines(request.facts, parts).map((p) => ({
    ...request,
    facts: p.text,
    part: { offset: p.offset, line: p.line },
  }));
}

/**
 * The outcome of the whole set from the parts' outcomes, in part order: the first version that
 * does not load; else the merged report, cancelled when any part was, with every part's problems —
 * or, when no part read a single fact and some row had an error, the facts do not read.
 */
export function mergeImpactOutcomes(outcomes: readonly ImpactOutcome[]): ImpactOutcome {
  const invalid = outcomes.find((o) => o.kind === 'document-invalid');
  if (invalid) return invalid;
  const problems: SuiteDiagnostic[] = outcomes.flatMap((o) =>
    o.kind === 'document-invalid' ? [] : o.problems,
  );
  const results = outcomes.flatMap((o) => (o.kind === 'result' ? [o] : []));
  // Parts are in file order, and each names its records by their lines in the whole file.
  const skipped = results.flatMap((r) => r.skipped ?? []);
  const first = results[0];
  if (!first || (results.every((r) => r.report.total === 0) && results.length < outcomes.length))
    return { kind: 'facts-invalid', problems };
  return {
    kind: 'result',
    report: results.length === 1 ? first.report : mergeImpactReports(results.map((r) => r.report)),
    problems,
    ...(skipped.length > 0 ? { skipped } : {}),
    cancelled: results.some((r) => r.cancelled),
    elapsedMs: Math.max(...results.map((r) => r.elapsedMs)),
  };
}

export interface ImpactPoolRun {
  /** Workers the run uses (parts of the fact set). */
  readonly workers: number;
  /** The merged outcome; not `done` when any part failed, was restarted or went stale. */
  readonly outcome: Promise<Outcome<ImpactOutcome>>;
  /** Stops every part at its next batch (each answers with what it has so far). */
  cancel(): void;
}

/** Runs `request` on the pool's clients (one part each), summing progress over the parts. */
export function runImpactPool(
  clients: readonly PoolClient[],
  channel: string,
  request: ImpactRequest,
  onProgress?: (done: number, total: number) => void,
  minPartChars = MIN_PART_CHARS,
): ImpactPoolRun {
  const parts = impactParts(request, clients.length, minPartChars);
  const progress = parts.map((p) => ({
    done: 0,
    total: p.format === 'suite' ? 0 : countLines(p.facts),
  }));
  const report = () =>
    onProgress?.(
      progress.reduce((s, p) => s + p.done, 0),
      progress.reduce((s, p) => s + p.total, 0),
    );
  const channels = parts.map((_, i) => `${channel}#${i}`);
  const running = parts.map((part, i) =>
    (clients[i] as PoolClient).request(channels[i] as string, part, undefined, (done, total) => {
      progress[i] = { done, total };
      report();
    }),
  );
  return {
    workers: parts.length,
    outcome: Promise.all(running).then((outcomes): Outcome<ImpactOutcome> => {
      const failed = outcomes.find((o) => o.status !== 'done');
      if (failed) return failed;
      return {
        status: 'done',
        value: mergeImpactOutcomes(outcomes.map((o) => (o as { value: ImpactOutcome }).value)),
      };
    }),
    cancel: () => {
      parts.forEach((_, i) => {
        (clients[i] as PoolClient).cancel(channels[i] as string);
      });
    },
  };
}
