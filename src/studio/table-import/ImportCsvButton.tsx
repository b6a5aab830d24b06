import { useId, useRef } from 'react';
import { MAX_TABLE_FILE_BYTES } from '../../kernel/file-limits';
import { tableFileTooLarge } from '../../kernel/table-import/limits';
import { runTableEdit } from '../grid/run-table-edit';
import { gridStrings } from '../grid/strings';
import { bilingual, format, useT } from '../i18n/i18n';
import { studioStore } from '../store';

/** Reads a CSV file (as exported: field paths, then, priority) and appends it as a new table. */
export function ImportCsvButton({
  docId,
  tableCount,
}: {
  readonly docId: string;
  readonly tableCount: number;
}) {
  const t = useT(gridStrings);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    // A CSV over the table-file limit is refused before it is read (docs/table-import.md).
    if (file.size > MAX_TABLE_FILE_BYTES) {
      if (input.current) input.current.value = '';
      studioStore.getState().notify('error', tableFileTooLarge(file.size));
      return;
    }
    const csv = await file.text();
    if (input.current) input.current.value = '';
    const result = await runTableEdit(docId, '', {
      kind: 'importCsv',
      csv,
      name: format(t.importName, { n: tableCount + 1 }),
    });
    if (!result.ok && result.messages.length === 0)
      studioStore.getState().notify(
        'error',
        bilingual(gridStrings, (s) => s.invalidCsv),
      );
  };
  return (
    <span className="import-csv">
      <input
        ref={input}
        id={id}
        type="file"
        accept=".csv,text/csv"
        className="sr-only"
        onChange={(e) => void onFile(e.target.files?.[0])}
      />
      <label htmlFor={id} className="button small">
        {t.importCsv}
      </label>
    </span>
  );
}
