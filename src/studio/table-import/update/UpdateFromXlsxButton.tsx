import { useT } from '../../i18n/i18n';
import { studioStore } from '../../store';
import { newDocument } from '../../workspace/files';
import { readForeignFile } from '../foreign-file';
import { TableFileChooser } from '../TableFileChooser';
import { updateStrings } from './strings';
import { useWorkbookUpdate } from './use-workbook-update';

/** "New document" from the grid: the workbook imported as a new document, made the active one. */
async function asNewDocument(file: File) {
  const state = studioStore.getState();
  const result = await readForeignFile(file.name, new Uint8Array(await file.arrayBuffer()));
  if (result.kind !== 'foreign' || result.result.text === null) {
    const first = result.kind === 'foreign' ? result.result.notes[0] : undefined;
    if (first) state.notify('error', first.message);
    return;
  }
  state.setActive(state.addDocument(newDocument(result.name, result.result.text)));
}

/**
 * The grid's "Import Excel…": a workbook chosen with the file chooser is compared with this table
 * (use-workbook-update.tsx, the path the document list's Open… and drop share); the dialog shows
 * the changes and offers "Update this table" beside "New document".
 */
export function UpdateFromXlsxButton({ entry }: { readonly entry: string }) {
  const t = useT(updateStrings);
  const { offer, dialog } = useWorkbookUpdate((file) => void asNewDocument(file));
  return (
    <span className="import-csv">
      <TableFileChooser
        label={t.button}
        title={t.buttonTitle}
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        testId="update-from-xlsx"
        onFile={(file) => {
          const docId = studioStore.getState().activeId;
          if (docId !== null) void offer(file, { docId, entry });
        }}
      />
      {dialog}
    </span>
  );
}
