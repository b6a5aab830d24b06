import { Decimal } from '../tree/decimal';
import { DateValue } from './date-value';
import { parseInstant } from './time';

export { DateValue };

/**
 * Runtime values. Facts arrive as plain JSON-like data; numbers stay JS numbers until arithmetic
 * needs decimals (E2), so the common comparisons run on native numbers. `undefined` is the E11
 * "missing" sentinel; `null` is a present null. Time nodes produce `DateValue`s (UTC instants).
 */

export type Value =
  | undefined
  | null
  | boolean
  | string
  | number
  | Decimal
  | DateValue
  | readonly Value[]
  | { readonly [key: string]: Value };

export function isDecimal(v: unknown): v is Decimal {
  return v instanceof Decimal;
}

export function isNumeric(v: Value): v is number | Decimal {
  return typeof v === 'number' || v instanceof Decimal;
}

export function toDecimal(v: number | Decimal): Decimal {
  return typeof v === 'number' ? new Decimal(v) : v;
}

/** Numeric order by value; native when both are JS numbers (exact for doubles, see below). */
export function compareNumbers(a: number | Decimal, b: number | Decimal): number {
  if (typeof a === 'number' && typeof b === 'number') return a < b ? -1 : a > b ? 1 : 0;
  return toDecimal(a).cmp(toDecimal(b));
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
    !(v instanceof Decimal) &&
    !(v instanceof DateValue)
  );
}

/**
 * Strict equality without conversion (§5.2): numbers by value, strings exactly (both NFC),
 * booleans, dates by instant; lists and objects are never equal to anything; cross-type is false.
 */
export function strictEquals(a: Value, b: Value): boolean {
  if (a instanceof DateValue || b instanceof DateValue) return dateOrder(a, b) === 0;
  if (typeof a === 'string') return typeof b === 'string' && a === b;
  if (isNumeric(a)) return isNumeric(b) && compareNumbers(a, b) === 0;
  if (typeof a === 'boolean') return a === b;
  if (a === null) return b === null;
  if (a instanceof DateValue) return b instanceof DateValue && a.ms === b.ms;
  return false;
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

/**
 * E2: arithmetic keeps 60 significant digits; a number is rounded to scale 14 (half-even) where
 * it leaves arithmetic — when compared, and when written to a result or trace.
 */
export function atOutput(v: Value): Value {
  return v instanceof Decimal ? v.toDecimalPlaces(14, Decimal.ROUND_HALF_EVEN) : v;
}

/** The value as plain JSON for traces, results and hashes: numbers canonical at scale 14. */
export function toJson(v: Value): unknown {
  if (v === undefined) return null;
  if (v instanceof Decimal) return Number(v.toFixed(14, Decimal.ROUND_HALF_EVEN));
  if (v instanceof DateValue) return v.toJSON();
  if (Array.isArray(v)) return v.map(toJson);
  if (isRecord(v)) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = toJson(x);
    return out;
  }
  return v;
}

export function typeName(v: Value): string {
  if (v === undefined) return 'missing';
  if (v === null) return 'null';
  if (isNumeric(v)) return 'number';
  if (v instanceof DateValue) return 'date';
  if (Array.isArray(v)) return 'list';
  return typeof v === 'object' ? 'object' : typeof v;
}
