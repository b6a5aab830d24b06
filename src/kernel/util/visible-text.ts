/**
 * Text that reads as it runs (Trojan Source, CVE-2021-42574). A reviewer must see every character
 * that changes what a rule does, so wherever rule text is shown — gloss, report, grid, trace,
 * hovers, the CLI — characters that render as nothing, or that reorder the characters around them,
 * are written out as `⟨U+202E⟩`, and control characters (ESC, BEL, …) as `\u001b`, so a terminal
 * or a page can never act on them.
 *
 * Three classes (docs/security.md):
 * - **bidi controls**: U+202A–202E (embeddings and overrides), U+2066–2069 (isolates), U+200E/200F
 *   and U+061C (the marks). They reorder what is shown; the kernel refuses them in a document.
 * - **invisible characters**: every format character (general category Cf: zero-width space and
 *   joiners, word joiner, BOM, soft hyphen, invisible operators, tag characters, …) and the
 *   characters that render as blank space though they are not space (Hangul fillers, U+034F, the
 *   Mongolian and standard variation selectors). Bidi controls are Cf too.
 * - **control characters**: C0 (but tab and line breaks, which are kept where text may span
 *   lines), DEL and C1.
 *
 * Pure and linear: one regular-expression test, and a replace only when something is found. Data
 * only (no imports but a type): the studio's main thread loads it without the kernel
 * (tests/entry-chunk.test.ts).
 */
import type { Bilingual } from '../diagnostics/diagnostic';

/** Bidi controls: they reorder what is displayed around them. */
const BIDI = '\\u202A-\\u202E\\u2066-\\u2069\\u200E\\u200F\\u061C';
/** Invisible characters that are not in category Cf (Cf itself is added with \p{Cf}). */
const BLANK_NOT_CF = '\\u034F\\u115F\\u1160\\u3164\\uFFA0\\u180B-\\u180D\\u180F\\uFE00-\\uFE0F';
const CONTROL_MULTILINE = '\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F';
const CONTROL_INLINE = '\\u0000-\\u001F\\u007F-\\u009F';

const BIDI_RE = new RegExp(`[${BIDI}]`, 'u');
const HIDDEN_RE = new RegExp(`[\\p{Cf}${BLANK_NOT_CF}]`, 'u');
const HIDDEN_RE_G = new RegExp(`[\\p{Cf}${BLANK_NOT_CF}]`, 'gu');
const REVEAL_RE = new RegExp(`[\\p{Cf}${BLANK_NOT_CF}${CONTROL_MULTILINE}]`, 'u');
const REVEAL_RE_G = new RegExp(`[\\p{Cf}${BLANK_NOT_CF}${CONTROL_MULTILINE}]`, 'gu');
const REVEAL_INLINE_RE = new RegExp(`[\\p{Cf}${BLANK_NOT_CF}${CONTROL_INLINE}]`, 'u');
const REVEAL_INLINE_RE_G = new RegExp(`[\\p{Cf}${BLANK_NOT_CF}${CONTROL_INLINE}]`, 'gu');

export type HiddenKind = 'bidi' | 'invisible' | 'control';

export interface HiddenChar {
  /** UTF-16 offset in the text. */
  readonly index: number;
  /** Its length in UTF-16 code units (2 for a tag character). */
  readonly length: number;
  readonly codePoint: number;
  readonly kind: HiddenKind;
}

function hex(cp: number): string {
  return cp.toString(16).toUpperCase().padStart(4, '0');
}

/** `⟨U+202E⟩`: how a bidi or invisible character is shown. */
export function codePointLabel(cp: number): string {
  return `⟨U+${hex(cp)}⟩`;
}

function kindOf(ch: string): HiddenKind {
  if (BIDI_RE.test(ch)) return 'bidi';
  const cp = ch.codePointAt(0) as number;
  if (cp <= 0x1f || (cp >= 0x7f && cp <= 0x9f)) return 'control';
  return 'invisible';
}

function reveal(ch: string): string {
  const cp = ch.codePointAt(0) as number;
  if (cp <= 0x1f || (cp >= 0x7f && cp <= 0x9f)) {
    if (cp === 0x0a) return '\\n';
    if (cp === 0x0d) return '\\r';
    if (cp === 0x09) return '\\t';
    return `\\u${cp.toString(16).padStart(4, '0')}`;
  }
  return codePointLabel(cp);
}

/** Whether the text holds a bidi control or an invisible character (controls aside). */
export function hasHidden(text: string): boolean {
  return HIDDEN_RE.test(text);
}

/** Whether the text holds a bidi control. */
export function hasBidi(text: string): boolean {
  return BIDI_RE.test(text);
}

/** Every bidi control and invisible character in the text, in order (control characters aside). */
export function findHidden(text: string): HiddenChar[] {
  if (!HIDDEN_RE.test(text)) return [];
  const out: HiddenChar[] = [];
  for (const m of text.matchAll(HIDDEN_RE_G)) {
    const ch = m[0];
    out.push({
      index: m.index as number,
      length: ch.length,
      codePoint: ch.codePointAt(0) as number,
      kind: kindOf(ch),
    });
  }
  return out;
}

/** The text without its bidi controls and invisible characters (what the quick fix leaves). */
export function stripHidden(text: string): string {
  return HIDDEN_RE.test(text) ? text.replace(HIDDEN_RE_G, '') : text;
}

/**
 * Text for display where it may span lines (a message, a gloss paragraph): bidi controls and
 * invisible characters as `⟨U+202E⟩`, control characters as `\u001b`; tab and line breaks kept.
 */
export function revealText(text: string): string {
  return REVEAL_RE.test(text) ? text.replace(REVEAL_RE_G, reveal) : text;
}

/**
 * Text for display on one line (a name, a value, a terminal line's field): as `revealText`, and
 * line breaks and tabs written as `\n`, `\r`, `\t` too.
 */
export function revealInline(text: string): string {
  return REVEAL_INLINE_RE.test(text) ? text.replace(REVEAL_INLINE_RE_G, reveal) : text;
}

/**
 * Names of the hidden characters people meet (Unicode name and the Chinese one, with the usual
 * abbreviation); any other is shown by its code point alone (`⟨U+E0041⟩`).
 */
const CHAR_NAMES: ReadonlyMap<number, readonly [en: string, zh: string]> = new Map([
  [0x00ad, ['SOFT HYPHEN', '软连字符（SHY）']],
  [0x034f, ['COMBINING GRAPHEME JOINER', '组合字素连接符（CGJ）']],
  [0x061c, ['ARABIC LETTER MARK', '阿拉伯字母标记（ALM）']],
  [0x115f, ['HANGUL CHOSEONG FILLER', '韩文初声填充符']],
  [0x1160, ['HANGUL JUNGSEONG FILLER', '韩文中声填充符']],
  [0x180e, ['MONGOLIAN VOWEL SEPARATOR', '蒙古文元音分隔符']],
  [0x200b, ['ZERO WIDTH SPACE', '零宽空格（ZWSP）']],
  [0x200c, ['ZERO WIDTH NON-JOINER', '零宽非连接符（ZWNJ）']],
  [0x200d, ['ZERO WIDTH JOINER', '零宽连接符（ZWJ）']],
  [0x200e, ['LEFT-TO-RIGHT MARK', '从左到右标记（LRM）']],
  [0x200f, ['RIGHT-TO-LEFT MARK', '从右到左标记（RLM）']],
  [0x202a, ['LEFT-TO-RIGHT EMBEDDING', '从左到右嵌入（LRE）']],
  [0x202b, ['RIGHT-TO-LEFT EMBEDDING', '从右到左嵌入（RLE）']],
  [0x202c, ['POP DIRECTIONAL FORMATTING', '结束方向格式（PDF）']],
  [0x202d, ['LEFT-TO-RIGHT OVERRIDE', '从左到右覆盖（LRO）']],
  [0x202e, ['RIGHT-TO-LEFT OVERRIDE', '从右到左覆盖（RLO）']],
  [0x2060, ['WORD JOINER', '词连接符（WJ）']],
  [0x2061, ['FUNCTION APPLICATION', '不可见函数应用符']],
  [0x2062, ['INVISIBLE TIMES', '不可见乘号']],
  [0x2063, ['INVISIBLE SEPARATOR', '不可见分隔符']],
  [0x2064, ['INVISIBLE PLUS', '不可见加号']],
  [0x2066, ['LEFT-TO-RIGHT ISOLATE', '从左到右隔离（LRI）']],
  [0x2067, ['RIGHT-TO-LEFT ISOLATE', '从右到左隔离（RLI）']],
  [0x2068, ['FIRST STRONG ISOLATE', '首强字符隔离（FSI）']],
  [0x2069, ['POP DIRECTIONAL ISOLATE', '结束方向隔离（PDI）']],
  [0x3164, ['HANGUL FILLER', '韩文填充符']],
  [0xfeff, ['ZERO WIDTH NO-BREAK SPACE', '零宽不换行空格（BOM）']],
  [0xffa0, ['HALFWIDTH HANGUL FILLER', '半角韩文填充符']],
]);

/** One character by name in both languages: `U+202E RIGHT-TO-LEFT OVERRIDE`, `U+202E 从右到左覆盖（RLO）`. */
export function hiddenCharName(cp: number): Bilingual {
  const name = CHAR_NAMES.get(cp);
  if (!name) return { en: codePointLabel(cp), zh: codePointLabel(cp) };
  const u = `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
  return { en: `${u} ${name[0]}`, zh: `${u} ${name[1]}` };
}
