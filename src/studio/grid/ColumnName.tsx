import { revealInline } from '../../kernel/util/visible-text';
import { VisibleText } from '../shell/VisibleText';

/**
 * A condition column's heading text: its label in the UI language (`name`), else its field path;
 * under a label, the field path in small type. The grid's header and the scenario sheet's.
 */
export function ColumnName({
  name,
  field,
}: {
  readonly name: string | null;
  readonly field: string;
}) {
  return (
    <>
      <span className="column-label">
        <VisibleText text={name ?? field} />
      </span>
      {name && (
        <span className="column-field mono" title={revealInline(field)}>
          <VisibleText text={field} />
        </span>
      )}
    </>
  );
}
