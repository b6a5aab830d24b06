import {
  type CellInput,
  type CellModel,
  type CellValue,
  type ColumnType,
  formatCell,
  readCell,
} from '../../kernel/table-edit';

/**
 * The operator picker of a condition cell, as data (no DOM): which operators a column of each
 * type offers, the picker's state (operator + what was typed in its value fields) and the one
 * cell text that state stands for. The text is always written in a notation the cell reader reads
 * to exactly the operator picked (docs/table-cells.md) — an explicit operator, string values
 * quoted — so a picker state never reads as something else; an incomplete or foreign value is
 * refused by the reader with its reason (cell-picker.test.ts checks both with fast-check).
 */
export type PickerOp =
  | 'any'
  | 'eq'
  | 'ne'
  | 'lt'
  | 'lte'
  | 'gt'
  | 'gte'
  | 'between'
  | 'in'
  | 'yes'
  | 'no'
  | 'contains'
  | 'count_gt'
  | 'count_gte'
  | 'count_lt'
  | 'count_lte';

export interface PickerState {
  readonly op: PickerOp;
  /** The value field (for `in`: the items, separated by commas). */
  readonly value: string;
  /** The range fields of `between`. */
  readonly min: string;
  readonly max: string;
}

const ORDERED: readonly PickerOp[] = ['eq', 'ne', 'lt', 'lte', 'gt', 'gte'];

const OPERATORS: Readonly<Record<ColumnType, readonly PickerOp[]>> = {
  number: [...ORDERED, 'between', 'in', 'any'],
  unknown: [...ORDERED, 'between', 'in', 'any'],
  string: ['eq', 'ne', 'in', 'any'],
  date: [...ORDERED, 'in', 'any'],
  boolean: ['yes', 'no', 'any'],
  list: ['contains', 'count_gt', 'count_gte', 'count_lt', 'count_lte', 'any'],
};

/** The operators the picker offers in a column of `type`, in menu order. */
export function pickerOperators(type: ColumnType): readonly PickerOp[] {
  return OPERATORS[type];
}

/** What the picker shows for the value: nothing, one field, a list field, or min and max. */
export function pickerOperand(op: PickerOp): 'none' | 'one' | 'list' | 'range' {
  if (op === 'any' || op === 'yes' || op === 'no') return 'none';
  if (op === 'between') return 'range';
  if (op === 'in') return 'list';
  return 'one';
}

/** How each operator is shown in the menu (the symbols of docs/table-cells.md). */
export const PICKER_SYMBOLS: Readonly<Record<PickerOp, string>> = {
  any: '-',
  eq: '=',
  ne: '≠',
  lt: '<',
  lte: '≤',
  gt: '>',
  gte: '≥',
  between: 'between',
  in: 'in',
  yes: 'yes',
  no: 'no',
  contains: 'contains',
  count_gt: 'count_gt',
  count_gte: 'count_gte',
  count_lt: 'count_lt',
  count_lte: 'count_lte',
};

/** The operators as the reader reads them (ASCII; `≠` would read too). */
const WRITTEN: Partial<Record<PickerOp, string>> = {
  eq: '=',
  ne: '!=',
  lt: '<',
  lte: '<=',
  gt: '>',
  gte: '>=',
};

/** Texts are written quoted, so no text value is ever read as an operator, a word or a list. */
const quoted = (type: ColumnType) => type === 'string';
const ITEM_SEPARATOR = /[,，;；、]/;

function valueText(type: ColumnType, raw: string): string {
  const v = raw.trim();
  // An empty value stays empty: the reader then says that the value is missing.
  return quoted(type) && v !== '' ? JSON.stringify(v) : v;
}

function listText(type: ColumnType, raw: string): string {
  const v = raw.trim();
  if (!quoted(type) || v === '') return v;
  const items = v.split(ITEM_SEPARATOR).map((i) => i.trim());
  // An empty item ("a,,b") is left for the reader to refuse ("a value is missing").
  if (items.some((i) => i === '')) return v;
  return `[${items.map((i) => JSON.stringify(i)).join(', ')}]`;
}

/** The cell text a picker state stands for, in a column of `type`. */
export function pickerText(type: ColumnType, s: PickerState): string {
  switch (s.op) {
    case 'any':
      return '-';
    case 'yes':
    case 'no':
      return s.op;
    case 'between':
      return `between ${s.min.trim()} and ${s.max.trim()}`;
    case 'in':
      return `in ${listText(type, s.value)}`.trimEnd();
    case 'contains':
      return `contains ${valueText('string', s.value)}`.trimEnd();
    case 'count_gt':
    case 'count_gte':
    case 'count_lt':
    case 'count_lte':
      return `${s.op} ${s.value.trim()}`.trimEnd();
    default:
      return `${WRITTEN[s.op] ?? s.op} ${valueText(type, s.value)}`.trimEnd();
  }
}

export const emptyPicker = (op: PickerOp): PickerState => ({ op, value: '', min: '', max: '' });

function scalarText(v: CellValue): string | null {
  if (v.kind !== 'scalar') return null;
  if (typeof v.value === 'string') return v.value;
  if (typeof v.value === 'number') return v.source;
  return null;
}

/**
 * The picker state showing an existing cell, or null when the picker cannot show it exactly
 * (another operator, a text containing a list separator …): the cell is then edited as text.
 * Checked: the state's text reads back to the very same cell.
 */
export function pickerFromCell(
  cell: CellModel | CellInput | null | undefined,
  type: ColumnType,
): PickerState | null {
  const ops = pickerOperators(type);
  let state: PickerState | null = null;
  if (!cell || cell.kind === 'any') return emptyPicker('any');
  if (cell.kind !== 'condition') return null;
  const v = cell.value;
  if (type === 'boolean') {
    if (cell.op === 'eq' && v?.kind === 'scalar' && typeof v.value === 'boolean')
      state = emptyPicker(v.value ? 'yes' : 'no');
  } else if (ops.includes(cell.op as PickerOp) && v) {
    const op = cell.op as PickerOp;
    if (op === 'between' && v.kind === 'list' && v.items.length === 2) {
      const [lo, hi] = v.items.map(scalarText);
      if (lo != null && hi != null) state = { op, value: '', min: lo, max: hi };
    } else if (op === 'in' && v.kind === 'list') {
      const items = v.items.map(scalarText);
      if (items.every((i): i is string => i !== null))
        state = { ...emptyPicker(op), value: items.join(', ') };
    } else {
      const text = scalarText(v);
      if (text !== null) state = { ...emptyPicker(op), value: text };
    }
  }
  if (!state) return null;
  const back = readCell(pickerText(type, state), type);
  return back.ok && formatCell(back.cell) === formatCell(cell) ? state : null;
}
