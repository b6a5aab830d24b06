import { RE2Set } from 're2js';
import type { Bilingual } from '../diagnostics/diagnostic';
import type { YScalar } from '../document/ynode';
import type { CompileContext } from './context';

/** Longest pattern accepted; patterns are reviewed text, not data dumps. */
export const MAX_PATTERN_LENGTH = 1024;

/** A construct RE2 refuses, named as a person knows it, and where the pattern uses it. */
export interface Unsupported {
  readonly construct: Bilingual;
  readonly index: number;
  readonly length: number;
}

const CONSTRUCTS: readonly { readonly re: RegExp; readonly construct: Bilingual }[] = [
  {
    re: /\(\?<[=!]/,
    construct: { en: 'a lookbehind "(?<=…)" / "(?<!…)"', zh: '后行断言“(?<=…)”/“(?<!…)”' },
  },
  {
    re: /\(\?[=!]/,
    construct: { en: 'a lookahead "(?=…)" / "(?!…)"', zh: '先行断言“(?=…)”/“(?!…)”' },
  },
  { re: /\(\?>/, construct: { en: 'an atomic group "(?>…)"', zh: '原子组“(?>…)”' } },
  { re: /\(\?\(/, construct: { en: 'a conditional group "(?(…)…)"', zh: '条件分组“(?(…)…)”' } },
  {
    re: /\(\?(?:R|[+-]?\d+|&\w+|P>\w+)\)/,
    construct: { en: 'a recursive pattern "(?R)"', zh: '递归模式“(?R)”' },
  },
  {
    re: /\\(?:[1-9]|k<\w+>|k'\w+'|k\{\w+\}|g\{?-?\d+\}?)/,
    construct: { en: 'a backreference such as "\\1"', zh: '反向引用（如“\\1”）' },
  },
  {
    re: /(?:[*+?]|\{\d+(?:,\d*)?\})\+/,
    construct: { en: 'a possessive quantifier such as "a*+"', zh: '占有量词（如“a*+”）' },
  },
  { re: /\\[GZ]/, construct: { en: 'the anchor "\\G" / "\\Z"', zh: '锚点“\\G”/“\\Z”' } },
];

/**
 * The first construct RE2 refuses, found by reading the pattern (escapes and character classes
 * skipped), not by reading the engine's message: re2js calls a lookbehind an "invalid named
 * capture".
 */
export function unsupportedConstruct(pattern: string): Unsupported | null {
  // Blank out what is inside character classes and escaped metacharacters (same length).
  let masked = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string;
    if (c === '\\' && i + 1 < pattern.length) {
      const next = pattern[i + 1] as string;
      // Escapes that carry meaning here (\1, \k, \g, \G, \Z) are kept; others are blanked,
      // with their braces (\p{Han}, \x{41}).
      masked += inClass || !/[1-9kgGZ]/.test(next) ? '  ' : c + next;
      i++;
      if (/[pPx]/.test(next) && pattern[i + 1] === '{') {
        const close = pattern.indexOf('}', i + 1);
        const end = close === -1 ? pattern.length - 1 : close;
        masked += ' '.repeat(end - i);
        i = end;
      }
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      masked += c === ']' ? c : ' ';
      continue;
    }
    if (c === '[') inClass = true;
    masked += c;
  }
  let found: Unsupported | null = null;
  for (const { re, construct } of CONSTRUCTS) {
    const m = re.exec(masked);
    if (m && (found === null || m.index < found.index))
      found = { construct, index: m.index, length: m[0].length };
  }
  return found;
}

/** re2js's syntax errors in plain words, by the message it starts with. */
const PROBLEMS: readonly { readonly prefix: string; readonly problem: Bilingual }[] = [
  { prefix: 'missing closing )', problem: { en: 'a "(" is never closed', zh: '“(”没有闭合' } },
  { prefix: 'unexpected )', problem: { en: 'a ")" closes nothing', zh: '多出一个“)”' } },
  { prefix: 'missing closing ]', problem: { en: 'a "[" is never closed', zh: '“[”没有闭合' } },
  {
    prefix: 'missing argument to repetition operator',
    problem: { en: 'a quantifier has nothing to repeat', zh: '量词前面没有可重复的内容' },
  },
  {
    prefix: 'invalid nested repetition operator',
    problem: { en: 'two quantifiers in a row (e.g. "a**")', zh: '连续出现两个量词（如“a**”）' },
  },
  {
    prefix: 'invalid escape sequence',
    problem: { en: 'an escape RE2 does not know', zh: 'RE2 无法识别的转义' },
  },
  {
    prefix: 'invalid character class range',
    problem: { en: 'a range whose end comes before its start', zh: '字符范围的终点小于起点' },
  },
  {
    prefix: 'invalid repeat count',
    problem: { en: 'a repeat count above 1000', zh: '重复次数超过 1000' },
  },
  {
    prefix: 'invalid named capture',
    problem: { en: 'a malformed named group', zh: '命名分组的写法有误' },
  },
  {
    prefix: 'duplicate capture group name',
    problem: { en: 'two groups with the same name', zh: '两个分组同名' },
  },
];
const UNREADABLE: Bilingual = {
  en: 'RE2 cannot read it',
  zh: 'RE2 无法解析',
};

/**
 * §5.2 / §7.3(d): a match pattern must compile under RE2 semantics (no backreferences, no
 * lookaround) and carry no inline flags (match is always case-sensitive). Reports at the
 * pattern's position (offset of the offending fragment inside the scalar when it can be found),
 * naming the construct in the user's terms.
 */
export function checkPattern(ctx: CompileContext, n: YScalar, pattern: string): boolean {
  if (accepted.has(pattern)) return true;
  if (pattern.length > MAX_PATTERN_LENGTH) {
    ctx.report('ERDL-E605', n.range, { length: pattern.length, limit: MAX_PATTERN_LENGTH });
    return false;
  }
  const unsupported = unsupportedConstruct(pattern);
  if (unsupported) {
    ctx.report('ERDL-E603', innerRange(n, unsupported.index, unsupported.length), {
      construct: unsupported.construct,
    });
    return false;
  }
  const flag = /\(\?[a-zA-Z-]+[:)]/.exec(pattern);
  if (flag && !/^\(\?P?</.test(flag[0])) {
    ctx.report('ERDL-E604', innerRange(n, flag.index, flag[0].length), { flag: flag[0] });
    return false;
  }
  const refusal = re2Refusal(pattern);
  if (refusal === null) {
    if (accepted.size >= MAX_VERDICTS) accepted.clear();
    accepted.add(pattern);
    return true;
  }
  const { message, input } = refusal;
  const problem = PROBLEMS.find((p) => message.startsWith(p.prefix))?.problem ?? UNREADABLE;
  const idx = input ? pattern.indexOf(input) : -1;
  ctx.report(
    'ERDL-E606',
    idx >= 0 ? innerRange(n, idx, input?.length ?? 1) : n.range,
    { problem },
    undefined,
    message,
  );
  return false;
}

/** Why RE2 refuses a pattern: its message (prefix removed) and the fragment it names. */
export interface Refusal {
  readonly message: string;
  readonly input: string | undefined;
}

/**
 * RE2's verdict on each pattern compiled lately. Compiling is the only way re2js offers to check
 * a pattern, and it costs ~0.1 ms (with the fast loader, a quarter of compiling the generated
 * 1,000-rule benchmark document, 800 of whose rules have a `match`). The verdict depends on the
 * pattern alone, and the editing path recompiles the same patterns on every keystroke. Bounded:
 * emptied when it holds MAX_VERDICTS patterns.
 */
const verdicts = new Map<string, Refusal | null>();
const MAX_VERDICTS = 4096;
/**
 * Patterns `checkPattern` accepted lately: its verdict depends on the pattern alone (length,
 * constructs, flags, RE2), and an accepted pattern reports nothing, so the checks are skipped.
 * Bounded like `verdicts`.
 */
const accepted = new Set<string>();

function re2Refusal(pattern: string): Refusal | null {
  const known = verdicts.get(pattern);
  if (known !== undefined) return known;
  const refusal = re2Verdict(pattern);
  if (verdicts.size >= MAX_VERDICTS) verdicts.clear();
  verdicts.set(pattern, refusal);
  return refusal;
}

/**
 * RE2's verdict on a pattern, uncached: what `RE2JS.compile(pattern)` throws, read from RE2's
 * parser alone. `RE2Set.add` runs the same pattern check, parser and simplification with the same
 * flags as `RE2JS.compile`, which then only builds the matcher (program, one-pass program,
 * prefilter) — steps that refuse nothing — and costs three to four times as much; a 1,000-rule
 * document opened for the first time checks hundreds of patterns. The two verdicts are proven
 * equal by tests/regex-verdict.property.test.ts.
 */
export function re2Verdict(pattern: string): Refusal | null {
  try {
    new RE2Set().add(pattern);
    return null;
  } catch (e) {
    return refusalOf(e);
  }
}

/** What re2js threw, as a refusal: its message (prefix removed) and the fragment it names. */
export function refusalOf(e: unknown): Refusal {
  const err = e as { message?: string; input?: string };
  return {
    message: (err.message ?? String(e)).replace(/^error parsing regexp: /, ''),
    input: err.input,
  };
}

/** Range of a fragment inside a double-quoted/plain scalar; falls back to the whole scalar. */
function innerRange(n: YScalar, index: number, length: number): { start: number; end: number } {
  if (n.style === 'block') return n.range;
  const open = n.style === 'plain' ? 0 : 1;
  // Escapes in quoted scalars shift offsets: map only when the source is the pattern verbatim.
  if (n.range.end - n.range.start !== String(n.value).length + 2 * open) return n.range;
  const start = n.range.start + open + index;
  return { start, end: Math.min(n.range.end, start + length) };
}
