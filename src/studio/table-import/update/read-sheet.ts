import type { SheetForUpdate } from '../../../table-import/xlsx';
import { bilingual } from '../../i18n/i18n';
import { FOREIGN_READ_TIMEOUT_MS } from '../foreign-file';
import { updateStrings } from './strings';

/**
 * A workbook's first sheet and its `erdl` sheet for "Update this table", read in a worker of its
 * own (src/worker/sheet-update-worker.ts) that is ended once it answers or after
 * FOREIGN_READ_TIMEOUT_MS. Never throws: a worker that fails gives the reason.
 */
export function readSheetForUpdate(bytes: Uint8Array): Promise<SheetForUpdate> {
  if (typeof Worker === 'undefined')
    return import('../../../table-import/xlsx').then((m) => m.readXlsxForUpdate(bytes));
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('../../../worker/sheet-update-worker.ts', import.meta.url), {
        type: 'module',
        name: 'erdl-sheet-update',
      });
    } catch (e) {
      resolve(failed(e instanceof Error ? e.message : String(e)));
      return;
    }
    const done = (reply: SheetForUpdate) => {
      clearTimeout(timer);
      worker.terminate();
      resolve(reply);
    };
    const timer = setTimeout(
      () =>
        done({
          ok: false,
          message: bilingual(updateStrings, (t) => t.timedOut, {
            seconds: FOREIGN_READ_TIMEOUT_MS / 1000,
          }),
        }),
      FOREIGN_READ_TIMEOUT_MS,
    );
    worker.onmessage = (event: MessageEvent<SheetForUpdate>) => done(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      done(failed(event.message || 'stopped'));
    };
    worker.onmessageerror = () => done(failed('stopped'));
    worker.postMessage(bytes);
  });
}

const failed = (detail: string): SheetForUpdate => ({
  ok: false,
  message: bilingual(updateStrings, (t) => t.readFailed, { detail }),
});
