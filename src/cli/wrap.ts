/**
 * Help text for an 80-column terminal: display width (a CJK character or full-width form takes two
 * columns, as terminals draw it) and greedy wrapping that breaks at spaces and between Chinese
 * characters, never before closing punctuation (，。）…) nor after an opening one.
 */

const WIDE =
  /[\u1100-\u115F\u2E80-\u303E\u3041-\u33FF\u3400-\u4DBF\u4E00-\u9FFF\uA000-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6]/;
const IDEOGRAPH = /[\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFAFF]/;
const NO_BREAK_BEFORE = /[，。、；：！？）》」』”’…·\u3001\u3002\uFF09\uFF0C\uFF1A\uFF1B]/;
const NO_BREAK_AFTER = /[（《「『“‘]/;

/** Columns a text takes on a terminal. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const ch of text) width += WIDE.test(ch) ? 2 : 1;
  return width;
}

function canBreakBefore(prev: string, ch: string): boolean {
  if (NO_BREAK_BEFORE.test(ch) || NO_BREAK_AFTER.test(prev)) return false;
  if (prev === ' ') return true;
  return (
    IDEOGRAPH.test(ch) || IDEOGRAPH.test(prev) || (NO_BREAK_BEFORE.test(prev) && WIDE.test(prev))
  );
}

/**
 * `text` as lines of at most `width` columns, each starting with `indent` (continuation lines with
 * `hang`, default the same). A word longer than a line is cut where it must.
 */
export function wrapText(text: string, width = 80, indent = '', hang = indent): string[] {
  const out: string[] = [];
  let chars: string[] = [];
  let prefix = indent;
  let used = displayWidth(prefix);
  let lastBreak = -1;
  const flush = (upTo: number) => {
    out.push(`${prefix}${chars.slice(0, upTo).join('').trimEnd()}`);
    const rest = chars.slice(upTo);
    while (rest[0] === ' ') rest.shift();
    chars = rest;
    prefix = hang;
    used = displayWidth(prefix) + displayWidth(chars.join(''));
    lastBreak = -1;
  };
  for (const ch of text) {
    const prev = chars.at(-1) ?? ' ';
    if (chars.length > 0 && canBreakBefore(prev, ch)) lastBreak = chars.length;
    const w = WIDE.test(ch) ? 2 : 1;
    if (ch !== ' ' && used + w > width && chars.length > 0) {
      if (lastBreak > 0) flush(lastBreak);
      else flush(chars.length);
      if (chars.length > 0 && canBreakBefore(chars.at(-1) as string, ch)) lastBreak = chars.length;
    }
    if (chars.length === 0 && ch === ' ' && prefix === hang && out.length > 0) continue;
    chars.push(ch);
    used += w;
  }
  if (chars.length > 0 || out.length === 0) out.push(`${prefix}${chars.join('').trimEnd()}`);
  return out;
}
