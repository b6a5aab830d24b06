import { commonPrefix, commonSuffix } from '../../kernel/util/text-edit';
import type { PositionedDiagnostic } from '../../worker/kernel-protocol';

/**
 * Moves diagnostics computed for `before` onto `after`, an edit of it: those wholly before the
 * changed span keep their place, those from its end on shift by the edit's length, and those that
 * touch it are dropped (they are recomputed). Fixes move with their diagnostics, or are dropped if
 * any edit touches the changed span. Lets slow results (gloss lint) stay visible while typing.
 * Runs on the main thread after every analysis, so it never re-indexes the text's lines: a moved
 * diagnostic's line moves by the line breaks the edit added, its column is counted from its line.
 */
export function carryDiagnostics(
  before: string,
  after: string,
  diagnostics: readonly PositionedDiagnostic[],
): PositionedDiagnostic[] {
  if (before === after) return [...diagnostics];
  const max = Math.min(before.length, after.length);
  const prefix = commonPrefix(before, after, max);
  const suffix = commonSuffix(before, after, max - prefix);
  const changedEnd = before.length - suffix;
  const delta = after.length - before.length;
  // Line breaks the edit added (a window one wider on each side: an edit can join or split \r\n).
  const lineDelta =
    lineBreaks(after, prefix - 1, after.length - suffix + 1) -
    lineBreaks(before, prefix - 1, changedEnd + 1);
  /** A range before the change keeps its place, one after it moves, one touching it is gone. */
  const move = (range: { start: number; end: number }) =>
    range.end < prefix
      ? range
      : range.start >= changedEnd
        ? { start: range.start + delta, end: range.end + delta }
        : null;
  /** Where a moved offset is: its line moved by the breaks added, its column counted afresh. */
  const starts = new Map<number, number>();
  const position = (offset: number, oldLine: number) => {
    const line = oldLine + lineDelta;
    let start = starts.get(line);
    if (start === undefined) {
      // Once per line: a one-line JSON document must not be scanned once per diagnostic.
      start = lineStart(after, offset);
      starts.set(line, start);
    }
    return { line, column: offset - start + 1 };
  };
  const out: PositionedDiagnostic[] = [];
  for (const d of diagnostics) {
    // Wholly before the change (fix included): unchanged, the same object.
    if (d.range.end < prefix && (d.fix?.edits.every((e) => e.range.end < prefix) ?? true)) {
      out.push(d);
      continue;
    }
    const range = move(d.range);
    if (range === null) continue;
    const edits = d.fix?.edits.map((e) => {
      const moved = move(e.range);
      return moved === null ? null : { ...e, range: moved };
    });
    const fix = d.fix && edits?.every((e) => e !== null) ? { ...d.fix, edits } : undefined;
    const { fix: _old, ...rest } = d;
    out.push({
      ...rest,
      ...(fix ? { fix } : {}),
      range,
      start: range === d.range ? d.start : position(range.start, d.start.line),
      end: range === d.range ? d.end : position(range.end, d.end.line),
    });
  }
  return out;
}

/** Is `i` a line break as SourceText counts them (\n, or \r not followed by \n)? */
function isBreak(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  return c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10);
}

/** Line breaks at offsets from … to (clamped to the text). */
function lineBreaks(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = Math.max(0, from); i < Math.min(to, text.length); i++) if (isBreak(text, i)) n++;
  return n;
}

/** The offset where the line holding `offset` starts. */
function lineStart(text: string, offset: number): number {
  let i = offset - 1;
  while (i >= 0 && !isBreak(text, i)) i--;
  return i + 1;
}
