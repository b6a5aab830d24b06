import type { Bilingual, Range } from '../diagnostics/diagnostic';
import { zhQuote } from './quote';

/**
 * The one CSV / TSV tokenizer of the kernel (RFC 4180: `"` quoting with `""` inside; CRLF, LF or
 * CR line breaks; quoted fields may span lines; a byte order mark before the first record is not
 * data). Streaming: text may arrive in chunks cut anywhere. Fact suites (suite/csv-facts.ts) and
 * the decision grid's paste and CSV import (table-edit/delimited.ts) both read through it.
 */

export interface CsvPlace {
  readonly range: Range;
  readonly line: number;
  readonly column: number;
}

export interface FieldStart {
  readonly offset: number;
  readonly line: number;
  readonly column: number;
}

export interface CsvRecord {
  readonly fields: readonly string[];
  /** Where each field starts. */
  readonly places: readonly FieldStart[];
  /**
   * The whole record: `line` is the line it starts on, `lastLine` the line it ends on (beyond
   * `line` when a quoted field spans lines).
   */
  readonly whole: CsvPlace & { readonly lastLine: number };
  /** The first quoted field that spans lines: where its quote opened and the line it ends on. */
  readonly spanning: { readonly opened: FieldStart; readonly lastLine: number } | null;
  /** The first thing wrong in the record (its fields are then not to be trusted). */
  readonly problem: { readonly at: CsvPlace; readonly message: Bilingual } | null;
  /** One empty unquoted field: an empty line. */
  readonly blank: boolean;
}

export interface CsvTokenizer {
  push(chunk: string): void;
  /** Ends the text: a quoted field still open is a problem of the last record. */
  end(): void;
  /** The current position (just after the text pushed so far). */
  position(): CsvPlace;
}

enum State {
  FieldStart,
  Unquoted,
  Quoted,
  QuoteInQuoted,
}

export function createCsvTokenizer(options: {
  readonly delimiter: ',' | '\t';
  /** A record longer than this is a problem (its text is no longer kept). */
  readonly maxRecordChars?: number;
  /**
   * Where the text begins in a larger one (a part of a file cut at record boundaries, read by a
   * batch worker): the offset of its first character and the 1-based number of its first line,
   * so every place is the whole text's. Default: the start.
   */
  readonly start?: { readonly offset: number; readonly line: number };
  readonly onRecord: (record: CsvRecord) => void;
}): CsvTokenizer {
  const { delimiter, onRecord } = options;
  const maxChars = options.maxRecordChars ?? Number.POSITIVE_INFINITY;
  const unquotedStop = new RegExp(`[${delimiter === '\t' ? '\\t' : ','}\\r\\n]`, 'g');
  const quotedStop = /["\r\n]/g;

  let offset = options.start?.offset ?? 0;
  let line = options.start?.line ?? 1;
  let lineStart = offset;
  let afterCR = false;
  let state: State = State.FieldStart;

  let cells: string[] = [];
  let cellPlaces: FieldStart[] = [];
  let field = '';
  let recordStart = { offset, line, column: 1 };
  let recordChars = 0;
  let recordProblem: CsvRecord['problem'] = null;
  let quotedSeen = false;
  let tooLong = false;
  /** The current quoted field has taken in a line break. */
  let quotedBreak = false;
  let spanning: CsvRecord['spanning'] = null;

  const place = (start: number, end: number, l: number, column: number): CsvPlace => ({
    range: { start, end: Math.max(start, end) },
    line: l,
    column,
  });

  /** Where the current field starts (kept when a too-long record no longer keeps its places). */
  let fieldStart: FieldStart = recordStart;

  const startField = () => {
    fieldStart = { offset, line, column: offset - lineStart + 1 };
    // A record over the size limit keeps nothing more, so a line of a billion commas costs nothing.
    if (!tooLong) cellPlaces.push(fieldStart);
  };

  /** The last line holding a character of the text read so far (not an empty line after a break). */
  const lastTextLine = () => (offset === lineStart && line > recordStart.line ? line - 1 : line);

  /** A quoted field that took in line breaks ends: remembered as the record's first such field. */
  const closeQuoted = () => {
    if (!quotedBreak) return;
    quotedBreak = false;
    spanning ??= { opened: fieldStart, lastLine: lastTextLine() };
  };

  const endField = () => {
    if (!tooLong) cells.push(field);
    field = '';
    state = State.FieldStart;
  };

  /** A record over the size limit; with a quoted cell that spans lines, its quote is named. */
  const sizeProblem = (): NonNullable<CsvRecord['problem']> => {
    const last = lastTextLine();
    const opened = spanning?.opened ?? (quotedBreak ? fieldStart : null);
    const taken = opened ? lineSpan(opened.line + 1, spanning?.lastLine ?? last) : null;
    const where = lineSpan(recordStart.line, last);
    return {
      at: place(recordStart.offset, offset, recordStart.line, recordStart.column),
      message:
        opened && taken
          ? {
              en: `the record (${where.en}) is longer than ${maxChars} characters; the quoted cell opened at line ${opened.line}, column ${opened.column} takes in ${taken.en} — is a quote unbalanced?`,
              zh: `该记录（${where.zh}）超过 ${maxChars} 个字符；第 ${opened.line} 行第 ${opened.column} 列开始的带引号单元格吞并了${taken.zh}——是否有引号不成对？`,
            }
          : {
              en: `the row is longer than ${maxChars} characters`,
              zh: `该行超过 ${maxChars} 个字符`,
            },
    };
  };

  const endRecord = () => {
    if (tooLong) recordProblem ??= sizeProblem();
    const blank = cells.length === 1 && cells[0] === '' && !quotedSeen && !recordProblem;
    // Built whole, in one shape: a record copied with a field added costs the fact-set reader dearly.
    const whole = {
      range: { start: recordStart.offset, end: Math.max(recordStart.offset, offset) },
      line: recordStart.line,
      column: recordStart.column,
      lastLine: lastTextLine(),
    };
    onRecord({
      fields: cells,
      places: cellPlaces,
      whole,
      spanning,
      problem: recordProblem,
      blank,
    });
    cells = [];
    cellPlaces = [];
    recordChars = 0;
    recordProblem = null;
    quotedSeen = false;
    tooLong = false;
    quotedBreak = false;
    spanning = null;
  };

  /** Over the limit, the record's text is no longer kept; its problem is named when it ends. */
  const checkSize = () => {
    if (recordChars > maxChars) tooLong = true;
  };

  /**
   * A quoted field that took in line breaks and whose closing quote is followed by text: its
   * opening quote is most likely unbalanced. Named at the opening quote, with the lines taken in.
   */
  const unbalanced = (ch: string): NonNullable<CsvRecord['problem']> => {
    const opened = fieldStart;
    const closeColumn = offset - lineStart; // the closing quote is the character before this one
    const taken = lineSpan(opened.line + 1, line);
    return {
      at: place(opened.offset, opened.offset + 1, opened.line, opened.column),
      message: {
        en: `the quote opened at line ${opened.line}, column ${opened.column} is closed only at line ${line}, column ${closeColumn}, where ${JSON.stringify(ch)} follows the closing quote: the quote is probably unbalanced, and the cell takes in ${taken.en} (write "" for a quote inside a quoted cell)`,
        zh: `第 ${opened.line} 行第 ${opened.column} 列的引号直到第 ${line} 行第 ${closeColumn} 列才闭合，且右引号后出现${zhQuote(ch)}：引号很可能不成对，该单元格吞并了${taken.zh}（引号内的引号请写作 ""）`,
      },
    };
  };

  const scan = (text: string) => {
    for (let i = 0; i < text.length; i++) {
      const ch = text[i] as string;
      if (afterCR) {
        afterCR = false;
        // CRLF is one line break: after a record it is already handled, inside quotes it is text.
        if (ch === '\n') {
          if (state === State.Quoted && !tooLong) field += ch;
          offset++;
          lineStart = offset;
          continue;
        }
      }
      if (recordChars === 0 && cells.length === 0 && state === State.FieldStart) {
        recordStart = { offset, line, column: offset - lineStart + 1 };
        // A byte order mark before the header is not part of the data.
        if (offset === 0 && ch === '\uFEFF') {
          offset++;
          continue;
        }
      }
      // Fast path: copy a run of ordinary characters inside a cell in one slice.
      if (state === State.Unquoted || state === State.Quoted) {
        const stop = state === State.Unquoted ? unquotedStop : quotedStop;
        stop.lastIndex = i;
        const j = stop.exec(text)?.index ?? text.length;
        if (j > i) {
          recordChars += j - i;
          if (!tooLong) field += text.slice(i, j);
          offset += j - i;
          i = j - 1;
          checkSize();
          continue;
        }
      }
      recordChars++;
      checkSize();
      const newline = ch === '\n' || ch === '\r';
      switch (state) {
        case State.FieldStart:
          startField();
          if (ch === '"') {
            state = State.Quoted;
            quotedSeen = true;
            break;
          }
          state = State.Unquoted;
          if (ch === delimiter) endField();
          else if (newline) {
            endField();
            endRecord();
          } else field += ch;
          break;
        case State.Unquoted:
          if (ch === delimiter) endField();
          else if (newline) {
            endField();
            endRecord();
          } else if (!tooLong) field += ch;
          break;
        case State.Quoted:
          if (ch === '"') state = State.QuoteInQuoted;
          else {
            if (newline) quotedBreak = true;
            if (!tooLong) field += ch;
          }
          break;
        case State.QuoteInQuoted:
          if (ch === '"') {
            field += '"';
            state = State.Quoted;
          } else if (ch === delimiter) {
            closeQuoted();
            endField();
          } else if (newline) {
            closeQuoted();
            endField();
            endRecord();
          } else {
            recordProblem ??= quotedBreak
              ? unbalanced(ch)
              : {
                  at: place(offset, offset + 1, line, offset - lineStart + 1),
                  message: {
                    en: `unexpected ${JSON.stringify(ch)} after a closing quote (write "" for a quote inside a quoted cell)`,
                    zh: `右引号后出现意外的${zhQuote(ch)}（引号内的引号请写作 ""）`,
                  },
                };
            closeQuoted();
            state = State.Unquoted;
            if (!tooLong) field += ch;
          }
          break;
      }
      offset++;
      if (newline) {
        line++;
        lineStart = offset;
        if (ch === '\r') afterCR = true;
      }
    }
  };

  return {
    push: scan,
    end() {
      if (state === State.Quoted) {
        const start = fieldStart;
        const last = lastTextLine();
        const taken = lineSpan(start.line + 1, last);
        recordProblem ??= {
          at: place(start.offset, offset, start.line, start.column),
          message:
            last > start.line
              ? {
                  en: `the quote opened at line ${start.line}, column ${start.column} is not closed before the end of the file: the cell takes in ${taken.en}`,
                  zh: `第 ${start.line} 行第 ${start.column} 列的引号直到文件末尾都没有闭合：该单元格吞并了${taken.zh}`,
                }
              : {
                  en: 'a quoted cell is not closed before the end of the file',
                  zh: '带引号的单元格直到文件末尾都没有闭合',
                },
        };
        closeQuoted();
      } else if (state === State.QuoteInQuoted) closeQuoted();
      if (state !== State.FieldStart || cells.length > 0) {
        endField();
        endRecord();
      }
    },
    position: () => place(offset, offset, line, offset - lineStart + 1),
  };
}

/** `line 4` or `lines 4–7`, in both languages. */
export function lineSpan(first: number, last: number): Bilingual {
  return last > first
    ? { en: `lines ${first}–${last}`, zh: `第 ${first}–${last} 行` }
    : { en: `line ${first}`, zh: `第 ${first} 行` };
}
