/**
 * What a batch worker does with one part of a fact set (run-batch.ts): a part of JSON Lines
 * (split-lines.ts) or of CSV records (split-records.ts, with the file's header), parsed with the
 * kernel's parser started where the part starts (so names, `line N`, and problem positions are
 * those of the whole file); every fact evaluated; each record's line — a result, or the error
 * record in place of a record that cannot be read — printed in input order. The main thread only
 * joins parts' outputs in order and merges their problem lists (join-lines.ts).
 */
import {
  createCsvParser,
  createJsonLinesParser,
  type Evaluator,
  type FactSetBatch,
  type FactSetParser,
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
/**
 * Characters a part's parser is given at a time, each slice's records evaluated and printed before
 * the next is read: what is alive at once is a slice's facts and results, not the whole part's
 * (~1,400 facts and their ~0.6 MB of output), so it dies young, in the first scavenge, instead of
 * being copied and promoted to the old generation (issue #41, round 7).
 */
const SLICE_CHARS = 16 * 1024;

/** Where a part's record lines go, one by one in order, as they are made (answer-part.ts). */
export interface PartLines {
  add(line: string): void;
}

/** A part's reply but its output, which went line by line to a PartLines. */
export type PartSummary = Omit<LinesReply, 'out' | 'bytes'>;

type Evaluate = ((c: SuiteCase) => string) | null;

/** Whole CSV records from `offset` (line `line`), read with the file's header unless they hold it. */
export interface CsvJob extends PartJob {
  readonly kind: 'csv';
  readonly text: string;
  readonly offset: number;
  readonly line: number;
  readonly header: CsvHeader | null;
}

/**
 * A part answered, its lines joined as text. `sliceChars`: what its parser is given at a time
 * (tests give a few characters, to cut the part everywhere).
 */
export function evaluatePart(
  evaluator: Evaluator,
  setup: WorkerSetup,
  job: LinesJob | CsvJob,
  sliceChars = SLICE_CHARS,
): LinesReply {
  return asText((lines) => printPart(evaluator, setup, job, lines, sliceChars));
}

/**
 * A part answered, each line given to `lines` as it is made: JSON Lines (decoded here when they
 * came as bytes) or CSV records (read with the file's header), by the kernel's parser started
 * where the part starts.
 */
export function printPart(
  evaluator: Evaluator,
  setup: WorkerSetup,
  job: LinesJob | CsvJob,
  lines: PartLines,
  sliceChars = SLICE_CHARS,
): PartSummary {
  let parser: FactSetParser;
  let text: string;
  if (job.kind === 'csv') {
    const start = { offset: job.offset, line: job.line };
    parser = createCsvParser(job.header ? { header: job.header, start } : { start });
    text = job.text;
  } else {
    parser = createJsonLinesParser({ offset: 0, line: job.line });
    text = (job.text instanceof Uint8Array ? DECODER.decode(job.text) : job.text) ?? OVERLONG;
  }
  const records = new PartRecords(0, (c) => evaluateCase(evaluator, setup, c), lines);
  readInSlices(parser, text, records, sliceChars);
  return records.summary(job.seq, parser.rows);
}

/**
 * The text given to its (streaming) parser `sliceChars` at a time, cut after a line break (a CSV
 * record whose quoted cell spans the cut is held by the parser until its end comes, as between
 * chunks of a file), each slice's records printed before the next slice is read; then the end.
 */
function readInSlices(
  parser: FactSetParser,
  text: string,
  records: PartRecords,
  sliceChars: number,
): void {
  for (let at = 0; at < text.length; ) {
    const cut = text.indexOf('\n', at + sliceChars);
    const end = cut < 0 ? text.length : cut + 1;
    records.take(parser.push(at === 0 && end === text.length ? text : text.slice(at, end)));
    at = end;
  }
  records.take(parser.end());
}

/**
 * A part's records printed in order as its parser's batches come — `evaluate` for a fact read,
 * the error record for a record refused — with its counts and problems. A batch's records are its
 * cases and its rejected records (FactSetBatch), a rejected record's `index` counting from `base`.
 */
class PartRecords {
  private records = 0;
  private evaluated = 0;
  private rejected = 0;
  private readonly rejectedNames: string[] = [];
  private readonly diagnostics: SuiteDiagnostic[] = [];
  private omitted = 0;

  constructor(
    private readonly base: number,
    private readonly evaluate: Evaluate,
    private readonly lines: PartLines,
  ) {}

  take(batch: FactSetBatch): void {
    const { cases } = batch;
    const rejected: readonly RejectedRecord[] = batch.rejected ?? NONE;
    const n = cases.length + rejected.length;
    let c = 0;
    let r = 0;
    for (let i = 0; i < n; i++) {
      const bad = rejected[r];
      if (bad !== undefined && bad.index === this.base + this.records + i) {
        this.lines.add(errorRecord(bad));
        if (this.rejectedNames.length < NAMED_IN_SUMMARY)
          this.rejectedNames.push(rejectedName(bad));
        r++;
      } else {
        if (!this.evaluate)
          throw new Error('erdl eval: a record read on the main thread was not refused');
        this.lines.add(this.evaluate(cases[c++] as SuiteCase));
      }
    }
    if (c !== cases.length || r !== rejected.length)
      throw new Error("erdl eval: a batch's rejected records are out of order");
    this.records += n;
    this.evaluated += c;
    this.rejected += r;
    this.omitted += batch.omitted ?? 0;
    for (const d of batch.diagnostics) {
      // The parser's closing "N more problems not shown": its count (the batch's `omitted`) goes
      // to the main thread, which caps the whole file's list as one parser would.
      if (d.code !== 'factset-more') this.diagnostics.push(d);
    }
  }

  /** `rows`: the records the parser read, which must be the records printed. */
  summary(seq: number, rows: number): PartSummary {
    if (rows !== this.records)
      throw new Error(`erdl eval: ${this.records} records printed of the ${rows} read`);
    return {
      seq,
      records: this.records,
      evaluated: this.evaluated,
      rejected: this.rejected,
      rejectedNames: this.rejectedNames,
      diagnostics: this.diagnostics,
      omitted: this.omitted,
    };
  }
}

const NONE: readonly RejectedRecord[] = [];

/**
 * A part's reply from its parser's batches, its lines joined as text: `rows` records numbered
 * from `base`. `evaluate` null: the records are all refused (a CSV record over the size limit,
 * read on the main thread).
 */
export function partReply(
  seq: number,
  batches: readonly FactSetBatch[],
  rows: number,
  base: number,
  evaluate: Evaluate,
): LinesReply {
  return asText((lines) => {
    const records = new PartRecords(base, evaluate, lines);
    for (const batch of batches) records.take(batch);
    return records.summary(seq, rows);
  });
}

/** A part answered with its lines joined by line breaks (no final one). */
export function asText(print: (lines: PartLines) => PartSummary): LinesReply {
  const out: string[] = [];
  const summary = print({ add: (line) => out.push(line) });
  return { ...summary, out: out.join('\n') };
}
