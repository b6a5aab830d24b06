import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

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

export function canonicalJson(value: unknown): string {
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
      if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
      const obj = value as Record<string, unknown>;
      const keys = sortedKeys(Object.keys(obj));
      let out = '{';
      for (const k of keys) {
        const v = obj[k];
        if (v === undefined) continue;
        out += `${out.length > 1 ? ',' : ''}${JSON.stringify(k)}:${canonicalJson(v)}`;
      }
      return `${out}}`;
    }
    default:
      throw new Error(`canonical form cannot hold a ${typeof value}`);
  }
}

/** Trees repeat a handful of key sets; sort each set once (UTF-16 code-unit order, RFC 8785). */
const keyOrderCache = new Map<string, readonly string[]>();
function sortedKeys(keys: string[]): readonly string[] {
  if (keys.length < 2) return keys;
  const id = JSON.stringify(keys); // unambiguous: fact keys may hold any character
  let sorted = keyOrderCache.get(id);
  if (!sorted) {
    sorted = [...keys].sort(compareUtf16);
    if (keyOrderCache.size < 1024) keyOrderCache.set(id, sorted);
  }
  return sorted;
}

function compareUtf16(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** `sha256:` + 64 lowercase hex digits of the UTF-8 bytes (§8.2, E6). */
export function hashText(text: string): string {
  return `sha256:${bytesToHex(sha256(utf8ToBytes(text)))}`;
}

export function hashCanonical(value: unknown): string {
  return hashText(canonicalJson(value));
}
