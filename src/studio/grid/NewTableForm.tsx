import { useState } from 'react';
import { format, useT } from '../i18n/i18n';
import { runTableEdit } from './run-table-edit';
import { gridStrings } from './strings';

/**
 * Starts a decision table from nothing: a new rule entry with one column and one row, which the
 * grid then grows by keyboard (Tab, Enter on the last row, the column form).
 */
export function NewTableForm({
  docId,
  tableCount,
}: {
  readonly docId: string;
  readonly tableCount: number;
}) {
  const t = useT(gridStrings);
  const [open, setOpen] = useState(false);
  const [field, setField] = useState('');
  const create = async () => {
    const path = field.trim();
    // The same path as a CSV import: a header and one row ("any" value, ALLOW).
    const result = await runTableEdit(docId, '', {
      kind: 'importCsv',
      csv: `${path},then\n-,ALLOW\n`,
      name: format(t.newTableName, { n: tableCount + 1 }),
    });
    if (result.ok) {
      setOpen(false);
      setField('');
    }
  };
  if (!open)
    return (
      <button type="button" className="button small" onClick={() => setOpen(true)}>
        {t.newTable}
      </button>
    );
  return (
    <form
      className="add-column"
      onSubmit={(e) => {
        e.preventDefault();
        void create();
      }}
    >
      <label>
        {t.newTableField}
        <input
          // biome-ignore lint/a11y/noAutofocus: the form opens on the user's request
          autoFocus
          className="mono"
          required
          value={field}
          onChange={(e) => setField(e.target.value)}
        />
      </label>
      <button type="submit" className="button small">
        {t.add}
      </button>
      <button type="button" className="button small" onClick={() => setOpen(false)}>
        {t.cancel}
      </button>
    </form>
  );
}
