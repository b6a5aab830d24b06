/**
 * The studio's layout preferences (the side panel's width, the table view per document, the
 * grid's column widths per table):
 * remembered in localStorage across reloads, separate from the workspace's documents.
 */

const LAYOUT_KEY = 'erdl-studio.layout';

/** The side panel's width in CSS pixels: bounds the separator keeps it within. */
export const SIDE_MIN = 280;
export const SIDE_MAX = 1100;
export const SIDE_DEFAULT = 460;
/** One arrow-key step of the separator (PageUp/PageDown: four). */
export const SIDE_STEP = 24;

export interface Layout {
  readonly sideWidth: number;
  /** Document ids shown in the table view (grid full width, YAML secondary). */
  readonly tableView: readonly string[];
  /** Document ids whose YAML is collapsed in the table view. */
  readonly yamlCollapsed: readonly string[];
  /**
   * Column widths set by the user, in CSS pixels: table key (`tableKey`) → width key (`c<n>`,
   * `decision`, a row text) → width. A layout preference only: it never changes the rules.
   */
  readonly columnWidths: Readonly<Record<string, Readonly<Record<string, number>>>>;
}

export const DEFAULT_LAYOUT: Layout = {
  sideWidth: SIDE_DEFAULT,
  tableView: [],
  yamlCollapsed: [],
  columnWidths: {},
};

/** The key a table's column widths are kept under: its document and its entry (rule name). */
export function tableKey(docId: string, entry: string): string {
  return `${docId}\u0000${entry}`;
}

/** A grid column's width bounds (CSS pixels). */
export const COLUMN_MIN = 48;
export const COLUMN_MAX = 900;

/** A width kept inside [COLUMN_MIN, COLUMN_MAX], rounded to a whole pixel (not a number: the minimum). */
export function clampColumn(width: number): number {
  if (!Number.isFinite(width)) return width === Number.POSITIVE_INFINITY ? COLUMN_MAX : COLUMN_MIN;
  return Math.round(Math.min(COLUMN_MAX, Math.max(COLUMN_MIN, width)));
}

/** Stored column widths, keeping only finite numbers (clamped); anything else is dropped. */
function columnWidths(v: unknown): Layout['columnWidths'] {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return {};
  const out: Record<string, Record<string, number>> = {};
  for (const [table, widths] of Object.entries(v)) {
    if (typeof widths !== 'object' || widths === null || Array.isArray(widths)) continue;
    const kept: Record<string, number> = {};
    for (const [key, w] of Object.entries(widths))
      if (typeof w === 'number' && Number.isFinite(w)) kept[key] = clampColumn(w);
    if (Object.keys(kept).length > 0) out[table] = kept;
  }
  return out;
}

/** A width kept inside [SIDE_MIN, SIDE_MAX], rounded to a whole pixel. */
export function clampSide(width: number): number {
  if (!Number.isFinite(width)) return SIDE_DEFAULT;
  return Math.round(Math.min(SIDE_MAX, Math.max(SIDE_MIN, width)));
}

const ids = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

/** Reads a stored layout; anything unreadable falls back to the default, field by field. */
export function parseLayout(text: string | null | undefined): Layout {
  if (!text) return DEFAULT_LAYOUT;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return DEFAULT_LAYOUT;
  }
  if (typeof raw !== 'object' || raw === null) return DEFAULT_LAYOUT;
  const r = raw as Record<string, unknown>;
  return {
    sideWidth: typeof r.sideWidth === 'number' ? clampSide(r.sideWidth) : SIDE_DEFAULT,
    tableView: ids(r.tableView),
    yamlCollapsed: ids(r.yamlCollapsed),
    columnWidths: columnWidths(r.columnWidths),
  };
}

export function loadLayout(): Layout {
  try {
    return parseLayout(globalThis.localStorage?.getItem(LAYOUT_KEY));
  } catch {
    return DEFAULT_LAYOUT;
  }
}

export function saveLayout(layout: Layout): void {
  try {
    globalThis.localStorage?.setItem(LAYOUT_KEY, JSON.stringify(layout));
  } catch {
    // Storage can be blocked: the layout still applies for this page.
  }
}

/** `list` with `id` present (on) or absent (off). */
export function toggleId(list: readonly string[], id: string, on: boolean): string[] {
  const rest = list.filter((x) => x !== id);
  return on ? [...rest, id] : rest;
}
