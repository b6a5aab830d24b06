/**
 * The main thread's whole share of a CSV batch (run-batch.ts): the text, as it streams in, cut
 * into parts of whole records, for the workers to parse, evaluate and print (evaluate-lines.ts).
 * One pass, character by character, through the states of the kernel's CSV tokenizer
 * (util/csv-tokenizer.ts: field start, unquoted, quoted, quote inside quoted; CRLF, LF or CR line
 * breaks; a byte order mark at the very start) — only to know where each record ends, so a record
 * whose quoted cell spans lines stays whole. Nothing is parsed here.
 *
 * The first record that is not an empty line is the header: the first part starts with it, and
 * every later part carries its text and place, so each worker reads its part as the rest of the
 * file. Empty lines before it are no records and are dropped. A record still arriving that is
 * already longer than MAX_ROW_CHARS is not held: it is read here as it streams in, by the kernel's
 * parser (which keeps nothing of it past the limit) placed where it starts, and becomes a `parsed`
 * part — the same refusal, with the same line range and quote, as one parser of the whole stream
 * gives. When that record is the header itself, every record after it is refused for it: the rest
 * of the file is read here the same way.
 */
import {
  createCsvParser,
  type FactSetBatch,
  type FactSetParser,
  MAX_ROW_CHARS,
} from '../../kernel';

export interface CsvHeader {
  readonly text: string;
  readonly offset: number;
  readonly line: number;
}

export type CsvPart =
  /** Whole records from `offset` (line `line`); `header` null when the part starts with it. */
  | {
      readonly kind: 'records';
      readonly text: string;
      readonly offset: number;
      readonly line: number;
      readonly header: CsvHeader | null;
    }
  /** Records read here (over the size limit): `rows` of them, numbered from `base` in `batches`. */
  | {
      readonly kind: 'parsed';
      readonly batches: readonly FactSetBatch[];
      readonly rows: number;
      readonly base: number;
    };

export interface CsvSplitter {
  /** The next chunk of text; returns the parts it completed. */
  push(chunk: string): CsvPart[];
  /** End of text: the rest. */
  end(): CsvPart[];
  /**
   * The whole records held now (after the header), as one part, the record still arriving kept:
   * for input that arrives slowly, whose records are answered as they come. None while a record
   * over the limit is read here, or a record's end at a CR may yet be followed by its LF.
   */
  flush(): CsvPart[];
  /** Whether the text had a header record (else the file is refused as one parser refuses it). */
  readonly hasHeader: boolean;
  /** Where the text ends, as the tokenizer places it (for the closing "N more problems"). */
  readonly endPlace: { readonly offset: number; readonly line: number; readonly column: number };
}

const FIELD_START = 0;
const UNQUOTED = 1;
const QUOTED = 2;
const QUOTE_IN_QUOTED = 3;
const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;
const BOM = 0xfeff;

/** A record read here as it streams in: its parser and the batches it has given. */
interface Local {
  readonly parser: FactSetParser;
  readonly batches: FactSetBatch[];
  /** Every record to the end of the text (the header was over the limit). */
  readonly toEnd: boolean;
  /** Rows already handed on (toEnd: the parser reads many). */
  rows: number;
}

/** `partChars`: a part is cut once at least this many characters of whole records are held. */
export function createCsvSplitter(partChars: number, maxRecord = MAX_ROW_CHARS): CsvSplitter {
  /** Text from `partStart` on (none while a record is read here). */
  let held = '';
  let heldOffset = 0;
  let partStart = 0;
  let partLine = 1;
  let header: CsvHeader | null = null;
  /** The header was over the limit and read here (with every record after it). */
  let headerHere = false;
  let partSize = partChars;

  // The tokenizer's states, as it would be after the text scanned so far.
  let state = FIELD_START;
  let afterCR = false;
  let offset = 0;
  let line = 1;
  let lineStart = 0;
  let recordStart = 0;
  let recordLine = 1;
  /** Characters of the current record before its line break (a leading byte order mark apart). */
  let recordLen = 0;
  /** A record ended at a CR: whether an LF follows (part of its line break) is not known yet. */
  let pendingCR = false;
  let pendingBlank = false;

  let local: Local | null = null;
  /** While reading here: the offset up to which the text went to the local parser. */
  let fed = 0;

  let parts: CsvPart[] = [];

  const emit = (from: number, to: number, fromLine: number) => {
    if (to <= from) return;
    parts.push({
      kind: 'records',
      text: held.slice(from - heldOffset, to - heldOffset),
      offset: from,
      line: fromLine,
      header: header && header.offset !== from ? header : null,
    });
  };

  const closeLocal = (l: Local) => {
    const rows = l.parser.rows - l.rows;
    parts.push({ kind: 'parsed', batches: l.batches.splice(0), rows, base: l.rows });
    l.rows = l.parser.rows;
  };

  /** The record [recordStart, end) is whole (`end` after its line break). */
  const recordEnded = (end: number, blank: boolean, chunk: string, chunkOffset: number) => {
    if (local && !local.toEnd) {
      local.batches.push(local.parser.push(chunk.slice(fed - chunkOffset, end - chunkOffset)));
      local.batches.push(local.parser.end());
      closeLocal(local);
      local = null;
      held = chunk.slice(end - chunkOffset);
      heldOffset = end;
      partStart = end;
      partLine = line;
    } else if (!local) {
      if (!header) {
        if (blank) {
          partStart = end;
          partLine = line;
        } else {
          header = {
            text: held.slice(recordStart - heldOffset, end - heldOffset),
            offset: recordStart,
            line: recordLine,
          };
          // Each part carries the header: parts are kept large beside it.
          partSize = Math.max(partChars, 4 * header.text.length);
        }
      }
      if (header && end - partStart >= partSize) {
        emit(partStart, end, partLine);
        partStart = end;
        partLine = line;
      }
    }
    recordStart = end;
    recordLine = line;
    recordLen = 0;
    state = FIELD_START;
  };

  const scan = (chunk: string, chunkOffset: number) => {
    for (let i = 0; i < chunk.length; i++) {
      // A run of ordinary characters inside a cell, skipped at once (as the tokenizer copies it):
      // a plain loop, as cells are mostly short (a regular expression per cell cost ~4× more).
      if ((state === UNQUOTED || state === QUOTED) && !afterCR) {
        const stop = state === UNQUOTED ? COMMA : QUOTE;
        let j = i;
        for (; j < chunk.length; j++) {
          const d = chunk.charCodeAt(j);
          if (d === stop || d === LF || d === CR) break;
        }
        recordLen += j - i;
        offset += j - i;
        i = j;
        if (i === chunk.length) break;
      }
      const c = chunk.charCodeAt(i);
      if (afterCR) {
        afterCR = false;
        if (c === LF) {
          offset++;
          lineStart = offset;
          if (pendingCR) {
            pendingCR = false;
            recordEnded(offset, pendingBlank, chunk, chunkOffset);
          }
          continue;
        }
        if (pendingCR) {
          pendingCR = false;
          recordEnded(offset, pendingBlank, chunk, chunkOffset);
        }
      }
      if (offset === 0 && c === BOM) {
        offset++;
        continue;
      }
      const newline = c === LF || c === CR;
      let ended = false;
      switch (state) {
        case FIELD_START:
          if (c === QUOTE) state = QUOTED;
          else if (c === COMMA) state = FIELD_START;
          else if (newline) ended = true;
          else state = UNQUOTED;
          break;
        case UNQUOTED:
          if (c === COMMA) state = FIELD_START;
          else if (newline) ended = true;
          break;
        case QUOTED:
          if (c === QUOTE) state = QUOTE_IN_QUOTED;
          break;
        default:
          if (c === QUOTE) state = QUOTED;
          else if (c === COMMA) state = FIELD_START;
          else if (newline) ended = true;
          else state = UNQUOTED;
      }
      offset++;
      if (newline) {
        line++;
        lineStart = offset;
        if (c === CR) afterCR = true;
      }
      if (!ended) {
        recordLen++;
        continue;
      }
      if (c === CR) {
        pendingCR = true;
        pendingBlank = recordLen === 0;
      } else recordEnded(offset, recordLen === 0, chunk, chunkOffset);
    }
  };

  /** After a chunk: drop what was handed on; read a record over the limit here. */
  const settle = (chunk: string, chunkOffset: number) => {
    if (local) {
      local.batches.push(local.parser.push(chunk.slice(fed - chunkOffset)));
      fed = offset;
      if (local.toEnd) closeLocal(local);
      return;
    }
    held = held.slice(partStart - heldOffset);
    heldOffset = partStart;
    if (offset - recordStart <= maxRecord) return;
    // The whole records before it go first; then it is read here from where it starts.
    emit(partStart, recordStart, partLine);
    const start = { offset: recordStart, line: recordLine };
    local = {
      parser: createCsvParser(header ? { header, start } : { start }),
      batches: [],
      toEnd: header === null,
      rows: 0,
    };
    headerHere = local.toEnd;
    local.batches.push(local.parser.push(held.slice(recordStart - heldOffset)));
    fed = offset;
    held = '';
    heldOffset = offset;
    partStart = offset;
    if (local.toEnd) closeLocal(local);
  };

  return {
    push(chunk) {
      parts = [];
      const chunkOffset = offset;
      if (!local) held += chunk;
      scan(chunk, chunkOffset);
      settle(chunk, chunkOffset);
      return parts;
    },
    end() {
      parts = [];
      if (pendingCR) {
        pendingCR = false;
        recordEnded(offset, pendingBlank, '', offset);
      }
      if (local) {
        local.batches.push(local.parser.end());
        closeLocal(local);
        local = null;
        return parts;
      }
      // A last record without a line break: the header when none came before.
      if (!header && recordLen > 0)
        header = {
          text: held.slice(recordStart - heldOffset),
          offset: recordStart,
          line: recordLine,
        };
      if (header) emit(partStart, offset, partLine);
      held = '';
      return parts;
    },
    flush() {
      parts = [];
      if (local || !header || pendingCR || recordStart <= partStart) return parts;
      emit(partStart, recordStart, partLine);
      partStart = recordStart;
      partLine = recordLine;
      held = held.slice(partStart - heldOffset);
      heldOffset = partStart;
      return parts;
    },
    get hasHeader() {
      return header !== null || headerHere;
    },
    get endPlace() {
      return { offset, line, column: offset - lineStart + 1 };
    },
  };
}
