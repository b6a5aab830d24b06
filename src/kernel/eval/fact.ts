import { defineKey, type Value } from './values';

/** Nesting a fact may have; deeper input is refused rather than risking the stack. */
export const MAX_FACT_DEPTH = 64;

export type PreparedFact = { ok: true; fact: Value } | { ok: false; path: string; problem: string };

class FactError {
  constructor(
    readonly path: string,
    readonly problem: string,
  ) {}
}

/**
 * E10 and the input contract (§7.0.1): a fact is JSON-like data — objects, arrays, strings, finite
 * numbers, booleans, null. Strings are NFC-normalized once here (not at every comparison); objects
 * are copied only where a string changed. Returns the prepared fact or the first problem (path +
 * what is wrong).
 */
export function prepareFact(input: unknown): PreparedFact {
  try {
    return { ok: true, fact: walk(input, '', 0) };
  } catch (e) {
    if (e instanceof FactError) return { ok: false, path: e.path, problem: e.problem };
    // Not JSON data at all (a getter or proxy that throws): reported, never thrown.
    return { ok: false, path: '', problem: `unreadable: ${e instanceof Error ? e.message : e}` };
  }
}

function walk(v: unknown, path: string, depth: number): Value {
  if (v === null || typeof v === 'boolean') return v;
  if (typeof v === 'string') return isAscii(v) ? v : text(v, path);
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new FactError(path, `${v} is not a finite number`);
    return v;
  }
  if (depth >= MAX_FACT_DEPTH)
    throw new FactError(path, `nesting deeper than ${MAX_FACT_DEPTH} levels`);
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
          throw new FactError(path ? `${path}.${key}` : key, 'two keys are equal after NFC');
        defineKey(out, key, y);
      }
    }
    return out ?? (v as Value);
  }
  throw new FactError(path, `a ${typeof v} is not fact data`);
}

/** A lone UTF-16 surrogate: in the `u` mode a paired one is a single code point, never Cs. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Non-ASCII text in NFC (E10). Text with an unpaired surrogate has no agreed canonical bytes and is
 * refused, as the loader refuses it in documents (ERDL-E013).
 */
function text(s: string, path: string): string {
  if (LONE_SURROGATE.test(s)) throw new FactError(path, 'text with an unpaired UTF-16 surrogate');
  return s.normalize('NFC');
}

function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 0x7f) return false;
  return true;
}
