import { RE2JS } from 're2js';
import type { Bilingual } from '../diagnostics/diagnostic';
import { joinZh } from '../gloss/typography';
import { canonicalDecimal, Decimal } from '../tree/decimal';
import { parseDuration } from '../tree/duration';
import type { ExprNode, LiteralValue } from '../tree/types';
import { zhJson, zhQuote } from '../util/quote';
import { type EvalCode, EvaluationError, type EvalWarning } from './errors';
import { exactDifference } from './exact-double';
import { type TemporalWork, temporalKey, windowMs } from './temporal';
import { addDuration, asInstant, datePart, MS_PER_DAY, monthLastDay } from './time';
import {
  compareNumbers,
  DateValue,
  equality,
  isNumeric,
  numberText,
  order,
  Rational,
  strictEquals,
  toRational,
  typeName,
  type Value,
} from './values';

/** E4: arrays longer than this are an evaluation error. */
export const MAX_ARRAY = 10_000;
/**
 * E4 "per-rule ≤ 50 ms", made deterministic: list elements one rule may visit (quantifier
 * predicates, aggregate elements, in/contains items). 100,000 visits take a few milliseconds;
 * nested quantifiers over two 10,000-item lists (10^8) would take seconds.
 */
export const MAX_STEPS = 100_000;
/** §7.3(d): match input limit; RE2 is linear, so this bounds the steps of one match. */
export const MAX_MATCH_INPUT = 10_000;

/** Per-evaluation state the compiled closures read and write. */
export interface Env {
  readonly fact: Value;
  /** The current element (`$`) inside a quantifier predicate or aggregate value. */
  element: Value;
  /** The injected instant (E9); null when `as_of` is not an ISO 8601 instant. */
  readonly asOf: number | null;
  readonly temporal: TemporalWork;
  readonly warnings: EvalWarning[];
  rule: string;
  /** E12 Guard context: every rule's evaluation error fails closed. */
  readonly guardContext: boolean;
  /**
   * The fact is not a mapping of fields (ruling I-89): no condition can be judged, so every rule's
   * evaluation is an error (`fact_invalid`) in a Guard context — every blocking rule fails closed.
   */
  readonly factInvalid: Bilingual | null;
  /** When tracing: each node's value by preorder id. */
  trace: unknown[] | null;
  /** List elements visited by the current rule (E4 budget, MAX_STEPS). */
  steps: number;
  /**
   * This evaluation's number (nextEpoch; absent: none): a field read once in it is kept in its
   * FieldSlot for the other conditions that read it. Only `Evaluator.evaluate` sets it, and it runs
   * no condition on a fact that is not a mapping (`factInvalid`), so with an epoch the fact is a
   * mapping: its first field is read without asking its prototype again (`factField`).
   */
  readonly epoch?: number;
}

/**
 * A fact field as the conditions of one Evaluator's rules read it (one per path, shared by every
 * condition on it), with the value the evaluation numbered `epoch` read. A field's value cannot
 * change within one evaluation (the fact is never changed), so each is read once per evaluation.
 */
export interface FieldSlot {
  readonly segments: readonly string[];
  /** The first segment: the evaluated fact's own field the path starts at. */
  readonly first: string;
  /** Reads the rest of the path in the first field's value (`restReader`). */
  readonly rest: RestReader;
  epoch: number;
  /** As the fact stores it (a text maybe not in NFC: readStored). */
  value: Value;
  /** The evaluation whose value in NFC `nfc` is, once a condition asked for it (readField). */
  nfcEpoch: number;
  nfc: Value;
}

/** Evaluations numbered so far (nextEpoch): numbers unique in the process, so slots can be shared. */
let epochs = 0;

/** A new evaluation's number (Env.epoch): no slot holds a value read under it yet. */
export function nextEpoch(): number {
  return ++epochs;
}

/** The slot of `path` in `slots` (made on first use), or a slot of its own without `slots`. */
export function fieldSlot(path: string, slots: Map<string, FieldSlot> | undefined): FieldSlot {
  let slot = slots?.get(path);
  if (!slot) {
    const segments = path.split('.');
    slot = {
      segments,
      first: segments[0] as string,
      rest: restReader(segments),
      epoch: -1,
      value: undefined,
      nfcEpoch: -1,
      nfc: undefined,
    };
    slots?.set(path, slot);
  }
  return slot;
}

/**
 * The fact's field at `slot` in NFC, read and normalized once per evaluation (resolvePath; an
 * error is never kept).
 */
function readField(env: Env, slot: FieldSlot): Value {
  const epoch = env.epoch;
  if (epoch === undefined) return nfcValue(resolveStored(env.fact, slot.segments));
  if (slot.nfcEpoch === epoch) return slot.nfc;
  const v = nfcValue(readStored(env, slot));
  slot.nfcEpoch = epoch;
  slot.nfc = v;
  return v;
}

/**
 * The fact's field at `slot` as the fact stores it: a string not yet in NFC (E10). For the
 * closures that compare it natively first and normalize only when that cannot decide
 * (`passes`): the NFC check of every string read was a fifth of the quick start (issue 41).
 */
function readStored(env: Env, slot: FieldSlot): Value {
  const epoch = env.epoch;
  if (epoch === undefined) return resolveStored(env.fact, slot.segments);
  return readInFact(env, slot, epoch);
}

/** `fact`'s field at `slot`, read once in the evaluation numbered `epoch` (an error is not kept). */
export function readSlot(fact: Value, slot: FieldSlot, epoch: number): Value {
  if (slot.nfcEpoch === epoch) return slot.nfc;
  const v = nfcValue(readSlotStored(fact, slot, epoch));
  slot.nfcEpoch = epoch;
  slot.nfc = v;
  return v;
}

/** `readSlot` before NFC: the slot keeps the value as the fact stores it. */
function readSlotStored(fact: Value, slot: FieldSlot, epoch: number): Value {
  if (slot.epoch === epoch) return slot.value;
  const v = resolveStored(fact, slot.segments);
  slot.epoch = epoch;
  slot.value = v;
  return v;
}

export type Fn = (env: Env) => Value;

export interface CompiledTree {
  readonly fn: Fn;
  /** Nodes in preorder; ids index `Env.trace`. */
  readonly nodes: readonly ExprNode[];
}

function warn(env: Env, code: EvalCode, en: string, zh: string): void {
  env.warnings.push({ code, rule: env.rule, message: { en, zh } });
}

function fail(code: EvalCode, en: string, zh: string): never {
  throw new EvaluationError(code, { en, zh });
}

/** Counts one visited list element against the rule's budget (E4). */
function step(env: Env): void {
  if (++env.steps > MAX_STEPS)
    fail(
      'step_limit',
      `the rule visited more than ${MAX_STEPS} list elements (E4)`,
      `规则访问的列表元素超过 ${MAX_STEPS} 个（E4）`,
    );
}

/** A literal node's value: the trace shows it even where the evaluation did not need it. */
export function literalNodeValue(n: ExprNode): Value {
  // `literal` reads only `type` and `value`: the node itself, not a copy without `node`.
  return literal(n as ExprNode & LiteralValue);
}

function literal(v: LiteralValue): Value {
  switch (v.type) {
    case 'string':
    case 'duration':
      return v.value;
    case 'boolean':
      return v.value;
    case 'null':
      return null;
    case 'number':
      return numberLiteral(v.value);
    case 'list':
      return v.value.map(literal);
  }
}

/**
 * A number literal's value: a JS number when the double's shortest text, at scale 14, is this
 * canonical decimal (fast native comparisons), else the exact Rational of the text.
 */
export function numberLiteral(text: string): Value {
  const n = Number(text);
  if (fewDigits(text)) return n;
  return numberLiteralSlow(text, n);
}

/** `numberLiteral` through decimal.js, for every text (the reference its fast path is tested against). */
export function numberLiteralSlow(text: string, n = Number(text)): Value {
  if (canonicalDecimal(new Decimal(n)) === text) return n;
  return Rational.fromDecimalText(text) ?? n;
}

/** Canonical decimal text (scale 14, no leading zeros); the sign of zero is checked by `fewDigits`. */
const CANONICAL_NUMBER = /^-?(?:0|[1-9]\d*)\.\d{14}$/;

/**
 * True when `text` is a canonical decimal of 1–15 significant digits: its nearest double's
 * shortest text is then the same decimal (every decimal of ≤ 15 significant digits survives the
 * round trip through a double), so `numberLiteralSlow` would keep the JS number — without
 * building a Decimal (about half the time of `new Evaluator` on 1,000 rules went there).
 */
function fewDigits(text: string): boolean {
  if (!CANONICAL_NUMBER.test(text)) return false;
  let first = -1;
  let last = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c > 48 && c <= 57) {
      if (first < 0) first = i;
      last = i;
    }
  }
  if (first < 0) return text.charCodeAt(0) !== 45; // zero: "-0.…" is not canonical
  const point = text.indexOf('.');
  const digits = last - first + 1 - (first < point && point < last ? 1 : 0);
  return digits <= 15;
}

/** E10: fact strings are NFC-normalized where they are read (ASCII, the common case, is already NFC). */
export function nfcValue(v: Value): Value {
  if (typeof v !== 'string') return v;
  for (let i = 0; i < v.length; i++) if (v.charCodeAt(i) > 0x7f) return v.normalize('NFC');
  return v;
}

/**
 * Key-path lookup (§7.0.1); numeric segments index lists. A non-finite number (NaN, ±Infinity —
 * not JSON, so outside the input contract) is an evaluation error where it is read, folded by
 * E12: it must never compare (NaN would make `gte` and `lte` both true).
 */
export function resolvePath(root: Value, segments: readonly string[]): Value {
  return nfcValue(resolveStored(root, segments));
}

/** `resolvePath` before NFC: a string as the fact stores it. */
function resolveStored(root: Value, segments: readonly string[]): Value {
  return walkPath(root, segments, 0);
}

/**
 * The evaluated fact's own field `key`, the first of a path (`readInFact`): the fact is a mapping
 * (checkFactShape said so as the evaluation began, and no condition is run on a fact that is not),
 * so its field is its own property or nothing, without asking its prototype again.
 */
function factField(fact: Value, key: string): Value {
  const o = fact as { readonly [key: string]: Value };
  return Object.hasOwn(o, key) ? o[key] : nfcKey(o, key);
}

/** The rest of one compiled path, from its first field's value on (FieldSlot.rest). */
type RestReader = (first: Value) => Value;

/**
 * `walkPath(first, segments, 1)`, as a closure made for a path of 1, 2 or 3 segments (most fact
 * paths): a load per segment, with no loop over the segments and no test of the segment count
 * (walkPath was a quarter of the quick start, issue 41). The same reads: own properties only, the
 * NFC key on a miss, a non-finite number refused; a list or a scalar on the way, or a path with a
 * key in VALUE_KEYS, goes to `walkPath`.
 */
function restReader(segments: readonly string[]): RestReader {
  const [, b, c] = segments as [string, string, string];
  // A key that a value which is not a mapping has as its own (an exact number's, a date's):
  // such a path always goes through walkPath, so below an own key is a mapping's field.
  const direct = segments.every((s, i) => i === 0 || !VALUE_KEYS.has(s));
  switch (direct ? segments.length : 0) {
    case 1:
      return finite;
    case 2:
      return (o) => {
        if (!isObjectNotList(o)) return walkPath(o, segments, 1);
        return finite(Object.hasOwn(o, b) ? o[b] : nfcKey(o, b));
      };
    case 3:
      return (o) => {
        if (!isObjectNotList(o)) return walkPath(o, segments, 1);
        const p = Object.hasOwn(o, b) ? o[b] : nfcKey(o, b);
        if (!isObjectNotList(p)) return walkPath(p, segments, 2);
        return finite(Object.hasOwn(p, c) ? p[c] : nfcKey(p, c));
      };
    default:
      return (o) => walkPath(o, segments, 1);
  }
}

/**
 * The own keys of the values that are objects but not mappings (an exact number, a date): walkPath
 * reads no field of them. `restReader` reads any other key as an own property of any object but a
 * list without asking the object's prototype (Object.getPrototypeOf was 7% of the quick start once
 * other documents had been evaluated, issue 41): such a value has no own property of that key,
 * so it reads nothing, as walkPath does.
 */
const VALUE_KEYS: ReadonlySet<string> = new Set([
  ...Object.getOwnPropertyNames(Rational.ZERO),
  ...Object.getOwnPropertyNames(Rational.fromDecimalText('0.1') ?? Rational.ZERO),
  ...Object.getOwnPropertyNames(new DateValue(0)),
]);

/** An object that is not a list: a mapping, or a value that is not one (see VALUE_KEYS). */
function isObjectNotList(v: Value): v is { readonly [key: string]: Value } {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** `v`, unless it is a non-finite number: refused as `walkPath` refuses it. */
function finite(v: Value): Value {
  if (typeof v === 'number' && !Number.isFinite(v)) notFinite(v);
  return v;
}

function notFinite(v: number): never {
  return fail(
    'fact_invalid',
    `the fact holds ${v}, which is not a finite number`,
    `事实中的 ${v} 不是有限数字`,
  );
}

/** The rest of a key path from segment `from` on (resolvePath). */
function walkPath(root: Value, segments: readonly string[], from: number): Value {
  let v: Value = root;
  for (let i = from; i < segments.length; i++) {
    if (typeof v !== 'object' || v === null) return undefined;
    const s = segments[i] as string;
    // A plain mapping (a JSON object), the common case, tested first by its prototype: cheaper
    // than the Array.isArray and instanceof tests below (this function was half of quick start).
    const proto = Object.getPrototypeOf(v);
    if (proto === Object.prototype || (proto === null && !Array.isArray(v))) {
      const o = v as { readonly [key: string]: Value };
      v = Object.hasOwn(o, s) ? o[s] : nfcKey(o, s);
    } else if (Array.isArray(v)) {
      if (!/^\d+$/.test(s)) return undefined;
      v = (v as readonly Value[])[Number(s)];
    } else {
      // An exact number (or a date) is a value, not a mapping: it has no fields (its own
      // properties are its representation).
      if (v instanceof Rational || v instanceof DateValue) return undefined;
      const o = v as { readonly [key: string]: Value };
      v = Object.hasOwn(o, s) ? o[s] : nfcKey(o, s);
    }
  }
  return finite(v);
}

/**
 * E10 for keys: a fact key written decomposed ("cafe\u0301") is the NFC path segment ("café").
 * Only looked for on a miss, and only for a non-ASCII segment (an ASCII string is its own NFC).
 */
function nfcKey(o: { readonly [key: string]: Value }, segment: string): Value {
  if (isAscii(segment)) return undefined; // paths are NFC already (compiled)
  for (const k in o)
    if (Object.hasOwn(o, k) && !isAscii(k) && k.normalize('NFC') === segment) return o[k];
  return undefined;
}

function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 0x7f) return false;
  return true;
}

const truthy = (v: Value) => v === true;

/** The field an operand reads (a `field` or `var` node), to name in a missing-operand error. */
function readPath(n: ExprNode | undefined): string | null {
  return n !== undefined && (n.node === 'field' || n.node === 'var') ? n.path : null;
}

/**
 * A missing (or null) operand, named by the field it reads when it reads one: "days_between: date
 * context.order.paid_date is missing", not just "date is missing".
 */
function missingOperand(
  node: string,
  v: null | undefined,
  what: { en: string; zh: string },
  path: string | null,
): never {
  if (path === null)
    fail('missing_operand', `${node}: ${what.en} is missing`, `${node}：${what.zh}缺失`);
  return v === null
    ? fail(
        'missing_operand',
        `${node}: ${what.en} ${path} is null`,
        `${node}：${what.zh}${zhQuote(path)}为空值`,
      )
    : fail(
        'missing_operand',
        `${node}: ${what.en} ${path} is missing`,
        `${node}：${what.zh}${zhQuote(path)}未提供`,
      );
}

function number(v: Value, node: string, path: string | null = null): number | Rational {
  if (isNumeric(v)) return v;
  if (v === undefined || v === null) missingOperand(node, v, { en: 'operand', zh: '操作数' }, path);
  return fail(
    'type_mismatch',
    `${node}: expected a number, got ${typeName(v)}`,
    `${node}：需要数字，实际为 ${typeName(v)}`,
  );
}

function list(env: Env, v: Value, node: string): readonly Value[] | null {
  if (!Array.isArray(v)) {
    if (v !== undefined)
      warn(
        env,
        'type_mismatch',
        `${node}: expected a list, got ${typeName(v)}`,
        `${node}：需要列表，实际为 ${typeName(v)}`,
      );
    return null;
  }
  if (v.length > MAX_ARRAY)
    fail(
      'array_limit',
      `${node}: list has ${v.length} items (limit ${MAX_ARRAY})`,
      `${node}：列表有 ${v.length} 项（上限 ${MAX_ARRAY}）`,
    );
  return v as readonly Value[];
}

function instant(v: Value, node: string, path: string | null = null): number {
  const t = asInstant(v);
  if (t === null) {
    if (v === undefined || v === null) missingOperand(node, v, { en: 'date', zh: '日期' }, path);
    fail(
      'invalid_date',
      // A number as written: every digit of an exact one (ruling I-89), never its JSON string.
      `${node}: ${isNumeric(v) ? numberText(v) : JSON.stringify(v)} is not an ISO 8601 date`,
      joinZh(`${node}：`, isNumeric(v) ? numberText(v) : zhJson(v), '不是 ISO 8601 日期'),
    );
  }
  return t;
}

export function codePointLength(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0xd800 || c > 0xdbff) n++;
  }
  return n;
}

/**
 * Compiles a canonical tree into closures once (E7: this is the one evaluator for every writing
 * form). Regexes are compiled here, not per evaluation.
 */
export function compileTree(
  root: ExprNode,
  traced = false,
  slots?: Map<string, FieldSlot>,
): CompiledTree {
  const nodes: ExprNode[] = [];
  const build = (n: ExprNode): Fn => {
    const id = nodes.length;
    nodes.push(n);
    const fn = buildNode(n, build, traced, slots);
    if (!traced) return fn;
    // The traced build is the same closures, each recording its value by preorder id; an
    // evaluation error is stamped with the id of the node it left first (where it happened).
    return (env) => {
      try {
        const v = fn(env);
        if (env.trace) env.trace[id] = v;
        return v;
      } catch (error) {
        if (error instanceof EvaluationError && error.node === undefined) error.node = id;
        throw error;
      }
    };
  };
  return { fn: build(root), nodes };
}

/**
 * A comparison of a field with a text or (JS) number literal: the field's path and the literal's
 * value, for the specialised closures; undefined for any other operands.
 */
function fieldLiteral(
  n: ExprNode,
  slots: Map<string, FieldSlot> | undefined,
): { readonly slot: FieldSlot; readonly value: string | number } | undefined {
  if (!('args' in n)) return undefined;
  const [x, y] = n.args;
  if (x?.node !== 'field' || y?.node !== 'literal') return undefined;
  const value = literalNodeValue(y);
  return typeof value === 'string' || typeof value === 'number'
    ? { slot: fieldSlot(x.path, slots), value }
    : undefined;
}

/** What an ordering comparison makes of the sign of x compared with y. */
const ORDER_TESTS = {
  gt: (c: number) => c > 0,
  gte: (c: number) => c >= 0,
  lt: (c: number) => c < 0,
  lte: (c: number) => c <= 0,
} as const;

/** `LiteralTest.op`: the comparison, and the literal's type for eq/ne. */
const EQ_TEXT = 0;
const NE_TEXT = 1;
const EQ_NUMBER = 2;
const NE_NUMBER = 3;
const GT = 4;
const GTE = 5;
const LT = 6;
const LTE = 7;
const ORDER_OPS = { gt: GT, gte: GTE, lt: LT, lte: LTE } as const;

/**
 * A comparison of a field with a literal, specialised at compile time by operator and by the
 * literal's type (`passes`): eq/ne with a text (in NFC) or a JS number, gt/gte/lt/lte with a JS
 * number.
 */
interface LiteralTest {
  readonly slot: FieldSlot;
  readonly op: number;
  readonly y: string | number;
}

/**
 * The comparison `n` as a LiteralTest, when it is one (untraced: `fieldLiteral`'s operands, a
 * text literal in NFC — the loader keeps document text in NFC; for anything else, the general
 * closure); else undefined.
 */
function literalTest(
  n: ExprNode,
  slots: Map<string, FieldSlot> | undefined,
): LiteralTest | undefined {
  if (n.node === 'eq' || n.node === 'ne') {
    const lit = fieldLiteral(n, slots);
    if (lit === undefined) return undefined;
    const y = lit.value;
    if (typeof y === 'string')
      return y.normalize('NFC') === y
        ? { slot: lit.slot, op: n.node === 'eq' ? EQ_TEXT : NE_TEXT, y }
        : undefined;
    return { slot: lit.slot, op: n.node === 'eq' ? EQ_NUMBER : NE_NUMBER, y };
  }
  if (n.node === 'gt' || n.node === 'gte' || n.node === 'lt' || n.node === 'lte') {
    const lit = fieldLiteral(n, slots);
    if (lit === undefined || typeof lit.value !== 'number') return undefined;
    return { slot: lit.slot, op: ORDER_OPS[n.node], y: lit.value };
  }
  return undefined;
}

/**
 * Whether the field value `x`, as the fact stores it (readStored), passes `t`. A field of the
 * literal's type compares natively; anything else (missing, a number no double holds, cross-type)
 * goes the general way (`equality`, `order`) on its NFC value. A text equal to the literal's text
 * (in NFC) is in NFC too, so it is equal without the NFC check (E10); only another text is
 * normalized before it is compared. Numbers are never NaN (`resolvePath` refuses non-finite ones).
 */
function passes(t: LiteralTest, x: Value): boolean {
  const y = t.y;
  switch (t.op) {
    case EQ_TEXT:
      return typeof x === 'string' ? x === y || nfcValue(x) === y : equalsOther(x, y, true);
    case NE_TEXT:
      return typeof x === 'string' ? x !== y && nfcValue(x) !== y : equalsOther(x, y, false);
    case EQ_NUMBER:
      // Text read as stored is never equal to a number; only `equalsOther` reads anything else.
      return typeof x === 'number' ? x === y : equalsOther(nfcValue(x), y, true);
    case NE_NUMBER:
      return typeof x === 'number' ? x !== y : equalsOther(nfcValue(x), y, false);
    case GT:
      return typeof x === 'number' ? x > (y as number) : orderOther(x, y, ORDER_TESTS.gt);
    case GTE:
      return typeof x === 'number' ? x >= (y as number) : orderOther(x, y, ORDER_TESTS.gte);
    case LT:
      return typeof x === 'number' ? x < (y as number) : orderOther(x, y, ORDER_TESTS.lt);
    default:
      return typeof x === 'number' ? x <= (y as number) : orderOther(x, y, ORDER_TESTS.lte);
  }
}

/** eq (want true) or ne (want false) of a value not of the literal's type, in NFC. */
function equalsOther(x: Value, y: string | number, want: boolean): boolean {
  if (x === undefined) return false;
  const same = equality(x, y);
  return same !== null && same === want;
}

/** An ordering comparison of a value that is not a JS number, as the fact stores it. */
function orderOther(stored: Value, y: string | number, test: (c: number) => boolean): boolean {
  if (stored === undefined) return false;
  const c = order(nfcValue(stored), y);
  return c !== null && test(c);
}

/** One LiteralTest as a condition. */
function literalCondition(t: LiteralTest): Fn {
  return (env) => passes(t, readStored(env, t.slot));
}

/**
 * An `and` of LiteralTests (a Simple rule's conditions, a table row's cells): one closure that
 * runs them in order and stops at the first that fails, as `and` does, with no call per
 * condition (issue 41: the calls were a tenth of the quick start).
 */
function literalConjunction(tests: readonly LiteralTest[]): Fn {
  // Whether a test's field starts with the key of the field before it (tool.name, then
  // tool.args.amount): that key is then read once for both, when neither was read before.
  const sameFirst = tests.map(
    (t, i) => i > 0 && t.slot.first === (tests[i - 1] as LiteralTest).slot.first,
  );
  return (env) => {
    const epoch = env.epoch;
    if (epoch === undefined) {
      for (let i = 0; i < tests.length; i++) {
        const t = tests[i] as LiteralTest;
        if (!passes(t, readStored(env, t.slot))) return false;
      }
      return true;
    }
    // readInFact, with the first key's value kept from the test before when it is the same key.
    let first: Value;
    let haveFirst = false;
    for (let i = 0; i < tests.length; i++) {
      const t = tests[i] as LiteralTest;
      const slot = t.slot;
      let x: Value;
      if (slot.epoch === epoch) {
        x = slot.value;
        haveFirst = false;
      } else {
        if (!haveFirst || !sameFirst[i]) {
          first = factField(env.fact, slot.first);
          haveFirst = true;
        }
        x = slot.rest(first);
        slot.epoch = epoch;
        slot.value = x;
      }
      if (!passes(t, x)) return false;
    }
    return true;
  };
}

/** `readStored` of an evaluation's Env (it has an epoch): its fact is a mapping (`factField`). */
function readInFact(env: Env, slot: FieldSlot, epoch: number): Value {
  if (slot.epoch === epoch) return slot.value;
  const v = slot.rest(factField(env.fact, slot.first));
  slot.epoch = epoch;
  slot.value = v;
  return v;
}

/**
 * `eq`/`ne` of a field with a text literal not in NFC (never for a compiled document: the loader
 * keeps text in NFC; kept exact regardless): the field is read in NFC, then compared.
 */
function equalsNonNfcText(slot: FieldSlot, y: string, want: boolean): Fn {
  return (env) => {
    const x = readField(env, slot);
    return typeof x === 'string' ? (x === y) === want : equalsOther(x, y, want);
  };
}

function buildNode(
  n: ExprNode,
  build: (n: ExprNode) => Fn,
  traced: boolean,
  slots: Map<string, FieldSlot> | undefined,
): Fn {
  switch (n.node) {
    case 'field': {
      const slot = fieldSlot(n.path, slots);
      return (env) => readField(env, slot);
    }
    case 'var': {
      const segments = n.path === '$' ? [] : n.path.slice(2).split('.');
      return (env) => resolvePath(env.element, segments);
    }
    case 'literal': {
      const v = literal(n);
      return () => v;
    }
    case 'and': {
      const args = n.args.map(build);
      if (!traced) {
        const tests: LiteralTest[] = [];
        for (const a of n.args) {
          const t = literalTest(a, slots);
          if (t === undefined) break;
          tests.push(t);
        }
        if (tests.length === n.args.length) return literalConjunction(tests);
      }
      if (!traced && args.length === 2) {
        const [a, b] = args as [Fn, Fn];
        return (env) => a(env) === true && b(env) === true;
      }
      return (env) => {
        for (const a of args) if (!truthy(a(env))) return false;
        return true;
      };
    }
    case 'or': {
      const args = n.args.map(build);
      if (!traced && args.length === 2) {
        const [a, b] = args as [Fn, Fn];
        return (env) => a(env) === true || b(env) === true;
      }
      return (env) => {
        for (const a of args) if (truthy(a(env))) return true;
        return false;
      };
    }
    case 'not': {
      const a = build(n.args[0]);
      return (env) => !truthy(a(env));
    }
    case 'eq':
    case 'ne': {
      const [a, b] = n.args.map(build) as [Fn, Fn];
      const nullCheck = n.args[1].node === 'literal' && n.args[1].type === 'null';
      const want = n.node === 'eq';
      // Specialised at compile time (untraced): a field against a text or number literal reads
      // the field directly and compares natively first; the general path below decides the rest.
      const test = traced || nullCheck ? undefined : literalTest(n, slots);
      if (test !== undefined) return literalCondition(test);
      const lit = traced || nullCheck ? undefined : fieldLiteral(n, slots);
      if (lit !== undefined && typeof lit.value === 'string')
        return equalsNonNfcText(lit.slot, lit.value, want);
      // Arithmetic compared on exact fractions of doubles when it can be (exact-double.ts).
      const exact = traced || nullCheck ? null : exactDifference(n, slots);
      return (env) => {
        if (exact !== null) {
          const c = exact(env);
          if (!Number.isNaN(c)) return (c === 0) === want;
        }
        const x = a(env);
        // §7.3(a): "== null / != null" works normally (missing counts as null); any other
        // comparison on a missing field is false, whichever operator.
        if (nullCheck) return (x === undefined || x === null) === want;
        if (x === undefined) return false;
        const y = b(env);
        if (y === undefined) return false;
        // Fast paths: same-type strings and (finite) JS numbers compare natively.
        if (typeof x === 'string' && typeof y === 'string') return (x === y) === want;
        if (typeof x === 'number' && typeof y === 'number') return (x === y) === want;
        // Values that do not compare (cross-type, lists, objects) make eq and ne both false.
        // A computed number compares by its exact value (E2: no rounding before an output node).
        const same = equality(x, y);
        return same !== null && same === want;
      };
    }
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte': {
      const [a, b] = n.args.map(build) as [Fn, Fn];
      const test = ORDER_TESTS[n.node];
      const lit = traced ? undefined : literalTest(n, slots);
      if (lit !== undefined) return literalCondition(lit);
      const exact = traced ? null : exactDifference(n, slots);
      return (env) => {
        if (exact !== null) {
          const c = exact(env);
          if (!Number.isNaN(c)) return test(c); // decided exactly (exact-double.ts)
        }
        const x = a(env);
        if (x === undefined) return false;
        const y = b(env);
        if (typeof x === 'number' && typeof y === 'number') return test(x < y ? -1 : x > y ? 1 : 0);
        const c = order(x, y);
        return c !== null && test(c);
      };
    }
    case 'in': {
      const [a, b] = n.args.map(build) as [Fn, Fn];
      return (env) => {
        const x = a(env);
        if (x === undefined || Array.isArray(x)) return false;
        const set = list(env, b(env), 'in');
        if (!set) return false;
        for (const item of set) {
          step(env);
          if (strictEquals(x, nfcValue(item))) return true;
        }
        return false;
      };
    }
    case 'contains': {
      const [a, b] = n.args.map(build) as [Fn, Fn];
      return (env) => {
        const x = a(env);
        const y = b(env);
        if (typeof x === 'string') return typeof y === 'string' && x.includes(y);
        if (Array.isArray(x)) {
          const items = list(env, x, 'contains') ?? [];
          for (let i = 0; i < items.length; i++) {
            if (!(i in items)) continue; // a hole of a sparse list is not an item (as .some)
            step(env);
            if (strictEquals(nfcValue(items[i]), y)) return true;
          }
          return false;
        }
        return false;
      };
    }
    case 'starts_with':
    case 'ends_with': {
      const [a, b] = n.args.map(build) as [Fn, Fn];
      const starts = n.node === 'starts_with';
      return (env) => {
        const x = a(env);
        const y = b(env);
        if (typeof x !== 'string' || typeof y !== 'string') return false;
        return starts ? x.startsWith(y) : x.endsWith(y);
      };
    }
    case 'match': {
      const a = build(n.args[0]);
      build(n.args[1]);
      const p = n.args[1];
      const source = p.node === 'literal' && p.type === 'string' ? p.value : null;
      // Compiled on the first match, not with the closures: RE2's compile was a third of
      // `new Evaluator` on a document of many patterns, most never reached. The compile step
      // already proved the pattern compiles (tree/regex.ts).
      let pattern: RE2JS | null = null;
      return (env) => {
        const x = a(env);
        if (typeof x !== 'string' || source === null) return false;
        // Characters are Unicode code points, as for `length` (§5.3).
        if (x.length > MAX_MATCH_INPUT && codePointLength(x) > MAX_MATCH_INPUT) {
          fail(
            'regex_input_limit',
            `match: input of ${codePointLength(x)} characters exceeds ${MAX_MATCH_INPUT}`,
            `match：输入 ${codePointLength(x)} 个字符，超过上限 ${MAX_MATCH_INPUT}`,
          );
        }
        pattern ??= RE2JS.compile(source);
        // Whether a match exists anywhere (find's answer) without a Matcher or the positions of
        // the match: RE2's DFA decides it where find runs the backtracker for its bounds.
        return pattern.test(x);
      };
    }
    case 'exists': {
      const a = build(n.args[0]);
      return (env) => {
        const x = a(env);
        return x !== undefined && x !== null;
      };
    }
    case 'length': {
      const a = build(n.args[0]);
      return (env) => {
        const x = a(env);
        if (x === undefined) return 0;
        if (typeof x === 'string') return codePointLength(x);
        if (Array.isArray(x)) return x.length;
        warn(
          env,
          'type_mismatch',
          `length: expected a string or list, got ${typeName(x)}`,
          `length：需要字符串或列表，实际为 ${typeName(x)}`,
        );
        return null;
      };
    }
    case 'between': {
      const [a, lo, hi] = n.args.map(build) as [Fn, Fn, Fn];
      return (env) => {
        const x = a(env);
        const min = lo(env);
        const max = hi(env);
        if (!isNumeric(x) || !isNumeric(min) || !isNumeric(max)) return false;
        return compareNumbers(min, x) <= 0 && compareNumbers(x, max) <= 0;
      };
    }
    case 'all':
    case 'any':
    case 'none': {
      const [over, pred] = n.args.map(build) as [Fn, Fn];
      const kind = n.node;
      return (env) => {
        const items = list(env, over(env), kind);
        if (!items) return false;
        if (items.length === 0) {
          // E8: all/any/none over an empty list fold to false, and the fold is recorded.
          warn(
            env,
            'empty_quantifier',
            `${kind} over an empty list folds to false (E8)`,
            `${kind} 作用于空列表，安全折叠为 false（E8）`,
          );
          return false;
        }
        const saved = env.element;
        try {
          for (const item of items) {
            step(env);
            env.element = item;
            const hit = truthy(pred(env));
            if (kind === 'all' && !hit) return false;
            if (kind === 'any' && hit) return true;
            if (kind === 'none' && hit) return false;
          }
        } finally {
          env.element = saved;
        }
        return kind !== 'any';
      };
    }
    case 'add':
    case 'sub':
    case 'mul':
    case 'div': {
      const [a, b] = n.args.map(build) as [Fn, Fn];
      const op = n.node;
      const [pa, pb] = [readPath(n.args[0]), readPath(n.args[1])];
      // E2: exact (bounded rationals, rational.ts); nothing is rounded until an output node.
      return (env) => {
        const x = toRational(number(a(env), op, pa));
        const y = toRational(number(b(env), op, pb));
        switch (op) {
          case 'add':
            return x.plus(y);
          case 'sub':
            return x.minus(y);
          case 'mul':
            return x.times(y);
          default:
            if (y.isZero()) fail('division_by_zero', 'div: division by zero', 'div：除数为零');
            return x.dividedBy(y);
        }
      };
    }
    case 'round': {
      const a = build(n.args[0]);
      const places = n.places;
      const path = readPath(n.args[0]);
      return (env) => toRational(number(a(env), 'round', path)).roundHalfEven(places);
    }
    case 'days_between': {
      const [a, b] = n.args.map(build) as [Fn, Fn];
      const [pa, pb] = [readPath(n.args[0]), readPath(n.args[1])];
      // Both operands are read, in order, before either is checked: the trace shows what was
      // read, and a missing date is reported as the first one written.
      return (env) => {
        const x = a(env);
        const y = b(env);
        const from = instant(x, 'days_between', pa);
        return Math.floor((instant(y, 'days_between', pb) - from) / MS_PER_DAY);
      };
    }
    case 'epoch_ms': {
      const a = build(n.args[0]);
      const path = readPath(n.args[0]);
      return (env) => instant(a(env), 'epoch_ms', path);
    }
    case 'date_add': {
      const a = build(n.args[0]);
      build(n.args[1]);
      const d = n.args[1];
      const duration =
        d.node === 'literal' && d.type === 'duration' ? parseDuration(d.value) : null;
      const path = readPath(n.args[0]);
      return (env) => {
        const t = instant(a(env), 'date_add', path);
        if (!duration)
          fail('type_mismatch', 'date_add: duration is not a literal', 'date_add：时长不是字面量');
        return new DateValue(addDuration(t, duration));
      };
    }
    case 'date_part': {
      const a = build(n.args[0]);
      const part = n.part;
      const path = readPath(n.args[0]);
      return (env) => datePart(instant(a(env), 'date_part', path), part);
    }
    case 'month_last_day': {
      const a = build(n.args[0]);
      const path = readPath(n.args[0]);
      return (env) => new DateValue(monthLastDay(instant(a(env), 'month_last_day', path)));
    }
    case 'aggregate': {
      const over = build(n.args[0]);
      const value = n.args[1] ? build(n.args[1]) : null;
      const fn = n.fn;
      return (env) => {
        const array = over(env);
        // §7.3(e): a non-array — missing too: "count(missing) is type_mismatch" — is null with a
        // type_mismatch warning, which folds to false.
        if (array === undefined) {
          warn(
            env,
            'type_mismatch',
            `aggregate ${fn}: expected a list, the field is missing`,
            `aggregate ${fn}：需要列表，字段缺失`,
          );
          return null;
        }
        const items = list(env, array, `aggregate ${fn}`);
        if (!items) return null;
        if (fn === 'count') return items.length;
        if (items.length === 0) {
          if (fn === 'sum') return 0;
          warn(
            env,
            'empty_aggregate',
            `${fn} of an empty list folds to false (§7.3(e))`,
            `空列表的 ${fn} 安全折叠为 false（§7.3(e)）`,
          );
          return null;
        }
        const saved = env.element;
        const nums: (number | Rational)[] = [];
        try {
          for (const item of items) {
            step(env);
            let v: Value = item;
            if (value) {
              env.element = item;
              v = value(env);
            }
            if (!isNumeric(v)) {
              warn(
                env,
                'type_mismatch',
                `${fn}: element is ${typeName(v)}, not a number`,
                `${fn}：元素为 ${typeName(v)}，不是数字`,
              );
              return null;
            }
            nums.push(v);
          }
        } finally {
          env.element = saved;
        }
        if (fn === 'min' || fn === 'max') {
          let best = nums[0] as number | Rational;
          for (const x of nums)
            if ((fn === 'min' ? compareNumbers(x, best) : compareNumbers(best, x)) < 0) best = x;
          return best;
        }
        let sum = Rational.ZERO;
        for (const x of nums) sum = sum.plus(toRational(x));
        return fn === 'sum' ? sum : sum.dividedBy(Rational.fromInteger(nums.length));
      };
    }
    case 'within':
    case 'rate': {
      const inner = build(n.args[0]);
      const ms = windowMs(n);
      const limit = n.node === 'rate' ? n.limit : 1;
      // §5.2 ②: within keys on the condition alone (two windows read one log), rate on it + N/window.
      const key = temporalKey(n);
      return (env) => {
        // Post-counting (§5.2 ①): only events where the condition itself holds are counted.
        if (!truthy(inner(env))) return false;
        if (env.asOf === null)
          fail(
            'invalid_date',
            `${n.node}: as_of is not an ISO 8601 instant, so the window cannot be counted (E9)`,
            `${n.node}：as_of 不是 ISO 8601 时刻，无法计数时间窗口（E9）`,
          );
        return env.temporal.hit(key, limit, ms, env.asOf);
      };
    }
  }
}
