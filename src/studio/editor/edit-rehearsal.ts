/**
 * A long document's first edit, rehearsed invisibly once its first markers are shown
 * (docs/performance-log.md, "Round 7"). The first edit of a long model ran Monaco's editing path for
 * the first time on that model and view — the edit stack, the piece tree's caches, the decorations'
 * trees, the view's invalidation and the render of a changed line — inside the analyst's first grid
 * edit or the writer's first keystroke.
 *
 * The rehearsal replaces one character of a visible line's indentation by itself with
 * `applyEdits`, which keeps no undo entry: the text stays exactly what it was, so the store, the
 * analysis, the markers, the cursor and the undo history do too. The editor's own listener sees
 * the same text and does nothing. The character is chosen so that no decoration (marker, fold,
 * highlight) starts or ends at it, and off every selection's lines, so nothing moves either.
 *
 * This module picks the character (pure, unit-tested); `editor-session.ts` schedules the edit.
 */

/** Documents at least this long (UTF-16 units) get the rehearsal; shorter ones edit fast cold. */
export const REHEARSAL_MIN_LENGTH = 20_000;

/** The character [column, column + 1) on `line`, Monaco's 1-based positions. */
export interface RehearsalSpot {
  readonly line: number;
  readonly column: number;
}

/** What the choice reads of the model and the view. */
export interface RehearsalView {
  /** The lines shown, first to last (Monaco's visible ranges). */
  readonly visible: readonly { readonly start: number; readonly end: number }[];
  /** Whether a selection or cursor is on `line`: such a line is never edited. */
  selected(line: number): boolean;
  lineContent(line: number): string;
  /** Every decoration (any owner) that meets [column, column + 1) on `line`, 1-based. */
  decorationsAt(
    line: number,
    column: number,
  ): readonly {
    readonly startLine: number;
    readonly startColumn: number;
    readonly endLine: number;
    readonly endColumn: number;
  }[];
}

/**
 * The character to replace by itself: the second space of a visible line indented by three or
 * more spaces, off the selections' lines, strictly inside every decoration that meets it (none
 * starts or ends at it, so none moves when it is deleted and typed again). `null` when no line
 * qualifies: then nothing is rehearsed.
 */
export function rehearsalSpot(view: RehearsalView): RehearsalSpot | null {
  const column = 2;
  for (const { start, end } of view.visible) {
    for (let line = start; line <= end; line++) {
      if (view.selected(line) || !view.lineContent(line).startsWith('   ')) continue;
      const inside = view
        .decorationsAt(line, column)
        .every(
          (d) =>
            (d.startLine < line || (d.startLine === line && d.startColumn < column)) &&
            (d.endLine > line || (d.endLine === line && d.endColumn > column + 1)),
        );
      if (inside) return { line, column };
    }
  }
  return null;
}
