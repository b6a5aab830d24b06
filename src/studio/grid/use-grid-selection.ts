import { type RefObject, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { studioStore, useStudio } from '../store';
import type { CellRef, Selection } from './selection';

export const ROW_HEIGHT = 34;
/** Rows rendered beyond the visible ones; tables up to this size are not windowed at all. */
const OVERSCAN = 12;
const WINDOW_FROM = 80;
export const VIEWPORT = 460;

/**
 * The grid's selection (anchor + active cell, kept inside the table), its row window for large
 * tables, and the roving focus: the active cell gets the focus once it exists, never pulled back
 * from elsewhere (the editor, a toolbar form, the paste preview).
 */
export function useGridSelection({
  docId,
  entry,
  rowCount,
  navColumns,
  paused,
  gridRef,
  scroller,
  positions,
}: {
  readonly docId: string;
  readonly entry: string;
  readonly rowCount: number;
  readonly navColumns: number;
  /** While a cell editor is open the focus stays in it. */
  readonly paused: boolean;
  readonly gridRef: RefObject<HTMLTableElement | null>;
  readonly scroller: RefObject<HTMLDivElement | null>;
  /**
   * While a search hides rows: how many rows are shown and where a row is among them (the row
   * window counts shown rows; rows keep their true index).
   */
  readonly positions?: { readonly count: number; readonly of: (row: number) => number };
}) {
  const [sel, setSel] = useState<Selection>({
    anchor: { row: 0, col: 0 },
    active: { row: 0, col: 0 },
  });
  const [scrollTop, setScrollTop] = useState(0);
  const focusWanted = useRef(false);

  const clamp = useCallback(
    (c: CellRef): CellRef => ({
      row: Math.max(0, Math.min(rowCount - 1, c.row)),
      col: Math.max(0, Math.min(navColumns - 1, c.col)),
    }),
    [rowCount, navColumns],
  );
  // Rows or columns may disappear under the selection (an edit in the YAML): keep it inside.
  const active = clamp(sel.active);
  const anchor = clamp(sel.anchor);
  const selection: Selection = { anchor, active };

  // Not clamped to today's rows: a row being added is selected before it exists (the render
  // clamps meanwhile, and focus follows once it appears).
  const select = (to: CellRef, extend = false, adding = false) => {
    const c = adding ? { row: Math.max(0, to.row), col: clamp(to).col } : clamp(to);
    focusWanted.current = true;
    setSel((s) => ({ anchor: extend ? s.anchor : c, active: c }));
  };
  /** Focus the active cell again (after an editor closed). */
  const refocus = () => {
    focusWanted.current = true;
    setSel((s) => ({ ...s }));
  };

  // "Show in table" from the evaluation trace selects that row once, then the request is done.
  const gridFocus = useStudio((s) => s.gridFocus);
  useEffect(() => {
    if (!gridFocus || gridFocus.docId !== docId || gridFocus.entry !== entry) return;
    const row = gridFocus.row - 1;
    focusWanted.current = true;
    setSel({ anchor: { row, col: 0 }, active: { row, col: 0 } });
    studioStore.getState().clearGridFocus();
  }, [gridFocus, docId, entry]);

  const shownCount = positions?.count ?? rowCount;
  const windowed = shownCount > WINDOW_FROM;
  const first = windowed ? Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN) : 0;
  const last = windowed
    ? Math.min(shownCount, Math.ceil((scrollTop + VIEWPORT) / ROW_HEIGHT) + OVERSCAN)
    : shownCount;

  // Keep the active row on screen, then give its cell the focus (roving tabindex).
  useLayoutEffect(() => {
    if (!focusWanted.current || paused) return;
    const box = scroller.current;
    if (box && windowed) {
      const top = (positions ? positions.of(active.row) : active.row) * ROW_HEIGHT;
      if (top < box.scrollTop) box.scrollTop = top;
      else if (top + ROW_HEIGHT * 2 > box.scrollTop + box.clientHeight)
        box.scrollTop = top - box.clientHeight + ROW_HEIGHT * 2;
      if (box.scrollTop !== scrollTop) setScrollTop(box.scrollTop);
    }
    const cell = gridRef.current?.querySelector<HTMLElement>(
      `[data-cell="${active.row}:${active.col}"]`,
    );
    // Never pull the focus back from elsewhere (the editor, a toolbar form).
    const focusedElsewhere =
      document.activeElement !== document.body &&
      !gridRef.current?.contains(document.activeElement);
    if (cell && !focusedElsewhere) {
      // The cell hands the focus to its focus input (focus-input/FocusInput.tsx): already there.
      if (!cell.contains(document.activeElement)) cell.focus({ preventScroll: windowed });
      if (sel.active.row === active.row && sel.active.col === active.col)
        focusWanted.current = false;
    }
  });

  return {
    selection,
    active,
    select,
    refocus,
    windowed,
    first,
    last,
    onScroll: (top: number) => windowed && setScrollTop(top),
  };
}
