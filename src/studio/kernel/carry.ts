import { SourceText } from '../../kernel';
import type { PositionedDiagnostic } from '../../worker/kernel-protocol';

/**
 * Moves diagnostics computed for `before` onto `after`, an edit of it: those wholly before the
 * changed span keep their place, those from its end on shift by the edit's length, and those that
 * touch it are dropped (they are recomputed). Fixes move with their diagnostics, or are dropped if
 * any edit touches the changed span. Lets slow results (gloss lint) stay visible while typing.
 */
export function carryDiagnostics(
  before: string,
  after: string,
  diagnostics: readonly PositionedDiagnostic[],
): PositionedDiagnostic[] {
  if (before === after) return [...diagnostics];
  let prefix = 0;
  const max = Math.min(before.length, after.length);
  while (prefix < max && before.charCodeAt(prefix) === after.charCodeAt(prefix)) prefix++;
  let suffix = 0;
  while (
    suffix < max - prefix &&
    before.charCodeAt(before.length - 1 - suffix) === after.charCodeAt(after.length - 1 - suffix)
  )
    suffix++;
  const changedEnd = before.length - suffix;
  const delta = after.length - before.length;
  /** A range before the change keeps its place, one after it moves, one touching it is gone. */
  const move = (range: { start: number; end: number }) =>
    range.end < prefix
      ? range
      : range.start >= changedEnd
        ? { start: range.start + delta, end: range.end + delta }
        : null;
  let source: SourceText | null = null;
  const out: PositionedDiagnostic[] = [];
  for (const d of diagnostics) {
    const range = move(d.range);
    if (range === null) continue;
    const edits = d.fix?.edits.map((e) => {
      const moved = move(e.range);
      return moved === null ? null : { ...e, range: moved };
    });
    const fix = d.fix && edits?.every((e) => e !== null) ? { ...d.fix, edits } : undefined;
    source ??= new SourceText(after);
    const { fix: _old, ...rest } = d;
    out.push({
      ...rest,
      ...(fix ? { fix } : {}),
      range,
      start: source.position(range.start),
      end: source.position(range.end),
    });
  }
  return out;
}
