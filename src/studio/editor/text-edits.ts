/**
 * Text edits as plain offsets (UTF-16, what the kernel's fixes carry), independent of Monaco so
 * they are unit-tested under Node.
 */
import type { TextEdit } from '../../kernel/diagnostics/diagnostic';

/**
 * The text with every edit applied. Edits address the original text; they must not overlap
 * (the kernel never emits overlapping edits in one fix). Returns null when an edit falls outside
 * the text or two edits overlap, so a caller never applies a fix to the wrong place.
 */
export function applyEdits(text: string, edits: readonly TextEdit[]): string | null {
  const sorted = [...edits].sort(
    (a, b) => a.range.start - b.range.start || a.range.end - b.range.end,
  );
  let out = '';
  let at = 0;
  for (const edit of sorted) {
    const { start, end } = edit.range;
    if (start < at || end < start || end > text.length) return null;
    out += text.slice(at, start) + edit.newText;
    at = end;
  }
  return out + text.slice(at);
}

/** The smallest single replacement turning `before` into `after` (common prefix and suffix kept). */
export interface MinimalEdit {
  readonly start: number;
  /** End offset in `before`. */
  readonly end: number;
  readonly newText: string;
}

export function minimalEdit(before: string, after: string): MinimalEdit | null {
  if (before === after) return null;
  const limit = Math.min(before.length, after.length);
  let prefix = 0;
  while (prefix < limit && before.charCodeAt(prefix) === after.charCodeAt(prefix)) prefix++;
  // Never split a surrogate pair: Monaco positions must land between whole characters.
  if (prefix > 0 && isHighSurrogate(before.charCodeAt(prefix - 1))) prefix--;
  let suffix = 0;
  const room = limit - prefix;
  while (
    suffix < room &&
    before.charCodeAt(before.length - 1 - suffix) === after.charCodeAt(after.length - 1 - suffix)
  ) {
    suffix++;
  }
  if (suffix > 0 && isLowSurrogate(before.charCodeAt(before.length - suffix))) suffix--;
  return {
    start: prefix,
    end: before.length - suffix,
    newText: after.slice(prefix, after.length - suffix),
  };
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** Whether two fixes make the same edits (a proposal is checked against the current analysis). */
export function sameEdits(a: readonly TextEdit[], b: readonly TextEdit[]): boolean {
  return (
    a.length === b.length &&
    a.every(
      (e, i) =>
        e.range.start === b[i]?.range.start &&
        e.range.end === b[i]?.range.end &&
        e.newText === b[i]?.newText,
    )
  );
}
