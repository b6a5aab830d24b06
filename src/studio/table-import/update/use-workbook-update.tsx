import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { MAX_TABLE_FILE_BYTES } from '../../../kernel/file-limits';
import type { SheetMeta } from '../../../kernel/table-import/sheet-round-trip';
import { bilingual } from '../../i18n/i18n';
import { studioStore } from '../../store';
import { updateStrings } from './strings';

// The document list uses this hook on the page's first load: the table reader, the sheet reader
// and the dialog (kernel code) load with the first workbook (tests/entry-chunk.test.ts).
const UpdateTableDialog = lazy(() =>
  import('./UpdateTableDialog').then((m) => ({ default: m.UpdateTableDialog })),
);
const loadWork = () => import('./workbook-target');

/** The table a workbook updates: a document's decision table, by its rule entry. */
export interface WorkbookTarget {
  readonly docId: string;
  readonly entry: string;
}

interface Opened {
  readonly target: WorkbookTarget;
  readonly file: File;
  readonly grid: readonly (readonly string[])[];
  readonly meta: SheetMeta | null;
}

const isXlsx = (name: string) => /\.xlsx$/i.test(name);

/**
 * "Update this table" from an Excel workbook (docs/table-import.md, "Round trips"), the one code
 * path of its two entries: the grid's "Import Excel…", which updates the grid's table, and the
 * document list's Open… and drop, which offer it for a workbook whose `erdl` sheet names a table
 * of an open document. The workbook is read in a worker (read-sheet.ts) and the dialog shows what
 * it changes, beside "New document" (`newDocument`: the workbook imported as a new document).
 *
 * `offer(file, target)` answers whether the file was taken: with a target (the grid) always —
 * a file that is not a workbook, too large or unreadable is refused with a notice; without one
 * (the document list) only when the dialog opened, so any other file goes on to the ordinary
 * import, which reads it (and refuses it) as before.
 */
export function useWorkbookUpdate(newDocument: (file: File) => void) {
  const [opened, setOpened] = useState<Opened | null>(null);
  // One dialog at a time: a second workbook dropped meanwhile is imported as a new document.
  const busy = useRef(false);
  const offer = useCallback(async (file: File, target: WorkbookTarget | null) => {
    const asked = target !== null;
    const notify = studioStore.getState().notify;
    if (!isXlsx(file.name)) {
      if (asked)
        notify(
          'error',
          bilingual(updateStrings, (t) => t.notXlsx, { file: file.name }),
        );
      return asked;
    }
    const work = await loadWork();
    if (busy.current) return false;
    // Over the table-file limit: refused before it is read (docs/table-import.md "Limits").
    if (file.size > MAX_TABLE_FILE_BYTES) {
      if (asked) work.refuseTableFile(file);
      return asked;
    }
    busy.current = true;
    const read = await work.readSheetForUpdate(new Uint8Array(await file.arrayBuffer()));
    const to = !read.ok
      ? null
      : (target ?? (read.meta ? work.openTableNamed(read.meta.entry) : null));
    if (!read.ok || to === null) {
      busy.current = false;
      if (!read.ok && asked) notify('error', read.message);
      return asked;
    }
    setOpened({ target: to, file, grid: read.grid, meta: read.meta });
    return true;
  }, []);
  const close = () => {
    busy.current = false;
    setOpened(null);
  };
  const dialog = opened && (
    <Suspense fallback={null}>
      <UpdateTableDialog
        docId={opened.target.docId}
        entry={opened.target.entry}
        fileName={opened.file.name}
        grid={opened.grid}
        meta={opened.meta}
        onApplied={() => {
          // The updated table in view: the grid shows its cells as the update wrote them.
          const state = studioStore.getState();
          state.setActive(opened.target.docId);
          state.setPanel('table');
        }}
        onNewDocument={() => {
          close();
          newDocument(opened.file);
        }}
        onClose={close}
      />
    </Suspense>
  );
  return { offer, dialog };
}
