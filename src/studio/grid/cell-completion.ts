import type { FieldDictionary } from '../../kernel/gloss/names';
import {
  type CellValue,
  type ColumnType,
  readCell,
  type TableModel,
} from '../../kernel/table-edit';
import { splitOperator } from '../../kernel/table-edit/cell-text';

/**
 * Completions while a condition cell is typed: the values the column's cells already compare
 * with, then the known values the field dictionary lists for the column's field (`values`),
 * of the column's type only. A completion replaces the value being typed (after the operator, or
 * the last item of an `in` list) with the value written so that the column reads it back as
 * exactly that value (cell-completion.test.ts).
 */
export interface Completion {
  /** The value as shown. */
  readonly label: string;
  /** The value as written into the cell text. */
  readonly insert: string;
  readonly source: 'column' | 'dictionary';
}

type Scalar = string | number | boolean;

function scalarsOf(v: CellValue | undefined, out: { value: Scalar; source: string }[]): void {
  if (!v) return;
  if (v.kind === 'list') {
    for (const i of v.items) scalarsOf(i, out);
    return;
  }
  if (v.value !== null) out.push({ value: v.value, source: v.source });
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}/;

function fits(value: Scalar, type: ColumnType): boolean {
  switch (type) {
    case 'number':
      return typeof value === 'number';
    case 'string':
    case 'list':
      return typeof value === 'string';
    case 'date':
      return typeof value === 'string' && ISO_DATE.test(value);
    case 'boolean':
      return false; // yes / no: nothing to complete
    default:
      return typeof value !== 'boolean';
  }
}

/** Every value offered in column `col` (before filtering by what is typed), deduplicated. */
export function columnValues(
  table: TableModel,
  col: number,
  type: ColumnType,
  dictionary: FieldDictionary | undefined,
): Completion[] {
  const seen = new Map<string, Completion>();
  const add = (value: Scalar, source: string | null, from: Completion['source']) => {
    if (!fits(value, type)) return;
    const label = typeof value === 'number' ? (source ?? String(value)) : String(value);
    if (seen.has(label)) return;
    const insert = writtenValue(value, label, type);
    if (insert !== null) seen.set(label, { label, insert, source: from });
  };
  const found: { value: Scalar; source: string }[] = [];
  for (const row of table.rows) {
    const cell = row.isDefault ? undefined : row.cells[col];
    if (cell?.kind === 'condition') scalarsOf(cell.value, found);
  }
  for (const f of found) add(f.value, f.source, 'column');
  const field = table.columns[col]?.field;
  for (const v of (field && dictionary?.get(field)?.values) || []) {
    add(v, typeof v === 'number' ? String(v) : null, 'dictionary');
  }
  return [...seen.values()];
}

/**
 * A value as written in a cell of `type` so that it reads back as that value: numbers by their
 * source, texts bare when that reads back the same (else quoted); null when it cannot be written.
 */
function writtenValue(value: Scalar, label: string, type: ColumnType): string | null {
  if (typeof value !== 'string') return label;
  // Written alone or after an operator, it must read as this value (`-` alone would read as any).
  const readsAs = (text: string) =>
    [text, `= ${text}`].every((t) => {
      const r = readCell(t, type === 'list' ? 'string' : type);
      return r.ok && r.cell.kind === 'condition' && r.cell.value?.kind === 'scalar'
        ? r.cell.value.value === value
        : false;
    });
  if (!/[,，;；、[\]"']/.test(value) && readsAs(value)) return value;
  const quoted = JSON.stringify(value);
  return readsAs(quoted) ? quoted : null;
}

/** Where the value being typed starts in `text` (after the operator, or the last `in` item). */
export function valueStart(text: string): number {
  const lead = text.length - text.trimStart().length;
  const { op, rest } = splitOperator(text.trimStart());
  const restStart = rest === '' ? text.length : text.lastIndexOf(rest);
  if (op === 'in' || op === 'not_in') {
    const last = Math.max(...[',', '，', ';', '；', '、', '['].map((s) => text.lastIndexOf(s)));
    if (last >= restStart - 1 && last >= 0) {
      const after = text.slice(last + 1);
      return last + 1 + (after.length - after.trimStart().length);
    }
  }
  return op === null ? lead : restStart;
}

/** The completions for `text` (what is typed so far): those starting with the value typed first. */
export function completionsFor(all: readonly Completion[], text: string, max = 8): Completion[] {
  const typed = text.slice(valueStart(text)).replace(/^["']/, '').toLowerCase();
  if (typed === '') return all.slice(0, max);
  const starts = all.filter((c) => c.label.toLowerCase().startsWith(typed));
  const contains = all.filter(
    (c) => !c.label.toLowerCase().startsWith(typed) && c.label.toLowerCase().includes(typed),
  );
  return [...starts, ...contains]
    .filter((c) => c.label.toLowerCase() !== typed || c.insert !== text.slice(valueStart(text)))
    .slice(0, max);
}

/** The text with the value being typed replaced by the completion. */
export function applyCompletion(text: string, completion: Completion): string {
  const start = valueStart(text);
  let before = text.slice(0, start);
  // `>=700` reads, but `in 1,2` would not: keep a space after an operator word or a separator.
  if (before !== '' && !/\s$/.test(before) && /[A-Za-z_,，;；、]$/.test(before)) before += ' ';
  return before + completion.insert;
}
