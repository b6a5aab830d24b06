import type { Bilingual } from '../diagnostics/diagnostic';
import { zhQuote } from '../util/quote';
import { defineKey, numberText, Rational, type Value } from './values';

/** Nesting a fact may have; deeper input is refused rather than risking the stack. */
export const MAX_FACT_DEPTH = 64;

export type PreparedFact = { ok: true; fact: Value } | { ok: false; path: string; problem: string };

/** `prepareFact`'s answer with the problem in both languages (data/read-fact.ts words it). */
export type PreparedFactBilingual =
  | { ok: true; fact: Value }
  | { ok: false; path: string; problem: Bilingual };

class FactError {
  constructor(
    readonly path: string,
    readonly problem: Bilingual,
  ) {}
}

/**
 * E10 and the input contract (§7.0.1): a fact is a mapping of fields holding JSON-like data —
 * objects, arrays, strings, finite numbers (JS numbers, or exact Rationals read from the text of
 * a fact, data/read-number.ts), booleans, null. Anything but a mapping at the root (null, a list,
 * a scalar) is refused (issue #35: it would be evaluated as a fact with no fields, the fallback
 * decision). Strings are NFC-normalized once here (not at every comparison); objects are copied
 * only where a string changed. Returns the prepared fact or the first problem (path + what is
 * wrong).
 */
export function prepareFact(input: unknown): PreparedFact {
  const r = prepareFactBilingual(input);
  return r.ok ? r : { ok: false, path: r.path, problem: r.problem.en };
}

/** `prepareFact`, its problem in English and Chinese. */
export function prepareFactBilingual(input: unknown): PreparedFactBilingual {
  try {
    const shape = checkFactShape(input);
    if (shape) return { ok: false, path: '', problem: shape };
    return { ok: true, fact: walk(input, '', 0) };
  } catch (e) {
    if (e instanceof FactError) return { ok: false, path: e.path, problem: e.problem };
    // Not JSON data at all (a getter or proxy that throws): reported, never thrown.
    const detail = e instanceof Error ? e.message : String(e);
    return {
      ok: false,
      path: '',
      problem: { en: `unreadable: ${detail}`, zh: `无法读取：${detail}` },
    };
  }
}

/**
 * The shape rule (issue #35 §1, ruling I-89): a fact is a mapping of fields — `{}` is one, with no
 * fields. Null, a list, text, a number or a boolean is not, and is refused rather than evaluated as
 * a fact with no fields. Null when `value` is a mapping; else why not, in English and Chinese (no
 * position: the caller adds where the value is written). Every reader of facts applies it: the
 * CLI's FACT, the library, the studio's fact box, suites and fact-set rows.
 */
export function checkFactShape(value: unknown): Bilingual | null {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const proto = Object.getPrototypeOf(value);
    if (proto === Object.prototype || proto === null) return null;
  }
  const [en, zh] = shapeName(value);
  return {
    en: `the fact is ${en}, not a mapping of fields (a fact is a mapping such as {"tool": {"name": "…"}}; {} is a fact with no fields)`,
    zh: `事实应为字段映射（例如 {"tool": {"name": "…"}}；{} 是没有字段的事实），而不是${zh}`,
  };
}

function shapeName(v: unknown): [string, string] {
  if (v === undefined) return ['nothing', '空'];
  if (v === null) return ['null', ' null（空值）'];
  if (Array.isArray(v)) return ['a list', '列表'];
  if (typeof v === 'string') {
    const shown = JSON.stringify(v.length > 40 ? `${v.slice(0, 39)}…` : v);
    return [`the text ${shown}`, `文本${zhQuote(v, 40)}`];
  }
  if (typeof v === 'number' || v instanceof Rational) {
    const shown = typeof v === 'number' && !Number.isFinite(v) ? String(v) : numberText(v);
    return [`the number ${shown}`, `数字 ${shown}`];
  }
  if (typeof v === 'boolean') return [`the boolean ${v}`, `布尔值 ${v}`];
  const type = typeof v;
  return [`${type === 'object' ? 'an' : 'a'} ${type}`, `${type} 值`];
}

function walk(v: unknown, path: string, depth: number): Value {
  if (v === null || typeof v === 'boolean') return v;
  if (typeof v === 'string') return isAscii(v) ? v : text(v, path);
  if (typeof v === 'number') {
    if (!Number.isFinite(v))
      throw new FactError(path, {
        en: `${v} is not a finite number`,
        zh: `${v} 不是有限数字`,
      });
    return v;
  }
  // An exact number read from a fact's text (data/read-number.ts): kept as it is.
  if (v instanceof Rational) return v;
  if (depth >= MAX_FACT_DEPTH)
    throw new FactError(path, {
      en: `nesting deeper than ${MAX_FACT_DEPTH} levels`,
      zh: `嵌套超过 ${MAX_FACT_DEPTH} 层`,
    });
  if (Array.isArray(v)) {
    let out: Value[] | null = null;
    for (let i = 0; i < v.length; i++) {
      const x = walk(v[i], `${path}[${i}]`, depth + 1);
      if (x !== v[i] && !out) out = v.slice(0, i) as Value[];
      if (out) out.push(x);
    }
    return out ?? (v as Value[]);
  }
  const proto = typeof v === 'object' ? Object.getPrototypeOf(v) : undefined;
  if (proto === Object.prototype || proto === null) {
    const obj = v as Record<string, unknown>;
    let out: Record<string, Value> | null = null;
    const keys = Object.keys(obj);
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i] as string;
      const x = obj[k];
      // A property holding undefined is absent, as in JSON (JSON.stringify drops it).
      const key = isAscii(k) ? k : text(k, path ? `${path}.${k}` : k);
      const y = x === undefined ? undefined : walk(x, path ? `${path}.${key}` : key, depth + 1);
      if ((y !== x || key !== k || x === undefined) && !out) {
        out = {};
        for (let j = 0; j < i; j++) defineKey(out, keys[j] as string, obj[keys[j] as string]);
      }
      if (out && y !== undefined) {
        // Two keys that are one key after NFC (E10) would make the fact ambiguous.
        if (Object.hasOwn(out, key))
          throw new FactError(path ? `${path}.${key}` : key, {
            en: 'two keys are equal after NFC',
            zh: '两个键经 NFC 规范化后相同',
          });
        defineKey(out, key, y);
      }
    }
    return out ?? (v as Value);
  }
  throw new FactError(path, {
    en: `a ${typeof v} is not fact data`,
    zh: `${typeof v} 值不是事实数据`,
  });
}

/** A lone UTF-16 surrogate: in the `u` mode a paired one is a single code point, never Cs. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Non-ASCII text in NFC (E10). Text with an unpaired surrogate has no agreed canonical bytes and is
 * refused, as the loader refuses it in documents (ERDL-E013).
 */
function text(s: string, path: string): string {
  if (LONE_SURROGATE.test(s))
    throw new FactError(path, {
      en: 'text with an unpaired UTF-16 surrogate',
      zh: '文本含有未配对的 UTF-16 代理项',
    });
  return s.normalize('NFC');
}

function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 0x7f) return false;
  return true;
}
