import { useId, useState } from 'react';
import { checkFieldPath } from '../../kernel/table-edit';
import { format, pick, useT } from '../i18n/i18n';
import { useStudio } from '../store';
import { runTableEdit } from './run-table-edit';
import { gridStrings } from './strings';
import { structureStrings } from './structure/strings';

/**
 * Starts a decision table from nothing: a new rule entry with one column, a first row to write and
 * a default row that fails closed (DENY, or the document's fallback when that is blocking) and says
 * so (structure-ops.ts `newTableEdit`; its texts in the UI language, like the New template's). The
 * grid then grows it by keyboard (Tab, Enter on the last row, the column menu).
 */
export function NewTableForm({
  docId,
  tableCount,
}: {
  readonly docId: string;
  readonly tableCount: number;
}) {
  const t = useT(gridStrings);
  const s = useT(structureStrings);
  const lang = useStudio((st) => st.lang);
  const id = useId();
  const [open, setOpen] = useState(false);
  const [field, setField] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [warned, setWarned] = useState<string | null>(null);
  const create = async () => {
    const path = field.trim();
    const check = checkFieldPath(path);
    if (check.error) return setProblem(pick(check.error, lang));
    if (check.warning && warned === null)
      return setWarned(format(s.warningAgain, { message: pick(check.warning, lang) }));
    const result = await runTableEdit(docId, '', {
      kind: 'newTable',
      field: path,
      // A rule name as the validator wants it ([CAT]-[NNN]-description, else ERDL-W205).
      name: `TBL-${String(tableCount + 1).padStart(3, '0')}-new-table`,
      lang,
    });
    if (result.ok) {
      setOpen(false);
      setField('');
      setWarned(null);
    } else setProblem(result.messages.map((m) => pick(m, lang)).join(' '));
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
          data-testid="new-table-field"
          aria-invalid={problem !== null}
          aria-describedby={`${id}-problem`}
          onChange={(e) => {
            setField(e.target.value);
            setProblem(null);
            setWarned(null);
          }}
        />
      </label>
      <button type="submit" className="button small">
        {warned ? s.anyway : t.add}
      </button>
      <button type="button" className="button small" onClick={() => setOpen(false)}>
        {t.cancel}
      </button>
      <p
        id={`${id}-problem`}
        className={problem ? 'structure-problem' : 'structure-warning'}
        role="alert"
        hidden={problem === null && warned === null}
      >
        {problem ?? warned}
      </p>
    </form>
  );
}
