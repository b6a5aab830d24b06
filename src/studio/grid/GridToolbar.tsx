import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { TableModel, TableOp } from '../../kernel/table-edit';
import { tableToCsv } from '../../kernel/table-import/csv';
import { revealInline } from '../../kernel/util/visible-text';
import { format, useT } from '../i18n/i18n';
import { ExportTableButtons } from '../table-import/ExportTableButtons';
import type { CellRef } from './selection';
import { gridStrings } from './strings';

/** The toolbar's width (CSS px) below which the column and clipboard groups fold into a menu. */
const NARROW = 820;

/** Whether the toolbar holds its groups on one line: `need` is their width laid out in full. */
function fits(element: HTMLElement, need: number): boolean {
  const style = getComputedStyle(element);
  const padding =
    (Number.parseFloat(style.paddingLeft) || 0) + (Number.parseFloat(style.paddingRight) || 0);
  return element.clientWidth - padding >= Math.max(NARROW, Math.ceil(need));
}

/** Row and column operations on the active cell, and CSV export — every one keyboard reachable. */
export function GridToolbar({
  table,
  active,
  editable,
  run,
  onSelect,
  copyText,
  addRowAt,
  textsShown,
  onToggleTexts,
  onShortcuts,
  defaultRow,
}: {
  readonly table: TableModel;
  readonly active: CellRef;
  readonly editable: boolean;
  readonly run: (op: TableOp) => Promise<boolean>;
  readonly onSelect: (cell: CellRef) => void;
  readonly copyText: () => string;
  readonly addRowAt: (after: number) => number;
  readonly textsShown: boolean;
  readonly onToggleTexts: () => void;
  readonly onShortcuts: () => void;
  /** "Add default row" / "Remove default row" (structure/DefaultRowButton.tsx). */
  readonly defaultRow?: ReactNode;
}) {
  const t = useT(gridStrings);
  // The column and clipboard groups fold into "More" below NARROW, and whenever the groups laid
  // out in full would not fit on one line (their width depends on the language and on the
  // default-row group): the toolbar stays one line of whole buttons.
  const bar = useRef<HTMLDivElement>(null);
  const [narrow, setNarrow] = useState(false);
  /** The width the groups need on one line, measured while they are all shown. */
  const need = useRef(0);
  const hasDefault = table.rows.some((r) => r.isDefault);
  // Measured in full when shown in full, and again when what the groups say changes (language,
  // default row); not on every render of the grid.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the groups' texts change with t and hasDefault
  useLayoutEffect(() => {
    const element = bar.current;
    if (!element || narrow) return;
    const groups = Array.from(element.children).filter(
      (c): c is HTMLElement => c instanceof HTMLElement && !c.classList.contains('add-column'),
    );
    const gap = Number.parseFloat(getComputedStyle(element).columnGap) || 0;
    need.current =
      groups.reduce((sum, g) => sum + g.getBoundingClientRect().width, 0) +
      gap * Math.max(0, groups.length - 1);
    if (!fits(element, need.current)) setNarrow(true);
  }, [narrow, t, hasDefault]);
  useEffect(() => {
    const element = bar.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setNarrow(!fits(element, need.current)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the groups' texts change with these
  useLayoutEffect(() => setNarrow(false), [t, hasDefault]);
  const [adding, setAdding] = useState(false);
  const [field, setField] = useState('');
  const [label, setLabel] = useState('');
  const { row, col } = active;
  const conditions = table.columns.length;
  const inColumns = col < conditions;
  const structural = editable && table.structural;
  const act = (op: TableOp, then?: CellRef) => () => {
    void run(op);
    if (then) onSelect(then);
  };
  const exportCsv = () => {
    const url = URL.createObjectURL(new Blob([tableToCsv(table)], { type: 'text/csv' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `${table.entry}.csv`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  const addColumn = async () => {
    const at = inColumns ? col + 1 : conditions;
    const ok = await run({
      kind: 'addColumn',
      at,
      field: field.trim(),
      ...(label.trim() ? { label: label.trim() } : {}),
    });
    if (ok) {
      setAdding(false);
      setField('');
      setLabel('');
      onSelect({ row, col: at });
    }
  };
  const at = addRowAt(row);
  const button = (
    name: string,
    visible: string,
    onClick: () => void,
    disabled = false,
    extra: Record<string, unknown> = {},
  ) => (
    <button
      type="button"
      className="button small"
      aria-label={name}
      title={name}
      disabled={disabled}
      onClick={onClick}
      {...extra}
    >
      {visible}
    </button>
  );
  const rowGroup = (
    <fieldset aria-label={t.toolbarGroup.rows} className="toolbar-group">
      <span className="toolbar-group-label" aria-hidden="true">
        {t.toolbarGroup.rows}
      </span>
      {button(
        t.addRow,
        t.short.addRow,
        act({ kind: 'addRow', at, from: row }, { row: at, col }),
        !structural,
      )}
      {button(
        t.duplicateRow,
        t.short.duplicateRow,
        act({ kind: 'duplicateRow', row }, { row: row + 1, col }),
        !structural,
      )}
      {button(
        t.deleteRow,
        t.short.deleteRow,
        act({ kind: 'deleteRow', row }),
        !structural || table.rows.length < 2,
      )}
      {button(
        t.rowUp,
        t.short.rowUp,
        act({ kind: 'moveRow', from: row, to: row - 1 }, { row: row - 1, col }),
        !structural || row === 0,
      )}
      {button(
        t.rowDown,
        t.short.rowDown,
        act({ kind: 'moveRow', from: row, to: row + 1 }, { row: row + 1, col }),
        !structural || row >= table.rows.length - 1,
      )}
    </fieldset>
  );
  const columnGroup = (
    <fieldset aria-label={t.toolbarGroup.columns} className="toolbar-group">
      <span className="toolbar-group-label" aria-hidden="true">
        {t.toolbarGroup.columns}
      </span>
      {button(t.addColumn, t.short.addColumn, () => setAdding((a) => !a), !structural, {
        'aria-expanded': adding,
      })}
      {button(
        t.deleteColumn,
        t.short.deleteColumn,
        act({ kind: 'deleteColumn', column: col }),
        !structural || !inColumns || conditions < 2,
      )}
      {button(
        t.columnLeft,
        t.short.columnLeft,
        act({ kind: 'moveColumn', from: col, to: col - 1 }, { row, col: col - 1 }),
        !structural || !inColumns || col === 0,
      )}
      {button(
        t.columnRight,
        t.short.columnRight,
        act({ kind: 'moveColumn', from: col, to: col + 1 }, { row, col: col + 1 }),
        !structural || !inColumns || col >= conditions - 1,
      )}
    </fieldset>
  );
  const clipboardGroup = (
    <fieldset aria-label={t.toolbarGroup.clipboard} className="toolbar-group">
      {button(t.copy, t.short.copy, () => void navigator.clipboard?.writeText(copyText()))}
    </fieldset>
  );
  // Import/export: CSV now; more formats (xlsx, DMN) join this group.
  const importExportGroup = (
    <fieldset
      aria-label={t.toolbarGroup.importExport}
      className="toolbar-group"
      data-group="import-export"
    >
      {button(t.exportCsv, t.exportCsv, exportCsv)}
      <ExportTableButtons table={table} />
    </fieldset>
  );
  const viewGroup = (
    <fieldset aria-label={t.toolbarGroup.view} className="toolbar-group">
      <button
        type="button"
        className="button small"
        aria-pressed={textsShown}
        title={t.textsToggleLabel}
        onClick={onToggleTexts}
      >
        {textsShown ? t.hideTexts : t.showTexts}
      </button>
      {button(t.shortcutsLabel, t.shortcuts, onShortcuts, false, { 'aria-keyshortcuts': '?' })}
    </fieldset>
  );
  return (
    <div
      ref={bar}
      className={narrow ? 'grid-toolbar narrow' : 'grid-toolbar'}
      role="toolbar"
      aria-label={format(t.actions, { entry: revealInline(table.entry) })}
    >
      {rowGroup}
      {defaultRow}
      {narrow ? (
        <details className="toolbar-more">
          <summary className="button small" aria-label={t.moreLabel}>
            {t.more}
          </summary>
          <div className="toolbar-more-menu">
            {columnGroup}
            {clipboardGroup}
          </div>
        </details>
      ) : (
        <>
          {columnGroup}
          {clipboardGroup}
        </>
      )}
      {importExportGroup}
      {viewGroup}
      {adding && (
        <form
          className="add-column"
          onSubmit={(e) => {
            e.preventDefault();
            void addColumn();
          }}
        >
          <label>
            {t.newField}
            <input
              className="mono"
              value={field}
              required
              onChange={(e) => setField(e.target.value)}
            />
          </label>
          <label>
            {t.newLabel}
            <input value={label} onChange={(e) => setLabel(e.target.value)} />
          </label>
          <button type="submit" className="button small">
            {t.add}
          </button>
          <button type="button" className="button small" onClick={() => setAdding(false)}>
            {t.cancel}
          </button>
        </form>
      )}
    </div>
  );
}
