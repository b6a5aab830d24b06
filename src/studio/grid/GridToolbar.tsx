import { useState } from 'react';
import { type TableModel, type TableOp, tableToCsv } from '../../kernel/table-edit';
import { format, useT } from '../i18n/i18n';
import { ExportTableButtons } from '../table-import/ExportTableButtons';
import type { CellRef } from './selection';
import { gridStrings } from './strings';

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
}) {
  const t = useT(gridStrings);
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
  return (
    <div
      className="grid-toolbar"
      role="toolbar"
      aria-label={format(t.actions, { entry: table.entry })}
    >
      <button
        type="button"
        className="button small"
        disabled={!structural}
        onClick={act({ kind: 'addRow', at, from: row }, { row: at, col })}
      >
        {t.addRow}
      </button>
      <button
        type="button"
        className="button small"
        disabled={!structural}
        onClick={act({ kind: 'duplicateRow', row }, { row: row + 1, col })}
      >
        {t.duplicateRow}
      </button>
      <button
        type="button"
        className="button small"
        disabled={!structural || table.rows.length < 2}
        onClick={act({ kind: 'deleteRow', row })}
      >
        {t.deleteRow}
      </button>
      <button
        type="button"
        className="button small"
        disabled={!structural || row === 0}
        onClick={act({ kind: 'moveRow', from: row, to: row - 1 }, { row: row - 1, col })}
      >
        {t.rowUp}
      </button>
      <button
        type="button"
        className="button small"
        disabled={!structural || row >= table.rows.length - 1}
        onClick={act({ kind: 'moveRow', from: row, to: row + 1 }, { row: row + 1, col })}
      >
        {t.rowDown}
      </button>
      <button
        type="button"
        className="button small"
        disabled={!structural}
        aria-expanded={adding}
        onClick={() => setAdding((a) => !a)}
      >
        {t.addColumn}
      </button>
      <button
        type="button"
        className="button small"
        disabled={!structural || !inColumns || conditions < 2}
        onClick={act({ kind: 'deleteColumn', column: col })}
      >
        {t.deleteColumn}
      </button>
      <button
        type="button"
        className="button small"
        disabled={!structural || !inColumns || col === 0}
        onClick={act({ kind: 'moveColumn', from: col, to: col - 1 }, { row, col: col - 1 })}
      >
        {t.columnLeft}
      </button>
      <button
        type="button"
        className="button small"
        disabled={!structural || !inColumns || col >= conditions - 1}
        onClick={act({ kind: 'moveColumn', from: col, to: col + 1 }, { row, col: col + 1 })}
      >
        {t.columnRight}
      </button>
      <button
        type="button"
        className="button small"
        onClick={() => void navigator.clipboard?.writeText(copyText())}
      >
        {t.copy}
      </button>
      <button type="button" className="button small" onClick={exportCsv}>
        {t.exportCsv}
      </button>
      <ExportTableButtons table={table} />
      <button
        type="button"
        className="button small"
        aria-pressed={textsShown}
        title={t.textsToggleLabel}
        onClick={onToggleTexts}
      >
        {textsShown ? t.hideTexts : t.showTexts}
      </button>
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
