import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

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
 * Texts of subtrees already serialized, by identity (trees are immutable): a compile serializes
 * each rule's tree for its hash and reuses that text in the document hash.
 */
export type CanonicalTexts = WeakMap<object, string>;

export function canonicalJson(value: unknown, known?: CanonicalTexts): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      // RFC 8785 §3.2.2.3: ECMAScript Number::toString (shortest round trip); -0 serializes as 0.
      if (!Number.isFinite(value)) throw new Error(`canonical JSON has no ${value}`);
      return JSON.stringify(value);
    case 'string':
      return JSON.stringify(value);
    case 'object': {
      if (known !== undefined) {
        const cached = known.get(value);
        if (cached !== undefined) return cached;
      }
      if (Array.isArray(value)) {
        let out = '[';
        for (let i = 0; i < value.length; i++) {
          if (i > 0) out += ',';
          out += canonicalJson(value[i], known);
        }
        return `${out}]`;
      }
      const obj = value as Record<string, unknown>;
      const keys = sortedKeys(Object.keys(obj));
      let out = '{';
      let first = true;
      for (let i = 0; i < keys.length; i++) {
        const k = keys[i] as string;
        const v = obj[k];
        if (v === undefined) continue;
        out += first ? quotedKey(k) : `,${quotedKey(k)}`;
        out += canonicalJson(v, known);
        first = false;
      }
      return `${out}}`;
    }
    default:
      throw new Error(`canonical form cannot hold a ${typeof value}`);
  }
}

/**
 * `"key":` as JSON writes it. Trees and rules use a few dozen keys, so their texts are kept (up to
 * MAX_QUOTED_KEYS; then keys are quoted each time): serializing a key was a fifth of the cost.
 */
const quotedKeys = new Map<string, string>();
const MAX_QUOTED_KEYS = 512;

function quotedKey(k: string): string {
  let q = quotedKeys.get(k);
  if (q === undefined) {
    q = `${JSON.stringify(k)}:`;
    if (quotedKeys.size < MAX_QUOTED_KEYS) quotedKeys.set(k, q);
  }
  return q;
}

/**
 * RFC 8785 §3.2.3 key order (UTF-16 code units), sorting the fresh Object.keys array in place.
 * Tree nodes have 2–4 keys, where an insertion sort is cheapest; large objects (facts) use sort().
 */
function sortedKeys(keys: string[]): readonly string[] {
  if (keys.length > 16) return keys.sort(compareUtf16);
  for (let i = 1; i < keys.length; i++) {
    const k = keys[i] as string;
    let j = i - 1;
    while (j >= 0 && compareUtf16(keys[j] as string, k) > 0) {
      keys[j + 1] = keys[j] as string;
      j--;
    }
    keys[j + 1] = k;
  }
  return keys;
}

function compareUtf16(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A SHA-256 state (`sha256.create()`). */
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
 * Standard writes it (tests/fuzz/utf8-hash.property.test.ts compares them on arbitrary strings).
 */
export function updateUtf8(state: Sha256, text: string): void {
  const out = scratch;
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    if (n > SCRATCH_BYTES - 4) {
      state.update(out.subarray(0, n));
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
        const point = 0x10000 + ((c - 0xd800) << 10) + (low - 0xdc00);
        i++;
        out[n++] = 0xf0 | (point >> 18);
        out[n++] = 0x80 | ((point >> 12) & 0x3f);
        out[n++] = 0x80 | ((point >> 6) & 0x3f);
        out[n++] = 0x80 | (point & 0x3f);
        continue;
      }
      c = 0xfffd;
    }
    out[n++] = 0xe0 | (c >> 12);
    out[n++] = 0x80 | ((c >> 6) & 0x3f);
    out[n++] = 0x80 | (c & 0x3f);
  }
  if (n > 0) state.update(out.subarray(0, n));
}

/** A fresh SHA-256 state, reset into one kept object (hashText is never re-entered). */
const INITIAL: Sha256 = sha256.create();
const working: Sha256 = sha256.create();
const digestBytes = new Uint8Array(32);

/** `sha256:` + 64 lowercase hex digits of the UTF-8 bytes (§8.2, E6). */
export function hashText(text: string): string {
  const state = INITIAL._cloneInto(working);
  updateUtf8(state, text);
  state.digestInto(digestBytes);
  return `sha256:${bytesToHex(digestBytes)}`;
}

/**
 * SHA-256 of text given in pieces: the digest of the UTF-8 bytes of the pieces joined (`hashText`
 * of the join), without joining them. The document hash feeds it the canonical document rule by
 * rule: no 1 MB string, no 1 MB byte arrays, only one rule's bytes at a time. A high surrogate
 * ending a piece waits for the next one (it may pair with its first unit, as in the join).
 * tests/fuzz/compile-fast-path.property.test.ts proves it equal to hashing the joined text.
 */
export class TextHash {
  private readonly state = sha256.create();
  private pending = '';

  add(text: string): this {
    let piece = this.pending === '' ? text : this.pending + text;
    this.pending = '';
    const last = piece.charCodeAt(piece.length - 1);
    if (last >= 0xd800 && last < 0xdc00) {
      this.pending = piece.slice(-1);
      piece = piece.slice(0, -1);
    }
    if (piece !== '') updateUtf8(this.state, piece);
    return this;
  }

  /** `sha256:` + hex of everything added. */
  digest(): string {
    if (this.pending !== '') updateUtf8(this.state, this.pending);
    this.pending = '';
    return `sha256:${bytesToHex(this.state.digest())}`;
  }
}

/**
 * Hashes of recent canonical texts of trees (short ones: rule and row trees), so a compile after an
 * edit re-hashes only the trees the edit changed — a grid edit of a 500-row table hashes one row.
 */
const recentHashes = new Map<string, string>();
const MAX_RECENT_HASHES = 10_000;
const MAX_REMEMBERED_TEXT = 1024;

export function hashCanonical(value: unknown): string {
  const text = canonicalJson(value);
  if (text.length > MAX_REMEMBERED_TEXT) return hashText(text);
  let hash = recentHashes.get(text);
  if (hash === undefined) {
    hash = hashText(text);
    if (recentHashes.size >= MAX_RECENT_HASHES) recentHashes.clear();
    recentHashes.set(text, hash);
  }
  return hash;
}
