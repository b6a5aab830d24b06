/**
 * What the studio says about a hidden character it shows as `⟨U+202E⟩` (VisibleText) or marks in
 * the editor (editor/hidden-chars.ts): its code point, its Unicode name when it is one of the
 * characters met in practice, and what it does, in the UI language. Pure, so it is unit-tested.
 */
import type { HiddenKind } from '../../kernel/util/visible-text';
import type { Lang } from '../store/types';

/** Unicode names of the bidi controls and invisible characters met in practice. */
const NAMES: ReadonlyMap<number, string> = new Map([
  [0x00ad, 'SOFT HYPHEN'],
  [0x034f, 'COMBINING GRAPHEME JOINER'],
  [0x061c, 'ARABIC LETTER MARK'],
  [0x115f, 'HANGUL CHOSEONG FILLER'],
  [0x1160, 'HANGUL JUNGSEONG FILLER'],
  [0x180e, 'MONGOLIAN VOWEL SEPARATOR'],
  [0x200b, 'ZERO WIDTH SPACE'],
  [0x200c, 'ZERO WIDTH NON-JOINER'],
  [0x200d, 'ZERO WIDTH JOINER'],
  [0x200e, 'LEFT-TO-RIGHT MARK'],
  [0x200f, 'RIGHT-TO-LEFT MARK'],
  [0x202a, 'LEFT-TO-RIGHT EMBEDDING'],
  [0x202b, 'RIGHT-TO-LEFT EMBEDDING'],
  [0x202c, 'POP DIRECTIONAL FORMATTING'],
  [0x202d, 'LEFT-TO-RIGHT OVERRIDE'],
  [0x202e, 'RIGHT-TO-LEFT OVERRIDE'],
  [0x2060, 'WORD JOINER'],
  [0x2061, 'FUNCTION APPLICATION'],
  [0x2062, 'INVISIBLE TIMES'],
  [0x2063, 'INVISIBLE SEPARATOR'],
  [0x2064, 'INVISIBLE PLUS'],
  [0x2066, 'LEFT-TO-RIGHT ISOLATE'],
  [0x2067, 'RIGHT-TO-LEFT ISOLATE'],
  [0x2068, 'FIRST STRONG ISOLATE'],
  [0x2069, 'POP DIRECTIONAL ISOLATE'],
  [0x3164, 'HANGUL FILLER'],
  [0xfeff, 'ZERO WIDTH NO-BREAK SPACE (BOM)'],
  [0xffa0, 'HALFWIDTH HANGUL FILLER'],
  [0xfff9, 'INTERLINEAR ANNOTATION ANCHOR'],
  [0xfffa, 'INTERLINEAR ANNOTATION SEPARATOR'],
  [0xfffb, 'INTERLINEAR ANNOTATION TERMINATOR'],
]);

/** The Unicode name of a hidden character, or null when the studio does not know it. */
export function hiddenCharName(cp: number): string | null {
  const known = NAMES.get(cp);
  if (known) return known;
  if (cp >= 0xfe00 && cp <= 0xfe0f) return `VARIATION SELECTOR-${cp - 0xfe00 + 1}`;
  if (cp >= 0x180b && cp <= 0x180d) return `MONGOLIAN FREE VARIATION SELECTOR ${cp - 0x180b + 1}`;
  if (cp === 0x180f) return 'MONGOLIAN FREE VARIATION SELECTOR FOUR';
  if (cp === 0xe0001) return 'LANGUAGE TAG';
  if (cp === 0xe007f) return 'CANCEL TAG';
  if (cp >= 0xe0020 && cp <= 0xe007e) return `TAG ${String.fromCodePoint(cp - 0xe0000)}`;
  return null;
}

const WHAT: Record<Lang, Record<HiddenKind, string>> = {
  en: {
    bidi: 'a bidi control: it reorders how the text around it is shown, not what it is',
    invisible:
      'an invisible character: it shows as nothing, yet the text differs from what is seen',
    control: 'a control character',
  },
  zh: {
    bidi: '双向控制字符：改变周围文字的显示顺序，而不改变文字本身',
    invisible: '不可见字符：显示时看不见，文字却与看到的不同',
    control: '控制字符',
  },
};

/** `U+202E RIGHT-TO-LEFT OVERRIDE — a bidi control: …`, in the UI language. */
export function describeHiddenChar(cp: number, kind: HiddenKind, lang: Lang): string {
  const hex = cp.toString(16).toUpperCase().padStart(4, '0');
  const name = hiddenCharName(cp);
  const head = name ? `U+${hex} ${name}` : `U+${hex}`;
  return lang === 'zh' ? `${head}——${WHAT.zh[kind]}` : `${head} — ${WHAT.en[kind]}`;
}
