import type { TableColumnType } from '../vocabulary/document';

/**
 * Whether a decision-table cell fits its column's declared `type` (I-91). One definition for the
 * compiler (ERDL-E521 on a cell that does not fit) and the grid (whose reader, given a declared
 * type, only ever writes cells that fit: property-tested in src/kernel/table-edit).
 *
 * A cell fits when what it compares the field with is of the column's type: every literal of a
 * number column is a number, of a text column a string, of a date column an ISO date string, of a
 * yes/no column a boolean. Text operators (`contains`, `starts_with` …, `match`) test text,
 * `length_*` the length of a text or a list, `count_*` the items of a list, and a list column is
 * tested by `contains`, `not_contains`, `count_*` and `length_*` only (a list never equals a
 * value). `exists` / `not_exists`, a cell without a value and a `null` literal fit every type.
 */

/** A date as ISO 8601 writes it, with an optional time and zone: what a date column holds. */
export const ISO_DATE =
  /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})?)?$/;

export type CellLiteral = string | number | boolean | null;

const TEXT_OPERATORS = new Set([
  'contains',
  'not_contains',
  'starts_with',
  'ends_with',
  'not_starts_with',
  'not_ends_with',
  'match',
]);

function literalFits(v: CellLiteral, type: TableColumnType): boolean {
  if (v === null) return true;
  switch (type) {
    case 'number':
      return typeof v === 'number';
    case 'string':
      return typeof v === 'string';
    case 'date':
      return typeof v === 'string' && ISO_DATE.test(v);
    case 'boolean':
      return typeof v === 'boolean';
    case 'list':
      return true;
  }
}

/**
 * Whether the cell `[op, value]` fits a column of `type`; `literals` are the scalar values the cell
 * holds (the items of a list value), `undefined` for a cell without a value.
 */
export function cellFitsType(
  op: string,
  literals: readonly CellLiteral[] | undefined,
  type: TableColumnType,
): boolean {
  if (literals === undefined || op === 'exists' || op === 'not_exists') return true;
  if (op.startsWith('count_')) return type === 'list';
  if (op.startsWith('length_')) return type === 'string' || type === 'date' || type === 'list';
  if (type === 'list') return op === 'contains' || op === 'not_contains';
  if (TEXT_OPERATORS.has(op) && type !== 'string' && type !== 'date') return false;
  return literals.every((v) => literalFits(v, type));
}
