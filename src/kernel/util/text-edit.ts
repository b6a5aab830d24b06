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

const byStart = (a: TextEdit, b: TextEdit) =>
  a.range.start - b.range.start || a.range.end - b.range.end;

/**
 * `first` (edits of `text`) then `second` (edits of the text `first` made) as one list of edits
 * of `text` giving the same result. An edit of `second` that touches what `first` wrote takes it
 * in (its range grows to cover it); `first`'s other edits stay as they are. Checked: if the
 * composed edits did not give the same text, one edit of the changed span is returned instead.
 */
export function composeEdits(
  text: string,
  first: readonly TextEdit[],
  second: readonly TextEdit[],
): TextEdit[] {
  const a = [...first].sort(byStart);
  const middle = applyTextEdits(text, a);
  const end = middle === null ? null : applyTextEdits(middle, second);
  if (middle === null || end === null) return [...first, ...second];
  // Where each edit of `first` lies in `middle`.
  let delta = 0;
  const placed = a.map((e) => {
    const start = e.range.start + delta;
    delta += e.newText.length - (e.range.end - e.range.start);
    return { edit: e, start, end: start + e.newText.length, absorbed: false };
  });
  let spans = [...second].sort(byStart).map((e) => ({
    start: e.range.start,
    end: e.range.end,
    parts: [e],
  }));
  for (let changed = true; changed; ) {
    changed = false;
    for (const span of spans) {
      for (const p of placed) {
        if (p.start > span.end || p.end < span.start) continue;
        p.absorbed = true;
        if (p.start < span.start || p.end > span.end) {
          span.start = Math.min(span.start, p.start);
          span.end = Math.max(span.end, p.end);
          changed = true;
        }
      }
    }
    const merged: typeof spans = [];
    for (const span of spans.sort((x, y) => x.start - y.start || x.end - y.end)) {
      const last = merged[merged.length - 1];
      if (last && span.start < last.end) {
        last.end = Math.max(last.end, span.end);
        last.parts.push(...span.parts);
        changed = true;
      } else merged.push(span);
    }
    spans = merged;
  }
  // An offset of `middle` in `text`: what `first` wrote before it taken out. A span's start keeps
  // an edit of `first` that wrote nothing right there (a deletion) inside the span, its end too.
  const original = (x: number, isEnd: boolean) => {
    let d = 0;
    for (const p of placed)
      if (p.end < x || (isEnd && p.end === x))
        d += p.end - p.start - (p.edit.range.end - p.edit.range.start);
    return x - d;
  };
  const out: TextEdit[] = placed.filter((p) => !p.absorbed).map((p) => p.edit);
  for (const span of spans) {
    let newText = '';
    let at = span.start;
    for (const part of [...span.parts].sort(byStart)) {
      newText += middle.slice(at, part.range.start) + part.newText;
      at = part.range.end;
    }
    newText += middle.slice(at, span.end);
    const range: Range = { start: original(span.start, false), end: original(span.end, true) };
    out.push({ range, newText });
  }
  out.sort(byStart);
  if (applyTextEdits(text, out) === end) return out;
  return [diffText(text, end)];
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
