/**
 * Large fact sets (JSON Lines, CSV; 10,000+ rows) read incrementally: the caller feeds text in
 * chunks and gets back the rows each chunk completed, so the studio's worker can report progress
 * and stop between chunks, and the CLI reads the same way in one go. A bad row is reported with
 * its line and column and skipped; the other rows still import.
 */
import type { Bilingual, Range } from '../diagnostics/diagnostic';
import type { Value } from '../eval/values';
import type { FactSetFormat } from '../file-limits';
import { type FieldReader, isPlainObject, readCase, readFact } from './read-fields';
import type { RecordLines, SuiteCase, SuiteDiagnostic } from './types';

export { type FactSetFormat, factSetFormat } from '../file-limits';

/** One row may hold at most this many characters (a file with no line breaks is not a fact set). */
export const MAX_ROW_CHARS = 1024 * 1024;
/** Problems reported one by one; beyond this they are only counted. */
export const MAX_REPORTED_PROBLEMS = 100;

export interface FactSetBatch {
  readonly cases: readonly SuiteCase[];
  readonly diagnostics: readonly SuiteDiagnostic[];
  /**
   * The records the chunk completed that could not be read, in input order — every one, whatever
   * the cap on `diagnostics`. With `cases` they are the chunk's records: a rejected record's
   * `index` says how many records (read or not) come before it in the whole text.
   */
  readonly rejected?: readonly RejectedRecord[];
  /**
   * At the end (`end()`'s batch): how many problems were only counted, over the cap — the number
   * the closing `factset-more` problem states, as a number (a parser of a part of the file hands
   * it to the one merging the parts' lists).
   */
  readonly omitted?: number;
}

/**
 * A record of a fact set that could not be read (a JSON Lines line, or a CSV record — one line, or
 * several when a quoted cell spans them). Blank lines are not records.
 */
export interface RejectedRecord {
  /** 0-based position among the text's records. */
  readonly index: number;
  /** The line the record starts on, and the line it ends on (the same unless it spans lines). */
  readonly line: number;
  readonly lastLine: number;
  /** Its first error (reported in `diagnostics` too, unless over the cap). */
  readonly problem: SuiteDiagnostic;
}

/** Where a record is written: `line N`, or `lines N–M` for a CSV record that spans lines. */
export interface RecordPlace {
  readonly range: Range;
  readonly line: number;
  readonly column: number;
  readonly lastLine?: number;
}

/** A record's name: `line 4`, or `lines 4–7` when it spans lines. */
export function recordName(at: { readonly line: number; readonly lastLine?: number }): string {
  return at.lastLine !== undefined && at.lastLine > at.line
    ? `lines ${at.line}–${at.lastLine}`
    : `line ${at.line}`;
}

export interface FactSetParser {
  readonly format: FactSetFormat;
  /** Feeds the next chunk of text; returns the rows it completed. */
  push(chunk: string): FactSetBatch;
  /** End of input: the last row (when the text does not end in a line break) and final checks. */
  end(): FactSetBatch;
  /** Characters consumed so far (progress = consumed / total length). */
  readonly consumed: number;
  /** Rows read so far, good and bad. */
  readonly rows: number;
  /** Rows skipped because of a problem. */
  readonly skipped: number;
}

/** Problem collection shared by the two parsers: positions, the cap, the skipped count. */
export class RowProblems {
  private reported = 0;
  private omitted = 0;
  skipped = 0;
  batch: SuiteDiagnostic[] = [];
  /** Records rejected since the last take. */
  rejected: RejectedRecord[] = [];
  /** The current record's first error, kept even when over the cap. */
  private first: SuiteDiagnostic | null = null;

  report(
    severity: SuiteDiagnostic['severity'],
    code: string,
    at: { range: Range; line: number; column: number },
    message: Bilingual,
  ): void {
    const diagnostic = {
      code,
      severity,
      message,
      range: at.range,
      line: at.line,
      column: at.column,
    };
    if (severity === 'error') this.first ??= diagnostic;
    if (this.reported >= MAX_REPORTED_PROBLEMS) {
      this.omitted++;
      return;
    }
    this.reported++;
    this.batch.push(diagnostic);
  }

  /** The current record was read (or was a CSV header): its problems were warnings only. */
  accept(): void {
    this.first = null;
  }

  /**
   * The current record, the `index`-th, could not be read: counted as skipped and kept with its
   * first error (`fallback` when nothing was reported for it, e.g. every row after an unusable CSV
   * header).
   */
  reject(index: number, at: RecordPlace, fallback?: SuiteDiagnostic): void {
    const problem = this.first ??
      fallback ?? {
        code: 'factset-record',
        severity: 'error',
        message: { en: 'the record could not be read', zh: '该记录无法读取' },
        range: at.range,
        line: at.line,
        column: at.column,
      };
    this.first = null;
    this.skipped++;
    this.rejected.push({ index, line: at.line, lastLine: at.lastLine ?? at.line, problem });
  }

  /** Takes the problems reported since the last take. */
  take(): SuiteDiagnostic[] {
    const out = this.batch;
    this.batch = [];
    return out;
  }

  /** Takes the records rejected since the last take. */
  takeRejected(): RejectedRecord[] {
    const out = this.rejected;
    this.rejected = [];
    return out;
  }

  /** At the end: the closing problem saying how many problems were only counted; that number. */
  finish(at: { range: Range; line: number; column: number }): number {
    if (this.omitted === 0) return 0;
    const omitted = this.omitted;
    this.omitted = 0;
    this.reported = 0; // let the summary through
    this.report('error', 'factset-more', at, moreProblems(omitted));
    return omitted;
  }
}

/** The closing `factset-more` problem's message (also of a list merged from several parsers). */
export function moreProblems(omitted: number): Bilingual {
  return {
    en: `${omitted} more problems not shown (the first ${MAX_REPORTED_PROBLEMS} are listed)`,
    zh: `另有 ${omitted} 个问题未列出（仅列出前 ${MAX_REPORTED_PROBLEMS} 个）`,
  };
}

/**
 * One row's data as a case. A mapping with a `fact` key and only case keys (name, fact, as_of,
 * expect) is a case; any other mapping is the fact itself (a bare fact has no expectation).
 * `plain`: the record is json-exact.ts's plain value, which a bare fact is as it stands.
 */
export function rowToCase(
  record: unknown,
  at: RecordPlace,
  problems: RowProblems,
  plain = false,
): SuiteCase | null {
  const reader: FieldReader = {
    at: () => at.range,
    report: (severity, code, _path, message) => problems.report(severity, code, at, message),
  };
  const name = recordName(at);
  const lines: RecordLines = { line: at.line, lastLine: at.lastLine ?? at.line };
  if (isCaseShaped(record)) {
    const c = withRange(readCase(record, [], reader, name), at.range);
    return c && record.name === undefined ? { ...c, record: lines } : c;
  }
  // A plain value is what prepareFact would return (json-exact.property.test.ts): not walked again.
  const fact = plain && isPlainObject(record) ? (record as Value) : readFact(record, [], reader);
  return fact === null ? null : { name, fact, range: at.range, record: lines };
}

const CASE_KEYS = new Set(['name', 'fact', 'as_of', 'expect']);

function isCaseShaped(record: unknown): record is Record<string, unknown> {
  return (
    isPlainObject(record) && 'fact' in record && Object.keys(record).every((k) => CASE_KEYS.has(k))
  );
}

function withRange(c: SuiteCase | null, range: Range): SuiteCase | null {
  return c ? { ...c, range } : null;
}

/** Reads a whole fact set at once (the CLI): every row, every problem. */
export function parseFactSet(parser: FactSetParser, text: string): FactSetBatch {
  const a = parser.push(text);
  const b = parser.end();
  return {
    cases: [...a.cases, ...b.cases],
    diagnostics: [...a.diagnostics, ...b.diagnostics],
    rejected: [...(a.rejected ?? []), ...(b.rejected ?? [])],
  };
}
