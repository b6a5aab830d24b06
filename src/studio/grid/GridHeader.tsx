import type { DragEvent, ReactNode } from 'react';
import {
  type ColumnType,
  columnTypeName,
  type RowTextKey,
  type TableModel,
} from '../../kernel/table-edit';
import { revealInline } from '../../kernel/util/visible-text';
import { format, pick, useT } from '../i18n/i18n';
import type { Lang } from '../store/types';
import { ColumnName } from './ColumnName';
import { ColumnResizer } from './ColumnResizer';
import { columnLabel } from './column-label';
import { OutputHeads } from './output-columns/OutputColumns';
import { gridStrings } from './strings';

/** The header row: each condition column with its label, field path and type; then the rest. */
export function GridHeader({
  table,
  types,
  textKeys,
  activeCol,
  editable,
  lang,
  onDragStart,
  onDrop,
  widths,
  onResize,
  onFit,
  columnMenu,
  typePicker,
}: {
  readonly table: TableModel;
  readonly types: readonly ColumnType[];
  readonly textKeys: readonly RowTextKey[];
  readonly activeCol: number;
  readonly editable: boolean;
  readonly lang: Lang;
  readonly onDragStart: (col: number) => void;
  readonly onDrop: (col: number) => (e: DragEvent) => void;
  /**
   * Column widths (by key: `row`, `c<n>`, `decision`, `priority`, a text key, `rule`): fitted to
   * the content (layout/use-grid-layout.ts) or given by the user.
   */
  readonly widths: Readonly<Record<string, number>>;
  readonly onResize: (key: string, width: number) => void;
  /** Double-click on a resizer: that column as wide as its content. */
  readonly onFit?: (key: string) => void;
  /** A condition column's header menu (structure/ColumnMenu.tsx). */
  readonly columnMenu?: (col: number) => ReactNode;
  /** A condition column's type, shown and chosen (column-type/ColumnTypeButton.tsx). */
  readonly typePicker?: (col: number) => ReactNode;
}) {
  const t = useT(gridStrings);
  const sized = (key: string) => {
    const w = widths[key];
    return w === undefined ? undefined : { width: w, minWidth: w, maxWidth: w };
  };
  const resizer = (key: string, name: string) => (
    <ColumnResizer
      label={format(t.resizeColumn, { column: name })}
      width={widths[key]}
      onResize={(w) => onResize(key, w)}
      onFit={onFit && (() => onFit(key))}
    />
  );
  return (
    <thead>
      <tr aria-rowindex={1}>
        <th scope="col" className="row-head" style={sized('row')} data-width-key="row">
          {t.row}
        </th>
        {table.columns.map((c, col) => {
          const name = columnLabel(c.label, lang);
          const type = pick(columnTypeName(types[col] ?? 'unknown'), lang);
          return (
            <th
              // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional
              key={col}
              scope="col"
              draggable={editable}
              className={activeCol === col ? 'column-active' : undefined}
              onDragStart={() => onDragStart(col)}
              onDragOver={(e) => e.preventDefault()}
              onDrop={onDrop(col)}
              style={sized(`c${col}`)}
              data-width-key={`c${col}`}
              data-column-name={name ?? c.field}
            >
              {columnMenu?.(col)}
              <ColumnName name={name} field={c.field} />
              {typePicker ? (
                typePicker(col)
              ) : (
                <span
                  className={`column-type type-${types[col] ?? 'unknown'}`}
                  data-testid="column-type"
                  title={format(t.columnTypeTitle, { type })}
                >
                  {type}
                </span>
              )}
              {resizer(`c${col}`, revealInline(name ?? c.field))}
            </th>
          );
        })}
        <th
          scope="col"
          style={sized('decision')}
          data-width-key="decision"
          data-column-name={t.decision}
        >
          {t.decision}
          {resizer('decision', t.decision)}
        </th>
        <OutputHeads table={table} sized={sized} resizer={resizer} />
        <th
          scope="col"
          style={sized('priority')}
          data-width-key="priority"
          data-column-name={t.priority}
        >
          {t.priority}
          {resizer('priority', t.priority)}
        </th>
        {textKeys.map((k) => (
          <th
            key={k}
            scope="col"
            className="text-head"
            style={sized(k)}
            data-width-key={k}
            data-column-name={t[k]}
          >
            {/* A soft column's header may end with "…" when the grid is narrow (layout/). */}
            <span className="head-text" title={t[k]}>
              {t[k]}
            </span>
            {resizer(k, t[k])}
          </th>
        ))}
        <th scope="col" style={sized('rule')} data-width-key="rule" data-column-name={t.rule}>
          <span className="head-text" title={t.rule}>
            {t.rule}
          </span>
          {resizer('rule', t.rule)}
        </th>
      </tr>
    </thead>
  );
}
