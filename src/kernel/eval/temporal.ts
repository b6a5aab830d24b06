/**
 * within / rate state (§5.2 stateful operators). The tree stays a pure function (E1): the state
 * comes in as plain JSON, and evaluation returns the new state. Keys follow §5.2 ②: the wrapped
 * condition (field + operator + value, as its canonical subtree) plus the window (and rate).
 * Values are the recorded event instants (ISO 8601 UTC), oldest first.
 */
import { EvaluationError } from './errors';
import { parseInstant } from './time';

export interface TemporalState {
  readonly version: 1;
  readonly windows: Readonly<Record<string, readonly string[]>>;
}

export const EMPTY_STATE: TemporalState = { version: 1, windows: {} };

/** Copy-on-write working set used during one evaluation. */
export class TemporalWork {
  // Created on first use: most documents have no within/rate, and this object is made per evaluation.
  private changedMap: Map<string, number[]> | null = null;
  /** Each key's outcome in this evaluation: one event is counted once per key (ruling I-35). */
  private outcomeMap: Map<string, boolean> | null = null;

  private get changed(): Map<string, number[]> {
    this.changedMap ??= new Map();
    return this.changedMap;
  }

  private get outcome(): Map<string, boolean> {
    this.outcomeMap ??= new Map();
    return this.outcomeMap;
  }

  /** `input` null: the caller's state was invalid, so no window can be counted. */
  constructor(private readonly input: TemporalState | null) {}

  private events(key: string): number[] {
    let list = this.changed.get(key);
    if (!list) {
      list = (this.input?.windows[key] ?? [])
        .map((t) => parseInstant(t) ?? Number.NaN)
        .filter((t) => Number.isFinite(t))
        .sort((a, b) => a - b);
      this.changed.set(key, list);
    }
    return list;
  }

  /**
   * §5.2 truth table: count events in (asOf − window, asOf]; at or over `limit` the condition
   * holds (true, nothing recorded); under it, record this event and return false. A key judged
   * twice in one evaluation (two rules with the same condition and window) gives the same answer
   * and records the event once. Throws when the input state was invalid.
   */
  hit(key: string, limit: number, windowMs: number, asOf: number): boolean {
    if (!this.input)
      throw new EvaluationError('state_invalid', {
        en: 'temporal_state is invalid, so within/rate cannot be counted',
        zh: 'temporal_state 无效，无法计数 within/rate',
      });
    const known = this.outcome.get(key);
    if (known !== undefined) return known;
    const list = this.events(key);
    const from = asOf - windowMs;
    // Slide: drop events that left the window (kept ones may be later than asOf in a replay).
    while (list.length > 0 && (list[0] as number) <= from) list.shift();
    let count = 0;
    for (const t of list) if (t > from && t <= asOf) count++;
    const holds = count >= limit;
    if (!holds) {
      let i = list.length;
      while (i > 0 && (list[i - 1] as number) > asOf) i--;
      list.splice(i, 0, asOf);
    }
    this.outcome.set(key, holds);
    return holds;
  }

  /** The state after this evaluation (keys with no events are dropped). */
  result(): TemporalState {
    const windows: Record<string, readonly string[]> = {};
    const input = this.input?.windows ?? {};
    const keys = new Set([...Object.keys(input), ...this.changed.keys()]);
    for (const key of [...keys].sort()) {
      const list = this.changed.get(key);
      const out = list ? list.map((t) => new Date(t).toISOString()) : input[key];
      if (out && out.length > 0) windows[key] = out;
    }
    return { version: 1, windows };
  }
}

/** Validates a user-supplied state (e.g. `--state`), so a typo is an error, never a silent reset. */
export function parseTemporalState(v: unknown): TemporalState | string {
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    return 'temporal_state must be an object {version: 1, windows: {…}}';
  const o = v as Record<string, unknown>;
  if (o.version !== 1) return 'temporal_state.version must be 1';
  const w = o.windows;
  if (typeof w !== 'object' || w === null || Array.isArray(w))
    return 'temporal_state.windows must be an object';
  for (const [k, list] of Object.entries(w as Record<string, unknown>)) {
    if (
      !Array.isArray(list) ||
      !list.every((t) => typeof t === 'string' && parseInstant(t) !== null)
    ) {
      return `temporal_state.windows["${k}"] must be a list of ISO 8601 instants`;
    }
  }
  return { version: 1, windows: w as Record<string, string[]> };
}
