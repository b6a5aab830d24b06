import DecimalJs from 'decimal.js';

/**
 * Fixed-point decimal (E2, §7.3(c)): one Decimal configuration for the whole kernel.
 * 60 significant digits keep every intermediate exact for ≤ 30 integer + 14 fractional digits,
 * so nothing is rounded twice; output nodes round to scale 14, half-even, never exponent notation.
 */
export const Decimal = DecimalJs.clone({
  precision: 60,
  rounding: DecimalJs.ROUND_HALF_EVEN,
  toExpNeg: -100,
  toExpPos: 100,
});
export type Decimal = DecimalJs;

export const SCALE = 14;
/** Integer digits a number literal may have (ruling in docs/interpretations.md). */
export const MAX_INTEGER_DIGITS = 30;

/** Canonical decimal string: scale 14, half-even, no exponent, no negative zero. */
export function canonicalDecimal(d: DecimalJs): string {
  const s = d.toFixed(SCALE, DecimalJs.ROUND_HALF_EVEN);
  return /^-0\.0+$/.test(s) ? s.slice(1) : s;
}

const DECIMAL_SOURCE = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/;

/**
 * Parses a number as written in YAML/JSON source (never via a JS double, so 0.1 stays 0.1).
 * Returns null for forms that are not finite numbers (.inf, .nan) or out of range.
 */
export function parseNumberSource(source: string): DecimalJs | null {
  const s = source.trim();
  let d: DecimalJs;
  if (DECIMAL_SOURCE.test(s)) d = new Decimal(s);
  else if (/^[-+]?0x[0-9a-fA-F]+$/.test(s) || /^[-+]?0o[0-7]+$/.test(s)) {
    const neg = s.startsWith('-');
    const body = s.replace(/^[-+]/, '');
    d = new Decimal(BigInt(body.replace(/^0o/, '0o')).toString());
    if (neg) d = d.neg();
  } else return null;
  if (!d.isFinite()) return null;
  if (d.abs().gte(new Decimal(10).pow(MAX_INTEGER_DIGITS))) return null;
  return d;
}

/**
 * A number as written in source → its canonical decimal string (`canonicalDecimal` of
 * `parseNumberSource`), or null when that is null. Plain decimals of at most 30 integer and 14
 * fraction digits — nearly every number in a rule — are exact at scale 14, so their canonical form
 * is the digits themselves, zero-padded: written directly, without a Decimal. Anything else goes
 * through decimal.js. tests/fuzz/compile-fast-path.property.test.ts proves both give one answer.
 */
export function canonicalNumberSource(source: string): string | null {
  const m = PLAIN_DECIMAL.exec(source);
  if (m === null) {
    const d = parseNumberSource(source);
    return d === null ? null : canonicalDecimal(d);
  }
  const [, sign, digits, fraction = ''] = m as unknown as [string, string, string, string?];
  let i = 0;
  while (i < digits.length - 1 && digits.charCodeAt(i) === 48) i++; // leading zeros
  const integer = i === 0 ? digits : digits.slice(i);
  const padded = fraction + ZEROS.slice(fraction.length);
  const zero = integer === '0' && /^0*$/.test(fraction);
  return `${sign === '-' && !zero ? '-' : ''}${integer}.${padded}`;
}

/** Sign, at most 30 digits, optionally a point and 1–14 digits; no surrounding space. */
const PLAIN_DECIMAL = /^([-+]?)(\d{1,30})(?:\.(\d{1,14}))?$/;
const ZEROS = '0'.repeat(SCALE);
