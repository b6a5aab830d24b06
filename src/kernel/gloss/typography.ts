/**
 * Chinese typography of a gloss (docs/gloss.md "Chinese typography"). The renderer builds every
 * Chinese sentence by joining template text and rendered values with `joinZh`, so one rule decides
 * every seam:
 * - no space between two Chinese characters, nor next to full-width punctuation （）「」“”、，：；;
 * - one space between a Chinese character and a half-width (ASCII) letter, digit or sign, as the
 *   spec's own Chinese text writes it ("以 YAML/JSON 承载", "小于 15% 时").
 * Only the seams are decided: a value's own text (a quoted string, a display name) is never changed.
 */

/** Han ideographs (with extensions and compatibility forms), kana and CJK radicals. */
const CJK_CHAR =
  /[\u2E80-\u2FDF\u3040-\u30FF\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFAFF\u{20000}-\u{3FFFF}]/u;
/** A half-width letter, digit or sign (printable ASCII other than the space). */
const HALF_WIDTH = /[!-~]/;

export function isCjk(ch: string): boolean {
  return CJK_CHAR.test(ch);
}

export function isHalfWidth(ch: string): boolean {
  return HALF_WIDTH.test(ch);
}

function lastChar(s: string): string {
  const chars = Array.from(s.slice(-2));
  return chars.at(-1) ?? '';
}

function firstChar(s: string): string {
  return String.fromCodePoint(s.codePointAt(0) ?? 0);
}

/** Whether a Chinese text puts a space at the seam between `left` and `right`. */
export function zhSeamSpace(left: string, right: string): boolean {
  if (left === '' || right === '') return false;
  const a = lastChar(left);
  const b = firstChar(right);
  return (isCjk(a) && isHalfWidth(b)) || (isHalfWidth(a) && isCjk(b));
}

/** Joins pieces of Chinese text by the seam rule. */
export function joinZh(...pieces: readonly string[]): string {
  let out = '';
  for (const p of pieces) {
    if (p === '') continue;
    out = zhSeamSpace(out, p) ? `${out} ${p}` : out + p;
  }
  return out;
}
