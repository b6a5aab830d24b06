import type { ReactNode } from 'react';
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
import { type CellRef, cellText, isSelected, type Selection } from './selection';
import { gridStrings } from './strings';
import { ROW_HEIGHT } from './use-grid-selection';

/** A blocking row without a message: the message cell is the cell to fill (ERDL-E211). */
export function needsMessage(row: RowModel): boolean {
  const then = row.then;
  if (!then || !isDecision(then) || !isBlockingDecision(then as Decision)) return false;
  const message = row.texts.message;
  return !message || (message.editable && message.value.trim() === '');
}

/**
 * One table row: its number, the condition cells, decision, priority, the row texts shown, the
 * compiled rule name (gloss on hover) and the kernel's findings.
 */
export function GridRow({
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
  findings,
  findingsStale,
  gridId,
  findingsOpen,
  onToggleFindings,
  lang,
  onSelect,
  onEdit,
  onDragStart,
  onDrop,
}: {
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
  readonly findings: readonly PositionedDiagnostic[];
  /** The findings are of the previous text (the row reads the same): greyed and busy. */
  readonly findingsStale: boolean;
  /** The grid's id (the findings marker controls the sub-row `<gridId>-findings-<row>`). */
  readonly gridId: string;
  /** The row's findings are shown under it (layout/FindingsMarker.tsx). */
  readonly findingsOpen: boolean;
  readonly onToggleFindings: () => void;
  readonly lang: Lang;
  readonly onSelect: (cell: CellRef, extend: boolean) => void;
  readonly onEdit: (cell: CellRef) => void;
  readonly onDragStart: () => void;
  readonly onDrop: (e: React.DragEvent) => void;
}) {
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
      onDrop={onDrop}
    >
      <th
        scope="row"
        className="row-head mono"
        draggable={editable}
        title={format(t.dragRow, { row: index + 1 })}
        onDragStart={onDragStart}
      >
        <span className="row-number">{r.index}</span>
        {matched && <span className="sr-only"> — {t.evalMatched}</span>}
        <FindingsMarker
          gridId={gridId}
          row={index}
          findings={findings}
          stale={findingsStale}
          expanded={findingsOpen}
          onToggle={onToggleFindings}
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
              onSelect({ row: index, col }, e.shiftKey);
            }}
            onDoubleClick={() => editable && !readOnlyText && onEdit({ row: index, col })}
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
