// The studio's reader of decision-table files from other tools (.xlsx, .dmn, GoRules JDM .json):
// the file's bytes are parsed here, never on the main thread, with every limit checked before the
// work (src/table-import/read-foreign.ts, docs/table-import.md "Limits"). One worker reads one file
// and is then ended by the studio (src/studio/table-import/foreign-file.ts), which also ends it if
// it runs too long; the memory a file took goes with it.
import { type ForeignTableRequest, readForeignRequest } from '../table-import/read-foreign';

self.onmessage = (event: MessageEvent<ForeignTableRequest>) => {
  void readForeignRequest(event.data).then((reply) => self.postMessage(reply));
};
