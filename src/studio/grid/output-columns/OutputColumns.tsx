import './output-columns.css';
import type { ReactNode } from 'react';
import type { RowModel, TableModel } from '../../../kernel/table-edit';
import { keptOutputsOf, keptOutputValues } from '../../../kernel/table-import/kept-outputs';
import { revealInline } from '../../../kernel/util/visible-text';
import { format, useT } from '../../i18n/i18n';
import { VisibleText } from '../../shell/VisibleText';
import { outputColumnStrings } from './strings';

/**
 * The outputs an imported business table keeps in each row's message (I-95), shown as read-only
 * columns after the decision: the names come from the entry's description, each row's values from
 * its message. Not grid cells (the keyboard and the clipboard pass them by); edited through the
 * message.
 */
const names = new WeakMap<TableModel, readonly string[] | null>();

/** The kept outputs of a table, or null when it has none (read once per table model). */
export function keptOutputs(table: TableModel): readonly string[] | null {
  let got = names.get(table);
  if (got === undefined) {
    got = keptOutputsOf(table.description);
    names.set(table, got);
  }
  return got;
}

/** Width keys of the output columns (fitted like the others). */
export const outputKey = (k: number) => `out${k}`;

export function OutputHeads({
  table,
  sized,
  resizer,
}: {
  readonly table: TableModel;
  readonly sized: (key: string) => { width: number } | undefined;
  readonly resizer: (key: string, name: string) => ReactNode;
}) {
  const t = useT(outputColumnStrings);
  const outputs = keptOutputs(table);
  if (!outputs) return null;
  return outputs.map((name, k) => (
    <th
      key={name}
      scope="col"
      className="output-head"
      style={sized(outputKey(k))}
      data-width-key={outputKey(k)}
      data-column-name={name}
      data-testid="output-head"
      title={format(t.headTitle, { name: revealInline(name) })}
    >
      <span className="column-label">
        <VisibleText text={name} />
      </span>
      <span className="output-tag">{t.tag}</span>
      {resizer(outputKey(k), revealInline(name))}
    </th>
  ));
}

export function OutputCells({
  table,
  row,
}: {
  readonly table: TableModel;
  readonly row: RowModel;
}) {
  const t = useT(outputColumnStrings);
  const outputs = keptOutputs(table);
  if (!outputs) return null;
  const values = keptOutputValues(row.texts.message?.value ?? '', outputs);
  return outputs.map((name, k) => {
    const value = values?.[k];
    return (
      <td
        key={name}
        className="output-cell"
        data-output={name}
        title={
          value === undefined
            ? t.unread
            : format(t.cellTitle, { name: revealInline(name), value: revealInline(value) })
        }
      >
        {value === undefined ? (
          <span className="muted">—</span>
        ) : (
          <span className="cell-text">
            <VisibleText text={value} />
          </span>
        )}
      </td>
    );
  });
}
