/**
 * The names of the hidden characters (kernel/util/visible-text.ts) people meet, in both languages:
 * the ERDL-E025 / ERDL-W026 messages name them (document/hidden-text.ts) and the studio titles its
 * `⟨U+202E⟩` tokens with them. Pure data, no dependency: the studio's main thread loads it without
 * the diagnostics catalogue.
 */
import type { Bilingual } from '../diagnostics/diagnostic';
import { codePointLabel } from './visible-text';

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
