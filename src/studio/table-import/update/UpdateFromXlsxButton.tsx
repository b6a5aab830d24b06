import { useId, useRef, useState } from 'react';
import { MAX_TABLE_FILE_BYTES } from '../../../kernel/file-limits';
import { tableFileTooLarge } from '../../../kernel/table-import/limits';
import type { SheetMeta } from '../../../kernel/table-import/sheet-round-trip';
import { format, useT } from '../../i18n/i18n';
import { studioStore } from '../../store';
import { newDocument } from '../../workspace/files';
import { readForeignFile } from '../foreign-file';
import { readSheetForUpdate } from './read-sheet';
import { updateStrings } from './strings';
import { UpdateTableDialog } from './UpdateTableDialog';

interface Opened {
  readonly docId: string;
  readonly fileName: string;
  readonly bytes: Uint8Array;
  readonly grid: readonly (readonly string[])[];
  readonly meta: SheetMeta | null;
}

/**
 * The grid's "Import Excel…": a workbook chosen with the file chooser is read in a worker and
 * compared with this table; the dialog shows the changes and offers "Update this table" beside
 * "New document" (the workbook imported as today).
 */
export function UpdateFromXlsxButton({ entry }: { readonly entry: string }) {
  const t = useT(updateStrings);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const [opened, setOpened] = useState<Opened | null>(null);
  const onFile = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    const docId = studioStore.getState().activeId;
    if (!file || docId === null) return;
    const notify = studioStore.getState().notify;
    if (!/\.xlsx$/i.test(file.name)) {
      notify('error', {
        en: format(updateStrings.en.notXlsx, { file: file.name }),
        zh: format(updateStrings.zh.notXlsx, { file: file.name }),
      });
      return;
    }
    // Over the table-file limit: refused before it is read (docs/table-import.md "Limits").
    if (file.size > MAX_TABLE_FILE_BYTES) {
      notify('error', tableFileTooLarge(file.size));
      return;
    }
    const bytes = new Uint8Array(await file.arrayBuffer());
    const read = await readSheetForUpdate(bytes.slice());
    if (!read.ok) {
      notify('error', read.message);
      return;
    }
    setOpened({ docId, fileName: file.name, bytes, grid: read.grid, meta: read.meta });
  };
  const asNewDocument = async (o: Opened) => {
    setOpened(null);
    const state = studioStore.getState();
    const result = await readForeignFile(o.fileName, o.bytes);
    if (result.kind !== 'foreign' || result.result.text === null) {
      const first = result.kind === 'foreign' ? result.result.notes[0] : undefined;
      if (first) state.notify('error', first.message);
      return;
    }
    const created = state.addDocument(newDocument(result.name, result.result.text));
    state.setActive(created);
  };
  return (
    <span className="import-csv">
      <input
        ref={input}
        id={id}
        type="file"
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        className="sr-only"
        data-testid="update-from-xlsx"
        onChange={(e) => void onFile(e.target.files?.[0])}
      />
      <label htmlFor={id} className="button small" title={t.buttonTitle}>
        {t.button}
      </label>
      {opened && (
        <UpdateTableDialog
          docId={opened.docId}
          entry={entry}
          fileName={opened.fileName}
          grid={opened.grid}
          meta={opened.meta}
          onNewDocument={() => void asNewDocument(opened)}
          onClose={() => setOpened(null)}
        />
      )}
    </span>
  );
}
