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

const CJK = '[\\u3400-\\u4DBF\\u4E00-\\u9FFF]';
const HALF = '[!-~]';

/** A zh gloss's own text: quoted values and regex patterns (user data) masked to one letter. */
function skeleton(zh: string): string {
  // A regex pattern runs from " /" to the "/" that ends it: the one followed by the seam space
  // before Chinese, a full-width parenthesis or the end (a pattern may hold spaces and slashes).
  return zh.replace(/“[^”]*”/g, '“v”').replace(/ \/.*?\/(?= [\u3400-\u9fff]|）|$)/g, ' /r/');
}

/**
 * Every violation of docs/gloss.md's Chinese rules in a zh gloss (empty when it follows them): a
 * space between two Chinese characters, a Chinese/half-width seam without its one space, ASCII
 * punctuation, a space next to full-width punctuation. Quoted values and regex patterns are not
 * judged (they are the user's text). Used by the property tests and the e2e journey.
 */
export function zhViolations(zh: string): string[] {
  const s = skeleton(zh);
  const out: string[] = [];
  if (new RegExp(`${CJK} +${CJK}`).test(s)) out.push('space between Chinese characters');
  if (new RegExp(`${CJK}${HALF}|${HALF}${CJK}`).test(s))
    out.push('Chinese next to a half-width character without a space');
  if (new RegExp(`${CJK}  +${HALF}|${HALF}  +${CJK}`).test(s)) out.push('more than one space');
  if (/[:,;()"[\]]/.test(s.replace(/ \/r\//g, ''))) out.push('ASCII punctuation');
  if (/[（「“、，：；] | [）」”、，：；]/.test(s)) out.push('space next to full-width punctuation');
  return out;
}
