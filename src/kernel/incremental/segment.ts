/**
 * Cheap line scan that cuts a YAML rule document into its header and one segment per item of the
 * top-level `rules` block sequence, or refuses (null) whenever parsing the parts separately might
 * not be equivalent to parsing the whole (the reason). Refusing is always safe: the caller compiles the whole
 * text instead.
 *
 * Accepted shape (anything else is refused):
 *
 *     …header lines…          parsed on their own (yaml sees the same text, `rules:` empty)
 *     rules:  # comment       at column 0, nothing but an optional comment after the colon
 *     # blank or comment lines
 *     ␣␣- …                   an item line: k spaces, `-`, then a space or the line end
 *     ␣␣␣␣…                   content lines indented more than k (no tab in the indentation)
 *     # comments (any column) and blank lines (spaces only)
 *     ␣␣- …                   the next item: a segment runs from its item line to the next
 *
 * So no line of the rules region other than an item line starts at a column ≤ k: a top-level key
 * after `rules`, a document marker, a directive, or a multi-line scalar or flow collection that
 * continues at the item column all refuse. A quoted scalar or flow collection that spans two
 * items is cut open, which yaml reports as an error in the first segment (the caller refuses on
 * any fragment error). Lone CR line breaks and tabs used as indentation refuse too.
 */
export interface Segmentation {
  /** Offset of the `rules` key (the start of its line). */
  readonly rulesKey: number;
  /** Spaces before each item's `-`. */
  readonly indent: number;
  /** Start offset of each item's segment (a line start); a segment ends where the next begins. */
  readonly starts: readonly number[];
}

const SPACE = 0x20;
const TAB = 0x09;
const HASH = 0x23;
const DASH = 0x2d;
const CR = 0x0d;

/** The segmentation, or why the text is refused. */
export function segment(text: string): Segmentation | string {
  // Lone CR is a line break to yaml and SourceText but not to this scan.
  for (let i = text.indexOf('\r'); i !== -1; i = text.indexOf('\r', i + 1)) {
    if (text.charCodeAt(i + 1) !== 0x0a) return 'a lone CR line break';
  }
  let rulesKey = -1;
  let indent = -1;
  const starts: number[] = [];
  let sawContent = false;
  let pos = 0;
  while (pos < text.length) {
    let nl = text.indexOf('\n', pos);
    if (nl === -1) nl = text.length;
    let end = nl;
    if (end > pos && text.charCodeAt(end - 1) === CR) end--;
    const lineStart = pos;
    pos = nl + 1;

    let i = lineStart;
    while (i < end && text.charCodeAt(i) === SPACE) i++;
    const spaces = i - lineStart;
    const first = i < end ? text.charCodeAt(i) : -1;
    if (first === TAB) return 'a tab in the indentation';
    const blank = first === -1;
    const comment = first === HASH;

    if (rulesKey === -1) {
      // Header: parsed as a whole by yaml. Refuse directives and document markers (other than a
      // leading `---`), which change how the rest of the text parses.
      if (blank || comment) continue;
      if (spaces === 0) {
        if (first === 0x25 /* % */) return 'a directive';
        if (startsWithAt(text, lineStart, '...', end)) return 'a document end marker';
        if (startsWithAt(text, lineStart, '---', end)) {
          if (sawContent) return 'a document marker after content';
          sawContent = true;
          continue;
        }
        if (isRulesLine(text, lineStart, end)) {
          rulesKey = lineStart;
          continue;
        }
      }
      sawContent = true;
      continue;
    }
    if (blank || comment) continue;
    if (indent === -1) {
      // The first item fixes the sequence's indentation.
      if (!isItemLine(text, i, end)) return 'rules is not followed by a block sequence';
      indent = spaces;
      starts.push(lineStart);
      continue;
    }
    if (spaces === indent && isItemLine(text, i, end)) {
      starts.push(lineStart);
      continue;
    }
    if (spaces <= indent) return 'a line at or left of the item column that starts no item';
  }
  if (rulesKey === -1) return 'no `rules:` line';
  if (starts.length === 0) return 'no rule items';
  return { rulesKey, indent, starts };
}

/** `rules:` at column 0, then nothing but spaces and an optional comment. */
function isRulesLine(text: string, start: number, end: number): boolean {
  if (!startsWithAt(text, start, 'rules:', end)) return false;
  let i = start + 6;
  if (i === end) return true;
  if (text.charCodeAt(i) !== SPACE) return false;
  while (i < end && text.charCodeAt(i) === SPACE) i++;
  return i === end || text.charCodeAt(i) === HASH;
}

/** A block sequence item indicator at `at`: `-` followed by a space or the end of the line. */
function isItemLine(text: string, at: number, end: number): boolean {
  return text.charCodeAt(at) === DASH && (at + 1 === end || text.charCodeAt(at + 1) === SPACE);
}

function startsWithAt(text: string, at: number, s: string, end: number): boolean {
  return at + s.length <= end && text.startsWith(s, at);
}
