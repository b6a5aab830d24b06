import { fill } from '../i18n/format';
import type { Bilingual } from '../kernel';
import { canonicalBytes, canonicalJson } from '../kernel/tree/canonical';
import { revealInline } from '../kernel/util/visible-text';
import { fromBase64, toBase64 } from './base64';
import { CANONICAL_TEXT_STRINGS as msg } from './strings/canonical-text';

/**
 * Byte-canonical signed files (ruling I-43, docs/signed-files.md "Canonical bytes"). A signature
 * file, a role statement and a manifest are each exactly one byte sequence: the RFC 8785 JSON of
 * the decoded value (plus one `\n` for the file), with every binary member in standard, padded
 * base64. The rule is checked by re-encoding the decoded value and comparing bytes; when they
 * differ, `jsonTextProblem` and `base64Problem` name the first difference (a BOM, whitespace, a
 * member order, a duplicate member, a string escape, a number's spelling, a base64 spelling) with
 * its line and column, and `firstDifference` names the first differing byte otherwise.
 *
 * Linear in the text, no recursion (an explicit stack), never throws.
 */

const MAX_SHOWN = 40;

/** A value for a message: revealed (bidi, invisible and control characters written out), cut. */
export function shownEn(value: string): string {
  const cut = value.length > MAX_SHOWN ? `${value.slice(0, MAX_SHOWN - 1)}…` : value;
  return `"${revealInline(cut)}"`;
}

export function shownZh(value: string): string {
  const cut = value.length > MAX_SHOWN ? `${value.slice(0, MAX_SHOWN - 1)}…` : value;
  return `“${revealInline(cut)}”`;
}

/** A value for a message in each language: "…" in English, “…” in Chinese, revealed and cut. */
export function shown(value: string): Bilingual {
  return { en: shownEn(value), zh: shownZh(value) };
}

/** True when the bytes start with the UTF-8 byte-order mark (EF BB BF). */
export function hasBom(bytes: Uint8Array): boolean {
  return bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
}

export const BOM_PROBLEM: Bilingual = msg.beginsByteOrderMark;

/** Line and column (1-based, columns in UTF-16 code units) of an offset in a text. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = 0; i < offset && i < text.length; i++)
    if (text.charCodeAt(i) === 10) {
      line++;
      start = i + 1;
    }
  return { line, column: offset - start + 1 };
}

function at(text: string, offset: number): Bilingual {
  const { line, column } = lineColumn(text, offset);
  return fill(msg.lineColumn, { line, column });
}

const WHITESPACE_NAME: Record<string, Bilingual> = {
  ' ': msg.space,
  '\t': msg.tab,
  '\n': msg.lineBreak,
  '\r': msg.carriageReturn,
};

/** A JSON path for messages: `signatures[1].sig`, `(root)` for the top. */
function join(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path === '(root)' ? '' : path}[${key}]`;
  const name = /^[A-Za-z_][A-Za-z0-9_]*$/.test(key) ? key : JSON.stringify(revealInline(key));
  return path === '(root)' ? name : `${path}.${name}`;
}

interface Frame {
  readonly kind: 'object' | 'array';
  readonly path: string;
  /** Object: the members seen, the last one, and whether the next string is a member name. */
  readonly keys: Set<string>;
  last: string | null;
  expectKey: boolean;
  /** The member (object) or index (array) the next value belongs to. */
  member: string | number;
}

export interface JsonTextOptions {
  /** The text must end with exactly one `\n` after the value (a signature file). */
  readonly trailingNewline: boolean;
  /** A further check of a string value at a path (base64 members). */
  readonly checkString?: (path: string, value: string) => Bilingual | null;
}

/**
 * The first place where `text` (valid JSON, BOM already removed) is not RFC 8785 canonical JSON:
 * whitespace outside strings, members out of order or repeated, a string or number not in its
 * canonical spelling, a missing or extra final line break — or a string `checkString` refuses.
 * Null when the text is canonical as far as these go (the caller still compares bytes).
 */
export function jsonTextProblem(text: string, options: JsonTextOptions): Bilingual | null {
  const stack: Frame[] = [];
  let i = 0;
  let done = false;
  const top = () => stack[stack.length - 1];
  /** The path of the value that starts now. */
  const valuePath = (): string => {
    const f = top();
    return f ? join(f.path, f.member) : '(root)';
  };
  const n = text.length;
  while (i < n) {
    const c = text[i] as string;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      if (done && c === '\n' && i === n - 1 && options.trailingNewline) return null;
      const name = WHITESPACE_NAME[c] as Bilingual;
      const where = at(text, i);
      const after = done ? msg.nothingAfterValue : '';
      return fill(msg.whitespaceOutsideStrings, { name, where, after });
    }
    if (done) {
      const where = at(text, i);
      return fill(msg.textAfterJsonValue, { where });
    }
    const frame = top();
    if (c === '{' || c === '[') {
      const path = valuePath();
      stack.push({
        kind: c === '{' ? 'object' : 'array',
        path,
        keys: new Set(),
        last: null,
        expectKey: c === '{',
        member: 0,
      });
      i++;
      continue;
    }
    if (c === '}' || c === ']') {
      stack.pop();
      if (stack.length === 0) done = true;
      i++;
      continue;
    }
    if (c === ',') {
      if (frame?.kind === 'array') frame.member = (frame.member as number) + 1;
      else if (frame) frame.expectKey = true;
      i++;
      continue;
    }
    if (c === ':') {
      i++;
      continue;
    }
    if (c === '"') {
      const start = i;
      i++;
      while (i < n && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
      i++;
      const raw = text.slice(start, i);
      let value: string;
      try {
        value = JSON.parse(raw) as string;
      } catch {
        return fill(msg.notJson, { at: at(text, start) });
      }
      let canonical: string | null;
      try {
        canonical = canonicalJson(value);
      } catch {
        canonical = null;
      }
      if (canonical === null) return fill(msg.stringHoldsLoneSurrogate, { at: at(text, start) });
      if (frame?.kind === 'object' && frame.expectKey) {
        frame.expectKey = false;
        if (frame.keys.has(value))
          return frame.path === '(root)'
            ? fill(msg.memberTwiceAtTop, { member: shown(value), at: at(text, start) })
            : fill(msg.memberTwiceIn, {
                member: shown(value),
                path: frame.path,
                at: at(text, start),
              });
        if (frame.last !== null && value < frame.last)
          return fill(msg.memberComesAfterCanonical, {
            value: shown(value),
            at: at(text, start),
            last: shown(frame.last),
          });
        if (raw !== canonical)
          return fill(msg.memberNameNotWritten, {
            at: at(text, start),
            canonical: shown(canonical),
          });
        frame.keys.add(value);
        frame.last = value;
        frame.member = value;
        continue;
      }
      if (raw !== canonical)
        return fill(msg.stringNotWrittenCanonical, {
          at: at(text, start),
          canonical: shown(canonical),
        });
      const path = valuePath();
      const extra = options.checkString?.(path, value);
      if (extra) return fill(msg.text, { path, at: at(text, start), extra });
      if (stack.length === 0) done = true;
      continue;
    }
    // A number or a literal (true, false, null).
    const start = i;
    while (i < n && !',:]} \t\n\r'.includes(text[i] as string)) i++;
    const raw = text.slice(start, i);
    let canonical: string;
    try {
      canonical = canonicalJson(JSON.parse(raw));
    } catch {
      return fill(msg.valueCannotWrittenCanonical, {
        raw: shown(raw),
        at: at(text, start),
      });
    }
    if (raw !== canonical) {
      const where = at(text, start);
      return fill(msg.numberNotCanonicalForm, {
        raw: shown(raw),
        where,
        canonical,
      });
    }
    if (stack.length === 0) done = true;
  }
  if (options.trailingNewline && done) return msg.doesNotEndLine;
  return null;
}

/**
 * Why `text` is not the canonical base64 of its bytes (standard alphabet `+/`, `=` padding to a
 * multiple of 4, unused low bits zero), or null. The first reason, in this order: whitespace or a
 * line break inside, the URL-safe alphabet, another character, misplaced padding, missing
 * padding, non-zero trailing bits.
 */
export function base64Problem(text: string): Bilingual | null {
  const ws = /\s/.exec(text);
  if (ws) return fill(msg.base64WhitespaceLineBreak, { value: ws.index + 1 });
  const url = /[-_]/.exec(text);
  if (url) return fill(msg.base64UrlSafeAlphabet, { value: url[0], value2: url.index + 1 });
  const other = /[^A-Za-z0-9+/=]/u.exec(text);
  if (other)
    return fill(msg.notBase64Character, {
      value: shown(other[0]),
      value2: other.index + 1,
    });
  const body = text.replace(/={1,2}$/, '');
  if (body.includes('=')) return msg.base64InsideMoreThan;
  if (text.length % 4 !== 0 || body.length % 4 === 1)
    return body.length === text.length && body.length % 4 !== 1
      ? msg.base64WithoutPaddingErdl
      : fill(msg.base64LengthThatNot, { length: text.length });
  const bytes = fromBase64(text);
  if (!bytes) return msg.base64WhoseLastCharacter;
  if (toBase64(bytes) !== text) return msg.notCanonicalBase64Bytes;
  return null;
}

/** Where two byte sequences first differ, as a sentence (the fallback reason). */
export function firstDifference(actual: Uint8Array, expected: Uint8Array): Bilingual {
  let i = 0;
  while (i < actual.length && i < expected.length && actual[i] === expected[i]) i++;
  if (i >= actual.length)
    return fill(msg.endsByteBeforeCanonical, { value: i + 1, length: expected.length });
  if (i >= expected.length)
    return fill(msg.goesAfterCanonicalText, { value: i + 1, length: actual.length });
  const hex = (b: number) => (b as number).toString(16).toUpperCase().padStart(2, '0');
  return fill(msg.byteCanonicalTextHas, {
    value: i + 1,
    hex: hex(actual[i] as number),
    hex2: hex(expected[i] as number),
  });
}

export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Why `bytes` are not the RFC 8785 JSON ERDL writes for the value they hold (a role statement, a
 * manifest), or null when they are exactly that. `value` is the parsed JSON.
 */
export function canonicalJsonBytesProblem(bytes: Uint8Array, value: unknown): Bilingual | null {
  let expected: Uint8Array;
  try {
    expected = canonicalBytes(value);
  } catch {
    return msg.cannotWrittenCanonicalJson;
  }
  if (bytesEqual(bytes, expected)) return null;
  if (hasBom(bytes)) return BOM_PROBLEM;
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  return jsonTextProblem(text, { trailingNewline: false }) ?? firstDifference(bytes, expected);
}
