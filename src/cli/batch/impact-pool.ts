/**
 * `erdl impact OLD NEW FACTS` on the batch workers (issue #41 point 5): a JSON Lines fact set of
 * at least POOL_MIN_CHARS is cut into parts of whole lines (splitFactLines), several per worker so
 * the workers finish together; each worker reads its part and evaluates it in both versions
 * (impact-part.ts). Here, in part order: the problem lists joined as one parser of the whole file
 * caps them (join-lines.ts), the reports merged by the kernel (mergeImpactReports) — the report of
 * the whole set, byte for byte. A smaller set, another format, or one core: the verb reads and
 * evaluates in its own thread (each worker compiles both versions, which a small set does not
 * repay), as it does on fewer than 3 cores (see impactWorkers).
 */
import {
  factSetFormat,
  type ImpactReport,
  mergeImpactReports,
  type SuiteDiagnostic,
  splitFactLines,
} from '../../kernel';
import type { ImpactReply } from './impact-part';
import { LinesJoin } from './join-lines';
import { defaultWorkers } from './prestart';
import { Pool } from './run-batch';

/** A fact set read on the workers from this many characters. */
export const POOL_MIN_CHARS = 1024 * 1024;
/** A part is at least this long (its worker's messages and merge stay negligible)… */
const PART_MIN_CHARS = 128 * 1024;
/** …and each worker takes about this many, so one slow part does not keep the others waiting. */
const PARTS_PER_WORKER = 4;

/**
 * Workers the impact of `text` (the file `file`) runs on: 1 means in the verb's own thread. One
 * core is left to the verb's thread, which reads, cuts and merges: on 2 cores, 2 workers beside it
 * took 2.7–2.8 s on 100,000 facts × 100 rules (18 MB) against 2.2–2.65 s for one thread, so a
 * pool needs 3 cores or more.
 */
export function impactWorkers(file: string, text: string, cores = defaultWorkers()): number {
  if (factSetFormat(file) !== 'jsonl' || text.length < POOL_MIN_CHARS) return 1;
  const workers = Math.min(cores - 1, Math.floor(text.length / PART_MIN_CHARS));
  return workers >= 2 ? workers : 1;
}

export interface PooledImpact {
  /** Facts read. */
  readonly facts: number;
  /** The problems as one parser of the whole file lists them. */
  readonly diagnostics: readonly SuiteDiagnostic[];
  /** The whole set's impact; null when a problem is an error. */
  readonly report: ImpactReport | null;
}

/** The impact of NEW (`after`) over OLD (`before`) on a JSON Lines `text`, on `workers` workers. */
export async function impactOnPool(
  before: Uint8Array,
  after: Uint8Array,
  text: string,
  workers: number,
): Promise<PooledImpact> {
  const wanted = Math.min(workers * PARTS_PER_WORKER, Math.floor(text.length / PART_MIN_CHARS));
  const parts = splitFactLines(text, Math.max(1, wanted));
  const pool = new Pool(Math.min(workers, parts.length), {
    rules: before,
    newRules: after,
    asOf: '',
    fields: [],
  });
  let replies: ImpactReply[];
  try {
    replies = await Promise.all(parts.map((p, seq) => pool.run({ kind: 'impact', seq, ...p })));
  } finally {
    await pool.close();
  }
  const join = new LinesJoin();
  let facts = 0;
  for (const r of replies) {
    facts += r.facts;
    join.add({ ...r, out: '', records: 0, evaluated: 0, rejected: 0, rejectedNames: [] });
  }
  // The closing "N more problems" where the text ends: on its last line.
  const last = parts[parts.length - 1];
  let lastLine = last?.line ?? 1;
  if (last)
    for (let at = last.text.indexOf('\n'); at >= 0; at = last.text.indexOf('\n', at + 1))
      lastLine++;
  join.finish(lastLine);
  const reports = replies.map((r) => r.report);
  if (join.errors > 0 || reports.some((r) => r === null))
    return { facts, diagnostics: join.problems, report: null };
  const whole = reports as ImpactReport[];
  const report = whole.length === 1 ? (whole[0] as ImpactReport) : mergeImpactReports(whole);
  return { facts, diagnostics: join.problems, report };
}
