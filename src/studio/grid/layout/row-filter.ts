import { bilingual } from '../../../i18n/format';
import type { Bilingual } from '../../../kernel';
import { compiledRowName, rowId } from '../../../kernel/document/row-rule-name';
import {
  formatCell,
  ROW_TEXT_KEYS,
  type TableModel,
  type TableOp,
} from '../../../kernel/table-edit';
import { DECISIONS } from '../../../kernel/vocabulary/decisions';
import { gridStrings } from '../strings';
import { layoutStrings } from './strings';

/**
 * The grid's row search (issue 36 §7): which rows a search shows, and which edits a filtered grid
 * refuses so that no edit ever lands on a row the search hides.
 */

/** The rows a search shows (true indices, in order) out of `total`. */
export interface RowFilter {
  readonly query: string;
  readonly rows: readonly number[];
  readonly shown: ReadonlySet<number>;
  readonly total: number;
}

const DECISION_WORDS = new Map<string, readonly string[]>(
  DECISIONS.map((d) => [d.name, [d.name, d.en, d.zh]]),
);

/** Case, width and compatibility forms folded: `ＡＬＬＯＷ`, `Allow` and `allow` read alike. */
export function foldSearch(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

/**
 * What a row is searched by, folded: its number, name and compiled rule name, every condition as
 * the grid shows it, its decision as code and as word in both languages, its priority and every
 * row text (shown or not).
 */
export function rowHaystacks(table: TableModel): string[] {
  const defaultWords = [gridStrings.en.defaultRow, gridStrings.zh.defaultRow];
  return table.rows.map((r) => {
    const parts: string[] = [String(r.index), compiledRowName(table.entry, rowId(r))];
    if (r.name !== null) parts.push(r.name);
    if (r.isDefault) parts.push(...defaultWords);
    else for (const cell of r.cells) parts.push(formatCell(cell));
    if (r.then !== null) parts.push(...(DECISION_WORDS.get(r.then) ?? [r.then]));
    if (r.priority !== null) parts.push(String(r.priority));
    for (const key of ROW_TEXT_KEYS) {
      const text = r.texts[key]?.value;
      if (text) parts.push(text);
    }
    // A separator no query term can contain (terms are split at white space).
    return foldSearch(parts.join('\n'));
  });
}

/**
 * The rows whose text contains every white-space separated term of `query` (case-insensitive);
 * null when the query has no term (every row shown).
 */
export function filterRows(haystacks: readonly string[], query: string): RowFilter | null {
  const terms = foldSearch(query).split(/\s+/u).filter(Boolean);
  if (terms.length === 0) return null;
  const rows: number[] = [];
  haystacks.forEach((h, i) => {
    if (terms.every((t) => h.includes(t))) rows.push(i);
  });
  return { query, rows, shown: new Set(rows), total: haystacks.length };
}

/** The edits a filtered grid makes on the row they name, when that row is shown. */
const ROW_EDITS = new Set<TableOp['kind']>(['setCell', 'setDecision', 'setPriority', 'setRowText']);

/**
 * Why `op` may not run while `filter` hides rows, or null when it may. Fail closed: a cell edit
 * runs only on a shown row; a paste (also a fill, a clear, an edit of every selected cell) only
 * when every row it writes is shown and exists (none is added); every other operation — adding,
 * deleting or moving rows or columns, and any operation this list does not know — is refused
 * while the search hides a row.
 */
export function filterRefusal(
  op: TableOp,
  table: TableModel,
  filter: RowFilter | null,
): Bilingual | null {
  if (!filter || filter.rows.length === filter.total) return null;
  if (ROW_EDITS.has(op.kind) && 'row' in op && typeof op.row === 'number')
    return filter.shown.has(op.row) ? null : pasteRefusal([op.row]);
  if (op.kind === 'paste') {
    const hit: number[] = [];
    for (let i = op.row; i < op.row + op.cells.length; i++) {
      const row = table.rows[i];
      if (!filter.shown.has(i) || !row || row.isDefault) hit.push(i);
    }
    return hit.length === 0 ? null : pasteRefusal(hit);
  }
  const hidden = filter.total - filter.rows.length;
  return bilingual(layoutStrings, (s) => s.refusedHidden, { n: hidden });
}

function pasteRefusal(rows: readonly number[]): Bilingual {
  const numbers = rows.slice(0, 8).map((r) => r + 1);
  const list = (sep: string) => numbers.join(sep) + (rows.length > numbers.length ? `${sep}…` : '');
  const rowsText = (lang: 'en' | 'zh') => {
    const s = layoutStrings[lang];
    return (rows.length === 1 ? s.rowList : s.rowsList).replace('{list}', list(s.listSeparator));
  };
  const sentence = (lang: 'en' | 'zh') => {
    const s = layoutStrings[lang];
    return (rows.length === 1 ? s.refusedPasteOne : s.refusedPaste).replace(
      '{rows}',
      rowsText(lang),
    );
  };
  return { en: sentence('en'), zh: sentence('zh') };
}

/**
 * Where a move to `to` lands when `filter` hides rows: `to` if shown; else the nearest shown row
 * in the direction of the move from `from` (staying on `from` when there is none that way).
 */
export function shownRow(filter: RowFilter | null, from: number, to: number): number {
  if (!filter || filter.shown.has(to) || filter.rows.length === 0) return to;
  const rows = filter.rows;
  if (to > from) {
    const next = rows.find((r) => r >= to);
    return next ?? (filter.shown.has(from) ? from : (rows[rows.length - 1] as number));
  }
  if (to < from) {
    for (let i = rows.length - 1; i >= 0; i--)
      if ((rows[i] as number) <= to) return rows[i] as number;
    return filter.shown.has(from) ? from : (rows[0] as number);
  }
  // A hidden row in place (the search just hid it): the nearest shown row.
  let best = rows[0] as number;
  for (const r of rows) if (Math.abs(r - to) < Math.abs(best - to)) best = r;
  return best;
}
