import { type ColumnType, readCell } from '../../../kernel/table-edit';
import { format, useT } from '../../i18n/i18n';
import { columnTypeStrings } from './strings';

/**
 * Under a cell text a column without a type does not read (a plain word, `in gold, platinum`): the
 * grid asks instead of guessing (ruling I-91) — "Read as text: make “Segment” a text column", which
 * declares `type: string` on the column and writes the text, in one edit. Shown only when the
 * column's type is unknown and the text would read as text.
 */
export function ReadAsText({
  text,
  type,
  column,
  onRead,
}: {
  readonly text: string;
  readonly type: ColumnType;
  /** The column's name (its label, else its field path). */
  readonly column: string;
  readonly onRead: ((text: string) => void) | undefined;
}) {
  const t = useT(columnTypeStrings);
  if (!onRead || type !== 'unknown' || readCell(text, 'unknown').ok) return null;
  if (!readCell(text, 'string').ok) return null;
  return (
    <span className="read-as-text" data-testid="read-as-text">
      <button
        type="button"
        className="button small"
        // The editor keeps the focus (and its text) until the action runs.
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => onRead(text)}
      >
        {format(t.readAsText, { column })}
      </button>
      <span className="muted">{t.readAsTextHint}</span>
    </span>
  );
}
