/**
 * Chinese typography of a gloss (docs/gloss.md "Chinese typography"). The renderer builds every
 * Chinese sentence by joining template text and rendered values with `joinZh`, so one rule decides
 * every seam:
 * - no space between two Chinese characters, nor next to full-width punctuation （）「」“”、，：；;
 * - one space between a Chinese character and a half-width (ASCII) letter, digit or sign, as the
 *   spec's own Chinese text writes it ("以 YAML/JSON 承载", "小于 15% 时").
 * Only the seams are decided: a value's own text (a quoted string, a display name) is never changed.
 */

export function isCjk(ch: string): boolean {
  return cjkCode(ch.codePointAt(0) ?? 0);
}

/** Code point classes by number (the seam rule runs at every join of every render: no regex). */
function cjkCode(c: number): boolean {
  return (
    (c >= 0x2e80 && c <= 0x2fdf) ||
    (c >= 0x3040 && c <= 0x30ff) ||
    (c >= 0x3400 && c <= 0x4dbf) ||
    (c >= 0x4e00 && c <= 0x9fff) ||
    (c >= 0xf900 && c <= 0xfaff) ||
    (c >= 0x20000 && c <= 0x3ffff)
  );
}

function halfCode(c: number): boolean {
  return c >= 0x21 && c <= 0x7e;
}

/** The last code point of a non-empty string. */
function lastCode(s: string): number {
  const low = s.charCodeAt(s.length - 1);
  if (low >= 0xdc00 && low <= 0xdfff && s.length > 1) return s.codePointAt(s.length - 2) ?? low;
  return low;
}

/** Whether a Chinese text puts a space at the seam between `left` and `right`. */
export function zhSeamSpace(left: string, right: string): boolean {
  if (left === '' || right === '') return false;
  const a = lastCode(left);
  const b = right.codePointAt(0) ?? 0;
  return (cjkCode(a) && halfCode(b)) || (halfCode(a) && cjkCode(b));
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
  // before Chinese, a full-width parenthesis or comma, or the end (a pattern may hold spaces and
  // slashes).
  // A grouped number's commas (10,000) are part of the number, as in the spec's Chinese text.
  return zh
    .replace(/“[^”]*”/g, '“v”')
    .replace(/\d{1,3}(?:,\d{3})+/g, '0')
    .replace(/ \/.*?\/(?= [\u3400-\u9fff]|[），]|$)/g, ' /r/');
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
