/**
 * Replies as deltas (docs/ARCHITECTURE.md, "Replies as deltas"). On a 1,000-rule document an
 * analysis is ~0.8 MB and so is its gloss; posting them whole after every keystroke cost the main
 * thread 30–70 ms of structured-clone decoding plus the garbage, while an edit changes one rule and
 * the diagnostics after it. So a request may name the last value the client holds for its channel
 * (`base`); the worker, if it still has that value, answers with the difference, and the client
 * rebuilds the value from its copy. Unchanged parts keep their identity on the client, which also
 * lets memoized rows skip re-rendering.
 *
 * Values are what the kernel replies with: JSON-like plain objects, arrays and primitives.
 */

import { bilingual } from '../i18n/format';
import type { Reply } from './kernel-protocol';
import { workerStrings } from './strings';

/** How one value differs from another. */
export type Delta =
  /** Unchanged. */
  | { readonly k: 's' }
  /** Replaced by `v`. */
  | { readonly k: 'v'; readonly v: unknown }
  /** An object: keys whose values changed (or were added), and keys removed. */
  | {
      readonly k: 'o';
      readonly set: Readonly<Record<string, Delta>>;
      readonly del: readonly string[];
    }
  /** An array: the first `pre` and last `suf` items kept, `mid` in between. */
  | {
      readonly k: 'a';
      readonly pre: number;
      readonly suf: number;
      readonly mid: readonly unknown[];
    }
  /**
   * An array of unchanged length: the first `pre` and last `suf` items kept, each item in between
   * by its own delta. An edit that moves what follows it (the diagnostics and rules after an
   * edited row, their offsets shifted) then sends the offsets, not every item again.
   */
  | {
      readonly k: 'i';
      readonly pre: number;
      readonly suf: number;
      readonly items: readonly Delta[];
    };

const SAME: Delta = { k: 's' };

/**
 * Sets an own property of `target`. Keys come from user data (a fact's or a file's keys), and an
 * assignment to `__proto__` would replace the prototype instead, losing the value.
 */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    writable: true,
    enumerable: true,
    configurable: true,
  });
}

function isPlainObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], b[i])) return false;
    return true;
  }
  if (isPlainObject(a)) {
    if (!isPlainObject(b)) return false;
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    for (const key of keys) {
      if (!Object.hasOwn(b, key) || !deepEqual(a[key], b[key])) return false;
    }
    return true;
  }
  // NaN is never in kernel replies, but a value must equal itself.
  return Number.isNaN(a) && Number.isNaN(b);
}

/** The delta that turns `base` into `next`. */
export function diff(base: unknown, next: unknown): Delta {
  if (base === next) return SAME;
  if (Array.isArray(base) && Array.isArray(next)) {
    const max = Math.min(base.length, next.length);
    let pre = 0;
    while (pre < max && deepEqual(base[pre], next[pre])) pre++;
    let suf = 0;
    while (suf < max - pre && deepEqual(base[base.length - 1 - suf], next[next.length - 1 - suf])) {
      suf++;
    }
    if (pre === base.length && pre === next.length) return SAME;
    if (base.length === next.length) {
      const items: Delta[] = [];
      for (let i = pre; i < next.length - suf; i++) items.push(diff(base[i], next[i]));
      return { k: 'i', pre, suf, items };
    }
    return { k: 'a', pre, suf, mid: next.slice(pre, next.length - suf) };
  }
  if (isPlainObject(base) && isPlainObject(next)) {
    const set: Record<string, Delta> = {};
    let changed = false;
    for (const key of Object.keys(next)) {
      const d = Object.hasOwn(base, key) ? diff(base[key], next[key]) : { k: 'v', v: next[key] };
      if (d.k !== 's') {
        setOwn(set, key, d);
        changed = true;
      }
    }
    const del = Object.keys(base).filter((key) => !Object.hasOwn(next, key));
    return changed || del.length > 0 ? { k: 'o', set, del } : SAME;
  }
  return deepEqual(base, next) ? SAME : { k: 'v', v: next };
}

/**
 * `base` with `delta` applied; parts the delta leaves alone are `base`'s own (same identity).
 *
 * Runs on the page, in the task that receives a kernel reply: the first keystroke's analysis of a
 * freshly opened 1,000-rule document patches ~500 rules and their findings, with the code still
 * cold. So plain loops and assignments, no callback or entry array per item, and
 * `Object.defineProperty` only for the one key an assignment would not store (`__proto__`).
 */
export function patch(base: unknown, delta: Delta): unknown {
  switch (delta.k) {
    case 's':
      return base;
    case 'v':
      return delta.v;
    case 'a': {
      const items = base as readonly unknown[];
      const out = items.slice(0, delta.pre);
      for (const item of delta.mid) out.push(item);
      for (let i = items.length - delta.suf; i < items.length; i++) out.push(items[i]);
      return out;
    }
    case 'i': {
      const out = (base as readonly unknown[]).slice();
      const { items, pre } = delta;
      for (let j = 0; j < items.length; j++) {
        out[pre + j] = patch(out[pre + j], items[j] as Delta);
      }
      return out;
    }
    case 'o': {
      const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
      for (const key of delta.del) delete out[key];
      const { set } = delta;
      for (const key of Object.keys(set)) {
        const value = patch(Object.hasOwn(out, key) ? out[key] : undefined, set[key] as Delta);
        if (key === '__proto__') setOwn(out, key, value);
        else out[key] = value;
      }
      return out;
    }
  }
}

/** How many recent values per channel each side keeps (a base named by a request in flight). */
const KEPT = 4;
/** Channels kept (one or two per open document); the least recently used are forgotten. */
const MAX_CHANNELS = 64;

/** Recent values by sequence number (the request id that produced them), per channel. */
export class RecentValues {
  private readonly byChannel = new Map<string, { seq: number; value: unknown }[]>();

  remember(channel: string, seq: number, value: unknown): void {
    const list = this.byChannel.get(channel) ?? [];
    list.push({ seq, value });
    if (list.length > KEPT) list.shift();
    this.byChannel.delete(channel);
    this.byChannel.set(channel, list);
    if (this.byChannel.size > MAX_CHANNELS) {
      this.byChannel.delete(this.byChannel.keys().next().value as string);
    }
  }

  get(channel: string, seq: number): { value: unknown } | undefined {
    return this.byChannel.get(channel)?.find((v) => v.seq === seq);
  }

  /** The newest value's sequence number (what a new request names as its base). */
  newest(channel: string): number | undefined {
    return this.byChannel.get(channel)?.at(-1)?.seq;
  }

  forget(channel: string): void {
    this.byChannel.delete(channel);
  }
}

/**
 * The worker's answer with `value` to `envelope`: the difference from the value the request names
 * as its base when this worker still has it, else the whole value. Remembers `value` either way.
 */
export function doneReply(
  sent: RecentValues,
  envelope: { readonly id: number; readonly channel: string; readonly base?: number },
  value: unknown,
):
  | { readonly id: number; readonly status: 'done'; readonly value: unknown }
  | {
      readonly id: number;
      readonly status: 'delta';
      readonly base: number;
      readonly delta: Delta;
    } {
  const base = envelope.base === undefined ? undefined : sent.get(envelope.channel, envelope.base);
  sent.remember(envelope.channel, envelope.id, value);
  return base && envelope.base !== undefined
    ? { id: envelope.id, status: 'delta', base: envelope.base, delta: diff(base.value, value) }
    : { id: envelope.id, status: 'done', value };
}

/** The answer to a request that threw: the error's text in the kernel-error message (both languages). */
export function failedReply(envelope: { readonly id: number }, error: unknown): Reply {
  const detail = error instanceof Error ? error.message : String(error);
  return {
    id: envelope.id,
    status: 'failed',
    message: bilingual(workerStrings, (t) => t.kernelError, { detail }),
  };
}
