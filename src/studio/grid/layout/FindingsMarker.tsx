import { type KeyboardEvent, useEffect, useRef } from 'react';
import type { RowModel, TableModel } from '../../../kernel/table-edit';
import type { PositionedDiagnostic } from '../../../worker/kernel-protocol';
import { format, useT } from '../../i18n/i18n';
import { RowFindings, shownFindings } from '../RowFindings';
import { layoutStrings } from './strings';

/** The id of a row's findings sub-row (the marker's aria-controls). */
export const findingsId = (gridId: string, row: number) => `${gridId}-findings-${row}`;

/**
 * A row's findings as a marker in its Row cell: the count, coloured by the worst severity, the
 * codes on hover. Click (or Enter / Space on it, or Shift+F2 on a cell of the row) shows the
 * findings under the row and hides them again. Nothing when the row has none to show.
 */
export function FindingsMarker({
  gridId,
  row,
  findings,
  stale,
  expanded,
  onToggle,
}: {
  readonly gridId: string;
  readonly row: number;
  readonly findings: readonly PositionedDiagnostic[];
  /** The findings are of the previous text (the row reads the same): greyed and busy. */
  readonly stale: boolean;
  readonly expanded: boolean;
  readonly onToggle: () => void;
}) {
  const t = useT(layoutStrings);
  const shown = shownFindings(findings);
  if (shown.length === 0) return null;
  const severity = shown.some((d) => d.severity === 'error')
    ? 'error'
    : shown.some((d) => d.severity === 'warning')
      ? 'warning'
      : 'info';
  const codes = [...new Set(shown.map((d) => d.code))].join(', ');
  const values = { n: shown.length, row: row + 1, codes };
  return (
    <button
      type="button"
      className={`findings-marker findings-${severity}${stale ? ' stale' : ''}`}
      data-testid="findings-marker"
      data-codes={codes}
      aria-expanded={expanded}
      aria-controls={expanded ? findingsId(gridId, row) : undefined}
      aria-busy={stale || undefined}
      aria-label={format(t.markerLabel, values)}
      title={format(t.markerTitle, values)}
      tabIndex={-1}
      // A click on the marker is not a click on the row: the selection stays where it is.
      onMouseDown={(e) => e.stopPropagation()}
      onClick={onToggle}
      // Enter and Space are the button's, not the grid's (which would move the selection).
      onKeyDown={(e: KeyboardEvent) => {
        if (e.key === 'Enter' || e.key === ' ') e.stopPropagation();
      }}
    >
      <span aria-hidden="true">
        {severity === 'error' ? '✖' : severity === 'warning' ? '⚠' : 'ⓘ'}
      </span>
      <span aria-hidden="true">{format(t.marker, values)}</span>
    </button>
  );
}

/** The findings of one row, under it, across the whole grid (kept in view when scrolled sideways). */
export function FindingsRow({
  gridId,
  docId,
  table,
  index,
  findings,
  stale,
  columns,
}: {
  readonly gridId: string;
  readonly docId: string;
  readonly table: TableModel;
  readonly index: number;
  readonly findings: readonly PositionedDiagnostic[];
  readonly stale: boolean;
  /** Every column of the grid (the sub-row spans them). */
  readonly columns: number;
}) {
  const t = useT(layoutStrings);
  const r = table.rows[index] as RowModel;
  // Opened at the bottom of the grid's box: scrolled into view.
  const ref = useRef<HTMLTableRowElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  return (
    <tr ref={ref} className="findings-row" data-findings-of={index}>
      <td colSpan={columns} className={stale ? 'findings stale' : 'findings'} aria-busy={stale}>
        <section
          id={findingsId(gridId, index)}
          className="findings-panel"
          aria-label={format(t.findingsOf, { row: index + 1 })}
        >
          <RowFindings docId={docId} table={table} row={r} findings={findings} />
        </section>
      </td>
    </tr>
  );
}
