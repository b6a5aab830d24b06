import { type ClipboardEvent, type DragEvent, type KeyboardEvent, useRef, useState } from 'react';
import {
  columnType,
  ROW_TEXT_KEYS,
  type RowTextKey,
  readDelimited,
  type TableModel,
} from '../../kernel/table-edit';
import { format, pick, useT } from '../i18n/i18n';
import { useStudio } from '../store';
import type { Analysis, Lang } from '../store/types';
import { UncoveredBand } from './band/UncoveredBand';
import {
  CellTextEditor,
  CellTypedEditor,
  DecisionEditor,
  type EditorExit,
  RowTextEditor,
} from './CellEditors';
import { columnLabel } from './column-label';
import { editorHistory } from './editor-undo';
import { GridHeader } from './GridHeader';
import { GridRow, needsMessage } from './GridRow';
import { GridToolbar } from './GridToolbar';
import { gridAction } from './grid-keys';
import { PastePreview } from './PastePreview';
import { PriorityEditor } from './PriorityEditor';
import { findingsIn } from './RowFindings';
import { ShortcutsSheet } from './ShortcutsSheet';
import { selectionTsv } from './selection';
import { gridStrings } from './strings';
import { useGridEdits } from './use-grid-edits';
import { ROW_HEIGHT, useGridSelection, VIEWPORT } from './use-grid-selection';

export { columnLabel } from './column-label';

type Editing = {
  readonly row: number;
  readonly col: number;
  readonly initial: string | null;
} | null;

interface Props {
  readonly docId: string;
  readonly table: TableModel;
  readonly editable: boolean;
  readonly analysis: Analysis | null;
  readonly lang: Lang;
}

/**
 * One decision table as a spreadsheet: condition columns (each with its type), decision,
 * priority, optional row texts, the compiled rule name and the kernel's findings per row. This
 * component wires the keyboard and clipboard to the selection (useGridSelection) and the edits
 * (useGridEdits); rows render in GridRow, the header in GridHeader, pastes in PastePreview.
 */
export function DecisionGrid({ docId, table, editable, analysis, lang }: Props) {
  const t = useT(gridStrings);
  const conditions = table.columns.length;
  const [textsShown, setTextsShown] = useState(false);
  // The message column appears by itself when a blocking row needs one (a cell to fill), and
  // stays once it has appeared (it does not vanish under the message just typed).
  const [messageShown, setMessageShown] = useState(false);
  if (!messageShown && table.rows.some(needsMessage)) setMessageShown(true);
  const textKeys: readonly RowTextKey[] = textsShown
    ? ROW_TEXT_KEYS
    : messageShown || table.rows.some(needsMessage)
      ? ['message']
      : [];
  const navColumns = conditions + 2 + textKeys.length;
  const rowCount = table.rows.length;
  const types = table.columns.map((_, i) => columnType(table, i));
  const [editing, setEditing] = useState<Editing>(null);
  const [widths, setWidths] = useState<Record<string, number>>({});
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const gridRef = useRef<HTMLTableElement>(null);
  const evaluation = useStudio((s) => s.evaluations[docId]?.outcome);
  const trace = evaluation?.kind === 'result' ? evaluation.result.eval_trace : null;
  const view = useGridSelection({
    docId,
    entry: table.entry,
    rowCount,
    navColumns,
    paused: editing !== null,
    gridRef,
    scroller,
  });
  const { selection, active, select } = view;
  const edits = useGridEdits({ docId, table, types, textKeys, lang });

  const exitEditor = (exit: EditorExit) => {
    const at = editing;
    setEditing(null);
    if (!at) return;
    if (exit.kind === 'cancel') {
      view.refocus();
      return;
    }
    if (exit.move === 'down' && at.row === rowCount - 1) {
      // Enter on the last row adds a row (after the edit itself has landed).
      const next = edits.addRowAt(at.row);
      void edits.commit(at.row, at.col, exit.text).then(() => edits.addRow(at.row));
      select({ row: next, col: at.col }, false, true);
      return;
    }
    void edits.commit(at.row, at.col, exit.text);
    const step = { down: [1, 0], up: [-1, 0], right: [0, 1], left: [0, -1], stay: [0, 0] }[
      exit.move
    ];
    select({ row: at.row + (step?.[0] ?? 0), col: at.col + (step?.[1] ?? 0) });
  };

  const textKeyAt = (col: number) =>
    col >= conditions + 2 ? textKeys[col - conditions - 2] : undefined;
  const startEditing = (row: number, col: number, initial: string | null) => {
    const key = textKeyAt(col);
    if (key && table.rows[row]?.texts[key]?.editable === false) return;
    setEditing({ row, col, initial });
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (editing) return;
    const action = gridAction(e);
    if (!action) return;
    const { row, col } = active;
    const readOnlyAction =
      action.kind === 'move' ||
      action.kind === 'next' ||
      action.kind === 'down' ||
      action.kind === 'home' ||
      action.kind === 'help';
    if (!editable && !readOnlyAction) return;
    e.preventDefault();
    switch (action.kind) {
      case 'help':
        setShortcutsOpen(true);
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
      case 'undo':
      case 'redo':
        void editorHistory(docId, action.kind).then((ok) => {
          if (!ok && action.kind === 'undo')
            edits.setStatus({ text: t.undoUnavailable, details: [] });
        });
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

  const rulesByName = new Map((analysis?.rules ?? []).map((r) => [r.name, r]));
  const label = format(t.gridLabel, { entry: table.entry });
  const cellLabel = (row: number, col: number) => {
    const key = textKeyAt(col);
    const header =
      col < conditions
        ? (columnLabel(table.columns[col]?.label, lang) ?? table.columns[col]?.field ?? '')
        : col === conditions
          ? t.decision
          : key
            ? t[key]
            : t.priority;
    return `${t.row} ${row + 1}, ${header}`;
  };

  const renderEditor = (row: number, col: number) => {
    const r = table.rows[row];
    if (!r || !editing) return null;
    const name = cellLabel(row, col);
    const key = textKeyAt(col);
    if (key)
      return (
        <RowTextEditor
          value={editing.initial ?? r.texts[key]?.value ?? ''}
          label={name}
          onExit={exitEditor}
        />
      );
    if (col === conditions)
      return <DecisionEditor value={r.then} label={name} onExit={exitEditor} />;
    if (col === conditions + 1)
      return (
        <PriorityEditor
          value={r.priority}
          initial={editing.initial}
          label={name}
          onExit={exitEditor}
        />
      );
    const type = types[col] ?? 'unknown';
    if (editing.initial !== null)
      return (
        <CellTextEditor initial={editing.initial} type={type} label={name} onExit={exitEditor} />
      );
    return (
      <CellTypedEditor
        cell={r.isDefault ? null : (r.cells[col] ?? null)}
        type={type}
        label={name}
        onExit={exitEditor}
      />
    );
  };

  const rows = [];
  for (let i = view.first; i < view.last; i++) {
    const r = table.rows[i];
    if (!r) continue;
    // The row's identity (I-75): its name, else its position.
    const ruleName = `${table.entry}#${r.name ?? r.index}`;
    rows.push(
      <GridRow
        key={i}
        docId={docId}
        table={table}
        index={i}
        textKeys={textKeys}
        selection={selection}
        active={active}
        editable={editable}
        editing={editing}
        renderEditor={renderEditor}
        trace={trace?.find((x) => x.rule === ruleName)}
        ruleName={ruleName}
        gloss={rulesByName.get(ruleName)?.gloss[lang]}
        findings={findingsIn(analysis?.diagnostics ?? [], r.range)}
        lang={lang}
        onSelect={(cell, extend) => select(cell, extend)}
        onEdit={(cell) => startEditing(cell.row, cell.col, null)}
        onDragStart={() => {
          drag.current = { kind: 'row', index: i };
        }}
        onDrop={onDrop('row', i)}
      />,
    );
  }

  return (
    <section
      className="decision-grid"
      aria-label={label}
      data-testid="decision-grid"
      data-entry={table.entry}
    >
      <GridToolbar
        table={table}
        active={active}
        editable={editable}
        run={edits.run}
        onSelect={(cell) => select(cell, false, true)}
        copyText={() => selectionTsv(table, selection, textKeys)}
        addRowAt={edits.addRowAt}
        textsShown={textsShown}
        onToggleTexts={() => setTextsShown((s) => !s)}
        onShortcuts={() => setShortcutsOpen(true)}
      />
      {shortcutsOpen && (
        <ShortcutsSheet
          onClose={() => {
            setShortcutsOpen(false);
            view.refocus();
          }}
        />
      )}
      {!table.structural && <p className="muted">{t.flowNote}</p>}
      {edits.pending && (
        <PastePreview
          plan={edits.pending.plan}
          table={table}
          lang={lang}
          onApply={() => {
            void edits.applyPaste();
            view.refocus();
          }}
          onCancel={() => {
            edits.cancelPaste();
            view.refocus();
          }}
        />
      )}
      <div
        ref={scroller}
        className="grid-scroll"
        style={view.windowed ? { height: VIEWPORT, overflowY: 'auto' } : undefined}
        onScroll={(e) => view.onScroll(e.currentTarget.scrollTop)}
      >
        <table
          ref={gridRef}
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA grid pattern on a table
          role="grid"
          aria-label={label}
          aria-rowcount={rowCount + 1}
          aria-colcount={navColumns + 3}
          aria-readonly={!editable}
          className="data-table grid-table"
          onKeyDown={onKeyDown}
          onCopy={onCopy}
          onPaste={onPaste}
        >
          <caption>{format(t.caption, { entry: table.entry, n: rowCount })}</caption>
          <GridHeader
            table={table}
            types={types}
            textKeys={textKeys}
            activeCol={active.col}
            editable={editable}
            lang={lang}
            onDragStart={(col) => {
              drag.current = { kind: 'column', index: col };
            }}
            onDrop={(col) => onDrop('column', col)}
            widths={widths}
            onResize={(key, width) => setWidths((w) => ({ ...w, [key]: width }))}
          />
          <tbody>
            {view.first > 0 && <tr style={{ height: view.first * ROW_HEIGHT }} />}
            {rows}
            {view.last < rowCount && <tr style={{ height: (rowCount - view.last) * ROW_HEIGHT }} />}
          </tbody>
        </table>
      </div>
      <UncoveredBand
        docId={docId}
        table={table}
        analysis={analysis}
        editable={editable}
        lang={lang}
      />
      <div role="status" aria-live="polite" className="grid-status">
        {edits.status && (
          <>
            <span>{edits.status.text}</span>
            {edits.status.details.length > 0 && (
              <ul>
                {edits.status.details.map((d) => (
                  <li key={d}>{d}</li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
    </section>
  );
}
