/**
 * A JSON text read with every digit of its numbers (ruling I-89) and parseJson's refusals
 * (duplicate keys, nesting, positioned bilingual errors) — through the engine's JSON.parse when
 * that reads the same value, else through parseJson. JSON.parse reads the same value when the
 * text is valid JSON, no key is written twice in one object, the nesting stays well under
 * parseJson's limit, and every number is a plain decimal short enough that `Number` is exact
 * (read-number.ts's SHORT_DECIMAL: what exactJsonNumber reads as `Number(token)`). One pass over
 * the characters checks the numbers and nesting and counts the members written; the members of
 * JSON.parse's value are counted after it (a key written twice leaves one member fewer). Anything
 * else — invalid JSON, a long or exponent number, a duplicate key — is read by parseJson, which
 * says where and what is wrong. json-exact.property.test.ts proves both give the same.
 */
import { exactJsonNumber } from '../data/read-fact';
import { parseJson } from './json-value';

/** Nesting the fast path takes (parseJson refuses past 128 levels, facts past 64). */
const FAST_DEPTH = 32;

/** Parses `text` as one JSON value with exact numbers; throws parseJson's JsonError. */
export function parseJsonExact(text: string): unknown {
  return readJsonExact(text).value;
}

/**
 * parseJsonExact's value, and whether it is plain: read by JSON.parse from a text of ASCII
 * characters without a backslash, so every string in it is ASCII, every number a finite JS
 * number, and it nests at most FAST_DEPTH levels — a value fact.ts's prepareFact returns as it is.
 */
export function readJsonExact(text: string): { readonly value: unknown; readonly plain: boolean } {
  const scanned = fastMembers(text);
  if (scanned !== -1) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      value = undefined;
    }
    // JSON.parse never yields undefined; a text it refuses is read again below.
    const members = scanned < 0 ? -2 - scanned : scanned;
    if (value !== undefined && memberCount(value) === members)
      return { value, plain: scanned >= 0 };
  }
  return { value: parseJson(text, undefined, exactJsonNumber), plain: false };
}

/** A character that makes a text not plain: not ASCII, or a backslash (an escape). */
const NOT_PLAIN = /[\u0080-\uffff\\]/;

/**
 * Members written in `text` (each `:` outside a string is one, in valid JSON) — as is when every
 * character is ASCII and none a backslash, as -2 - members otherwise —, or -1 when a number is not
 * a short plain decimal, the nesting is deeper than FAST_DEPTH or a string is not closed.
 * Validity is JSON.parse's to judge: on valid JSON, the tokens seen here are its number tokens.
 */
function fastMembers(text: string): number {
  const n = text.length;
  let members = 0;
  let depth = 0;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      // The closing quote: the next one not escaped (after an even run of backslashes).
      let q = text.indexOf('"', i + 1);
      for (;;) {
        if (q < 0) return -1;
        let b = q;
        while (text.charCodeAt(b - 1) === 92) b--;
        if ((q - b) % 2 === 0) break;
        q = text.indexOf('"', q + 1);
      }
      i = q;
    } else if (c === 58) members++;
    else if (c === 123 || c === 91) {
      if (++depth > FAST_DEPTH) return -1;
    } else if (c === 125 || c === 93) depth--;
    else if (c === 45 || (c >= 48 && c <= 57)) {
      // -?\d{1,15}, or -?\d+\.\d+ of at most 16 characters after the sign (SHORT_DECIMAL).
      const from = c === 45 ? i + 1 : i;
      let j = from;
      let d = text.charCodeAt(j);
      while (d >= 48 && d <= 57) d = text.charCodeAt(++j);
      if (d === 46) {
        d = text.charCodeAt(++j);
        while (d >= 48 && d <= 57) d = text.charCodeAt(++j);
        if (j - from > 16) return -1;
      } else if (j - from > 15) return -1;
      if (d === 101 || d === 69) return -1;
      i = j - 1;
    }
  }
  return NOT_PLAIN.test(text) ? -2 - members : members;
}

/** Members of every object in a JSON.parse value. */
function memberCount(v: unknown): number {
  if (typeof v !== 'object' || v === null) return 0;
  let n = 0;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) n += memberCount(v[i]);
    return n;
  }
  const o = v as Record<string, unknown>;
  const keys = Object.keys(o);
  n += keys.length;
  for (let i = 0; i < keys.length; i++) n += memberCount(o[keys[i] as string]);
  return n;
}
