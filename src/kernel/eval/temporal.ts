/**
 * within / rate state (§5.2 stateful operators, ruling I-35). The tree stays a pure function (E1):
 * the state comes in as plain JSON, and evaluation returns the new state. Keys follow §5.2 ②:
 * `within` keys on field + operator + value — the wrapped condition as its canonical subtree, with
 * no window, so two windows on one condition read one event log; `rate` keys on field + operator +
 * value + rate (`N/window`). Values are the recorded event instants (ISO 8601 UTC), oldest first.
 */
import type { Bilingual } from '../diagnostics/diagnostic';
import { canonicalJson } from '../tree/canonical';
import { canonicalWindow, parseWindow } from '../tree/duration';
import type { ExprNode, RateNode, WithinNode } from '../tree/types';
import { zhQuote } from '../util/quote';
import { EvaluationError } from './errors';
import { parseInstant } from './time';

/**
 * The state format's version. Within keys lost their window under issue #14 (ruling I-35); the
 * format stays version 1 — the two key forms cannot be confused (`within {…}` against
 * `within 10m {…}`), so an old state is recognised by its keys and migrated on read, and the
 * hash of the empty state (part of every result hash) is unchanged.
 */
export const STATE_VERSION = 1;

export interface TemporalState {
  readonly version: typeof STATE_VERSION;
  readonly windows: Readonly<Record<string, readonly string[]>>;
}

export const EMPTY_STATE: TemporalState = { version: STATE_VERSION, windows: {} };

/** The state key of a within/rate node (§5.2 ②). */
export function temporalKey(n: WithinNode | RateNode): string {
  return n.node === 'rate'
    ? `rate ${n.limit}/${n.window} ${canonicalJson(n.args[0])}`
    : `within ${canonicalJson(n.args[0])}`;
}

/** A window in milliseconds (windows are validated at load; 0 never counts anything). */
export function windowMs(n: WithinNode | RateNode): number {
  return (parseWindow(n.window) ?? 0) * 1000;
}

/**
 * How long each key's events must be kept: the widest window that reads the key anywhere in the
 * document, so a narrow window never slides away an event a wider one on the same condition still
 * counts. Empty when the document has no within/rate.
 */
export function retentionOf(nodes: Iterable<ExprNode>): Map<string, number> {
  const keep = new Map<string, number>();
  for (const n of nodes) {
    if (n.node !== 'within' && n.node !== 'rate') continue;
    const key = temporalKey(n);
    keep.set(key, Math.max(keep.get(key) ?? 0, windowMs(n)));
  }
  return keep;
}

interface KeyLog {
  /** Events from the input state, sorted (instants in ms). */
  readonly events: number[];
  /** This evaluation's event is to be recorded (some window on the key was under its limit). */
  record: boolean;
  /** Widest window that read the key in this evaluation. */
  widest: number;
}

const NO_RETENTION: ReadonlyMap<string, number> = new Map();

/** Copy-on-write working set used during one evaluation. */
export class TemporalWork {
  // Created on first use: most documents have no within/rate, and this object is made per evaluation.
  private logs: Map<string, KeyLog> | null = null;
  private asOf = 0;

  /**
   * `input` null: the caller's state was invalid, so no window can be counted. `retention`: the
   * document's widest window per key (`retentionOf`).
   */
  constructor(
    private readonly input: TemporalState | null,
    private readonly retention: ReadonlyMap<string, number> = NO_RETENTION,
  ) {}

  private log(key: string): KeyLog {
    this.logs ??= new Map();
    let log = this.logs.get(key);
    if (!log) {
      const events = (this.input?.windows[key] ?? [])
        .map((t) => parseInstant(t) ?? Number.NaN)
        .filter((t) => Number.isFinite(t))
        .sort((a, b) => a - b);
      log = { events, record: false, widest: 0 };
      this.logs.set(key, log);
    }
    return log;
  }

  /**
   * §5.2 truth table: count the key's events in (asOf − window, asOf]; at or over `limit` the
   * condition holds (true, nothing recorded); under it, this event is recorded and the answer is
   * false. Every window counts the events from before this evaluation, so a key judged twice in one
   * evaluation (two rules with the same condition and window) gives the same answer, and the event
   * is recorded once per key however many windows on it were under their limits (ruling I-35).
   * Throws when the input state was invalid.
   */
  hit(key: string, limit: number, windowMs: number, asOf: number): boolean {
    if (!this.input)
      throw new EvaluationError('state_invalid', {
        en: 'temporal_state is invalid, so within/rate cannot be counted',
        zh: 'temporal_state 无效，无法计数 within/rate',
      });
    const log = this.log(key);
    this.asOf = asOf;
    if (windowMs > log.widest) log.widest = windowMs;
    const from = asOf - windowMs;
    let count = 0;
    for (const t of log.events) if (t > from && t <= asOf) count++;
    const holds = count >= limit;
    if (!holds) log.record = true;
    return holds;
  }

  /**
   * The state after this evaluation (keys with no events are dropped). A key read in this
   * evaluation slides: events no window of the document can count any more are dropped (kept ones
   * may be later than asOf in a replay); other keys are carried as given.
   */
  result(): TemporalState {
    const windows: Record<string, readonly string[]> = {};
    const input = this.input?.windows ?? {};
    const keys = new Set([...Object.keys(input), ...(this.logs?.keys() ?? [])]);
    for (const key of [...keys].sort()) {
      const log = this.logs?.get(key);
      let out = input[key];
      if (log) {
        const from = this.asOf - Math.max(log.widest, this.retention.get(key) ?? 0);
        const events = log.events.filter((t) => t > from);
        if (log.record) {
          let i = events.length;
          while (i > 0 && (events[i - 1] as number) > this.asOf) i--;
          events.splice(i, 0, this.asOf);
        }
        out = events.map((t) => new Date(t).toISOString());
      }
      if (out && out.length > 0) windows[key] = out;
    }
    return { version: STATE_VERSION, windows };
  }
}

export type StateReading =
  | {
      readonly ok: true;
      readonly state: TemporalState;
      /** Some within keys were written before ruling I-35 changed (with a window) and migrated. */
      readonly migrated: boolean;
    }
  | { readonly ok: false; readonly message: Bilingual };

const refuse = (en: string, zh: string): StateReading => ({ ok: false, message: { en, zh } });

/** A key in a message: JSON-quoted, long ones shortened. */
function shown(text: string): string {
  return JSON.stringify(brief(text, 120));
}

/** Text quoted in a message's prose, long text shortened (the caller adds the quotes). */
function brief(text: string, max = 80): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * The field paths a condition reads, from its canonical JSON text (a state key's condition), in
 * the order they appear: a message names the condition by them rather than by its JSON. Empty
 * when the text is not JSON or reads no field.
 */
function fieldsRead(condition: string): string[] {
  let tree: unknown;
  try {
    tree = JSON.parse(condition);
  } catch {
    return [];
  }
  const paths: string[] = [];
  // A key is user input: its nesting is walked with an explicit stack, never recursion.
  const stack: unknown[] = [tree];
  while (stack.length > 0) {
    const v = stack.pop();
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push(v[i]);
    } else if (typeof v === 'object' && v !== null) {
      const o = v as Record<string, unknown>;
      if (o.node === 'field' && typeof o.path === 'string' && !paths.includes(o.path))
        paths.push(o.path);
      const values = Object.values(o);
      for (let i = values.length - 1; i >= 0; i--) stack.push(values[i]);
    }
  }
  return paths;
}

/** A clause naming a condition in a message: the fields it reads, or (none) its text, shortened. */
function conditionClause(condition: string): Bilingual {
  const fields = fieldsRead(condition);
  if (fields.length === 0)
    return {
      en: `the condition is "${brief(condition)}"`,
      zh: `该条件为${zhQuote(condition, 80)}`,
    };
  return { en: `it reads ${fields.join(', ')}`, zh: `该条件读取 ${fields.join('、')}` };
}

/**
 * Validates a user-supplied state (e.g. `--state`), so a typo is an error, never a silent reset.
 * A within key written before ruling I-35 changed (`within <window> <condition>`) is migrated to
 * the condition's key when that is exact — one window on the condition, no key of the new form for
 * it — and the state is refused otherwise: two windows kept two logs that cannot be merged without
 * losing events a wider window still counts. Never a silent misreading.
 */
export function parseTemporalState(v: unknown): StateReading {
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    return refuse(
      'temporal_state must be an object {version: 1, windows: {…}}',
      'temporal_state 必须是对象 {version: 1, windows: {…}}',
    );
  const o = v as Record<string, unknown>;
  if (o.version !== STATE_VERSION)
    return refuse('temporal_state.version must be 1', 'temporal_state.version 必须为 1');
  const w = o.windows;
  if (typeof w !== 'object' || w === null || Array.isArray(w))
    return refuse('temporal_state.windows must be an object', 'temporal_state.windows 必须是对象');
  let old = false;
  for (const [k, list] of Object.entries(w as Record<string, unknown>)) {
    if (
      !Array.isArray(list) ||
      !list.every((t) => typeof t === 'string' && parseInstant(t) !== null)
    ) {
      return refuse(
        `temporal_state.windows[${shown(k)}] must be a list of ISO 8601 instants`,
        `temporal_state.windows[${shown(k)}] 必须是 ISO 8601 时刻列表`,
      );
    }
    if (k.startsWith('within ') && !k.startsWith('within {')) old = true;
  }
  const windows = w as Record<string, readonly string[]>;
  return old
    ? migrate(windows)
    : { ok: true, state: { version: STATE_VERSION, windows }, migrated: false };
}

/** A within key from before issue #14: `within <canonical window> <canonical condition>`. */
const OLD_WITHIN = /^within (\S+) (\{.*)$/s;

function migrate(windows: Record<string, readonly string[]>): StateReading {
  const out: Record<string, readonly string[]> = {};
  /** Condition → the old windows that counted it. */
  const oldWindows = new Map<string, string[]>();
  for (const [key, list] of Object.entries(windows)) {
    if (!key.startsWith('within ') || key.startsWith('within {')) continue;
    const m = OLD_WITHIN.exec(key);
    const seconds = m ? parseWindow(m[1] as string) : null;
    if (!m || seconds === null || canonicalWindow(seconds) !== m[1])
      return refuse(
        `temporal_state.windows[${shown(key)}] is not a within key ("within <condition>", or "within <window> <condition>" as written before ruling I-35 changed), so it cannot be read`,
        `temporal_state.windows[${shown(key)}] 不是 within 键（“within <条件>”，或裁定 I-35 修改前的写法“within <窗口> <条件>”），无法读取`,
      );
    const condition = m[2] as string;
    const seen = oldWindows.get(condition) ?? [];
    seen.push(m[1] as string);
    oldWindows.set(condition, seen);
    out[`within ${condition}`] = list;
  }
  for (const [condition, seen] of oldWindows) {
    const names = seen.map((x) => `within ${x}`);
    if (seen.length > 1) {
      const clause = conditionClause(condition);
      return refuse(
        `temporal_state keeps separate event logs for ${names.join(' and ')} of one condition (${clause.en}; these keys were written before ruling I-35 changed); within now reads one log per condition (§5.2 ②), and merging them could lose events a wider window still counts. Start from an empty state, or keep only one of these keys.`,
        `temporal_state 为同一条件的 ${names.join('、')} 分别记录了事件（${clause.zh}；这些键是裁定 I-35 修改前的写法）；within 现在每个条件只读一份事件记录（§5.2 ②），合并会丢失较宽窗口仍要计数的事件。请从空状态开始，或只保留其中一个键。`,
      );
    }
    if (Object.hasOwn(windows, `within ${condition}`))
      return refuse(
        `temporal_state holds both "${brief(`${names[0]} ${condition}`)}" (written before ruling I-35 changed) and the key of the same condition without a window; which log is current cannot be told. Start from an empty state, or keep only one of these keys.`,
        `temporal_state 同时含有“${brief(`${names[0]} ${condition}`)}”（裁定 I-35 修改前的写法）和同一条件不含窗口的键，无法判断哪份记录有效。请从空状态开始，或只保留其中一个键。`,
      );
  }
  for (const [key, list] of Object.entries(windows))
    if (!key.startsWith('within ') || key.startsWith('within {')) out[key] = list;
  return { ok: true, state: { version: STATE_VERSION, windows: out }, migrated: true };
}
