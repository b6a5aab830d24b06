/**
 * A JSON Lines fact set cut into consecutive parts of whole lines, one per worker of a pool. Each
 * part says where it starts in the whole text (offset and 1-based line), so its parser names facts
 * and places problems as a reader of the whole text would (createJsonLinesParser's `start`).
 */
export interface FactLinesPart {
  readonly text: string;
  /** Offset of the part's first character in the whole text. */
  readonly offset: number;
  /** 1-based number of the part's first line in the whole text. */
  readonly line: number;
}

/**
 * At most `parts` parts of about equal length, each ending just after a line break (the last one
 * at the end of the text); never an empty part, always at least one.
 */
export function splitFactLines(text: string, parts: number): FactLinesPart[] {
  const wanted = Math.max(1, Math.floor(parts));
  const out: FactLinesPart[] = [];
  let start = 0;
  let line = 1;
  for (let k = 1; k <= wanted && start < text.length; k++) {
    let end = text.length;
    if (k < wanted) {
      const target = Math.max(start, Math.floor((text.length * k) / wanted) - 1);
      const nl = text.indexOf('\n', target);
      end = nl < 0 ? text.length : nl + 1;
    }
    out.push({ text: text.slice(start, end), offset: start, line });
    for (let at = text.indexOf('\n', start); at >= 0 && at < end; at = text.indexOf('\n', at + 1))
      line++;
    start = end;
  }
  if (out.length === 0) out.push({ text, offset: 0, line: 1 });
  return out;
}
