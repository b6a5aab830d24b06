import { readTables } from '../../../kernel/table-edit';
import { studioStore } from '../../store';
import { refuseTableFile } from '../TableFileChooser';
import type { WorkbookTarget } from './use-workbook-update';

export { readSheetForUpdate } from './read-sheet';
export { refuseTableFile };

/**
 * The open document holding the decision table a workbook's `erdl` sheet names (the active
 * document first): the table the workbook was exported from, if it is open. Loaded with the
 * workbook (use-workbook-update.tsx): the document list is on the page's first load, and the
 * table reader is kernel code, which the first load never holds (tests/entry-chunk.test.ts).
 */
export function openTableNamed(entry: string): WorkbookTarget | null {
  const state = studioStore.getState();
  const ids = state.activeId === null ? state.order : [state.activeId, ...state.order];
  for (const docId of ids) {
    const text = state.documents[docId]?.text;
    if (text === undefined) continue;
    const read = readTables(text);
    if (read.ok && read.tables.some((t) => t.entry === entry)) return { docId, entry };
  }
  return null;
}
