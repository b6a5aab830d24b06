import { Decimal } from '../tree/decimal';
import type { LiteralValue } from '../tree/types';
import { groupedDecimal } from '../util/sizes';
import { codePointLabel, hasHidden } from '../util/visible-text';
import {
  DURATION_UNITS,
  type GlossLang,
  LIST_BRACKETS,
  LIST_SEPARATOR,
  LITERAL_WORDS,
  QUOTES,
  REGEX_DELIMITER,
} from './phrases';

/**
 * How a literal reads in a gloss (docs/gloss.md "Literals"):
 * - numbers in their shortest exact decimal form, the whole part grouped ("5,000", "0.15",
 *   "1,234.5"; never the scale-14 tree text, never through a double: util/sizes groupedDecimal);
 * - strings quoted, "…" in English and “…” in Chinese, control characters escaped so a gloss is
 *   always one line, bidi controls and invisible characters shown as `⟨U+202E⟩` (I-88);
 * - booleans and null in words (zh 真 / 假 / 空);
 * - lists in brackets; an empty list in words;
 * - durations humanized ("10 minutes" / "10 分钟");
 * - by context: a `match` pattern verbatim between slashes, an ISO date in a time node bare, a
 *   fraction compared with a ratio as a percentage ("15%", exactly 0.15); the list of an `in`
 *   as its items alone (`items`: “IR”、“KP”、“MM”, the sentence says "one of").
 */
export type LiteralStyle = 'plain' | 'regex' | 'date' | 'percent' | 'items';

/** Shortest exact decimal text of a number literal ("5000.00000000000000" → "5000"). */
export function formatNumber(value: string): string {
  if (!value.includes('.')) return value;
  const trimmed = value.replace(/0+$/, '').replace(/\.$/, '');
  return trimmed === '-0' ? '0' : trimmed;
}

const DECIMAL_TEXT = /^-?\d+(?:\.\d+)?$/;

/** 0.15 → "15%": the same number, exactly (decimal arithmetic, no float). */
export function formatPercent(value: string): string {
  if (!DECIMAL_TEXT.test(value)) return formatNumber(value);
  return `${formatNumber(new Decimal(value).times(100).toFixed())}%`;
}

/** True when a number literal reads better as a percentage: strictly between -1 and 1, not 0. */
export function isFraction(value: string): boolean {
  if (!DECIMAL_TEXT.test(value)) return false;
  const d = new Decimal(value);
  return !d.isZero() && d.abs().lt(1);
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ][0-9:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** Control characters (C0, DEL, C1, line/paragraph separators) → escapes: one line per gloss. */
function isControl(code: number): boolean {
  return code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
}

/**
 * Control characters as escapes, and the characters a reader cannot see — bidi controls and
 * invisible characters — as `⟨U+202E⟩` (I-88): a gloss reads exactly what runs.
 */
function escapeControls(s: string): string {
  let out = '';
  const hidden = hasHidden(s);
  for (const c of s) {
    const code = c.codePointAt(0) ?? 0;
    if (!isControl(code)) out += hidden && hasHidden(c) ? codePointLabel(code) : c;
    else if (c === '\n') out += '\\n';
    else if (c === '\r') out += '\\r';
    else if (c === '\t') out += '\\t';
    else out += `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`;
  }
  return out;
}

export function formatString(value: string, lang: GlossLang): string {
  const [open, close] = QUOTES[lang];
  return `${open}${escapeControls(value)}${close}`;
}

const DURATION = /^(-?\d+)(mo|s|m|h|d|w|y)$/;

/** "10m" → "10 minutes" / "10 分钟"; "1h" → "1 hour". Unknown text is shown as written. */
export function formatDuration(value: string, lang: GlossLang): string {
  const m = DURATION.exec(value);
  const unit = m && DURATION_UNITS[m[2] as string];
  if (!m || !unit) return escapeControls(value);
  const n = m[1] as string;
  if (lang === 'zh') return `${n} ${unit.zh}`;
  return `${n} ${n === '1' || n === '-1' ? unit.en[0] : unit.en[1]}`;
}

export function formatLiteral(
  lit: LiteralValue,
  lang: GlossLang,
  style: LiteralStyle = 'plain',
): string {
  switch (lit.type) {
    case 'number':
      return groupedDecimal(
        style === 'percent' ? formatPercent(lit.value) : formatNumber(lit.value),
      );
    case 'string':
      if (style === 'regex')
        return `${REGEX_DELIMITER}${escapeControls(lit.value)}${REGEX_DELIMITER}`;
      if (style === 'date' && ISO_DATE.test(lit.value)) return lit.value;
      return formatString(lit.value, lang);
    case 'boolean':
      return (lit.value ? LITERAL_WORDS.true : LITERAL_WORDS.false)[lang];
    case 'null':
      return LITERAL_WORDS.null[lang];
    case 'duration':
      return formatDuration(lit.value, lang);
    case 'list': {
      if (lit.value.length === 0) return LITERAL_WORDS.emptyList[lang];
      const items = lit.value.map((v) =>
        formatLiteral(v, lang, style === 'date' ? 'date' : 'plain'),
      );
      const joined = items.join(LIST_SEPARATOR[lang]);
      if (style === 'items' && lang === 'zh') return joined;
      const [open, close] = LIST_BRACKETS[lang];
      return `${open}${joined}${close}`;
    }
  }
}
