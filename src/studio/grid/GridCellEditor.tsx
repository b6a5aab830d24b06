import type { ColumnType, RowTextKey, TableModel } from '../../kernel/table-edit';
import { formatCell } from '../../kernel/table-edit';
import { dictionaryOf } from '../signing/dictionary';
import { useStudio } from '../store';
import type { Lang } from '../store/types';
import {
  CellPicker,
  CellTextEditor,
  DecisionEditor,
  DecisionTextEditor,
  type ExitHandler,
  RowTextEditor,
} from './CellEditors';
import { columnValues } from './cell-completion';
import { pickerFromCell } from './cell-picker';
import { columnLabel } from './column-label';
import { PriorityEditor } from './PriorityEditor';

/** Which cell is being edited, and the key that opened it by typing (null: F2 / Enter / click). */
export type Editing = {
  readonly row: number;
  readonly col: number;
  readonly initial: string | null;
} | null;

/**
 * The editor of the cell being edited, by its column: a condition cell opens the operator picker
 * (F2, Enter, double-click) or the text editor (typing; a cell the picker cannot show exactly),
 * both with the reading and completions; then the decision, priority and row-text editors.
 */
export function GridCellEditor({
  table,
  editing,
  types,
  textKeys,
  lang,
  label,
  onExit,
  onReadAsText,
}: {
  readonly table: TableModel;
  readonly editing: NonNullable<Editing>;
  readonly types: readonly ColumnType[];
  readonly textKeys: readonly RowTextKey[];
  readonly lang: Lang;
  /** The cell's accessible name ("Row 2, credit score"). */
  readonly label: string;
  readonly onExit: ExitHandler;
  /** "Read as text" in a column without a type: the text, for that column (DecisionGrid). */
  readonly onReadAsText?: (text: string) => void;
}) {
  const dictionaryText = useStudio((s) => s.fieldDictionary);
  const { row, col, initial } = editing;
  const r = table.rows[row];
  if (!r) return null;
  const conditions = table.columns.length;
  if (col >= conditions + 2) {
    const key = textKeys[col - conditions - 2];
    if (!key) return null;
    return (
      <RowTextEditor value={initial ?? r.texts[key]?.value ?? ''} label={label} onExit={onExit} />
    );
  }
  if (col === conditions)
    // Typing is read as a decision (or refused); F2 / Enter / a click opens the picker.
    return initial === null ? (
      <DecisionEditor value={r.then} label={label} onExit={onExit} />
    ) : (
      <DecisionTextEditor initial={initial} label={label} onExit={onExit} />
    );
  if (col === conditions + 1)
    return <PriorityEditor value={r.priority} initial={initial} label={label} onExit={onExit} />;
  const type = types[col] ?? 'unknown';
  const column = table.columns[col];
  const props = {
    type,
    label,
    column: columnLabel(column?.label, lang) ?? column?.field ?? '',
    completions: columnValues(table, col, type, dictionaryOf(dictionaryText)),
    onExit,
    ...(onReadAsText ? { readAsText: onReadAsText } : {}),
  };
  const cell = r.isDefault ? null : (r.cells[col] ?? null);
  const start = initial === null ? pickerFromCell(cell, type) : null;
  if (start) return <CellPicker start={start} {...props} />;
  // Typing replaces the cell (as in a spreadsheet); a cell the picker cannot show is edited as text.
  return <CellTextEditor initial={initial ?? (cell ? formatCell(cell) : '-')} {...props} />;
}
