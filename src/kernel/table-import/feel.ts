import type { Bilingual } from '../diagnostics/diagnostic';
import { MAX_TABLE_CELL_CHARS } from '../file-limits';
import { grouped } from './limits';

/**
 * FEEL simple unary tests (DMN 1.3/1.4 §7.3.1, the input entries of a decision table) and the
 * unary tests of GoRules JDM tables, read into a small tree (docs/table-import.md). Only what an
 * ERDL cell can say is read; anything else is refused with the reason, so an import never guesses.
 */
export type FeelLiteral =
  | { readonly type: 'number'; readonly source: string; readonly value: number }
  | { readonly type: 'string'; readonly value: string }
  | { readonly type: 'boolean'; readonly value: boolean }
  | { readonly type: 'date'; readonly value: string };

export type FeelComparator = '<' | '<=' | '>' | '>=' | '=' | '!=';

export type FeelTest =
  | { readonly kind: 'any' }
  | { readonly kind: 'compare'; readonly op: FeelComparator; readonly value: FeelLiteral }
  | {
      readonly kind: 'range';
      readonly low: FeelLiteral;
      readonly high: FeelLiteral;
      readonly lowClosed: boolean;
      readonly highClosed: boolean;
    }
  | { readonly kind: 'list'; readonly items: readonly FeelTest[] }
  | { readonly kind: 'not'; readonly inner: FeelTest };

export type FeelRead =
  | { readonly ok: true; readonly test: FeelTest }
  | { readonly ok: false; readonly message: Bilingual };

const refuse = (en: string, zh: string): FeelRead => ({ ok: false, message: { en, zh } });

/** A FEEL name or qualified name without spaces (`limit`, `Complex.aNumber`): not a literal. */
const NAME = /^[A-Za-z_?][\w?]*(?:\.[A-Za-z_?][\w?]*)*$/;
const NUMBER = /^-?(?:\d+(?:\.\d+)?|\.\d+)$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})?)?$/;

/** Splits at top-level commas (outside quotes, brackets and parentheses). */
function splitTopLevel(text: string): string[] | null {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '\\') i++;
      else if (c === '"') quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  if (quoted) return null;
  parts.push(text.slice(start));
  return parts.map((p) => p.trim());
}

/** Text quoted in a refusal: long text cut (the cell's place is named by the caller). */
const shown = (t: string): string => (t.length > 60 ? `${t.slice(0, 59)}…` : t);

/**
 * Whether `t` is one FEEL string literal: a `"` at each end and none unescaped between. A scan, not
 * a regular expression with a repeated alternation (that overflows the stack on a long cell).
 */
function isStringLiteral(t: string): boolean {
  if (t.length < 2 || t[0] !== '"' || t[t.length - 1] !== '"') return false;
  for (let i = 1; i < t.length - 1; i++) {
    const c = t[i];
    if (c === '\\') {
      if (i + 1 >= t.length - 1) return false;
      i++;
    } else if (c === '"') return false;
  }
  return true;
}

/** A FEEL literal: a number, a "string", true/false, date("…") / date and time("…"). */
export function readFeelLiteral(text: string): FeelLiteral | null {
  if (text.length > MAX_TABLE_CELL_CHARS) return null;
  const t = text.trim();
  if (NUMBER.test(t)) {
    const source = t.startsWith('.') ? `0${t}` : t.startsWith('-.') ? `-0${t.slice(1)}` : t;
    return { type: 'number', source, value: Number(source) };
  }
  if (t === 'true' || t === 'false') return { type: 'boolean', value: t === 'true' };
  if (isStringLiteral(t)) {
    try {
      return { type: 'string', value: JSON.parse(t) as string };
    } catch {
      return null;
    }
  }
  const date = /^(date|date and time)\s*\(\s*"([^"]*)"\s*\)$/.exec(t);
  if (date && ISO_DATE.test(date[2] as string)) return { type: 'date', value: date[2] as string };
  return null;
}

/**
 * A range `[a..b]`, `(a..b]`, `]a..b[`…: its brackets and the texts of its ends, split at the first
 * `..` outside a string literal. A scan, linear in the text (a lazy regular expression was not).
 */
function splitInterval(
  t: string,
): { open: string; low: string; high: string; close: string } | null {
  const open = t[0] as string;
  const close = t[t.length - 1] as string;
  if (t.length < 2 || !'[(]'.includes(open) || !'])['.includes(close)) return null;
  const inner = t.slice(1, -1);
  let quoted = false;
  for (let i = 0; i < inner.length - 1; i++) {
    const c = inner[i];
    if (quoted) {
      if (c === '\\') i++;
      else if (c === '"') quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === '.' && inner[i + 1] === '.') {
      const low = inner.slice(0, i).trim();
      const high = inner.slice(i + 2).trim();
      return low === '' || high === '' ? null : { open, low, high, close };
    }
  }
  return null;
}

const isName = (t: string): boolean => t !== 'null' && NAME.test(t);

/** A test that compares with a name's value (another input, a variable): no ERDL cell says it. */
const nameRefused = (t: string, name: string): FeelRead =>
  refuse(
    `${shown(t)}: ${shown(name)} is a name (of another input or a variable): the rule compares with its value, and an ERDL cell compares with literals only`,
    `${shown(t)}：${shown(name)} 是名称（另一个输入或变量的名称）：该规则与其值比较，而 ERDL 单元格只能与字面量比较`,
  );

function readPositive(text: string): FeelRead {
  const t = text.trim();
  if (t === '') return refuse('an empty test in a list', '列表中有空的测试');
  const interval = splitInterval(t);
  if (interval) {
    const low = readFeelLiteral(interval.low);
    const high = readFeelLiteral(interval.high);
    const name = [interval.low, interval.high].find((e) => !readFeelLiteral(e) && isName(e));
    if (name !== undefined) return nameRefused(t, name);
    if (!low || !high)
      return refuse(
        `${shown(t)}: a range's ends must be literals (numbers, strings or dates)`,
        `${shown(t)}：区间的两端必须是字面量（数字、字符串或日期）`,
      );
    return {
      ok: true,
      test: {
        kind: 'range',
        low,
        high,
        lowClosed: interval.open === '[',
        highClosed: interval.close === ']',
      },
    };
  }
  const cmp = /^(<=|>=|!=|==|<|>|=)/.exec(t);
  if (cmp) {
    const operand = t.slice((cmp[1] as string).length).trim();
    const value = readFeelLiteral(operand);
    if (!value && isName(operand)) return nameRefused(t, operand);
    if (!value)
      return refuse(
        `${shown(t)}: the compared value is not a literal (a name or an expression is not converted)`,
        `${shown(t)}：比较的值不是字面量（名称或表达式不会被转换）`,
      );
    const op = (cmp[1] === '==' ? '=' : cmp[1]) as FeelComparator;
    return { ok: true, test: { kind: 'compare', op, value } };
  }
  const value = readFeelLiteral(t);
  if (value) return { ok: true, test: { kind: 'compare', op: '=', value } };
  if (isName(t)) return nameRefused(t, t);
  return refuse(
    `${shown(t)} is not a simple unary test (comparisons, ranges, lists, -, not(…), strings, numbers, booleans and dates are converted)`,
    `${shown(t)} 不是简单一元测试（可转换比较、区间、列表、-、not(…)、字符串、数字、布尔值和日期）`,
  );
}

/** The tests of a comma-separated list, each a positive test (no `not(…)` inside: FEEL has none). */
function readPositives(t: string): FeelRead {
  const parts = splitTopLevel(t);
  if (!parts) return refuse(`${shown(t)}: a string is not closed`, `${shown(t)}：字符串没有闭合`);
  const items: FeelTest[] = [];
  for (const p of parts) {
    const r = readPositive(p);
    if (!r.ok) return r;
    items.push(r.test);
  }
  return items.length === 1
    ? { ok: true, test: items[0] as FeelTest }
    : { ok: true, test: { kind: 'list', items } };
}

/**
 * Reads one input entry. `-` and the empty text are "any". Linear in the text and never recursive
 * (FEEL's `not(…)` holds positive tests only), so no cell, however long or nested, can overflow the
 * stack; a text over the cell limit is refused without being read.
 */
export function readFeelUnaryTests(text: string): FeelRead {
  if (text.length > MAX_TABLE_CELL_CHARS)
    return refuse(
      `the test has ${grouped(text.length)} characters; the limit for a cell is ${grouped(MAX_TABLE_CELL_CHARS)}`,
      `该测试有 ${grouped(text.length)} 个字符；单元格的上限为 ${grouped(MAX_TABLE_CELL_CHARS)}`,
    );
  const t = text.trim();
  if (t === '' || t === '-') return { ok: true, test: { kind: 'any' } };
  const not = /^not\s*\(/.exec(t);
  if (not && t.endsWith(')')) {
    const inner = t.slice(not[0].length, -1).trim();
    if (inner === '' || inner === '-')
      return refuse('not(-) matches nothing', 'not(-) 不匹配任何值');
    if (/^not\s*\(/.test(inner))
      return refuse(
        `${shown(t)}: not(…) inside not(…) is not a simple unary test`,
        `${shown(t)}：not(…) 中再套 not(…) 不是简单一元测试`,
      );
    const read = readPositives(inner);
    return read.ok ? { ok: true, test: { kind: 'not', inner: read.test } } : read;
  }
  return readPositives(t);
}

/** A value as FEEL compares it: numbers with numbers, strings (and dates as ISO text) with strings. */
export type FeelValue = number | string | boolean | null;

function literalValue(l: FeelLiteral): FeelValue {
  return l.value;
}

function compare(a: FeelValue, b: FeelValue): number | null {
  if (typeof a === 'number' && typeof b === 'number') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'boolean' && typeof b === 'boolean') return a === b ? 0 : null;
  return null;
}

/**
 * Whether `value` satisfies the test, as FEEL defines it (a comparison of different types is
 * null, which a decision table treats as no match). Used to check imports against the original.
 */
export function feelMatches(test: FeelTest, value: FeelValue): boolean {
  switch (test.kind) {
    case 'any':
      return true;
    case 'compare': {
      const c = compare(value, literalValue(test.value));
      if (c === null) return false;
      switch (test.op) {
        case '<':
          return c < 0;
        case '<=':
          return c <= 0;
        case '>':
          return c > 0;
        case '>=':
          return c >= 0;
        case '=':
          return c === 0;
        case '!=':
          return c !== 0;
      }
      return false;
    }
    case 'range': {
      const lo = compare(value, literalValue(test.low));
      const hi = compare(value, literalValue(test.high));
      if (lo === null || hi === null) return false;
      return (test.lowClosed ? lo >= 0 : lo > 0) && (test.highClosed ? hi <= 0 : hi < 0);
    }
    case 'list':
      return test.items.some((t) => feelMatches(t, value));
    case 'not':
      return !feelMatches(test.inner, value);
  }
}
