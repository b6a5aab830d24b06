/**
 * The door of `erdl lsp` (docs/security.md "The language server's input"): the LSP base protocol
 * read as its bytes arrive — header lines `Name: value\r\n`, an empty line, then a body of
 * Content-Length bytes — with every limit checked before anything is buffered, in time linear in
 * the input. A well-formed message is passed on to vscode-jsonrpc byte for byte; anything else is
 * refused with the message's ordinal, the byte offset in the input where the problem is and what
 * would be accepted, in English and Chinese. vscode-jsonrpc's own reader buffers whatever
 * Content-Length announces, and exits without a word on a malformed header or body.
 *
 * `LspFraming` is the reader (pure: bytes in, messages or one refusal out); `framingGuard` wraps it
 * as the Transform stream the server reads from.
 */
import { Transform } from 'node:stream';
import { fill } from '../i18n/format';
import type { Bilingual } from '../kernel';
import { decodeUtf8 } from '../kernel/document/utf8';
import { MAX_DOCUMENT_BYTES } from '../kernel/file-limits';
import { enQuote, zhQuote } from '../kernel/util/quote';
import { grouped, limitText } from '../kernel/util/sizes';
import { LSP_FRAMING_STRINGS as t } from './strings';

/**
 * 8 KiB: a message's header block, its lines and the empty line that ends it. A real header is
 * one or two lines (Content-Length, perhaps Content-Type), under 100 bytes.
 */
export const MAX_HEADER_BYTES = 8 * 1024;

/**
 * 16 MiB (8 × MAX_DOCUMENT_BYTES): a message's body (its Content-Length), refused from the header
 * alone, before any of it is read. A didOpen or a didChange carries a whole document, and the
 * server answers a document over MAX_DOCUMENT_BYTES (2 MiB) itself, with ERDL-E001 and its
 * position, so such a document must get through: JSON escapes a byte of text into at most 6 bytes
 * (a control character as `\u0001`), 12 MiB for a 2 MiB document, and the other 4 MiB are the
 * request around it (its URI, the JSON-RPC envelope). A document of ordinary text reaches
 * ERDL-E001 up to ~15 MiB; no editor sends a rule document larger than that.
 */
export const MAX_BODY_BYTES = 8 * MAX_DOCUMENT_BYTES;

/** At most this many characters of a header line or value are quoted in a refusal. */
const QUOTED_CHARS = 60;

/** What was wrong (for tests and callers; the words are in `text`). */
export type FramingProblem =
  | 'headerTooLong'
  | 'crWithoutLf'
  | 'lfWithoutCr'
  | 'headerByte'
  | 'noColon'
  | 'badName'
  | 'contentLengthTwice'
  | 'contentLengthNotNumber'
  | 'contentLengthOver'
  | 'contentTypeTwice'
  | 'contentType'
  | 'noContentLength'
  | 'bodyNotUtf8'
  | 'bodyNotJson'
  | 'bodyNotObject'
  | 'endInHeader'
  | 'endInBody';

/** A refusal: which message (1-based), where (0-based byte offset in the input), and the words. */
export interface FramingRefusal {
  readonly problem: FramingProblem;
  readonly message: number;
  readonly offset: number;
  /** One line per language, without the program's name: "message 3 of standard input, at byte …". */
  readonly text: Bilingual;
}

export interface FramingStep {
  /** Every message completed by the chunk, each as its exact bytes (header and body). */
  readonly messages: Uint8Array[];
  /** Set when the chunk broke the protocol: nothing after the messages above is passed on. */
  readonly refusal: FramingRefusal | null;
}

const CR = 0x0d;
const LF = 0x0a;
const TAB = 0x09;

/** An HTTP token (RFC 9110 §5.6.2): a header name. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** The Content-Types the protocol defines: JSON-RPC in UTF-8 ("utf8" accepted, as the spec says). */
const CONTENT_TYPE =
  /^application\/vscode-jsonrpc[ \t]*(?:;[ \t]*charset[ \t]*=[ \t]*(?:utf-?8|"utf-?8")[ \t]*)?$/i;

const both = (value: string): Bilingual => ({
  en: enQuote(value, QUOTED_CHARS),
  zh: zhQuote(value, QUOTED_CHARS),
});

/**
 * The LSP base protocol, read incrementally. `push` each chunk as it arrives, `end` when the input
 * ends. After a refusal the reader takes nothing more (every later call returns the same refusal).
 */
export class LspFraming {
  /** Bytes of the input read so far (the offset of the next byte). */
  private offset = 0;
  /** The ordinal of the message being read (1-based); 0 before the first byte of the first. */
  private ordinal = 0;
  private refused: FramingRefusal | null = null;

  // The header of the current message: its bytes (never more than MAX_HEADER_BYTES), where its
  // current line starts, whether the last byte was CR, and what its lines said.
  private readonly header = new Uint8Array(MAX_HEADER_BYTES);
  private headerLength = 0;
  private lineStart = 0;
  private afterCr = false;
  private contentLength = -1;
  private contentType = false;
  private messageStart = 0;

  // The body of the current message, once the header has ended: its chunks and bytes still due.
  private inBody = false;
  private bodyChunks: Uint8Array[] = [];
  private bodyDue = 0;

  push(chunk: Uint8Array): FramingStep {
    const messages: Uint8Array[] = [];
    if (this.refused) return { messages, refusal: this.refused };
    let i = 0;
    while (i < chunk.length) {
      if (this.inBody) {
        const take = Math.min(this.bodyDue, chunk.length - i);
        this.bodyChunks.push(chunk.subarray(i, i + take));
        this.bodyDue -= take;
        this.offset += take;
        i += take;
        if (this.bodyDue === 0) {
          const message = this.finishBody();
          if (!message) return { messages, refusal: this.refused };
          messages.push(message);
        }
        continue;
      }
      const b = chunk[i] as number;
      if (this.headerLength === 0) {
        this.ordinal++;
        this.messageStart = this.offset;
      }
      if (this.headerLength === MAX_HEADER_BYTES) {
        return {
          messages,
          refusal: this.refuse('headerTooLong', this.offset, {
            limit: limitText(MAX_HEADER_BYTES),
          }),
        };
      }
      this.header[this.headerLength++] = b;
      this.offset++;
      i++;
      if (this.afterCr) {
        if (b !== LF) return { messages, refusal: this.refuse('crWithoutLf', this.offset - 2) };
        this.afterCr = false;
        const problem = this.endLine();
        if (problem) return { messages, refusal: problem };
        // A body of 0 bytes ends with its header (and is refused: it is no JSON).
        if (this.inBody && this.bodyDue === 0) {
          const message = this.finishBody();
          if (!message) return { messages, refusal: this.refused };
          messages.push(message);
        }
      } else if (b === CR) this.afterCr = true;
      else if (b === LF) return { messages, refusal: this.refuse('lfWithoutCr', this.offset - 1) };
      else if ((b < 0x20 && b !== TAB) || b >= 0x7f) {
        return { messages, refusal: this.refuse('headerByte', this.offset - 1, { byte: hex(b) }) };
      }
    }
    return { messages, refusal: null };
  }

  /** The input has ended: null between messages, else a refusal (it ended inside message N). */
  end(): FramingRefusal | null {
    if (this.refused) return this.refused;
    if (this.inBody) {
      const length = this.contentLength;
      return this.refuse('endInBody', this.offset, {
        got: grouped(length - this.bodyDue),
        length: grouped(length),
      });
    }
    if (this.headerLength > 0) return this.refuse('endInHeader', this.offset);
    return null;
  }

  /** A header line has ended (its CR LF is in the buffer): read it, or begin the body. */
  private endLine(): FramingRefusal | null {
    const start = this.lineStart;
    const end = this.headerLength - 2;
    this.lineStart = this.headerLength;
    const at = (index: number) => this.messageStart + index;
    if (end === start) {
      if (this.contentLength < 0) return this.refuse('noContentLength', at(start));
      this.inBody = true;
      this.bodyDue = this.contentLength;
      this.bodyChunks = [];
      return null;
    }
    // Every byte is printable ASCII or a tab (checked as it arrived): one char per byte.
    const line = String.fromCharCode(...this.header.subarray(start, end));
    const colon = line.indexOf(':');
    if (colon < 0) return this.refuse('noColon', at(start), { line: both(line) });
    const name = line.slice(0, colon);
    if (!TOKEN.test(name)) return this.refuse('badName', at(start), { line: both(line) });
    const raw = line.slice(colon + 1);
    const value = raw.replace(/^[ \t]+|[ \t]+$/g, '');
    const valueAt = at(start + colon + 1 + (raw.length - raw.trimStart().length));
    switch (name.toLowerCase()) {
      case 'content-length': {
        if (this.contentLength >= 0) return this.refuse('contentLengthTwice', at(start));
        if (!/^[0-9]+$/.test(value)) {
          return this.refuse('contentLengthNotNumber', valueAt, { value: both(value) });
        }
        // Digits past the limit's own are over it, however many: no number is made of them.
        const digits = value.replace(/^0+(?=.)/, '');
        const length = digits.length > 12 ? Number.POSITIVE_INFINITY : Number(digits);
        if (length > MAX_BODY_BYTES) {
          return this.refuse('contentLengthOver', valueAt, {
            value: value.length > QUOTED_CHARS ? `${value.slice(0, QUOTED_CHARS - 1)}…` : value,
            limit: grouped(MAX_BODY_BYTES),
            limitText: limitText(MAX_BODY_BYTES),
          });
        }
        this.contentLength = length;
        return null;
      }
      case 'content-type':
        if (this.contentType) return this.refuse('contentTypeTwice', at(start));
        this.contentType = true;
        if (!CONTENT_TYPE.test(value)) {
          return this.refuse('contentType', valueAt, { value: both(value) });
        }
        return null;
      default:
        // Other header fields are HTTP's way of extending a header: passed on, as vscode-jsonrpc
        // passes them.
        return null;
    }
  }

  /** The body is complete: the whole message if the body is a JSON object in UTF-8, else null. */
  private finishBody(): Uint8Array | null {
    const bodyStart = this.offset - this.contentLength;
    const body =
      this.bodyChunks.length === 1
        ? (this.bodyChunks[0] as Uint8Array)
        : Buffer.concat(this.bodyChunks, this.contentLength);
    this.bodyChunks = [];
    const problem = checkBody(body);
    if (problem) {
      this.refuse(problem.problem, bodyStart + problem.at, problem.values);
      return null;
    }
    const message = new Uint8Array(this.headerLength + body.length);
    message.set(this.header.subarray(0, this.headerLength));
    message.set(body, this.headerLength);
    this.headerLength = 0;
    this.lineStart = 0;
    this.contentLength = -1;
    this.contentType = false;
    this.inBody = false;
    return message;
  }

  private refuse(
    problem: FramingProblem,
    offset: number,
    values: Readonly<Record<string, string | Bilingual>> = {},
  ): FramingRefusal {
    const what = fill(t[problem], values);
    const text = fill(t.lead, { n: grouped(this.ordinal), offset: grouped(offset), what });
    this.refused = { problem, message: this.ordinal, offset, text };
    return this.refused;
  }
}

function hex(b: number): string {
  return `0x${b.toString(16).padStart(2, '0').toUpperCase()}`;
}

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

type BodyProblem = {
  problem: 'bodyNotUtf8' | 'bodyNotJson' | 'bodyNotObject';
  at: number;
  values?: Record<string, string | Bilingual>;
};

/** A body is one JSON object in UTF-8 (a JSON-RPC message); else what is wrong, and where. */
function checkBody(body: Uint8Array): BodyProblem | null {
  let text: string;
  try {
    text = UTF8.decode(body);
  } catch {
    const decoded = decodeUtf8(body);
    return { problem: 'bodyNotUtf8', at: decoded.ok ? 0 : decoded.byteOffset };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    const at = jsonErrorAt(body);
    return { problem: 'bodyNotJson', at: Math.max(at, 0), values: { found: found(body, at) } };
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return null;
  const kind = Array.isArray(value)
    ? t.kinds.array
    : value === null
      ? t.kinds.null
      : t.kinds[typeof value as 'string' | 'number' | 'boolean'];
  let first = 0;
  while (isSpace(body[first] as number)) first++;
  return { problem: 'bodyNotObject', at: first, values: { kind } };
}

/** What the JSON reader met at `at`: a character quoted, or the body's end. */
function found(body: Uint8Array, at: number): Bilingual {
  if (at < 0 || at >= body.length) return t.bodyEnd;
  const b = body[at] as number;
  const length = b < 0x80 ? 1 : b < 0xe0 ? 2 : b < 0xf0 ? 3 : 4;
  const char = new TextDecoder().decode(body.subarray(at, at + length));
  return fill(t.character, { char: both(char) });
}

const isSpace = (b: number) => b === 0x20 || b === TAB || b === LF || b === CR;
const isDigit = (b: number) => b >= 0x30 && b <= 0x39;
const isHex = (b: number) => isDigit(b) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66);

/**
 * The byte offset where `bytes` (valid UTF-8) stops being JSON (RFC 8259): the first byte no JSON
 * text could have there, or `bytes.length` when it ends too early; -1 when it is JSON. One pass
 * and a stack of open containers, so any nesting is linear. Only called once JSON.parse has
 * refused the body, to say where. Not the kernel's strict reader (suite/json-value.ts parseJson):
 * it recurses, and refuses duplicate keys and nesting past 128 levels, which JSON.parse accepts —
 * it would name those instead of what made this body no JSON.
 */
export function jsonErrorAt(bytes: Uint8Array): number {
  const n = bytes.length;
  // Open containers: true for an object, false for an array.
  const open: boolean[] = [];
  let i = 0;
  const skip = () => {
    while (i < n && isSpace(bytes[i] as number)) i++;
  };
  const literal = (word: string): boolean => {
    for (let k = 0; k < word.length; k++, i++) {
      if (i >= n || bytes[i] !== word.charCodeAt(k)) return false;
    }
    return true;
  };
  const string = (): boolean => {
    i++; // the opening quote
    while (i < n) {
      const b = bytes[i] as number;
      if (b === 0x22) {
        i++;
        return true;
      }
      if (b < 0x20) return false;
      if (b === 0x5c) {
        const e = bytes[i + 1];
        if (e === 0x75) {
          for (let k = 2; k < 6; k++) {
            if (!isHex(bytes[i + k] ?? -1)) {
              i += k;
              return false;
            }
          }
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(String.fromCharCode(e))) i += 2;
        else {
          i++;
          return false;
        }
      } else i++;
    }
    return false;
  };
  const digits = (): boolean => {
    if (!isDigit(bytes[i] ?? -1)) return false;
    while (isDigit(bytes[i] ?? -1)) i++;
    return true;
  };
  const number = (): boolean => {
    if (bytes[i] === 0x2d) i++;
    if (bytes[i] === 0x30) i++;
    else if (!digits()) return false;
    if (bytes[i] === 0x2e) {
      i++;
      if (!digits()) return false;
    }
    if (bytes[i] === 0x65 || bytes[i] === 0x45) {
      i++;
      if (bytes[i] === 0x2b || bytes[i] === 0x2d) i++;
      if (!digits()) return false;
    }
    return true;
  };
  // A member's name and its colon, at `i` (after any space).
  const name = (): boolean => {
    if (bytes[i] !== 0x22 || !string()) return false;
    skip();
    if (bytes[i] !== 0x3a) return false;
    i++;
    return true;
  };
  for (;;) {
    // A value.
    skip();
    if (i >= n) return n;
    const b = bytes[i] as number;
    if (b === 0x7b || b === 0x5b) {
      i++;
      skip();
      if (bytes[i] === (b === 0x7b ? 0x7d : 0x5d)) i++;
      else {
        open.push(b === 0x7b);
        if (b === 0x7b && !name()) return i;
        continue;
      }
    } else if (b === 0x22) {
      if (!string()) return i;
    } else if (b === 0x2d || isDigit(b)) {
      if (!number()) return i;
    } else if (b === 0x74 || b === 0x66 || b === 0x6e) {
      if (!literal(b === 0x74 ? 'true' : b === 0x66 ? 'false' : 'null')) return i;
    } else return i;
    // Close containers, or go on to the next member or item.
    for (;;) {
      skip();
      if (open.length === 0) return i < n ? i : -1;
      if (i >= n) return n;
      const inObject = open[open.length - 1] as boolean;
      const c = bytes[i] as number;
      if (c === (inObject ? 0x7d : 0x5d)) {
        open.pop();
        i++;
        continue;
      }
      if (c !== 0x2c) return i;
      i++;
      if (inObject) {
        skip();
        if (!name()) return i;
      }
      break;
    }
  }
}

/**
 * The guard as a stream: stdin is piped in, vscode-jsonrpc reads what comes out — every
 * well-formed message, unchanged. On a refusal `onRefusal` is called (the server says why and
 * exits); nothing more is passed on and the output never ends, so the connection cannot take the
 * refusal for a client that closed its input. The end of the input between messages ends the
 * output, as the input's own end did before.
 */
export function framingGuard(onRefusal: (refusal: FramingRefusal) => void): Transform {
  const framing = new LspFraming();
  let refused = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (refused) return done();
      const { messages, refusal } = framing.push(chunk);
      for (const m of messages) this.push(m);
      if (refusal) {
        refused = true;
        onRefusal(refusal);
      }
      done();
    },
    flush(done) {
      if (refused) return;
      const refusal = framing.end();
      if (refusal) {
        refused = true;
        onRefusal(refusal);
        return;
      }
      done();
    },
  });
}
