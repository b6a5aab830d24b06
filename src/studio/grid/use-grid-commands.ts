import {
  type ClipboardEvent,
  type DragEvent,
  type KeyboardEvent,
  type RefObject,
  useRef,
} from 'react';
import type { Bilingual } from '../../kernel';
import { type RowTextKey, readDelimited, type TableModel } from '../../kernel/table-edit';
import { format, pick, useT } from '../i18n/i18n';
import { COLUMN_MIN, clampColumn, tableKey } from '../shell/layout';
import { studioStore, useStudio } from '../store';
import type { Lang } from '../store/types';
import type { EditorExit } from './CellEditors';
import { editorHistory } from './editor-undo';
import { isImeKey } from './focus-input/focus-input';
import type { Editing } from './GridCellEditor';
import { gridAction } from './grid-keys';
import { bounds, selectionTsv } from './selection';
import { gridStrings } from './strings';
import type { useGridEdits } from './use-grid-edits';
import type { useGridSelection } from './use-grid-selection';

/** No column widths set for a table (one object, so the selector's result stays equal). */
const NO_WIDTHS: Readonly<Record<string, number>> = {};

/** The width key of a navigable grid column (`c<n>`, `decision`, a row text), or null. */
export function widthKey(
  col: number,
  conditions: number,
  textKeys: readonly RowTextKey[],
): string | null {
  if (col < conditions) return `c${col}`;
  if (col === conditions) return 'decision';
  return textKeys[col - conditions - 2] ?? null;
}

/**
 * The grid's commands: what each key does on a selected cell (grid-keys.ts), how an editor's
 * exit lands (a commit, Ctrl+Enter into every selected cell, the move after it), the clipboard,
 * drag and drop of rows and columns, and the column widths (mouse and Alt+Shift+← / →).
 * Every edit is one kernel operation (use-grid-edits.ts): one undo step.
 */
export function useGridCommands({
  docId,
  table,
  editable,
  lang,
  textKeys,
  view,
  edits,
  gridRef,
  openShortcuts,
  toggleFindings,
  editing,
  setEditing,
}: {
  readonly docId: string;
  readonly table: TableModel;
  readonly editable: boolean;
  readonly lang: Lang;
  readonly textKeys: readonly RowTextKey[];
  readonly view: ReturnType<typeof useGridSelection>;
  readonly edits: ReturnType<typeof useGridEdits>;
  readonly gridRef: RefObject<HTMLTableElement | null>;
  readonly openShortcuts: () => void;
  /** Shift+F2: show or hide a row's findings (layout/FindingsMarker.tsx). */
  readonly toggleFindings?: (row: number) => void;
  /** The cell being edited (kept by the grid: the selection pauses its focus meanwhile). */
  readonly editing: Editing;
  readonly setEditing: (editing: Editing) => void;
}) {
  const t = useT(gridStrings);
  const conditions = table.columns.length;
  const navColumns = conditions + 2 + textKeys.length;
  const rowCount = table.rows.length;
  const { selection, active, select } = view;
  const widthsKey = tableKey(docId, table.entry);
  const widths = useStudio((s) => s.layout.columnWidths[widthsKey]) ?? NO_WIDTHS;
  const multiCell = () => {
    const b = bounds(selection);
    return b.top !== b.bottom || b.left !== b.right;
  };

  const exitEditor = (exit: EditorExit): Bilingual | null => {
    const at = editing;
    if (!at) return null;
    if (exit.kind === 'cancel') {
      setEditing(null);
      view.refocus();
      return null;
    }
    if (exit.all && multiCell()) {
      // Ctrl+Enter: the text into every selected cell, each read by its column — or nothing.
      const refused = edits.editAll(selection, exit.text);
      if (refused) return refused;
      setEditing(null);
      view.refocus();
      return null;
    }
    setEditing(null);
    if (exit.move === 'down' && at.row === rowCount - 1) {
      // Enter on the last row adds a row (after the edit itself has landed).
      const next = edits.addRowAt(at.row);
      void edits.commit(at.row, at.col, exit.text).then(() => edits.addRow(at.row));
      select({ row: next, col: at.col }, false, true);
      return null;
    }
    void edits.commit(at.row, at.col, exit.text);
    const step = { down: [1, 0], up: [-1, 0], right: [0, 1], left: [0, -1], stay: [0, 0] }[
      exit.move
    ];
    select({ row: at.row + (step?.[0] ?? 0), col: at.col + (step?.[1] ?? 0) });
    return null;
  };

  const textKeyAt = (col: number) =>
    col >= conditions + 2 ? textKeys[col - conditions - 2] : undefined;
  const startEditing = (row: number, col: number, initial: string | null) => {
    const key = textKeyAt(col);
    if (key && table.rows[row]?.texts[key]?.editable === false) return;
    setEditing({ row, col, initial });
  };

  const resize = (key: string, width: number) =>
    studioStore.getState().setColumnWidth(widthsKey, key, width);

  /** Alt+Shift+← / →: the active cell's column narrower / wider, said in the status line. */
  const resizeActive = (by: number) => {
    const key = widthKey(active.col, conditions, textKeys);
    if (!key) return;
    const head = gridRef.current?.querySelector<HTMLElement>(`th[data-width-key="${key}"]`);
    const now = widths[key] ?? head?.getBoundingClientRect().width ?? COLUMN_MIN;
    const width = clampColumn(now + by);
    resize(key, width);
    const name = head?.dataset.columnName ?? key;
    edits.setStatus({ text: format(t.columnWidth, { column: name, width }), details: [] });
  };

  /** Undo or redo the document's last edit (grid edits are the editor's undo steps). */
  const history = (kind: 'undo' | 'redo') =>
    void editorHistory(docId, kind).then((ok) => {
      if (!ok && kind === 'undo') edits.setStatus({ text: t.undoUnavailable, details: [] });
    });

  /**
   * Ctrl+Z / Ctrl+Y (Ctrl+Shift+Z) on a button of the grid's toolbar: a toolbar edit says "Ctrl+Z
   * undoes it" and leaves the keyboard on its button, so the keys undo and redo there too. Fields
   * (a search, a column form) keep their own text undo.
   */
  const onToolbarKeyDown = (e: KeyboardEvent) => {
    if (!(e.target instanceof HTMLButtonElement) || !editable) return;
    const action = gridAction(e);
    if (action?.kind !== 'undo' && action?.kind !== 'redo') return;
    e.preventDefault();
    history(action.kind);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    // An input method's keys compose in the focus input (focus-input/FocusInput.tsx).
    if (editing || isImeKey(e.nativeEvent)) return;
    const action = gridAction(e);
    if (!action) return;
    const { row, col } = active;
    const readOnlyAction =
      action.kind === 'move' ||
      action.kind === 'next' ||
      action.kind === 'down' ||
      action.kind === 'home' ||
      action.kind === 'help' ||
      action.kind === 'findings' ||
      action.kind === 'resizeColumn';
    if (!editable && !readOnlyAction) return;
    e.preventDefault();
    switch (action.kind) {
      case 'help':
        openShortcuts();
        return;
      case 'findings':
        toggleFindings?.(row);
        return;
      case 'move':
        select({ row: row + action.rows, col: col + action.columns }, action.extend);
        return;
      case 'home':
        select({ row, col: action.end ? navColumns - 1 : 0 });
        return;
      case 'next': {
        const forward = !action.back;
        if (forward && col === navColumns - 1) select({ row: row + 1, col: 0 });
        else if (!forward && col === 0) select({ row: row - 1, col: navColumns - 1 });
        else select({ row, col: col + (forward ? 1 : -1) });
        return;
      }
      case 'down':
        if (!action.back && row === rowCount - 1 && editable) {
          select({ row: edits.addRow(row), col }, false, true);
        } else select({ row: row + (action.back ? -1 : 1), col });
        return;
      case 'edit':
        startEditing(row, col, action.initial);
        return;
      case 'clear':
        edits.clear(selection);
        return;
      case 'fill':
        edits.fill(selection, action.direction);
        return;
      case 'resizeColumn':
        resizeActive(action.by);
        return;
      case 'undo':
      case 'redo':
        history(action.kind);
        return;
      case 'duplicateRow':
        void edits.run({ kind: 'duplicateRow', row });
        select({ row: row + 1, col }, false, true);
        return;
      case 'moveRow': {
        const to = row + action.by;
        if (to < 0 || to >= rowCount) return;
        void edits.run({ kind: 'moveRow', from: row, to });
        select({ row: to, col });
        return;
      }
      case 'moveColumn': {
        const to = col + action.by;
        if (col >= conditions || to < 0 || to >= conditions) return;
        void edits.run({ kind: 'moveColumn', from: col, to });
        select({ row, col: to });
        return;
      }
    }
  };

  const onCopy = (e: ClipboardEvent) => {
    if (editing) return;
    e.preventDefault();
    e.clipboardData.setData('text/plain', selectionTsv(table, selection, textKeys));
  };

  const onPaste = (e: ClipboardEvent) => {
    if (editing || !editable) return;
    const text = e.clipboardData.getData('text/plain');
    if (!text) return;
    // The grid takes the paste: the workspace's "paste as a new document" must not see it.
    e.preventDefault();
    e.stopPropagation();
    // Spreadsheets copy TSV: commas are part of a cell (`<=1,000` is one cell), never a split.
    const { rows: cells, problems } = readDelimited(text, '\t');
    const problem = problems[0];
    if (problem) {
      edits.setStatus({
        text: format(t.pasteMalformed, {
          line: problem.line,
          column: problem.column,
          message: pick(problem.message, lang),
        }),
        details: [],
      });
      return;
    }
    if (cells.length === 0) return;
    edits.preparePaste(selection, cells);
  };

  // Drag and drop of rows (by their number) and columns (by their header).
  const drag = useRef<{ kind: 'row' | 'column'; index: number } | null>(null);
  const dragStart = (kind: 'row' | 'column', index: number) => {
    drag.current = { kind, index };
  };
  const onDrop = (kind: 'row' | 'column', index: number) => (e: DragEvent) => {
    e.preventDefault();
    const from = drag.current;
    drag.current = null;
    if (!from || from.kind !== kind || from.index === index || !editable) return;
    void edits.run(
      kind === 'row'
        ? { kind: 'moveRow', from: from.index, to: index }
        : { kind: 'moveColumn', from: from.index, to: index },
    );
  };

  return {
    exitEditor,
    startEditing,
    textKeyAt,
    onKeyDown,
    onToolbarKeyDown,
    onCopy,
    onPaste,
    dragStart,
    onDrop,
    widths,
    resize,
  };
}
