import type { TextEdit } from '../diagnostics/diagnostic';

/** The text with non-overlapping edits applied (offsets into the original); null if they do not fit. */
export function applyTextEdits(text: string, edits: readonly TextEdit[]): string | null {
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
