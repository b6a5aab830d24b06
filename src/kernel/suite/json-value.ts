/**
 * A strict JSON reader for JSON Lines rows. JSON.parse would silently keep the last of two equal
 * keys and reports errors in engine-specific English; this one refuses duplicate keys and says
 * where (UTF-16 offset) and what is wrong, in English and Chinese.
 */
import type { Bilingual, Range } from '../diagnostics/diagnostic';
import { defineKey } from '../eval/values';
import { zhQuote } from '../util/quote';

/** Deeper input is refused before it can exhaust the stack (facts allow 64 levels, E10). */
const MAX_DEPTH = 128;

export class JsonError {
  constructor(
    readonly offset: number,
    readonly message: Bilingual,
  ) {}
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

/** Where each member of an object or array is written: key (or index) → [start of key or item, end of value). */
export type JsonPositions = WeakMap<object, Map<string | number, Range>>;

/**
 * Reads a number token (its text as written, and its offset): returns the value, or throws a
 * JsonError. Without one, a number is `Number(text)`.
 */
export type JsonNumberReader = (source: string, offset: number) => unknown;

/**
 * Parses `text` as exactly one JSON value (surrounding whitespace allowed). Throws JsonError.
 * With `positions`, records where every member is written (for positioned suite diagnostics).
 * `number` reads number tokens (data/read-fact.ts's `exactJsonNumber` keeps every digit).
 */
export function parseJson(
  text: string,
  positions?: JsonPositions,
  number?: JsonNumberReader,
): unknown {
  let pos = 0;

  const fail = (at: number, en: string, zh: string): never => {
    throw new JsonError(at, { en, zh });
  };
  const describe = (at: number) => (at >= text.length ? 'end of line' : JSON.stringify(text[at]));
  const describeZh = (at: number) => (at >= text.length ? '行尾' : zhQuote(text[at] as string));
  const unexpected = (at: number, expected: string, expectedZh: string): never =>
    fail(
      at,
      `unexpected ${describe(at)}, expected ${expected}`,
      `意外的${describeZh(at)}，应为${expectedZh}`,
    );

  const skip = () => {
    for (;;) {
      const c = text.charCodeAt(pos);
      if (c === 32 || c === 9 || c === 10 || c === 13) pos++;
      else return;
    }
  };

  const string = (): string => {
    const start = pos;
    pos++; // opening quote
    let out = '';
    let from = pos;
    for (;;) {
      if (pos >= text.length) fail(start, 'unterminated string', '字符串未结束');
      const c = text.charCodeAt(pos);
      if (c === 34) {
        out += text.slice(from, pos);
        pos++;
        return out;
      }
      if (c < 0x20)
        fail(pos, 'control character inside a string (escape it)', '字符串中有控制字符（需转义）');
      if (c === 92) {
        out += text.slice(from, pos);
        const e = text[pos + 1] ?? '';
        if (e === 'u') {
          const hex = text.slice(pos + 2, pos + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex))
            fail(
              pos,
              'invalid \\u escape (4 hex digits expected)',
              '无效的 \\u 转义（应为 4 位十六进制）',
            );
          out += String.fromCharCode(Number.parseInt(hex, 16));
          pos += 6;
        } else {
          const mapped = ESCAPES[e];
          if (mapped === undefined) fail(pos, `invalid escape \\${e}`, `无效的转义 \\${e}`);
          out += mapped;
          pos += 2;
        }
        from = pos;
      } else pos++;
    }
  };

  const value = (depth: number): unknown => {
    if (depth > MAX_DEPTH)
      fail(pos, `nesting deeper than ${MAX_DEPTH} levels`, `嵌套超过 ${MAX_DEPTH} 层`);
    skip();
    const c = text[pos];
    if (c === '{') {
      pos++;
      const obj: Record<string, unknown> = {};
      const where = positions ? new Map<string | number, Range>() : null;
      if (where) positions?.set(obj, where);
      skip();
      if (text[pos] === '}') {
        pos++;
        return obj;
      }
      for (;;) {
        skip();
        if (text[pos] !== '"') unexpected(pos, 'a key in double quotes', '带双引号的键');
        const keyAt = pos;
        const key = string();
        if (Object.hasOwn(obj, key))
          fail(keyAt, `duplicate key ${JSON.stringify(key)}`, `重复的键${zhQuote(key)}`);
        skip();
        if (text[pos] !== ':') unexpected(pos, '":"', '“:”');
        pos++;
        defineKey(obj, key, value(depth + 1));
        where?.set(key, { start: keyAt, end: pos });
        skip();
        if (text[pos] === ',') {
          pos++;
          continue;
        }
        if (text[pos] === '}') {
          pos++;
          return obj;
        }
        unexpected(pos, '"," or "}"', '“,”或“}”');
      }
    }
    if (c === '[') {
      pos++;
      const arr: unknown[] = [];
      const where = positions ? new Map<string | number, Range>() : null;
      if (where) positions?.set(arr, where);
      skip();
      if (text[pos] === ']') {
        pos++;
        return arr;
      }
      for (;;) {
        skip();
        const itemAt = pos;
        arr.push(value(depth + 1));
        where?.set(arr.length - 1, { start: itemAt, end: pos });
        skip();
        if (text[pos] === ',') {
          pos++;
          continue;
        }
        if (text[pos] === ']') {
          pos++;
          return arr;
        }
        unexpected(pos, '"," or "]"', '“,”或“]”');
      }
    }
    if (c === '"') return string();
    if (text.startsWith('true', pos)) {
      pos += 4;
      return true;
    }
    if (text.startsWith('false', pos)) {
      pos += 5;
      return false;
    }
    if (text.startsWith('null', pos)) {
      pos += 4;
      return null;
    }
    NUMBER.lastIndex = pos;
    const m = NUMBER.exec(text);
    if (m) {
      const at = pos;
      pos += m[0].length;
      return number ? number(m[0], at) : Number(m[0]);
    }
    return unexpected(pos, 'a JSON value', ' JSON 值');
  };

  const result = value(0);
  skip();
  if (pos < text.length) unexpected(pos, 'end of line', '行尾');
  return result;
}
