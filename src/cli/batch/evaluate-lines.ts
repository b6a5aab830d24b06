/**
 * What a batch worker does with one part of a JSON Lines fact set (run-batch.ts, split-lines.ts):
 * parses it with the kernel's parser started at the part's first line (so names, `line N`, and
 * problem positions are those of the whole file), evaluates every fact, and prints each record's
 * line — a result, or the error record in place of a record that cannot be read — in input order.
 * The main thread only joins parts' outputs in order and merges their problem lists.
 */
import {
  createJsonLinesParser,
  type Evaluator,
  MAX_ROW_CHARS,
  type RejectedRecord,
  type SuiteDiagnostic,
} from '../../kernel';
import { errorRecord, rejectedName } from './error-record';
import { evaluateCase, type WorkerSetup } from './evaluate-batch';

export interface LinesJob {
  readonly kind: 'lines';
  readonly seq: number;
  /** Whole lines; null for a line over the row limit, known by its number only. */
  readonly text: string | null;
  /** 1-based number of the part's first line in the whole file. */
  readonly line: number;
}

/** The closing message names at most this many rejected records; the output names every one. */
export const NAMED_IN_SUMMARY = 10;

export interface LinesReply {
  readonly seq: number;
  /** One line per record, joined by line breaks (no final one); '' when the part has none. */
  readonly out: string;
  readonly records: number;
  readonly evaluated: number;
  readonly rejected: number;
  /** The first NAMED_IN_SUMMARY rejected records' names. */
  readonly rejectedNames: readonly string[];
  /** The part's problems as its parser listed them (at most MAX_REPORTED_PROBLEMS)… */
  readonly diagnostics: readonly SuiteDiagnostic[];
  /** …and how many more it only counted. */
  readonly omitted: number;
}

/** A line the parser refuses for its length alone (the text of an overlong line is not kept). */
const OVERLONG = 'x'.repeat(MAX_ROW_CHARS + 1);

export function evaluateLines(evaluator: Evaluator, setup: WorkerSetup, job: LinesJob): LinesReply {
  const parser = createJsonLinesParser({ offset: 0, line: job.line });
  const first = parser.push(job.text ?? OVERLONG);
  const last = parser.end();
  const cases = first.cases.length === 0 ? last.cases : [...first.cases, ...last.cases];
  const rejected: RejectedRecord[] = [...(first.rejected ?? []), ...(last.rejected ?? [])];
  const diagnostics: SuiteDiagnostic[] = [];
  let omitted = 0;
  for (const d of [...first.diagnostics, ...last.diagnostics]) {
    // The parser's closing "N more problems not shown": the count goes to the main thread, which
    // caps the whole file's list as one parser would.
    if (d.code === 'factset-more') omitted += Number.parseInt(d.message.en, 10);
    else diagnostics.push(d);
  }
  const lines: string[] = new Array(parser.rows);
  let c = 0;
  let r = 0;
  for (let i = 0; i < parser.rows; i++) {
    const bad = rejected[r];
    if (bad !== undefined && bad.index === i) {
      lines[i] = errorRecord(bad);
      r++;
    } else lines[i] = evaluateCase(evaluator, setup, cases[c++] as (typeof cases)[number]);
  }
  return {
    seq: job.seq,
    out: lines.join('\n'),
    records: parser.rows,
    evaluated: c,
    rejected: rejected.length,
    rejectedNames: rejected.slice(0, NAMED_IN_SUMMARY).map(rejectedName),
    diagnostics,
    omitted,
  };
}
