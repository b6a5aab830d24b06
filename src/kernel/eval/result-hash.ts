/**
 * The result hash (docs/canonical-form.md §11): sha256 of the RFC 8785 JSON of {ruleset_hash,
 * fact, as_of, temporal_state (as given), decision, matched_rules}. Its canonical bytes are written
 * once, into the canonical writer's reused buffer (canonicalView), and hashed where they lie; a fact
 * of plain JSON data (nearly every fact) is written as it is, without the exact-number copy
 * (toExactJson) that only a fact holding an exact number or a date needs.
 *
 * The SHA-256 is the kernel's own unless the host supplies one (setHostSha256): Node's native
 * `crypto` in the CLI and its batch workers, ~10× faster on these few hundred bytes. The kernel
 * imports nothing of the host: the function is passed in. The hash is the same either way
 * (result-hash.test.ts).
 */

import { canonicalView, hashBytes } from '../tree/canonical';
import type { Decision } from '../vocabulary/decisions';
import type { TemporalState } from './temporal';
import { MAX_JSON_DEPTH, toExactJson, type Value } from './values';

/** A host's SHA-256: the 64 lowercase hex digits of the digest of `bytes` (not kept by it). */
export type HostSha256 = (bytes: Uint8Array) => string;

let host: HostSha256 | null = null;

/**
 * Result hashes from now on use `digest` (null: the kernel's own again). For hosts with a native
 * SHA-256; the studio keeps the kernel's own.
 */
export function setHostSha256(digest: HostSha256 | null): void {
  host = digest;
}

export interface ResultPreimage {
  readonly ruleset_hash: string;
  readonly fact: Value;
  readonly as_of: string;
  /** The state as given; null when the given state was invalid. */
  readonly temporal_state: TemporalState | null;
  readonly decision: Decision;
  readonly matched_rules: readonly string[];
}

/** `sha256:` + hex of the preimage's canonical bytes. */
export function resultHashOf(preimage: ResultPreimage): string {
  const fact = plainJson(preimage.fact, 0) ? preimage.fact : toExactJson(preimage.fact);
  const bytes = canonicalView({ ...preimage, fact });
  return host === null ? hashBytes(bytes) : `sha256:${host(bytes)}`;
}

/**
 * Whether `v` is plain JSON data that toExactJson would copy unchanged: strings, finite numbers,
 * booleans, null, and arrays and plain objects of them (no exact number, date, absent value or
 * hole, and shallower than toExactJson's depth cut).
 */
function plainJson(v: Value, depth: number): boolean {
  if (v === null) return true;
  switch (typeof v) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(v);
    case 'object':
      break;
    default:
      return false;
  }
  if (depth >= MAX_JSON_DEPTH - 1) return false;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) if (!plainJson(v[i] as Value, depth + 1)) return false;
    return true;
  }
  const proto = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) return false;
  const o = v as Record<string, Value>;
  for (const k in o) if (Object.hasOwn(o, k) && !plainJson(o[k] as Value, depth + 1)) return false;
  return true;
}
