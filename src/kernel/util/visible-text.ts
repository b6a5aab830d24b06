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
 * Pure and linear: one regular-expression test, and a replace only when something is found.
 */

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
