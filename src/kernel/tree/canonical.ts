import type { sha256 } from '@noble/hashes/sha2.js';
import { JsonNumber } from '../data/json-number';
import { decodeUtf8 } from '../document/utf8';
import { Sha256State } from './sha256';

/**
 * RFC 8785 (JCS) serialization for the values the kernel canonicalizes: objects, arrays, strings,
 * booleans, null and finite numbers (in trees only integer parameters such as `limit` or `places`
 * appear as numbers; literal numbers are decimal strings). Object keys are sorted by UTF-16 code units, as RFC 8785 §3.2.3 requires.
 */
export type Json =
  | null
  | boolean
  | number
  | string
  | readonly Json[]
  | { readonly [key: string]: Json };

/**
 * Canonical bytes of subtrees already serialized, by identity (trees are immutable): a compile
 * serializes each rule's tree for its hash and reuses those bytes in the document hash.
 */
export type CanonicalBytes = WeakMap<object, Uint8Array>;

/**
 * The canonical JSON text of `value` (RFC 8785): the text of `canonicalBytes(value)`, which is
 * the one serializer.
 */
export function canonicalJson(value: unknown): string {
  return textOf(canonicalBytes(value));
}

/**
 * The UTF-8 bytes of `value`'s canonical JSON text (a fresh array). `known`: bytes of subtrees
 * already serialized, written as they are.
 */
export function canonicalBytes(value: unknown, known?: CanonicalBytes): Uint8Array {
  return freeWriter().bytes(value, known);
}

/**
 * `sha256:` + hex of `value`'s canonical bytes, fed to the hash as they are written (no
 * document-sized array for the document hash). `known`: bytes of subtrees already serialized.
 */
export function hashCanonical(value: unknown, known?: CanonicalBytes): string {
  return freeWriter().hash(value, known);
}

/**
 * `value`'s canonical bytes in the writer's own buffer, not copied: valid only until the next call
 * of any function of this module (result hashes: written once, then hashed where they lie).
 */
export function canonicalView(value: unknown): Uint8Array {
  return freeWriter().view(value);
}

/** `sha256:` + 64 lowercase hex digits of `bytes` (a file as written, a tree's canonical bytes). */
export function hashBytes(bytes: Uint8Array): string {
  const state = working.reset();
  state.update(bytes);
  state.digestInto(digestBytes);
  return sha256Text(digestBytes);
}

/** The text of UTF-8 bytes that are valid (canonical bytes always are). */
function textOf(bytes: Uint8Array): string {
  let ascii = true;
  for (let i = 0; i < bytes.length; i++)
    if ((bytes[i] as number) >= 0x80) {
      ascii = false;
      break;
    }
  if (!ascii) {
    const decoded = decodeUtf8(bytes);
    if (!decoded.ok) throw new Error('canonical bytes are not UTF-8');
    return decoded.text;
  }
  let out = '';
  for (let i = 0; i < bytes.length; i += 8192)
    out += String.fromCharCode.apply(null, bytes.subarray(i, i + 8192) as unknown as number[]);
  return out;
}

/** Char codes of the lowercase hex digits (escapes and hash texts). */
const HEX_CODES = [...'0123456789abcdef'].map((c) => c.charCodeAt(0));
/** Bytes above which the writer's buffer is not kept between calls. */
const KEEP_BUFFER = 1 << 20;
/** Keys above which the writer's key stack is not kept between calls. */
const KEEP_KEYS = 4096;
/** Characters of a string written per check of the buffer's room (6 bytes each at most). */
const STRING_SEGMENT = 4096;

/**
 * RFC 8785 canonical JSON written straight as UTF-8 bytes, into a buffer or into a SHA-256 state:
 * no string is built, flattened or encoded on the way. Before, the canonical text was built by
 * concatenation and encoded for the hash: a rope of a few hundred thousand pieces per compile,
 * flattened, then read again character by character (tests/fuzz/compile-fast-path.property.test.ts
 * compares the bytes with the UTF-8 of that text, kept there verbatim). Re-entered only by a value
 * whose getter serializes (a fact object whose getter evaluates again, through the kernel's API):
 * then the inner call writes with a writer and a hash state of its own (`busy`), never into the
 * buffer being written.
 */
class CanonicalWriter {
  /** Between start and end (and from view's start until its bytes are taken): in use. */
  busy = false;

  /** `state`: the hash state `hash` writes into (the module's writer shares the module's). */
  constructor(private readonly state: Sha256State = new Sha256State()) {}

  private buf = new Uint8Array(1 << 16);
  private n = 0;
  private sink: Sha256State | null = null;
  /** Times the buffer was handed to the sink (a key's bytes are kept only when none was). */
  private flushes = 0;
  private known: CanonicalBytes | undefined = undefined;
  /** The sorted keys of the objects being written, outermost first (`top`: their end). */
  private readonly keys: string[] = [];
  private top = 0;

  bytes(value: unknown, known?: CanonicalBytes): Uint8Array {
    this.start(null, known);
    try {
      this.value(value);
      return this.buf.slice(0, this.n);
    } finally {
      this.end();
    }
  }

  /** The bytes in the buffer itself (see canonicalView); a buffer over KEEP_BUFFER is let go next time. */
  view(value: unknown): Uint8Array {
    if (this.buf.length > KEEP_BUFFER) this.buf = new Uint8Array(1 << 16);
    this.start(null, undefined);
    try {
      this.value(value);
    } catch (e) {
      this.end();
      throw e;
    }
    const bytes = this.buf.subarray(0, this.n);
    this.sink = null;
    this.busy = false;
    return bytes;
  }

  hash(value: unknown, known?: CanonicalBytes): string {
    const state = this.state.reset();
    this.start(state, known);
    try {
      this.value(value);
      if (this.n > 0) state.update(this.buf, 0, this.n);
    } finally {
      this.end();
    }
    state.digestInto(digestBytes);
    return sha256Text(digestBytes);
  }

  private start(sink: Sha256State | null, known: CanonicalBytes | undefined): void {
    this.busy = true;
    this.n = 0;
    this.top = 0;
    this.sink = sink;
    this.known = known;
  }

  private end(): void {
    this.busy = false;
    this.n = 0;
    this.sink = null;
    this.known = undefined;
    if (this.buf.length > KEEP_BUFFER) this.buf = new Uint8Array(1 << 16);
    if (this.keys.length > KEEP_KEYS) this.keys.length = 0;
  }

  /** Makes room for `k` more bytes: into the sink when there is one, else a larger buffer. */
  private room(k: number): void {
    if (this.n + k <= this.buf.length) return;
    if (this.sink !== null) {
      this.sink.update(this.buf, 0, this.n);
      this.n = 0;
      this.flushes++;
      if (k <= this.buf.length) return;
    }
    let size = this.buf.length * 2;
    while (size < this.n + k) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.n));
    this.buf = next;
  }

  private ascii(s: string): void {
    this.room(s.length);
    const buf = this.buf;
    let n = this.n;
    for (let i = 0; i < s.length; i++) buf[n++] = s.charCodeAt(i);
    this.n = n;
  }

  private byte(b: number): void {
    if (this.n === this.buf.length) this.room(1);
    this.buf[this.n++] = b;
  }

  private raw(bytes: Uint8Array): void {
    if (this.sink !== null && bytes.length > this.buf.length >> 2) {
      this.room(this.buf.length);
      this.sink.update(bytes);
      return;
    }
    this.room(bytes.length);
    if (bytes.length > 64) this.buf.set(bytes, this.n);
    else {
      const buf = this.buf;
      let n = this.n;
      for (let i = 0; i < bytes.length; i++) buf[n++] = bytes[i] as number;
    }
    this.n += bytes.length;
  }

  private value(value: unknown): void {
    if (value === null) {
      this.ascii('null');
      return;
    }
    switch (typeof value) {
      case 'boolean':
        this.ascii(value ? 'true' : 'false');
        return;
      case 'number':
        // RFC 8785 §3.2.2.3: ECMAScript Number::toString (shortest round trip); -0 serializes as 0.
        if (!Number.isFinite(value)) throw new Error(`canonical JSON has no ${value}`);
        this.ascii(JSON.stringify(value));
        return;
      case 'string':
        this.string(value);
        return;
      case 'object': {
        if (this.known !== undefined) {
          const done = this.known.get(value);
          if (done !== undefined) {
            this.raw(done);
            return;
          }
        }
        // An exact number no double holds (ruling I-89): its canonical decimal text.
        if (value instanceof JsonNumber) {
          this.ascii(value.text);
          return;
        }
        if (Array.isArray(value)) {
          this.byte(0x5b);
          for (let i = 0; i < value.length; i++) {
            if (i > 0) this.byte(0x2c);
            this.value(value[i]);
          }
          this.byte(0x5d);
          return;
        }
        const obj = value as Record<string, unknown>;
        // Object.keys(obj), sorted, on the key stack above the enclosing objects' keys: no array
        // per object (a 1,000-rule compile serializes some 25,000 tree nodes).
        const keys = this.keys;
        const base = this.top;
        let top = base;
        for (const k in obj) if (hasOwn.call(obj, k)) keys[top++] = k;
        sortKeys(keys, base, top);
        this.top = top;
        this.byte(0x7b);
        let first = true;
        for (let i = base; i < top; i++) {
          const k = keys[i] as string;
          const v = obj[k];
          if (v === undefined) continue;
          if (!first) this.byte(0x2c);
          this.key(k);
          this.value(v);
          first = false;
        }
        this.top = base;
        this.byte(0x7d);
        return;
      }
      default:
        throw new Error(`canonical form cannot hold a ${typeof value}`);
    }
  }

  /** `"key":` (its bytes kept for the few dozen keys trees and rules use). */
  private key(k: string): void {
    const bytes = quotedKeys.get(k);
    if (bytes !== undefined) {
      this.raw(bytes);
      return;
    }
    const start = this.n;
    const flushes = this.flushes;
    this.string(k);
    this.byte(0x3a);
    // Kept when short, and only when all of its bytes are still in the buffer (not handed to the
    // hash in between).
    if (k.length <= MAX_QUOTED_KEY && this.flushes === flushes && quotedKeys.size < MAX_QUOTED_KEYS)
      quotedKeys.set(k, this.buf.slice(start, this.n));
  }

  /** JSON.stringify(s)'s text, as UTF-8 (its only non-ASCII characters are s's own). */
  private string(s: string): void {
    this.byte(0x22);
    const length = s.length;
    let i = 0;
    while (i < length) {
      const segmentEnd = Math.min(length, i + STRING_SEGMENT);
      // 6 bytes per character at most (\u00XX); one more character when a pair straddles the end.
      this.room(6 * (segmentEnd - i + 1));
      const buf = this.buf;
      let n = this.n;
      for (; i < segmentEnd; i++) {
        const c = s.charCodeAt(i);
        if (c >= 0x20 && c < 0x80) {
          if (c === 0x22 || c === 0x5c) buf[n++] = 0x5c;
          buf[n++] = c;
        } else if (c < 0x20) {
          buf[n++] = 0x5c;
          const short = SHORT_ESCAPES[c];
          if (short !== undefined) buf[n++] = short;
          else {
            buf[n++] = 0x75;
            buf[n++] = 0x30;
            buf[n++] = 0x30;
            buf[n++] = HEX_CODES[c >> 4] as number;
            buf[n++] = HEX_CODES[c & 15] as number;
          }
        } else if (c < 0x800) {
          buf[n++] = 0xc0 | (c >> 6);
          buf[n++] = 0x80 | (c & 0x3f);
        } else if (c >= 0xd800 && c < 0xe000) {
          const low = c < 0xdc00 && i + 1 < length ? s.charCodeAt(i + 1) : 0;
          if (low >= 0xdc00 && low < 0xe000) {
            i++;
            n = writePair(buf, n, c, low);
          } else {
            // A lone surrogate: JSON.stringify escapes it (\udXXX), so the text stays well formed.
            buf[n++] = 0x5c;
            buf[n++] = 0x75;
            buf[n++] = HEX_CODES[c >> 12] as number;
            buf[n++] = HEX_CODES[(c >> 8) & 15] as number;
            buf[n++] = HEX_CODES[(c >> 4) & 15] as number;
            buf[n++] = HEX_CODES[c & 15] as number;
          }
        } else {
          buf[n++] = 0xe0 | (c >> 12);
          buf[n++] = 0x80 | ((c >> 6) & 0x3f);
          buf[n++] = 0x80 | (c & 0x3f);
        }
      }
      this.n = n;
    }
    this.byte(0x22);
  }
}

/** Writes the 4 UTF-8 bytes of a surrogate pair at `n`; returns the offset after them. */
function writePair(buf: Uint8Array, n: number, high: number, low: number): number {
  const point = 0x10000 + ((high - 0xd800) << 10) + (low - 0xdc00);
  buf[n] = 0xf0 | (point >> 18);
  buf[n + 1] = 0x80 | ((point >> 12) & 0x3f);
  buf[n + 2] = 0x80 | ((point >> 6) & 0x3f);
  buf[n + 3] = 0x80 | (point & 0x3f);
  return n + 4;
}

/** JSON.stringify's two-character escapes of control characters (\b \t \n \f \r). */
const SHORT_ESCAPES: (number | undefined)[] = [];
SHORT_ESCAPES[0x08] = 0x62;
SHORT_ESCAPES[0x09] = 0x74;
SHORT_ESCAPES[0x0a] = 0x6e;
SHORT_ESCAPES[0x0c] = 0x66;
SHORT_ESCAPES[0x0d] = 0x72;

/**
 * `"key":` as UTF-8 bytes, by key. Trees and rules use a few dozen keys, so their bytes are kept
 * (up to MAX_QUOTED_KEYS; then keys are written each time): serializing a key was a fifth of the cost.
 */
const quotedKeys = new Map<string, Uint8Array>();
const MAX_QUOTED_KEYS = 512;
/** Longer keys (a fact's, say) are written each time. */
const MAX_QUOTED_KEY = 64;

/** Forgets the kept key bytes (tests: a key is then written afresh, as the first time). */
export function forgetQuotedKeys(): void {
  quotedKeys.clear();
}

/**
 * RFC 8785 §3.2.3 key order (UTF-16 code units), sorting `keys[from, to)` in place. Tree nodes
 * have 2–4 keys, where an insertion sort is cheapest; large objects (facts) use sort().
 */
function sortKeys(keys: string[], from: number, to: number): void {
  if (to - from > 16) {
    const sorted = keys.slice(from, to).sort(compareUtf16);
    for (let i = 0; i < sorted.length; i++) keys[from + i] = sorted[i] as string;
    return;
  }
  for (let i = from + 1; i < to; i++) {
    const k = keys[i] as string;
    let j = i - 1;
    while (j >= from && compareUtf16(keys[j] as string, k) > 0) {
      keys[j + 1] = keys[j] as string;
      j--;
    }
    keys[j + 1] = k;
  }
}

const hasOwn = Object.prototype.hasOwnProperty;

function compareUtf16(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A SHA-256 state of @noble/hashes (`sha256.create()`), as the incremental compiler's text hash keeps. */
export type Sha256 = ReturnType<typeof sha256.create>;

/**
 * The UTF-8 bytes of texts being hashed go through this one buffer, SCRATCH_BYTES at a time:
 * `utf8ToBytes` made a TextEncoder and two byte arrays per text, and a compile hashes a few
 * thousand short texts (every rule and row tree). In Chromium's kernel worker that was ~15 % of a
 * fresh 1,000-rule document's first analysis (issue #17 point 2); here no byte array is allocated.
 */
const SCRATCH_BYTES = 8192;
const scratch = new Uint8Array(SCRATCH_BYTES);

/**
 * Feeds `state` the UTF-8 bytes of `text` — exactly `new TextEncoder().encode(text)`'s: a
 * surrogate pair is one 4-byte code point, a lone surrogate U+FFFD (EF BF BD), as the Encoding
 * Standard writes it (tests/fuzz/compile-fast-path.property.test.ts compares them on arbitrary strings).
 */
export function updateUtf8(state: Sha256State, text: string): void {
  const out = scratch;
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    if (n > SCRATCH_BYTES - 4) {
      state.update(out, 0, n);
      n = 0;
    }
    let c = text.charCodeAt(i);
    if (c < 0x80) {
      out[n++] = c;
      continue;
    }
    if (c < 0x800) {
      out[n++] = 0xc0 | (c >> 6);
      out[n++] = 0x80 | (c & 0x3f);
      continue;
    }
    if (c >= 0xd800 && c < 0xe000) {
      const low = c < 0xdc00 && i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
      if (low >= 0xdc00 && low < 0xe000) {
        i++;
        n = writePair(out, n, c, low);
        continue;
      }
      c = 0xfffd;
    }
    out[n++] = 0xe0 | (c >> 12);
    out[n++] = 0x80 | ((c >> 6) & 0x3f);
    out[n++] = 0x80 | (c & 0x3f);
  }
  if (n > 0) state.update(out, 0, n);
}

/** One SHA-256 state, reset for each hash (no hash function here is re-entered). */
const working = new Sha256State();
const digestBytes = new Uint8Array(32);

/** `sha256:` + 64 lowercase hex digits of the UTF-8 bytes (§8.2, E6). */
export function hashText(text: string): string {
  const state = working.reset();
  updateUtf8(state, text);
  state.digestInto(digestBytes);
  return sha256Text(digestBytes);
}

const writer = new CanonicalWriter(working);

/** The module's writer, or a writer of its own for a call made while it writes (see CanonicalWriter). */
function freeWriter(): CanonicalWriter {
  return writer.busy ? new CanonicalWriter() : writer;
}

/**
 * `sha256:` + the lowercase hex of a 32-byte digest, made as one string: hex built by
 * concatenation (as bytesToHex does) made ~32 strings per hash, a fifth of hashing's garbage.
 */
export function sha256Text(digest: Uint8Array): string {
  const codes = hexCodes;
  for (let i = 0; i < 32; i++) {
    const b = digest[i] as number;
    codes[7 + 2 * i] = HEX_CODES[b >> 4] as number;
    codes[8 + 2 * i] = HEX_CODES[b & 15] as number;
  }
  return String.fromCharCode.apply(null, codes);
}

/** Char codes of `sha256:` and 64 hex digits (the digits rewritten per hash). */
const hexCodes = [...'sha256:']
  .map((c) => c.charCodeAt(0))
  .concat(new Array<number>(64).fill(0x30));
