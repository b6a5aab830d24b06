import { bilingual, format } from '../../i18n/format';
import type { Bilingual } from '../../kernel';
import type { DocumentImport, OutputMapping } from '../../kernel/table-import';
import { documentName, foreignKind } from '../../table-import/foreign-kind';
import type { ForeignTableReply, ForeignTableRequest } from '../../table-import/read-foreign';
import { rememberedMappings } from './output-mappings';
import { tableImportStrings } from './strings';

/**
 * Decision tables from other tools dropped or opened in the studio (docs/table-import.md): .dmn,
 * .xlsx, and .json files that are GoRules JDM graphs. The readers load only when such a file
 * arrives.
 */
export interface ForeignImport {
  readonly kind: 'foreign';
  readonly fileName: string;
  readonly name: string;
  readonly result: DocumentImport;
  /** The report's headline: how many tables converted, each one that did not named (issue 38 §5). */
  readonly headline: Bilingual;
  /** The file's bytes, to read it again with the analyst's output mappings (issue 38 §4). */
  readonly bytes?: Uint8Array;
  /** The mappings of business outputs to decisions it was read with. */
  readonly mappings?: readonly OutputMapping[];
  /** Those mappings were remembered from an earlier import of this very file. */
  readonly remembered?: boolean;
}

/**
 * A workbook of several sheets waiting for the user to pick one (like `erdl import --sheet N`);
 * nothing is read from it until then.
 */
export interface SheetChoice {
  readonly kind: 'sheets';
  readonly fileName: string;
  readonly sheets: readonly string[];
  readonly bytes: Uint8Array;
}

/** Whether a file is a table from another tool (a .json only when it is a JDM graph). */
export function isForeignFile(fileName: string, text?: string): boolean {
  const kind = foreignKind(fileName);
  if (kind === 'dmn' || kind === 'xlsx') return !/\.(ya?ml)$/i.test(fileName);
  if (kind === 'jdm' && text !== undefined) {
    try {
      const value = JSON.parse(text) as { nodes?: unknown };
      return (
        Array.isArray(value.nodes) &&
        value.nodes.some(
          (n) =>
            typeof n === 'object' &&
            n !== null &&
            (n as { type?: unknown }).type === 'decisionTableNode',
        )
      );
    } catch {
      return false;
    }
  }
  return false;
}

/** A worker that has not answered after this long is ended, and the file refused. */
export const FOREIGN_READ_TIMEOUT_MS = 120_000;

/**
 * Reads a foreign file in a worker of its own (src/worker/foreign-table-worker.ts): the main
 * thread never parses it, so a hostile workbook cannot freeze the studio, and the worker is ended
 * once it answers (or after FOREIGN_READ_TIMEOUT_MS). A workbook of several sheets asks which one
 * first (`sheet`, 1-based). Never throws: a worker that fails gives a refusal in the report.
 */
export async function readForeignFile(
  fileName: string,
  bytes: Uint8Array,
  sheet?: number,
  mappings?: readonly OutputMapping[],
): Promise<ForeignImport | SheetChoice> {
  const name = documentName(fileName);
  // A business table's mapping to decisions given before for this very file applies again.
  const kind = foreignKind(fileName);
  const remembered =
    mappings === undefined && (kind === 'jdm' || kind === 'dmn')
      ? await rememberedMappings(fileName, bytes)
      : null;
  const used = mappings ?? remembered ?? undefined;
  const reply = await inWorker({
    fileName,
    bytes,
    ...(sheet === undefined ? {} : { sheet }),
    ...(used === undefined ? {} : { mappings: used }),
  });
  if (reply.kind === 'sheets') return { kind: 'sheets', fileName, sheets: reply.sheets, bytes };
  if (reply.kind === 'foreign')
    return {
      kind: 'foreign',
      fileName,
      name,
      result: reply.result,
      headline: reply.headline,
      bytes,
      ...(used === undefined ? {} : { mappings: used }),
      ...(remembered === null ? {} : { remembered: true }),
    };
  const message =
    reply.kind === 'timeout'
      ? bilingual(tableImportStrings, (t) => t.timedOut, {
          seconds: String(FOREIGN_READ_TIMEOUT_MS / 1000),
        })
      : reply.kind === 'stopped'
        ? bilingual(tableImportStrings, (t) => t.readerStopped)
        : bilingual(tableImportStrings, (t) => t.readFailed, { detail: reply.detail });
  return {
    kind: 'foreign',
    fileName,
    name,
    result: { text: null, refused: true, tables: [], notes: [{ level: 'error', message }] },
    headline: {
      en: format(tableImportStrings.en.noTableConverted, { why: message.en }),
      zh: format(tableImportStrings.zh.noTableConverted, { why: message.zh }),
    },
  };
}

/** The worker's answer, or its silence past FOREIGN_READ_TIMEOUT_MS. */
type WorkerOutcome =
  | ForeignTableReply
  | { readonly kind: 'timeout' }
  /** The worker stopped without an answer (it ran out of memory, or its answer was unreadable). */
  | { readonly kind: 'stopped' };

function inWorker(request: ForeignTableRequest): Promise<WorkerOutcome> {
  // Outside a browser (unit tests in Node) the same reader runs here.
  if (typeof Worker === 'undefined')
    return import('../../table-import/read-foreign').then((m) => m.readForeignRequest(request));
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('../../worker/foreign-table-worker.ts', import.meta.url), {
        type: 'module',
        name: 'erdl-foreign-tables',
      });
    } catch (e) {
      resolve({ kind: 'failed', detail: e instanceof Error ? e.message : String(e) });
      return;
    }
    const done = (reply: WorkerOutcome) => {
      clearTimeout(timer);
      worker.terminate();
      resolve(reply);
    };
    const timer = setTimeout(() => done({ kind: 'timeout' }), FOREIGN_READ_TIMEOUT_MS);
    worker.onmessage = (event: MessageEvent<ForeignTableReply>) => done(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      done(event.message ? { kind: 'failed', detail: event.message } : { kind: 'stopped' });
    };
    worker.onmessageerror = () => done({ kind: 'stopped' });
    worker.postMessage(request);
  });
}
