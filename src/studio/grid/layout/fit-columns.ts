import { ROW_TEXT_KEYS, type TableModel } from '../../../kernel/table-edit';

/**
 * "Fit columns" (issue 36 §7): every column sized to its content within the width available.
 *
 * Each column has a minimum (its longest word: no word is ever broken), a natural width (its
 * content on one line, its header label on up to two) and a full width (the label on one line,
 * the field path under it). Soft columns (row texts, the compiled rule name: they wrap or end
 * with "…", the whole text on hover) also have a readable width they get before growing further.
 * From every column at its minimum, the room there is goes in turns: the hard columns
 * (conditions, decision, priority) their natural width; the soft ones their readable width, then
 * their natural width; then everyone the full width. Within a turn the narrowest grow first, to
 * a common level ("water filling"). A column never goes below its minimum, so the grid scrolls
 * sideways only when even the minimums do not fit. Widths the user set by hand are kept.
 */

export interface ColumnFit {
  /** The longest word of the column (CSS px, padding and border included). */
  readonly min: number;
  /** Content on one line, the header label on up to two (≥ min). */
  readonly natural: number;
  /** With the header on one line and the field path under it (≥ natural). */
  readonly full?: number;
  /** Gives way first; grows to `readable` before any soft column grows further. */
  readonly soft: boolean;
  readonly readable?: number;
  /** Set by hand: kept. */
  readonly fixed?: number;
}

/** The level L at which Σ clamp(L, lo, hi) = target (lo ≤ hi; Σlo ≤ target ≤ Σhi). */
function level(items: readonly { lo: number; hi: number }[], target: number): number {
  let a = 0;
  let b = Math.max(0, ...items.map((i) => i.hi));
  for (let k = 0; k < 48; k++) {
    const mid = (a + b) / 2;
    const sum = items.reduce((s, i) => s + Math.min(i.hi, Math.max(i.lo, mid)), 0);
    if (sum > target) b = mid;
    else a = mid;
  }
  return a;
}

/** The widths (whole CSS px) of `columns` within `available`. */
export function fitWidths(columns: readonly ColumnFit[], available: number): number[] {
  const min = (c: ColumnFit) => c.fixed ?? Math.min(c.min, c.natural);
  const natural = (c: ColumnFit) => c.fixed ?? Math.max(c.min, c.natural);
  const full = (c: ColumnFit) => c.fixed ?? Math.max(natural(c), c.full ?? 0);
  const readable = (c: ColumnFit) =>
    c.fixed ?? Math.max(min(c), Math.min(natural(c), c.readable ?? 0));
  const turns: readonly ((c: ColumnFit) => number)[] = [
    (c) => (c.soft ? min(c) : natural(c)),
    (c) => (c.soft ? readable(c) : natural(c)),
    natural,
    full,
  ];
  const total = (w: readonly number[]) => w.reduce((s, x) => s + x, 0);
  let widths = columns.map(min);
  for (const turn of turns) {
    const target = columns.map((c, i) => Math.max(widths[i] as number, turn(c)));
    if (total(target) <= available) {
      widths = target;
      continue;
    }
    if (total(widths) < available) {
      const items = widths.map((w, i) => ({ lo: w, hi: target[i] as number }));
      const at = level(items, available);
      widths = items.map((it) => Math.min(it.hi, Math.max(it.lo, at)));
    }
    break;
  }
  return widths.map((w, i) =>
    Math.max(Math.floor(w + 1e-6), Math.ceil(min(columns[i] as ColumnFit))),
  );
}

/** Soft columns: the width they are readable at (a message's first words, a row's name). */
export const READABLE = { text: 160, rule: 140 } as const;

/**
 * Measures the columns of a rendered grid table (`th[data-width-key]` in its header): with every
 * cell on one line (full), the same without the field paths under the labels (natural), and as
 * narrow as its words allow, with the parts that are cut with an ellipsis left out (minimum). The table is measured as laid out by its content, not
 * by the widths it has; nothing is painted in between (the classes are removed before returning).
 */
export function measureColumns(
  table: HTMLTableElement,
): Map<string, { readonly full: number; readonly natural: number; readonly min: number }> {
  const heads = [...table.querySelectorAll<HTMLElement>('thead th[data-width-key]')];
  const widthsNow = () => heads.map((h) => Math.ceil(h.getBoundingClientRect().width));
  // The widths the grid has now are lifted while measuring (and put back as they were).
  const styled = [table, ...heads].map((el) => [el, el.getAttribute('style')] as const);
  for (const [el] of styled) el.removeAttribute('style');
  table.classList.add('grid-measure', 'grid-measure-natural');
  const full = widthsNow();
  table.classList.add('grid-measure-short');
  const natural = widthsNow();
  table.classList.remove('grid-measure-natural', 'grid-measure-short');
  table.classList.add('grid-measure-min');
  const min = widthsNow();
  table.classList.remove('grid-measure', 'grid-measure-min');
  for (const [el, style] of styled) if (style !== null) el.setAttribute('style', style);
  const out = new Map<string, { full: number; natural: number; min: number }>();
  heads.forEach((h, i) => {
    const n = natural[i] as number;
    out.set(h.dataset.widthKey as string, {
      full: Math.max(n, full[i] as number),
      natural: n,
      min: Math.min(n, min[i] as number),
    });
  });
  return out;
}

/**
 * What the columns hold, as far as their widths go, without formatting a cell: the columns'
 * fields, labels and types, each column's longest cell source, the decisions used, the longest
 * priority, row name and row text, the row count. Equal signatures: the fit stands.
 */
export function contentSignature(table: TableModel): string {
  const longest = table.columns.map(() => 0);
  const decisions = new Set<string>();
  const texts: Record<string, number> = {};
  let priority = 0;
  let name = 0;
  for (const r of table.rows) {
    if (!r.isDefault)
      r.cells.forEach((c, i) => {
        longest[i] = Math.max(longest[i] ?? 0, c.range.end - c.range.start);
      });
    if (r.then !== null) decisions.add(r.then);
    if (r.priority !== null) priority = Math.max(priority, String(r.priority).length);
    name = Math.max(name, (r.name ?? String(r.index)).length);
    for (const key of ROW_TEXT_KEYS)
      texts[key] = Math.max(texts[key] ?? 0, r.texts[key]?.value.length ?? 0);
  }
  return JSON.stringify([
    table.entry,
    table.rows.length,
    table.rows.some((r) => r.isDefault),
    table.columns.map((c) => [c.field, c.label ?? null, c.type ?? null]),
    longest,
    [...decisions].sort(),
    priority,
    name,
    texts,
  ]);
}
