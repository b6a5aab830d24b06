import { tableFileTooLarge } from '../../kernel/table-import/limits';
import { studioStore } from '../store';

/**
 * A table file (CSV, Excel) over MAX_TABLE_FILE_BYTES, refused before it is read
 * (docs/table-import.md "Limits"): the notice the file choosers give it.
 */
export function refuseTableFile(file: File): void {
  studioStore.getState().notify('error', tableFileTooLarge(file.size));
}
