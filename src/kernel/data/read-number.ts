/**
 * A number as written in fact data — a JSON number token, a YAML 1.2 core-schema int or float, a
 * CSV cell — read with every digit (issue #35 §3, ruling I-89). A number whose decimal is the
 * shortest round-trip text of a double stays a JS number (fast native comparisons); any other
 * (`9007199254740993`, `5000.00000000000001`, `1e-400`) is an exact Rational that remembers its
 * text, so comparisons, arithmetic, hashes and traces see what was written. A number beyond the
 * double range (`1e400`) or beyond the kernel's bounded rationals is refused, quoting what was
 * written — never read as Infinity, 0 or a rounded value.
 */
import type { Bilingual } from '../diagnostics/diagnostic';
import { EvaluationError } from '../eval/errors';
import { MAX_BITS, Rational } from '../eval/rational';
import { zhQuote } from '../util/quote';
import { decimalText } from './json-number';

/** Significant digits a fact number may have (a double has 17; the bound keeps BigInt work small). */
export const MAX_FACT_NUMBER_DIGITS = 1000;

export type NumberRead =
  | { readonly ok: true; readonly value: number | Rational }
  | { readonly ok: false; readonly problem: 'range' | 'digits' | 'not-finite' | 'syntax' };

/** Decimal and exponent forms: JSON's, and YAML 1.2 core's (`+1`, `.5`, `5.`). */
const DECIMAL = /^([-+]?)(\d*)(?:\.(\d*))?(?:[eE]([-+]?\d+))?$/;
const HEX_OR_OCTAL = /^([-+]?)0(x[0-9a-fA-F]+|o[0-7]+)$/;
const NOT_FINITE = /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;

/**
 * Plain decimals of at most 15 digits (leading zeros counted): every double reads back as such a
 * decimal (15 significant digits always round-trip), so `Number` is exact — the common case.
 */
const SHORT_DECIMAL = /^-?(?:\d{1,15}|(?=[\d.]{3,16}$)\d+\.\d+)$/;

/** Reads a number's source text exactly; `problem` says why it cannot be a fact number. */
export function readNumberText(source: string): NumberRead {
  if (SHORT_DECIMAL.test(source)) return { ok: true, value: Number(source) };
  const m = DECIMAL.exec(source);
  if (m) {
    const [, sign = '', int = '', frac = '', exp] = m;
    if (int === '' && frac === '') return { ok: false, problem: 'syntax' };
    return exactDecimal(sign === '-', int + frac, exp, frac.length);
  }
  const h = HEX_OR_OCTAL.exec(source);
  if (h) {
    const [, sign = '', body = ''] = h;
    if (body.length > MAX_FACT_NUMBER_DIGITS * 4) return { ok: false, problem: 'digits' };
    return exactDecimal(sign === '-', BigInt(`0${body}`).toString(), undefined, 0);
  }
  if (NOT_FINITE.test(source)) return { ok: false, problem: 'not-finite' };
  return { ok: false, problem: 'syntax' };
}

function exactDecimal(
  negative: boolean,
  digits: string,
  expText: string | undefined,
  fractionDigits: number,
): NumberRead {
  let start = 0;
  while (start < digits.length && digits.charCodeAt(start) === 48) start++;
  let end = digits.length;
  while (end > start && digits.charCodeAt(end - 1) === 48) end--;
  // Zero, however written (0, -0.0, 0e999): the JS number, as JSON.parse reads it.
  if (start === end) return { ok: true, value: negative ? -0 : 0 };
  const significant = digits.slice(start, end);
  // An exponent of more than 6 digits is out of any range a fact number can have.
  const expDigits = expText?.replace(/^[-+]?0*/, '') ?? '';
  if (expDigits.length > 6) return { ok: false, problem: 'range' };
  const e = (expText === undefined ? 0 : Number(expText)) - fractionDigits + (digits.length - end);
  // The double range: a magnitude a double would round to Infinity is out of range (as JSON
  // readers everywhere would make it); ECMAScript's n (x = s × 10^(n − k)) past 309 always is.
  const n = e + significant.length;
  if (n > 309) return { ok: false, problem: 'range' };
  if (significant.length > MAX_FACT_NUMBER_DIGITS) return { ok: false, problem: 'digits' };
  const text = decimalText(negative, significant, e);
  const x = Number(text);
  if (!Number.isFinite(x)) return { ok: false, problem: 'range' };
  if (String(x) === text) return { ok: true, value: x };
  // Below the bounded rationals' reach (the denominator 10^-e must stay under 2^MAX_BITS).
  if (-e > MAX_BITS) return { ok: false, problem: 'range' };
  try {
    const big = BigInt(negative ? `-${significant}` : significant);
    const value =
      e >= 0
        ? Rational.written(big * 10n ** BigInt(e), 1n, text)
        : Rational.written(big, 10n ** BigInt(-e), text);
    return { ok: true, value };
  } catch (error) {
    if (error instanceof EvaluationError) return { ok: false, problem: 'range' };
    throw error;
  }
}

/** At most this many characters of a written number are quoted in a message. */
const QUOTED = 40;

/**
 * Why the number written as `source` is refused, quoting it as written; `where` (e.g. "at line 3,
 * column 12" / "（第 3 行第 12 列）") is placed after the number.
 */
export function numberProblem(
  source: string,
  problem: 'range' | 'digits' | 'not-finite' | 'syntax',
  where: Bilingual = { en: '', zh: '' },
): Bilingual {
  const shown = source.length > QUOTED ? `${source.slice(0, QUOTED - 1)}…` : source;
  const at = where.en === '' ? '' : ` ${where.en}`;
  switch (problem) {
    case 'range':
      return {
        en: `${shown}${at} is out of range: a fact number must be finite as a JSON double (magnitude below 1.8e308) and fit the kernel's exact arithmetic`,
        zh: `数字${zhQuote(source, QUOTED)}${where.zh}超出范围：事实中的数字须在 JSON 双精度数的有限范围内（绝对值小于 1.8e308），并能由内核精确运算`,
      };
    case 'digits':
      return {
        en: `${shown}${at} has more than ${MAX_FACT_NUMBER_DIGITS} significant digits`,
        zh: `数字${zhQuote(source, QUOTED)}${where.zh}的有效数字超过 ${MAX_FACT_NUMBER_DIGITS} 位`,
      };
    case 'not-finite':
      return {
        en: `${shown}${at} is not a finite number (facts are JSON data)`,
        zh: `${zhQuote(source, QUOTED)}${where.zh}不是有限数字（事实须为 JSON 数据）`,
      };
    case 'syntax':
      return {
        en: `${shown}${at} is not a number`,
        zh: `${zhQuote(source, QUOTED)}${where.zh}不是数字`,
      };
  }
}
