import { createContext, memo, type ReactNode, useContext } from 'react';
import { type Decision, isBlockingDecision, isDecision } from '../../kernel';
import type { RowModel, RowTextKey, TableModel } from '../../kernel/table-edit';
import { revealInline, revealText } from '../../kernel/util/visible-text';
import type { PositionedDiagnostic } from '../../worker/kernel-protocol';
import { format, useT } from '../i18n/i18n';
import { VisibleText, visibleNodes } from '../shell/VisibleText';
import type { Lang } from '../store/types';
import { type CellTruth, cellTruths } from './cell-trace';
import { DecisionWord } from './layout/DecisionWord';
import { FindingsMarker } from './layout/FindingsMarker';
import { OutputCells } from './output-columns/OutputColumns';
import { bounds, type CellRef, cellText, isSelected, type Selection } from './selection';
import { gridStrings } from './strings';
import { ROW_HEIGHT } from './use-grid-selection';

/** A blocking row without a message: the message cell is the cell to fill (ERDL-E211). */
export function needsMessage(row: RowModel): boolean {
  const then = row.then;
  if (!then || !isDecision(then) || !isBlockingDecision(then as Decision)) return false;
  const message = row.texts.message;
  return !message || (message.editable && message.value.trim() === '');
}

/** A row's findings, and whether they are of the previous text (greyed and busy). */
export interface RowFindings {
  readonly findings: readonly PositionedDiagnostic[];
  readonly stale: boolean;
}

/** A row with no findings. */
export const NO_FINDINGS: RowFindings = { findings: [], stale: false };

/**
 * Each shown row's findings by its index (DecisionGrid provides it). The row's findings marker
 * reads them here, not through the row's props: an edit updates the findings of every row twice
 * (the analysis pending, then the analysis), and so re-renders the markers, not every row.
 */
export const RowFindingsContext = createContext<(row: number) => RowFindings>(() => NO_FINDINGS);

/**
 * What the rows' cells and markers do, the same object on every render: each calls the grid's
 * latest handler (DecisionGrid keeps them in a ref), so a row that is not rendered again never
 * holds a handler of an older render.
 */
export interface RowHandlers {
  select(cell: CellRef, extend: boolean): void;
  edit(cell: CellRef): void;
  dragStart(row: number): void;
  drop(row: number, e: React.DragEvent): void;
  toggleFindings(row: number): void;
}

interface GridRowProps {
  readonly docId: string;
  readonly table: TableModel;
  readonly index: number;
  readonly textKeys: readonly RowTextKey[];
  readonly selection: Selection;
  readonly active: CellRef;
  readonly editable: boolean;
  readonly editing: { readonly row: number; readonly col: number } | null;
  readonly renderEditor: (row: number, col: number) => ReactNode;
  /** The focus input, rendered in this row's active cell (focus-input/FocusInput.tsx). */
  readonly focusInput?: ReactNode;
  readonly trace: { readonly status: string; readonly when?: unknown } | undefined;
  readonly ruleName: string;
  readonly gloss: string | undefined;
  /** The grid's id (the findings marker controls the sub-row `<gridId>-findings-<row>`). */
  readonly gridId: string;
  /** The row's findings are shown under it (layout/FindingsMarker.tsx). */
  readonly findingsOpen: boolean;
  readonly lang: Lang;
  readonly handlers: RowHandlers;
}

/**
 * One table row: its number, the condition cells, decision, priority, the row texts shown, the
 * compiled rule name (gloss on hover) and the kernel's findings. Rendered again only when what it
 * shows may have changed (`sameRow`): a grid edit gives the grid a new table, and the rows it did
 * not edit read as before.
 */
export const GridRow = memo(GridRowView, sameRow);

/** The findings marker of a row, its findings from RowFindingsContext. */
function RowFindingsMarker({
  gridId,
  row,
  expanded,
  onToggle,
}: {
  readonly gridId: string;
  readonly row: number;
  readonly expanded: boolean;
  readonly onToggle: () => void;
}) {
  const { findings, stale } = useContext(RowFindingsContext)(row);
  return (
    <FindingsMarker
      gridId={gridId}
      row={row}
      findings={findings}
      stale={stale}
      expanded={expanded}
      onToggle={onToggle}
    />
  );
}

function GridRowView({
  table,
  index,
  textKeys,
  selection,
  active,
  editable,
  editing,
  renderEditor,
  focusInput,
  trace,
  ruleName,
  gloss,
  gridId,
  findingsOpen,
  lang,
  handlers,
}: GridRowProps) {
  const t = useT(gridStrings);
  const r = table.rows[index] as RowModel;
  const conditions = table.columns.length;
  const navColumns = conditions + 2 + textKeys.length;
  const truths = trace && !r.isDefault ? cellTruths(r.cells, trace.when as never) : null;
  const matched = trace?.status === 'matched';
  const missingMessage = needsMessage(r);
  return (
    <tr
      aria-rowindex={index + 2}
      className={matched ? 'row-matched' : undefined}
      data-row={index}
      style={{ height: ROW_HEIGHT }}
      onDragOver={(e) => e.preventDefault()}
      onDrop={(e) => handlers.drop(index, e)}
    >
      <th
        scope="row"
        className="row-head mono"
        draggable={editable}
        title={format(t.dragRow, { row: index + 1 })}
        onDragStart={() => handlers.dragStart(index)}
      >
        <span className="row-number">{r.index}</span>
        {matched && <span className="sr-only"> — {t.evalMatched}</span>}
        <RowFindingsMarker
          gridId={gridId}
          row={index}
          expanded={findingsOpen}
          onToggle={() => handlers.toggleFindings(index)}
        />
      </th>
      {Array.from({ length: navColumns }, (_, col) => {
        const isActive = active.row === index && active.col === col;
        const isEditing = editing?.row === index && editing.col === col;
        const truth: CellTruth | null = truths && col < conditions ? (truths[col] ?? null) : null;
        const textKey = col >= conditions + 2 ? textKeys[col - conditions - 2] : undefined;
        const toFill = textKey === 'message' && missingMessage;
        const readOnlyText = textKey !== undefined && r.texts[textKey]?.editable === false;
        const text = cellText(table, index, col, textKeys);
        const title = toFill
          ? format(t.messageNeededTitle, { decision: r.then ?? '' })
          : readOnlyText
            ? t.textReadOnly
            : textKey && text !== ''
              ? revealInline(text)
              : truth === 'true'
                ? t.cellTrue
                : truth === 'false'
                  ? t.cellFalse
                  : truth
                    ? t.cellNotEvaluated
                    : undefined;
        let content: ReactNode =
          // biome-ignore lint/correctness/useJsxKeyInIterable: a cell's content, not an item (the decision's cell is returned with the output cells)
          text === '' ? '' : <span className="cell-text">{visibleNodes(text)}</span>;
        if (isEditing) content = renderEditor(index, col);
        else if (col === conditions)
          content = r.then ? <DecisionWord decision={r.then} lang={lang} /> : '';
        else if (r.isDefault && col < conditions)
          content = <span className="muted">{col === 0 ? t.defaultRow : '-'}</span>;
        else if (toFill) content = <span className="needs-text-label">{t.messageNeeded}</span>;
        const cell = (
          <td
            // biome-ignore lint/suspicious/noArrayIndexKey: grid columns are positional
            key={col}
            // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA grid pattern on a table
            role="gridcell"
            data-cell={`${index}:${col}`}
            data-text={textKey}
            tabIndex={isActive ? 0 : -1}
            aria-selected={isSelected(selection, index, col)}
            aria-readonly={!editable || readOnlyText}
            aria-invalid={toFill || undefined}
            className={[
              'grid-cell',
              col === conditions
                ? 'decision-cell'
                : col === conditions + 1
                  ? 'priority-cell'
                  : textKey
                    ? 'text-cell'
                    : 'mono',
              isActive ? 'active' : '',
              isSelected(selection, index, col) ? 'selected' : '',
              truth ? `truth-${truth}` : '',
              toFill ? 'needs-text' : '',
            ].join(' ')}
            title={title}
            onMouseDown={(e) => {
              if (isEditing) return;
              handlers.select({ row: index, col }, e.shiftKey);
            }}
            onDoubleClick={() => editable && !readOnlyText && handlers.edit({ row: index, col })}
          >
            {content}
            {toFill && <span className="sr-only"> — {title}</span>}
            {truth && (
              <span className="truth-mark" aria-hidden="true">
                {truth === 'true' ? '✓' : truth === 'false' ? '✗' : '·'}
              </span>
            )}
            {isActive && focusInput}
          </td>
        );
        // An imported business table's outputs follow the decision, read-only (I-95).
        return col === conditions
          ? [cell, <OutputCells key="outputs" table={table} row={r} />]
          : cell;
      })}
      <td
        className="rule-name mono"
        title={
          gloss === undefined
            ? revealInline(ruleName)
            : `${revealInline(ruleName)}\n${revealText(gloss)}`
        }
      >
        {/* The table's name gives way ("…"), the row's stays: `FIN-3…#near-prime`. */}
        <span className="cell-text rule-text">
          <span className="rule-entry">
            <VisibleText text={ruleName.slice(0, ruleName.lastIndexOf('#'))} />
          </span>
          <span className="rule-row">
            <VisibleText text={ruleName.slice(ruleName.lastIndexOf('#'))} />
          </span>
        </span>
      </td>
    </tr>
  );
}

/** Ranges left out: a row moved by an edit above it reads the same. */
const withoutRanges = (key: string, value: unknown) =>
  key === 'range' || key.endsWith('Range') ? undefined : value;

/** The same text read at another place, or the same object. */
function sameRead(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a, withoutRanges) === JSON.stringify(b, withoutRanges);
}

function inRows(s: Selection, row: number): boolean {
  const b = bounds(s);
  return row >= b.top && row <= b.bottom;
}

/**
 * Whether a row would render as before: everything it shows is one of its props or read from
 * them — the row of the table (ranges aside), the table's columns and description (its kept
 * outputs), the texts shown, the selection where it meets the row, the active cell and the
 * editor when in the row, its trace, names, gloss and language — or comes through its own
 * hooks (strings) and RowFindingsContext (findings). `renderEditor` and `focusInput` are only
 * rendered in the editing and the active row, which are always rendered again.
 */
function sameRow(p: GridRowProps, n: GridRowProps): boolean {
  const row = n.index;
  if (
    p.index !== row ||
    p.docId !== n.docId ||
    p.editable !== n.editable ||
    p.trace !== n.trace ||
    p.ruleName !== n.ruleName ||
    p.gloss !== n.gloss ||
    p.gridId !== n.gridId ||
    p.findingsOpen !== n.findingsOpen ||
    p.lang !== n.lang ||
    p.handlers !== n.handlers
  )
    return false;
  if (p.editing?.row === row || n.editing?.row === row) return false;
  if (p.active.row === row || n.active.row === row) return false;
  if (p.selection !== n.selection && (inRows(p.selection, row) || inRows(n.selection, row)))
    return false;
  if (p.textKeys.length !== n.textKeys.length || p.textKeys.some((k, i) => k !== n.textKeys[i]))
    return false;
  if (p.table === n.table) return true;
  return (
    p.table.description === n.table.description &&
    sameRead(p.table.columns, n.table.columns) &&
    sameRead(p.table.rows[row], n.table.rows[row])
  );
}
