/**
 * The main thread's whole share of a JSON Lines batch read from a file or standard input
 * (run-batch.ts): the bytes, as they stream in, cut into parts of whole lines — at the first line
 * break after PART_BYTES, found with one native search — each with the number of its first line,
 * for the workers to decode, parse, evaluate and print (eval-worker.ts). Nothing is decoded or
 * parsed here: each part is checked to be UTF-8 by one native pass (node:buffer isUtf8) and handed
 * on as its own bytes, moved to the worker without a copy.
 *
 * The same parts as split-lines.ts cuts from the decoded text, byte for byte: a byte order mark at
 * the very start is dropped (as the decoder drops it); a malformed byte refuses the file, naming it
 * (NotUtf8, its offset in the input); a line still arriving that is already longer than `maxLine` characters
 * (UTF-16 units, counted only once its bytes exceed the limit) is not held: it becomes an
 * `overlong` part and the rest of it is dropped as it arrives (still checked to be UTF-8).
 */
import { isUtf8 } from 'node:buffer';
import { MAX_ROW_CHARS } from '../../kernel';
import { invalidAt, NotUtf8, Utf8Position } from '../utf8-position';
import type { OverlongPart, PartSplitter } from './split-lines';

export type BytePart =
  /** Whole lines (the last one may lack its line break only at the end of the text). */
  { readonly kind: 'lines'; readonly bytes: Uint8Array; readonly line: number } | OverlongPart;

export type ByteSplitter = PartSplitter<Uint8Array, BytePart>;

const LF = 0x0a;
const EMPTY = Buffer.alloc(0);

/** Line breaks in `bytes` (a native search per line). */
function countBreaks(bytes: Buffer): number {
  let n = 0;
  for (let i = bytes.indexOf(LF); i >= 0; i = bytes.indexOf(LF, i + 1)) n++;
  return n;
}

/** `partBytes`: a part is cut once at least this many bytes of whole lines are held. */
export function createByteSplitter(partBytes: number, maxLine = MAX_ROW_CHARS): ByteSplitter {
  /** Whole lines not yet handed on, then the line still arriving. */
  let held: Buffer = EMPTY;
  /** Number of the first line in `held`. */
  let line = 1;
  /** Before the first bytes: a byte order mark there is dropped. */
  let start = true;
  /** Inside an overlong line: its bytes checked as they arrive, then dropped up to its break. */
  let dropping: TextDecoder | null = null;
  /** Bytes pushed so far (a byte order mark included): `held` ends there. */
  let total = 0;
  /** While dropping: where a malformed byte is, found once the decoder has refused one. */
  let dropped: Utf8Position | null = null;

  /** A part of whole lines: its own copy (moved to a worker), checked to be UTF-8. */
  const part = (from: number, end: number): BytePart => {
    const bytes = new Uint8Array(held.subarray(from, end));
    // A part ends with a line break, which no character spans: its bad byte is its own.
    if (!isUtf8(bytes)) throw new NotUtf8(total - held.length + from + invalidAt(bytes));
    const at = line;
    line += countBreaks(held.subarray(from, end));
    return { kind: 'lines', bytes, line: at };
  };

  const cut = (final: boolean): BytePart[] => {
    const parts: BytePart[] = [];
    let from = 0;
    for (;;) {
      // The first line break at or after `partBytes` bytes (any, at the end of the text).
      const at = held.indexOf(LF, from + partBytes - 1);
      const end = at >= 0 ? at + 1 : final ? held.lastIndexOf(LF) + 1 : 0;
      if (end <= from) break;
      parts.push(part(from, end));
      from = end;
    }
    if (final) {
      if (from < held.length) parts.push(part(from, held.length));
      held = EMPTY;
      return parts;
    }
    // Parts end with a line break: the line still arriving starts after the last one, not before `from`.
    const last = held.lastIndexOf(LF) + 1;
    // Characters are never more than bytes: only a line of more bytes than the limit is counted.
    if (
      held.length - last > maxLine &&
      charsOf(held.subarray(last), total - held.length + last) > maxLine
    ) {
      // The line still arriving is over the limit (checked after each chunk, as the parser does):
      // the whole lines before it go first, then the refusal; its text is dropped.
      if (last > from) parts.push(part(from, last));
      parts.push({ kind: 'overlong', line });
      // Its decoder holds a character cut at the end of the chunk, to check the rest of it.
      dropping = new TextDecoder('utf-8', { fatal: true });
      dropped = new Utf8Position(total - (held.length - last));
      drop(held.subarray(last), false);
      held = EMPTY;
      return parts;
    }
    // The rest copied out of the chunk it came in, so the chunk is not kept alive.
    held = from > 0 ? Buffer.from(held.subarray(from)) : held;
    return parts;
  };

  /** An overlong line's bytes, checked to be UTF-8 (`final`: its last ones), then forgotten. */
  const drop = (bytes: Uint8Array, final: boolean) => {
    try {
      (dropping as TextDecoder).decode(bytes, { stream: !final });
    } catch {
      throw (dropped as Utf8Position).failed(bytes);
    }
    (dropped as Utf8Position).passed(bytes);
  };

  return {
    push(chunk) {
      total += chunk.byteLength;
      let bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      if (start) {
        // The decoder drops a byte order mark at the start only once it has seen all of it.
        const head = held.length + bytes.length;
        if (head < 3 && bytes.length > 0) {
          held = Buffer.concat([held, bytes]);
          return [];
        }
        start = false;
        bytes = held.length > 0 ? Buffer.concat([held, bytes]) : bytes;
        held = EMPTY;
        if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) bytes = bytes.subarray(3);
      }
      if (dropping) {
        const nl = bytes.indexOf(LF);
        if (nl < 0) {
          drop(bytes, false);
          return [];
        }
        drop(bytes.subarray(0, nl), true);
        dropping = null;
        line++;
        bytes = bytes.subarray(nl + 1);
      }
      held = held.length > 0 ? Buffer.concat([held, bytes]) : bytes;
      return cut(false);
    },
    end() {
      if (start) {
        start = false;
        const bytes = held;
        held = EMPTY;
        total -= bytes.length; // counted again as they are pushed
        // Fewer than three bytes in all: a byte order mark is not whole, nothing to drop.
        return bytes.length > 0 ? this.push(bytes).concat(this.end()) : [];
      }
      if (dropping) {
        drop(new Uint8Array(0), true);
        dropping = null;
        return [];
      }
      return cut(true);
    },
    flush() {
      // Before the first 3 bytes (a byte order mark not yet known) or inside an overlong line:
      // nothing whole to hand on.
      const end = start || dropping ? 0 : held.lastIndexOf(LF) + 1;
      if (end === 0) return [];
      const whole = part(0, end);
      held = Buffer.from(held.subarray(end));
      return [whole];
    },
    get lastLine() {
      return line + countBreaks(held);
    },
  };
}

/**
 * UTF-16 units of the bytes' text (a character cut at the end not counted yet, as the decoder);
 * `at`: where they start in the input, to name a malformed byte among them.
 */
function charsOf(bytes: Buffer, at: number): number {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true }).length;
  } catch {
    throw new Utf8Position(at).failed(bytes);
  }
}
