import { decimalText, JsonNumber } from '../data/json-number';
import { canonicalJson } from '../tree/canonical';
import { DateValue } from './date-value';
import { Rational } from './rational';
import { parseInstant } from './time';

export { DateValue, Rational };

/**
 * Runtime values. Facts arrive as plain JSON-like data; numbers stay JS numbers until arithmetic
 * needs exact values (E2: bounded rationals, ruling I-33), so the common comparisons run on native
 * numbers. `undefined` is the E11 "missing" sentinel; `null` is a present null. Time nodes produce
 * `DateValue`s (UTC instants).
 */

export type Value =
  | undefined
  | null
  | boolean
  | string
  | number
  | Rational
  | DateValue
  | readonly Value[]
  | { readonly [key: string]: Value };

/** A number (a finite JS number or a Rational). NaN and ±Infinity are not numbers (§7.0.1). */
export function isNumeric(v: Value): v is number | Rational {
  return typeof v === 'number' ? Number.isFinite(v) : v instanceof Rational;
}

/** The exact value of a number: a double reads as its shortest decimal text (0.1 is 1/10). */
export function toRational(v: number | Rational): Rational {
  return typeof v === 'number' ? Rational.fromNumber(v) : v;
}

/**
 * Numeric order by exact value; native when both are JS numbers (two doubles order as the
 * decimals they read as, since distinct doubles have distinct shortest texts).
 */
export function compareNumbers(a: number | Rational, b: number | Rational): number {
  if (typeof a === 'number' && typeof b === 'number') return a < b ? -1 : a > b ? 1 : 0;
  return toRational(a).cmp(toRational(b));
}

/** Unicode code point order (§5.2), not UTF-16 code unit order. */
export function compareStrings(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // A surrogate starts a supplementary code point (≥ U+10000), which sorts after every BMP
    // character, even U+E000–U+FFFF whose code units are larger.
    const xs = x >= 0xd800 && x <= 0xdfff;
    const ys = y >= 0xd800 && y <= 0xdfff;
    if (xs !== ys) return xs ? 1 : -1;
    return x < y ? -1 : 1;
  }
  return a.length - b.length;
}

export function isList(v: Value): v is readonly Value[] {
  return Array.isArray(v);
}

export function isRecord(v: Value): v is { readonly [key: string]: Value } {
  return (
    typeof v === 'object' &&
    v !== null &&
    !Array.isArray(v) &&
    !(v instanceof Rational) &&
    !(v instanceof DateValue)
  );
}

/**
 * Strict equality without conversion (§5.2): numbers by value, strings exactly (both NFC),
 * booleans, null, dates by instant. Returns null when the two values do not compare at all —
 * different types, lists, objects, a date against text that is not a date — so that `eq` **and**
 * `ne` are both false for them (ruling I-32: "100" ne 100 is false).
 */
export function equality(a: Value, b: Value): boolean | null {
  if (a instanceof DateValue || b instanceof DateValue) {
    const c = dateOrder(a, b);
    return c === null ? null : c === 0;
  }
  if (typeof a === 'string') return typeof b === 'string' ? a === b : null;
  if (isNumeric(a)) return isNumeric(b) ? compareNumbers(a, b) === 0 : null;
  if (typeof a === 'boolean') return typeof b === 'boolean' ? a === b : null;
  if (a === null) return b === null ? true : null;
  return null;
}

/** True only when the two values compare and are equal (see `equality`). */
export function strictEquals(a: Value, b: Value): boolean {
  return equality(a, b) === true;
}

/** Ordering for gt/gte/lt/lte: same-type numbers, strings or dates; otherwise not comparable. */
export function order(a: Value, b: Value): number | null {
  if (isNumeric(a) && isNumeric(b)) return compareNumbers(a, b);
  if (typeof a === 'string' && typeof b === 'string') return compareStrings(a, b);
  if (a instanceof DateValue || b instanceof DateValue) return dateOrder(a, b);
  return null;
}

/**
 * A date computed by a time node compares with another date or with ISO 8601 text (a date
 * literal); nothing else. Text is parsed by the same UTC rules as time nodes (§7.3(f)).
 */
function dateOrder(a: Value, b: Value): number | null {
  const x = a instanceof DateValue ? a.ms : typeof a === 'string' ? parseInstant(a) : null;
  const y = b instanceof DateValue ? b.ms : typeof b === 'string' ? parseInstant(b) : null;
  return x === null || y === null ? null : x - y;
}

/** E2 output scale: a computed number is written with 14 decimals, half-even (ruling I-33). */
export const OUTPUT_SCALE = 14;

/** Nesting written by `toJson`; deeper parts (or a cycle) become the text "…" (traces only). */
export const MAX_JSON_DEPTH = 64;

/**
 * The value as plain JSON for traces, results and hashes — E2's output node: an exact computed
 * number is rounded here, and only here, to scale 14 half-even (ruling I-33). A part
 * nested deeper than MAX_JSON_DEPTH is written as "…", so a hostile fact (deep or cyclic) never
 * overflows the stack; hashed facts are validated first (fact.ts) and never reach that depth.
 */
export function toJson(v: Value, depth = 0): unknown {
  if (v === undefined) return null;
  if (v instanceof Rational) return Number(v.written ?? v.toFixed(OUTPUT_SCALE));
  if (v instanceof DateValue) return v.toJSON();
  if (typeof v !== 'object' || v === null) return v;
  if (depth >= MAX_JSON_DEPTH) return '…';
  if (Array.isArray(v)) return v.map((x) => toJson(x, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) defineKey(out, k, toJson(x, depth + 1));
  return out;
}

/**
 * The decimal a number is written out as (ruling I-89): a number read from a fact exactly as
 * written (`written`), a computed one rounded half-even to scale 14 (I-33), a double as its
 * shortest round-trip text; always the canonical text of data/json-number.ts.
 */
export function numberText(v: number | Rational): string {
  if (typeof v === 'number') return String(v);
  if (v.written !== undefined) return v.written;
  const fixed = v.toFixed(OUTPUT_SCALE);
  const negative = fixed.startsWith('-');
  const unsigned = negative ? fixed.slice(1) : fixed;
  return decimalText(negative, unsigned.replace('.', ''), -OUTPUT_SCALE);
}

/**
 * `toJson` with every number exact: one that no double holds (a fact's 9007199254740993, a
 * computed value's 14 decimals beyond a double's precision) is a JsonNumber, which the kernel's
 * JSON writer (tree/canonical.ts) writes by its decimal text. For the result hash's fact and the
 * exact text of trace values (`exactJsonText`).
 */
export function toExactJson(v: Value, depth = 0): unknown {
  if (v instanceof Rational) return JsonNumber.of(numberText(v));
  if (typeof v !== 'object' || v === null || v instanceof DateValue) return toJson(v, depth);
  if (depth >= MAX_JSON_DEPTH) return '…';
  if (Array.isArray(v)) return v.map((x) => toExactJson(x, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) defineKey(out, k, toExactJson(x, depth + 1));
  return out;
}

/**
 * The value's JSON text with every number exact (canonical JSON: keys sorted), when `toJson`
 * would lose a digit of it; undefined when `toJson` writes it exactly (nearly always).
 */
export function exactJsonText(v: Value): string | undefined {
  if (v instanceof Rational) {
    const n = JsonNumber.of(numberText(v));
    return typeof n === 'number' ? undefined : n.text;
  }
  if (typeof v !== 'object' || v === null || !holdsRational(v, 0)) return undefined;
  const exact = toExactJson(v);
  const text = canonicalJson(exact);
  return text === canonicalJson(toJson(v)) ? undefined : text;
}

function holdsRational(v: Value, depth: number): boolean {
  if (v instanceof Rational) return true;
  if (typeof v !== 'object' || v === null || v instanceof DateValue || depth >= MAX_JSON_DEPTH)
    return false;
  if (Array.isArray(v)) return v.some((x) => holdsRational(x, depth + 1));
  for (const k in v)
    if (Object.hasOwn(v, k) && holdsRational((v as Record<string, Value>)[k], depth + 1))
      return true;
  return false;
}

/** Sets an own data property, also for the key "__proto__" (a plain assignment would not). */
export function defineKey(o: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
  else o[key] = value;
}

export function typeName(v: Value): string {
  if (v === undefined) return 'missing';
  if (v === null) return 'null';
  if (isNumeric(v)) return 'number';
  if (typeof v === 'number') return 'non-finite number';
  if (v instanceof DateValue) return 'date';
  if (Array.isArray(v)) return 'list';
  return typeof v === 'object' ? 'object' : typeof v;
}
