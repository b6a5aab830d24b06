import { type FormEvent, useId, useMemo, useState } from 'react';
import { parseData } from '../../kernel';
import { bilingual, useT } from '../i18n/i18n';
import { studioStore, useStudio } from '../store';
import { setFactField } from './fact-edit';
import { panelStrings } from './strings';

/** Field paths of the workspace dictionary (its keys), most specific first. */
function dictionaryPaths(text: string): string[] {
  if (text.trim() === '') return [];
  const data = parseData('fields', text);
  if (!data.ok || typeof data.value !== 'object' || data.value === null) return [];
  return Object.keys(data.value).filter((k) => !k.endsWith('.*'));
}

/**
 * Adds a field to the sample fact, with completion of field paths from the document (what its
 * rules read) and the field dictionary; the value is YAML. Edits keep the fact's comments.
 */
export function AddFactField({ docId }: { docId: string }) {
  const t = useT(panelStrings);
  const listId = useId();
  const fields = useStudio((s) => s.analyses[docId]?.analysis.fields);
  const dictionary = useStudio((s) => s.fieldDictionary);
  const notify = useStudio((s) => s.notify);
  const [path, setPath] = useState('');
  const [value, setValue] = useState('');
  const options = useMemo(
    () => [...new Set([...(fields ?? []), ...dictionaryPaths(dictionary)])].sort(),
    [fields, dictionary],
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const state = studioStore.getState();
    const doc = state.documents[docId];
    if (!doc) return;
    const next = setFactField(doc.fact, path.trim(), value);
    if (next === null) {
      notify(
        'error',
        bilingual(panelStrings, (t) => t.evaluate.factNotMapping),
      );
      return;
    }
    state.updateDocument(docId, { fact: next });
    setValue('');
  };
  return (
    <form className="field-row add-fact-field" onSubmit={submit}>
      <label className="field">
        <span>{t.evaluate.fieldPath}</span>
        <input
          className="mono"
          list={listId}
          value={path}
          required
          pattern="[^.\s]+(\.[^.\s]+)*"
          onChange={(e) => setPath(e.target.value)}
          data-testid="fact-field-path"
        />
        <datalist id={listId}>
          {options.map((o) => (
            <option key={o} value={o} />
          ))}
        </datalist>
      </label>
      <label className="field">
        <span>{t.evaluate.fieldValue}</span>
        <input
          className="mono"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          data-testid="fact-field-value"
        />
      </label>
      <button type="submit" className="button small">
        {t.evaluate.addField}
      </button>
    </form>
  );
}
