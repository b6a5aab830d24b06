/**
 * Text edits, the one shape every layer uses: a replacement of `[range.start, range.end)` of a
 * text by `newText`, offsets in UTF-16 units (what JavaScript strings, Monaco's `rangeOffset` and
 * the kernel's ranges count). A kernel fix, a grid edit, an editor change and the text the
 * studio syncs to its workers are all `TextEdit`s; this module applies, composes and finds them.
 * Pure, data-only.
 */

export interface Range {
  readonly start: number;
  readonly end: number;
}

export interface TextEdit {
  readonly range: Range;
  readonly newText: string;
}

/**
 * The text with every edit applied. The edits address the original text (they are simultaneous,
 * as a kernel fix's or one Monaco change event's are) and must not overlap. Returns null when an
 * edit falls outside the text or two edits overlap, so a caller never applies an edit to the
 * wrong place.
 */
export function applyTextEdits(text: string, edits: readonly TextEdit[]): string | null {
  if (edits.length === 1) {
    const { range, newText } = edits[0] as TextEdit;
    if (range.start < 0 || range.end < range.start || range.end > text.length) return null;
    return text.slice(0, range.start) + newText + text.slice(range.end);
  }
  const sorted = [...edits].sort(
    (a, b) => a.range.start - b.range.start || a.range.end - b.range.end,
  );
  let out = '';
  let at = 0;
  for (const { range, newText } of sorted) {
    if (range.start < at || range.end < range.start || range.end > text.length) return null;
    out += text.slice(at, range.start) + newText;
    at = range.end;
  }
  return out + text.slice(at);
}

/**
 * Simultaneous, non-overlapping edits of one text as the single replacement that spans them all
 * (null for none): what a sequence of edits becomes when only one may be sent. `text` is the text
 * they address.
 */
export function spanOfEdits(text: string, edits: readonly TextEdit[]): TextEdit | null {
  if (edits.length === 0) return null;
  if (edits.length === 1) return edits[0] as TextEdit;
  const after = applyTextEdits(text, edits);
  if (after === null) return null;
  let start = Number.POSITIVE_INFINITY;
  let end = 0;
  let grown = 0;
  for (const { range, newText } of edits) {
    start = Math.min(start, range.start);
    end = Math.max(end, range.end);
    grown += newText.length - (range.end - range.start);
  }
  return { range: { start, end }, newText: after.slice(start, end + grown) };
}

/**
 * One edit of `text` followed by one edit of its result, as one edit of `text` (the span both
 * touch). Lets a sender keep a single pending edit however many changes arrive before it sends.
 */
export function composeTextEdits(text: string, first: TextEdit, second: TextEdit): TextEdit {
  const middle = applyTextEdits(text, [first]);
  if (middle === null) throw new RangeError('the first edit does not fit the text');
  if (
    second.range.start < 0 ||
    second.range.end > middle.length ||
    second.range.end < second.range.start
  )
    throw new RangeError('the second edit does not fit the first edit’s result');
  const grown1 = first.newText.length - (first.range.end - first.range.start);
  // The span of the result the two edits touch, in `middle`'s offsets …
  const midStart = Math.min(first.range.start, second.range.start);
  const midEnd = Math.max(first.range.start + first.newText.length, second.range.end);
  // … and in the original text's: outside the first edit, `middle` is `text` shifted by grown1.
  const start = midStart;
  const end = Math.max(first.range.end, midEnd - grown1);
  const spanEnd = end + grown1; // the same place in `middle`
  const replaced = applyTextEdits(middle.slice(start, spanEnd), [
    {
      range: { start: second.range.start - start, end: second.range.end - start },
      newText: second.newText,
    },
  ]);
  return { range: { start, end }, newText: replaced as string };
}

/**
 * Chunks compared as strings (natively) before characters one by one: on a 1,000-rule document
 * (0.5 MB) a character loop over both texts cost milliseconds of main thread.
 */
const CHUNK = 2048;

/** The length of the common prefix of `a` and `b`, at most `max`. */
export function commonPrefix(a: string, b: string, max: number): number {
  let i = 0;
  while (i + CHUNK <= max && a.slice(i, i + CHUNK) === b.slice(i, i + CHUNK)) i += CHUNK;
  while (i < max && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

/** The length of the common suffix of `a` and `b`, at most `max`. */
export function commonSuffix(a: string, b: string, max: number): number {
  let n = 0;
  while (
    n + CHUNK <= max &&
    a.slice(a.length - n - CHUNK, a.length - n) === b.slice(b.length - n - CHUNK, b.length - n)
  )
    n += CHUNK;
  while (n < max && a.charCodeAt(a.length - 1 - n) === b.charCodeAt(b.length - 1 - n)) n++;
  return n;
}

const isHigh = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/**
 * The smallest single replacement turning `before` into `after` (their common prefix and suffix
 * kept; an empty replacement when they are equal). It never splits a surrogate pair, so the edit's
 * ends are whole characters (Monaco positions must be).
 */
export function diffText(before: string, after: string): TextEdit {
  const max = Math.min(before.length, after.length);
  let prefix = commonPrefix(before, after, max);
  if (prefix > 0 && isHigh(before.charCodeAt(prefix - 1))) prefix--;
  let suffix = commonSuffix(before, after, max - prefix);
  if (suffix > 0 && isLow(before.charCodeAt(before.length - suffix))) suffix--;
  return {
    range: { start: prefix, end: before.length - suffix },
    newText: after.slice(prefix, after.length - suffix),
  };
}
