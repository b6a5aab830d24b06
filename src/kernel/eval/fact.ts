import type { Value } from './values';

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
    throw e;
  }
}

function walk(v: unknown, path: string, depth: number): Value {
  if (v === null || typeof v === 'boolean') return v;
  if (typeof v === 'string') return isAscii(v) ? v : v.normalize('NFC');
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
  if (typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
    const obj = v as Record<string, unknown>;
    let out: Record<string, Value> | null = null;
    let i = 0;
    for (const k in obj) {
      if (!Object.hasOwn(obj, k)) continue;
      const x = obj[k];
      const key = isAscii(k) ? k : k.normalize('NFC');
      const y = walk(x, path ? `${path}.${key}` : key, depth + 1);
      if ((y !== x || key !== k) && !out) {
        out = {};
        let j = 0;
        for (const k2 in obj) {
          if (j++ >= i) break;
          out[k2] = obj[k2] as Value;
        }
      }
      if (out) out[key] = y;
      i++;
    }
    return out ?? (v as Value);
  }
  throw new FactError(path, `a ${typeof v} is not fact data`);
}

function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 0x7f) return false;
  return true;
}
