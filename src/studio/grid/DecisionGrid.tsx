import {
  type ClipboardEvent,
  type DragEvent,
  type KeyboardEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import {
  formatCell,
  parseCell,
  parseDelimited,
  type TableModel,
  type TableOp,
} from '../../kernel/table-edit';
import { format, pick, useT } from '../i18n/i18n';
import { DecisionBadge } from '../panels/decision-label';
import { studioStore, useStudio } from '../store';
import type { Analysis, Lang } from '../store/types';
import { CellTextEditor, CellTypedEditor, DecisionEditor, type EditorExit } from './CellEditors';
import { type CellTruth, cellTruths } from './cell-trace';
import { editorHistory } from './editor-undo';
import { GridToolbar } from './GridToolbar';
import { gridAction } from './grid-keys';
import { PriorityEditor } from './PriorityEditor';
import { findingsIn, RowFindings } from './RowFindings';
import { runTableEdit } from './run-table-edit';
import { type CellRef, cellText, isSelected, type Selection, selectionTsv } from './selection';
import { gridStrings } from './strings';

const ROW_HEIGHT = 34;
/** Rows rendered beyond the visible ones; tables up to this size are not windowed at all. */
const OVERSCAN = 12;
const WINDOW_FROM = 80;
const VIEWPORT = 460;

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

export function columnLabel(
  label: TableModel['columns'][number]['label'],
  lang: Lang,
): string | null {
  if (label === undefined) return null;
  if (typeof label === 'string') return label;
  return label[lang] ?? label[lang === 'en' ? 'zh' : 'en'] ?? null;
}

/**
 * One decision table as a spreadsheet: condition columns, decision, priority, the compiled rule
 * name (gloss on hover) and the kernel's findings per row. Every change is a grid operation the
 * kernel turns into a minimal YAML edit; the grid re-renders from the re-read YAML.
 */
export function DecisionGrid({ docId, table, editable, analysis, lang }: Props) {
  const t = useT(gridStrings);
  const conditions = table.columns.length;
  const navColumns = conditions + 2;
  const rowCount = table.rows.length;
  const [sel, setSel] = useState<Selection>({
    anchor: { row: 0, col: 0 },
    active: { row: 0, col: 0 },
  });
  const [editing, setEditing] = useState<Editing>(null);
  const [status, setStatus] = useState<{ text: string; details: string[] } | null>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const scroller = useRef<HTMLDivElement>(null);
  const gridRef = useRef<HTMLTableElement>(null);
  const focusWanted = useRef(false);
  const evaluation = useStudio((s) => s.evaluations[docId]?.outcome);
  const trace = evaluation?.kind === 'result' ? evaluation.result.eval_trace : null;

  const clamp = useCallback(
    (c: CellRef): CellRef => ({
      row: Math.max(0, Math.min(rowCount - 1, c.row)),
      col: Math.max(0, Math.min(navColumns - 1, c.col)),
    }),
    [rowCount, navColumns],
  );
  // Rows or columns may disappear under the selection (an edit in the YAML): keep it inside.
  const active = clamp(sel.active);
  const anchor = clamp(sel.anchor);
  const selection: Selection = { anchor, active };

  // Not clamped to today's rows: a row being added is selected before it exists (the render
  // clamps meanwhile, and focus follows once it appears).
  const select = (to: CellRef, extend = false, adding = false) => {
    const c = adding ? { row: Math.max(0, to.row), col: clamp(to).col } : clamp(to);
    focusWanted.current = true;
    setSel((s) => ({ anchor: extend ? s.anchor : c, active: c }));
  };

  // "Show in table" from the evaluation trace selects that row once, then the request is done.
  const gridFocus = useStudio((s) => s.gridFocus);
  useEffect(() => {
    if (!gridFocus || gridFocus.docId !== docId || gridFocus.entry !== table.entry) return;
    const row = gridFocus.row - 1;
    focusWanted.current = true;
    setSel({ anchor: { row, col: 0 }, active: { row, col: 0 } });
    studioStore.getState().clearGridFocus();
  }, [gridFocus, docId, table.entry]);

  const windowed = rowCount > WINDOW_FROM;
  const first = windowed ? Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN) : 0;
  const last = windowed
    ? Math.min(rowCount, Math.ceil((scrollTop + VIEWPORT) / ROW_HEIGHT) + OVERSCAN)
    : rowCount;

  // Keep the active row on screen, then give its cell the focus (roving tabindex).
  useLayoutEffect(() => {
    if (!focusWanted.current || editing) return;
    const box = scroller.current;
    if (box && windowed) {
      const top = active.row * ROW_HEIGHT;
      if (top < box.scrollTop) box.scrollTop = top;
      else if (top + ROW_HEIGHT * 2 > box.scrollTop + box.clientHeight)
        box.scrollTop = top - box.clientHeight + ROW_HEIGHT * 2;
      if (box.scrollTop !== scrollTop) setScrollTop(box.scrollTop);
    }
    const cell = gridRef.current?.querySelector<HTMLElement>(
      `[data-cell="${active.row}:${active.col}"]`,
    );
    // Never pull the focus back from elsewhere (the editor, a toolbar form).
    const focusedElsewhere =
      document.activeElement !== document.body &&
      !gridRef.current?.contains(document.activeElement);
    if (cell && !focusedElsewhere) {
      if (document.activeElement !== cell) cell.focus({ preventScroll: windowed });
      if (sel.active.row === active.row && sel.active.col === active.col)
        focusWanted.current = false;
    }
  });

  const run = async (op: TableOp) => {
    const result = await runTableEdit(docId, table.entry, op);
    if (!result.ok) return false;
    if (result.rejected.length > 0) {
      setStatus({
        text: format(t.rejected, { n: result.rejected.length }),
        details: result.rejected.map((r) =>
          format(t.rejectedCell, {
            row: r.row + 1,
            column: r.column + 1,
            text: r.text,
            message: pick(r.message, lang),
          }),
        ),
      });
    } else if (op.kind === 'paste') {
      setStatus({ text: format(t.pasted, { n: op.cells.length }), details: [] });
    }
    return true;
  };

  /** Where a new row goes: after the active row, but before a trailing default row. */
  const addRowAt = (after: number) => {
    const lastRow = table.rows[rowCount - 1];
    return after >= rowCount - 1 && lastRow?.isDefault ? rowCount - 1 : after + 1;
  };

  const commit = async (row: number, col: number, text: string) => {
    if (col < conditions) {
      const parsed = parseCell(text);
      if (!parsed.ok) return;
      const current = table.rows[row];
      const cell = current?.cells[col];
      const unchanged =
        current && !current.isDefault && cell && formatCell(cell) === formatCell(parsed.cell);
      if (!unchanged) await run({ kind: 'setCell', row, column: col, cell: parsed.cell });
    } else if (col === conditions) {
      if (table.rows[row]?.then !== text) await run({ kind: 'setDecision', row, decision: text });
    } else {
      const priority = text === '' ? null : Number(text);
      if (table.rows[row]?.priority !== priority) await run({ kind: 'setPriority', row, priority });
    }
  };

  const exitEditor = (exit: EditorExit) => {
    const at = editing;
    setEditing(null);
    focusWanted.current = true;
    if (!at) return;
    if (exit.kind === 'cancel') {
      setSel((s) => ({ ...s }));
      return;
    }
    if (exit.move === 'down' && at.row === rowCount - 1) {
      // Enter on the last row adds a row (after the edit itself has landed).
      const next = addRowAt(at.row);
      void commit(at.row, at.col, exit.text).then(() => run({ kind: 'addRow', at: next }));
      select({ row: next, col: at.col }, false, true);
      return;
    }
    void commit(at.row, at.col, exit.text);
    const step = { down: [1, 0], up: [-1, 0], right: [0, 1], left: [0, -1], stay: [0, 0] }[
      exit.move
    ];
    select({ row: at.row + (step?.[0] ?? 0), col: at.col + (step?.[1] ?? 0) });
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
      action.kind === 'home';
    if (!editable && !readOnlyAction) return;
    e.preventDefault();
    switch (action.kind) {
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
          const at = addRowAt(row);
          void run({ kind: 'addRow', at });
          select({ row: at, col }, false, true);
        } else select({ row: row + (action.back ? -1 : 1), col });
        return;
      case 'edit':
        setEditing({ row, col, initial: action.initial });
        return;
      case 'clear': {
        const b = selectionBounds(selection);
        const cells: string[][] = [];
        for (let r = b.top; r <= b.bottom; r++)
          cells.push(
            Array.from({ length: Math.min(b.right, conditions - 1) - b.left + 1 }, () => '-'),
          );
        if (b.left < conditions) void run({ kind: 'paste', row: b.top, column: b.left, cells });
        return;
      }
      case 'undo':
      case 'redo':
        void editorHistory(docId, action.kind).then((ok) => {
          if (!ok && action.kind === 'undo') setStatus({ text: t.undoUnavailable, details: [] });
        });
        return;
      case 'duplicateRow':
        void run({ kind: 'duplicateRow', row });
        select({ row: row + 1, col }, false, true);
        return;
      case 'moveRow': {
        const to = row + action.by;
        if (to < 0 || to >= rowCount) return;
        void run({ kind: 'moveRow', from: row, to });
        select({ row: to, col });
        return;
      }
      case 'moveColumn': {
        const to = col + action.by;
        if (col >= conditions || to < 0 || to >= conditions) return;
        void run({ kind: 'moveColumn', from: col, to });
        select({ row, col: to });
        return;
      }
    }
  };

  const onCopy = (e: ClipboardEvent) => {
    if (editing) return;
    e.preventDefault();
    e.clipboardData.setData('text/plain', selectionTsv(table, selection));
  };

  const onPaste = (e: ClipboardEvent) => {
    if (editing || !editable) return;
    const text = e.clipboardData.getData('text/plain');
    if (!text) return;
    // The grid takes the paste: the workspace's "paste as a new document" must not see it.
    e.preventDefault();
    e.stopPropagation();
    const cells = parseDelimited(text);
    if (cells.length === 0) return;
    void run({ kind: 'paste', row: active.row, column: active.col, cells });
  };

  // Drag and drop of rows (by their number) and columns (by their header).
  const drag = useRef<{ kind: 'row' | 'column'; index: number } | null>(null);
  const onDrop = (kind: 'row' | 'column', index: number) => (e: DragEvent) => {
    e.preventDefault();
    const from = drag.current;
    drag.current = null;
    if (!from || from.kind !== kind || from.index === index || !editable) return;
    void run(
      kind === 'row'
        ? { kind: 'moveRow', from: from.index, to: index }
        : { kind: 'moveColumn', from: from.index, to: index },
    );
  };

  const rulesByName = new Map((analysis?.rules ?? []).map((r) => [r.name, r]));
  const label = format(t.gridLabel, { entry: table.entry });
  const cellLabel = (row: number, col: number) => {
    const header =
      col < conditions
        ? (columnLabel(table.columns[col]?.label, lang) ?? table.columns[col]?.field ?? '')
        : col === conditions
          ? t.decision
          : t.priority;
    return `${t.row} ${row + 1}, ${header}`;
  };

  const renderEditor = (row: number, col: number) => {
    const r = table.rows[row];
    if (!r || !editing) return null;
    const name = cellLabel(row, col);
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
    if (editing.initial !== null)
      return <CellTextEditor initial={editing.initial} label={name} onExit={exitEditor} />;
    return (
      <CellTypedEditor
        cell={r.isDefault ? null : (r.cells[col] ?? null)}
        label={name}
        onExit={exitEditor}
      />
    );
  };

  const rows = [];
  for (let i = first; i < last; i++) {
    const r = table.rows[i];
    if (!r) continue;
    const ruleName = `${table.entry}#${r.index}`;
    const rule = rulesByName.get(ruleName);
    const ruleTrace = trace?.find((x) => x.rule === ruleName);
    const truths = ruleTrace && !r.isDefault ? cellTruths(r.cells, ruleTrace.when as never) : null;
    const matched = ruleTrace?.status === 'matched';
    rows.push(
      <tr
        key={i}
        aria-rowindex={i + 2}
        className={matched ? 'row-matched' : undefined}
        data-row={i}
        style={{ height: ROW_HEIGHT }}
        onDragOver={(e) => e.preventDefault()}
        onDrop={onDrop('row', i)}
      >
        <th
          scope="row"
          className="row-head mono"
          draggable={editable}
          title={format(t.dragRow, { row: i + 1 })}
          onDragStart={() => {
            drag.current = { kind: 'row', index: i };
          }}
        >
          {r.index}
          {matched && <span className="sr-only"> — {t.evalMatched}</span>}
        </th>
        {Array.from({ length: navColumns }, (_, col) => {
          const isActive = active.row === i && active.col === col;
          const isEditing = editing?.row === i && editing.col === col;
          const truth: CellTruth | null = truths && col < conditions ? (truths[col] ?? null) : null;
          const text = cellText(table, i, col);
          return (
            <td
              // biome-ignore lint/suspicious/noArrayIndexKey: grid columns are positional
              key={col}
              // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA grid pattern on a table
              role="gridcell"
              data-cell={`${i}:${col}`}
              tabIndex={isActive ? 0 : -1}
              aria-selected={isSelected(selection, i, col)}
              aria-readonly={!editable}
              className={[
                'grid-cell',
                col === conditions ? 'decision-cell' : col > conditions ? 'priority-cell' : 'mono',
                isActive ? 'active' : '',
                isSelected(selection, i, col) ? 'selected' : '',
                truth ? `truth-${truth}` : '',
              ].join(' ')}
              title={
                truth === 'true'
                  ? t.cellTrue
                  : truth === 'false'
                    ? t.cellFalse
                    : truth
                      ? t.cellNotEvaluated
                      : undefined
              }
              onMouseDown={(e) => {
                if (isEditing) return;
                select({ row: i, col }, e.shiftKey);
              }}
              onDoubleClick={() => editable && setEditing({ row: i, col, initial: null })}
            >
              {isEditing ? (
                renderEditor(i, col)
              ) : col === conditions ? (
                r.then ? (
                  <DecisionBadge decision={r.then} lang={lang} />
                ) : (
                  ''
                )
              ) : r.isDefault && col < conditions ? (
                <span className="muted">{col === 0 ? t.defaultRow : '-'}</span>
              ) : (
                text
              )}
              {truth && (
                <span className="truth-mark" aria-hidden="true">
                  {truth === 'true' ? '✓' : truth === 'false' ? '✗' : '·'}
                </span>
              )}
            </td>
          );
        })}
        <td className="rule-name mono" title={rule ? rule.gloss[lang] : undefined}>
          {ruleName}
        </td>
        <td className="findings">
          <RowFindings
            docId={docId}
            row={r}
            findings={findingsIn(analysis?.diagnostics ?? [], r.range)}
          />
        </td>
      </tr>,
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
        run={run}
        onSelect={(cell) => select(cell, false, true)}
        copyText={() => selectionTsv(table, selection)}
        addRowAt={addRowAt}
      />
      {!table.structural && <p className="muted">{t.flowNote}</p>}
      <div
        ref={scroller}
        className="grid-scroll"
        style={windowed ? { height: VIEWPORT, overflowY: 'auto' } : undefined}
        onScroll={(e) => windowed && setScrollTop(e.currentTarget.scrollTop)}
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
          <thead>
            <tr aria-rowindex={1}>
              <th scope="col">{t.row}</th>
              {table.columns.map((c, col) => {
                const name = columnLabel(c.label, lang);
                return (
                  <th
                    // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional
                    key={col}
                    scope="col"
                    draggable={editable}
                    className={active.col === col ? 'column-active' : undefined}
                    onDragStart={() => {
                      drag.current = { kind: 'column', index: col };
                    }}
                    onDragOver={(e) => e.preventDefault()}
                    onDrop={onDrop('column', col)}
                  >
                    <span className="column-label">{name ?? c.field}</span>
                    {name && <span className="column-field mono">{c.field}</span>}
                  </th>
                );
              })}
              <th scope="col">{t.decision}</th>
              <th scope="col">{t.priority}</th>
              <th scope="col">{t.rule}</th>
              <th scope="col">{t.findings}</th>
            </tr>
          </thead>
          <tbody>
            {first > 0 && <tr style={{ height: first * ROW_HEIGHT }} />}
            {rows}
            {last < rowCount && <tr style={{ height: (rowCount - last) * ROW_HEIGHT }} />}
          </tbody>
        </table>
      </div>
      <div role="status" aria-live="polite" className="grid-status">
        {status && (
          <>
            <span>{status.text}</span>
            {status.details.length > 0 && (
              <ul>
                {status.details.map((d) => (
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

function selectionBounds(s: Selection) {
  return {
    top: Math.min(s.anchor.row, s.active.row),
    bottom: Math.max(s.anchor.row, s.active.row),
    left: Math.min(s.anchor.col, s.active.col),
    right: Math.max(s.anchor.col, s.active.col),
  };
}
