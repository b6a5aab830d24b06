import { runTableEdit } from '../grid/run-table-edit';
import { gridStrings } from '../grid/strings';
import { bilingual, format, useT } from '../i18n/i18n';
import { studioStore } from '../store';
import { TableFileChooser } from './TableFileChooser';

/** Reads a CSV file (as exported: field paths, then, priority) and appends it as a new table. */
export function ImportCsvButton({
  docId,
  tableCount,
}: {
  readonly docId: string;
  readonly tableCount: number;
}) {
  const t = useT(gridStrings);
  const onFile = async (file: File) => {
    const result = await runTableEdit(docId, '', {
      kind: 'importCsv',
      csv: await file.text(),
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
      <TableFileChooser
        label={t.importCsv}
        accept=".csv,text/csv"
        testId="import-csv-file"
        onFile={(file) => void onFile(file)}
      />
    </span>
  );
}
