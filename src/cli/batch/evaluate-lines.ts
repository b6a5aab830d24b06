/**
 * What a batch worker does with one part of a fact set (run-batch.ts): a part of JSON Lines
 * (split-lines.ts) or of CSV records (split-records.ts, with the file's header), parsed with the
 * kernel's parser started where the part starts (so names, `line N`, and problem positions are
 * those of the whole file); every fact evaluated; each record's line — a result, or the error
 * record in place of a record that cannot be read — printed in input order. The main thread only
 * joins parts' outputs in order and merges their problem lists (join-lines.ts).
 */
import {
  type CsvPartStart,
  createCsvParser,
  createJsonLinesParser,
  type Evaluator,
  type FactSetBatch,
  MAX_ROW_CHARS,
  type RejectedRecord,
  type SuiteCase,
  type SuiteDiagnostic,
} from '../../kernel';
import { errorRecord, rejectedName } from './error-record';
import { evaluateCase, type WorkerSetup } from './evaluate-batch';
import type { CsvHeader } from './split-records';

/** What every job asks besides its part. */
interface PartJob {
  readonly seq: number;
  /** The output as bytes ready for standard output (LinesReply `bytes`) rather than as text. */
  readonly bytesOut?: boolean;
}

export interface LinesJob extends PartJob {
  readonly kind: 'lines';
  /**
   * Whole lines, as text or as UTF-8 bytes (split-bytes.ts: already checked, a byte order mark at
   * the start of the file already dropped); null for a line over the row limit, known by its
   * number only.
   */
  readonly text: string | Uint8Array | null;
  /** 1-based number of the part's first line in the whole file. */
  readonly line: number;
}

/** The closing message names at most this many rejected records; the output names every one. */
export const NAMED_IN_SUMMARY = 10;

export interface LinesReply {
  readonly seq: number;
  /** One line per record, joined by line breaks (no final one); '' when the part has none. */
  readonly out: string;
  /**
   * Instead of `out` when the job asked for bytes (`bytesOut`): its lines made safe for a
   * terminal (terminalJson) and a final line break, as UTF-8, moved from the worker.
   */
  readonly bytes?: Uint8Array;
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
/** Bytes of whole lines: a U+FEFF they start with is data (the file's own mark was dropped). */
const DECODER = new TextDecoder('utf-8', { ignoreBOM: true });

export function evaluateLines(evaluator: Evaluator, setup: WorkerSetup, job: LinesJob): LinesReply {
  const parser = createJsonLinesParser({ offset: 0, line: job.line });
  const text = job.text instanceof Uint8Array ? DECODER.decode(job.text) : job.text;
  const batches = [parser.push(text ?? OVERLONG), parser.end()];
  return partReply(job.seq, batches, parser.rows, 0, (c) => evaluateCase(evaluator, setup, c));
}

/** Whole CSV records from `offset` (line `line`), read with the file's header unless they hold it. */
export interface CsvJob extends PartJob {
  readonly kind: 'csv';
  readonly text: string;
  readonly offset: number;
  readonly line: number;
  readonly header: CsvHeader | null;
}

export function evaluateCsv(evaluator: Evaluator, setup: WorkerSetup, job: CsvJob): LinesReply {
  const start = { offset: job.offset, line: job.line };
  const part: CsvPartStart = job.header ? { header: job.header, start } : { start };
  const parser = createCsvParser(part);
  const batches = [parser.push(job.text), parser.end()];
  return partReply(job.seq, batches, parser.rows, 0, (c) => evaluateCase(evaluator, setup, c));
}

/**
 * A part's reply from its parser's batches: `rows` records numbered from `base`, each printed in
 * order — `evaluate` for a fact read, the error record for a record refused. `evaluate` null: the
 * records are all refused (a CSV record over the size limit, read on the main thread).
 */
export function partReply(
  seq: number,
  batches: readonly FactSetBatch[],
  rows: number,
  base: number,
  evaluate: ((c: SuiteCase) => string) | null,
): LinesReply {
  const cases = batches.flatMap((b) => b.cases);
  const rejected: RejectedRecord[] = batches.flatMap((b) => b.rejected ?? []);
  const diagnostics: SuiteDiagnostic[] = [];
  const omitted = batches.reduce((n, b) => n + (b.omitted ?? 0), 0);
  for (const d of batches.flatMap((b) => b.diagnostics)) {
    // The parser's closing "N more problems not shown": its count (the batch's `omitted`) goes to
    // the main thread, which caps the whole file's list as one parser would.
    if (d.code !== 'factset-more') diagnostics.push(d);
  }
  const lines: string[] = new Array(rows);
  let c = 0;
  let r = 0;
  for (let i = 0; i < rows; i++) {
    const bad = rejected[r];
    if (bad !== undefined && bad.index === base + i) {
      lines[i] = errorRecord(bad);
      r++;
    } else {
      if (!evaluate) throw new Error('erdl eval: a record read on the main thread was not refused');
      lines[i] = evaluate(cases[c++] as SuiteCase);
    }
  }
  return {
    seq,
    out: lines.join('\n'),
    records: rows,
    evaluated: c,
    rejected: rejected.length,
    rejectedNames: rejected.slice(0, NAMED_IN_SUMMARY).map(rejectedName),
    diagnostics,
    omitted,
  };
}
