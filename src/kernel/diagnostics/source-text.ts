/** Offset ↔ line/column for display. Lines and columns are 1-based; columns count UTF-16 units. A
 * line ends at LF, CRLF or a lone CR. */
export class SourceText {
  private readonly lineStarts: number[] = [0];
  private readonly hasCr: boolean;

  constructor(readonly text: string) {
    // Found with indexOf (a native scan, fast even before the JIT has seen this code: a grid edit
    // of a 500-row table scans its 0.5 MB text here first thing). With no CR in the text, every
    // line ends at an LF; otherwise each character is read (a lone CR ends a line too).
    this.hasCr = text.indexOf('\r') !== -1;
    if (!this.hasCr) {
      for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1))
        this.lineStarts.push(i + 1);
      return;
    }
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10) this.lineStarts.push(i + 1);
      else if (c === 13 && text.charCodeAt(i + 1) !== 10) this.lineStarts.push(i + 1);
    }
  }

  position(offset: number): { line: number; column: number } {
    const o = Math.max(0, Math.min(offset, this.text.length));
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.lineStarts[mid] ?? 0) <= o) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: o - (this.lineStarts[lo] ?? 0) + 1 };
  }

  /**
   * `position(offset).column`, found by looking back for the line break when the text has no CR
   * (no line search: the format check asks this for every block collection of the document).
   */
  column(offset: number): number {
    if (!this.hasCr) {
      const o = Math.max(0, Math.min(offset, this.text.length));
      return o === 0 ? 1 : o - this.text.lastIndexOf('\n', o - 1);
    }
    return this.position(offset).column;
  }

  /** Offset of the first character of a 1-based line (clamped). */
  lineStart(line: number): number {
    const i = Math.max(0, Math.min(line - 1, this.lineStarts.length - 1));
    return this.lineStarts[i] ?? 0;
  }

  get lineCount(): number {
    return this.lineStarts.length;
  }
}
