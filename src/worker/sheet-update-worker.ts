// The studio's reader of a workbook for "Update this table" (src/studio/table-import/update/):
// the first sheet as cell texts and its round-trip `erdl` sheet, read here, never on the main
// thread, with the limits of every workbook import checked first (src/table-import/xlsx-guard.ts).
// One worker reads one file and is then ended by the studio.
import { readXlsxForUpdate, workbookUnreadable } from '../table-import/xlsx';

self.onmessage = (event: MessageEvent<Uint8Array>) => {
  void readXlsxForUpdate(event.data).then(
    (reply) => self.postMessage(reply),
    (e: unknown) =>
      self.postMessage({
        ok: false,
        message: workbookUnreadable(e instanceof Error ? e.message : String(e)),
      }),
  );
};
