import { type RefObject, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import {
  ROW_TEXT_KEYS,
  type RowTextKey,
  type TableModel,
  type TableOp,
} from '../../../kernel/table-edit';
import { tableKey } from '../../shell/layout';
import { studioStore, useStudio } from '../../store';
import type { Lang } from '../../store/types';
import { guardTableEdits } from '../run-table-edit';
import { contentSignature, fitWidths, measureColumns, READABLE } from './fit-columns';
import { filterRefusal, filterRows, type RowFilter, rowHaystacks } from './row-filter';

const NO_WIDTHS: Readonly<Record<string, number>> = {};
const TEXT_KEYS: ReadonlySet<string> = new Set(ROW_TEXT_KEYS);
/** The least height the grid scrolls in below what is above it (else: under the toolbar). */
const MIN_HEIGHT = 280;
/** The least width of a soft column (its header then reads "Instr…", whole on hover). */
const SOFT_MIN = 64;
/** Leaves the grid's sideways scroll bar out by a pixel's rounding. */
const SLACK = 2;

/** The nearest ancestor that scrolls vertically (the table view, the side panel), if any. */
function scrollParent(el: HTMLElement | null): HTMLElement | null {
  for (let p = el?.parentElement ?? null; p; p = p.parentElement) {
    const y = getComputedStyle(p).overflowY;
    if (y === 'auto' || y === 'scroll') return p;
  }
  return null;
}

const sameWidths = (a: Readonly<Record<string, number>> | null, b: Record<string, number>) =>
  a !== null &&
  Object.keys(a).length === Object.keys(b).length &&
  Object.entries(b).every(([k, v]) => a[k] === v);

/**
 * The grid's layout at any width (issue 36 §7): the row search and the rows it shows, which rows'
 * findings are open, the columns fitted to their content within the width available (widths set
 * by hand are kept; "Fit columns" forgets them), and the height the grid scrolls in under its
 * sticky toolbar.
 */
export function useGridLayout({
  docId,
  table,
  lang,
  textKeys,
  gridRef,
  scroller,
  section,
  head,
}: {
  readonly docId: string;
  readonly table: TableModel;
  readonly lang: Lang;
  readonly textKeys: readonly RowTextKey[];
  readonly gridRef: RefObject<HTMLTableElement | null>;
  readonly scroller: RefObject<HTMLDivElement | null>;
  readonly section: RefObject<HTMLElement | null>;
  readonly head: RefObject<HTMLDivElement | null>;
}) {
  const key = tableKey(docId, table.entry);
  // Widths the user set by hand (ColumnResizer, Alt+Shift+← / →).
  const userWidths = useStudio((s) => s.layout.columnWidths[key]) ?? NO_WIDTHS;
  // The search.
  const [query, setQuery] = useState('');
  // What rows are searched by is built only while there is a search (not on every edit).
  const searching = query.trim() !== '';
  const haystacks = useMemo(() => (searching ? rowHaystacks(table) : null), [table, searching]);
  const filter: RowFilter | null = useMemo(
    () => (haystacks ? filterRows(haystacks, query) : null),
    [haystacks, query],
  );

  // While the search hides rows, every edit of this table that could land on one is refused where
  // all of them pass (runTableEdit), whichever part of the grid asks for it — from the frame
  // that shows the search on.
  useLayoutEffect(() => {
    if (!filter || filter.rows.length === filter.total) return;
    guardTableEdits(docId, table.entry, (edit) => filterRefusal(edit as TableOp, table, filter));
    return () => guardTableEdits(docId, table.entry, null);
  }, [docId, table, filter]);

  // Open findings, by row.
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set());
  const toggleFindings = (row: number) =>
    setExpanded((s) => {
      const next = new Set(s);
      if (!next.delete(row)) next.add(row);
      return next;
    });

  // The width the grid has, and the height it scrolls in.
  const [viewWidth, setViewWidth] = useState(0);
  const [maxHeight, setMaxHeight] = useState<number | null>(null);
  useLayoutEffect(() => {
    const box = scroller.current;
    const host = scrollParent(section.current);
    if (!box || typeof ResizeObserver === 'undefined') return;
    const update = () => {
      setViewWidth(box.clientWidth);
      if (!host) return;
      // All of the grid's box on screen with the page area at its top; when what is above it
      // leaves too little, as tall as the page area under the sticky toolbar.
      const below =
        host.clientHeight -
        (box.getBoundingClientRect().top - host.getBoundingClientRect().top + host.scrollTop) -
        8;
      const underHead = host.clientHeight - (head.current?.offsetHeight ?? 0) - 12;
      setMaxHeight(Math.max(160, below >= MIN_HEIGHT ? below : underHead));
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(box);
    if (host) observer.observe(host);
    if (head.current) observer.observe(head.current);
    if (section.current) observer.observe(section.current);
    return () => observer.disconnect();
  }, [scroller, section, head]);

  // Columns fitted to their content: measured before the browser paints (a layout effect), so the
  // grid never shows a frame of other widths — but only when what the columns hold may have
  // changed width (measuring lays the table out three times: never on a cell edit that keeps
  // every column's longest text as long, a selection, an analysis that keeps the markers).
  const [auto, setAuto] = useState<Record<string, number> | null>(null);
  const [fits, setFits] = useState(0);
  const content = useMemo(() => contentSignature(table), [table]);
  const measuredFor = useRef('');
  const userSignature = JSON.stringify(userWidths);
  useLayoutEffect(() => {
    const grid = gridRef.current;
    const box = scroller.current;
    if (!grid || !box || viewWidth === 0) return;
    // The widest findings marker (the Row column's width), read without a layout.
    let marker = 0;
    for (const m of grid.querySelectorAll('.findings-marker'))
      marker = Math.max(marker, m.textContent?.length ?? 0);
    const signature = [content, textKeys.join(), lang, viewWidth, fits, userSignature, marker].join(
      '\u0001',
    );
    if (signature === measuredFor.current) return;
    measuredFor.current = signature;
    const measured = measureColumns(grid);
    const keys = [...measured.keys()];
    const widths = fitWidths(
      keys.map((key) => {
        const m = measured.get(key) as { full: number; natural: number; min: number };
        const readable =
          key === 'rule' ? READABLE.rule : TEXT_KEYS.has(key) ? READABLE.text : undefined;
        const fixed = userWidths[key];
        return {
          // A soft column's header may end with "…": its least width is its content's.
          min: readable === undefined ? m.min : Math.min(m.natural, Math.max(m.min, SOFT_MIN)),
          natural: m.natural,
          full: m.full,
          soft: readable !== undefined,
          ...(readable === undefined ? {} : { readable }),
          ...(fixed === undefined ? {} : { fixed }),
        };
      }),
      box.clientWidth - SLACK,
    );
    const next = Object.fromEntries(keys.map((k, i) => [k, widths[i] as number]));
    setAuto((prev) => (sameWidths(prev, next) ? prev : next));
  });

  // Open findings are kept by row index: a row added or deleted closes them all.
  const rowCount = table.rows.length;
  useEffect(() => {
    void rowCount;
    setExpanded((s) => (s.size === 0 ? s : new Set()));
  }, [rowCount]);

  const widths = auto ? { ...auto, ...userWidths } : userWidths;
  // Laid out by these widths (table-layout: fixed) once every column has one.
  const tableWidth = auto ? Object.keys(auto).reduce((sum, k) => sum + (widths[k] ?? 0), 0) : null;
  return {
    query,
    setQuery,
    filter,
    expanded,
    toggleFindings,
    maxHeight,
    /** The widths to lay the grid out with (fitted, and the ones set by hand). */
    widths,
    fitted: auto !== null,
    tableWidth,
    /** "Fit columns": forget the widths set by hand and fit every column again. */
    fit: () => {
      studioStore.getState().clearColumnWidths(key);
      setFits((n) => n + 1);
    },
    /** Double-click on a column's resizer: that column as wide as its content. */
    fitColumn: (widthKey: string) => {
      const grid = gridRef.current;
      const m = grid ? measureColumns(grid).get(widthKey) : undefined;
      if (m) studioStore.getState().setColumnWidth(key, widthKey, m.natural);
    },
  };
}
