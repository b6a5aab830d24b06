import { columnType, type PastePlan, readCell, type TableModel } from '../../../kernel/table-edit';
import { revealInline } from '../../../kernel/util/visible-text';
import { format, useT } from '../../i18n/i18n';
import type { Lang } from '../../store/types';
import { columnLabel } from '../column-label';
import { columnTypeStrings } from './strings';

/**
 * In the paste preview: a column without a type that refuses pasted words (ruling I-91) — the grid
 * asks, as it does for a typed word: "Read as text: make “Tier” a text column" declares the type
 * (one undo step); the preview then reads the paste again by it.
 */
export function PasteReadAsText({
  plan,
  table,
  lang,
  onRead,
}: {
  readonly plan: PastePlan;
  readonly table: TableModel;
  readonly lang: Lang;
  readonly onRead: (column: number) => void;
}) {
  const t = useT(columnTypeStrings);
  const columns = new Set<number>();
  for (const c of plan.cells) {
    if (c.reading.ok || c.column >= table.columns.length || columns.has(c.column)) continue;
    if (columnType(table, c.column) !== 'unknown') continue;
    if (!readCell(c.text, 'unknown').ok && readCell(c.text, 'string').ok) columns.add(c.column);
  }
  if (columns.size === 0) return null;
  return (
    <div className="read-as-text paste-read-as-text" data-testid="paste-read-as-text">
      {[...columns].map((col) => {
        const c = table.columns[col];
        const name = revealInline(columnLabel(c?.label, lang) ?? c?.field ?? '');
        return (
          <button key={col} type="button" className="button small" onClick={() => onRead(col)}>
            {format(t.readAsText, { column: name })}
          </button>
        );
      })}
      <span className="muted">{t.pasteReadAsTextHint}</span>
    </div>
  );
}
