import type { Bilingual } from '../diagnostics/diagnostic';
import {
  convertTable,
  type DocumentImport,
  documentHeader,
  type ForeignTable,
  type ImportNote,
  importedDocument,
  type OutputMapping,
} from './convert-table';
import { gridToTableEntry } from './csv';
import { dmnTables } from './dmn';
import { jdmTables } from './jdm';

export type {
  BusinessOutput,
  DocumentImport,
  ForeignTable,
  ImportNote,
  OutputMapping,
  TableConversion,
} from './convert-table';
export { importHeadline, MAX_MAPPED_VALUES } from './convert-table';
export { type FeelTest, feelMatches, readFeelUnaryTests } from './feel';
export { KEPT_OUTPUTS_MARKER, keptOutputsOf, keptOutputValues } from './kept-outputs';
export {
  cellTooLong,
  cellTooLongReason,
  grouped,
  sizeText,
  tableFileTooLarge,
} from './limits';

function importTables(
  name: string,
  description: string,
  read: { tables: ForeignTable[]; notes: ImportNote[] },
  mappings: readonly OutputMapping[] = [],
): DocumentImport {
  const policies = new Map(read.tables.map((t) => [t.name, t.hitPolicy.toUpperCase()]));
  const rowCounts = new Map(read.tables.map((t) => [t.name, t.rules.length]));
  return importedDocument(
    name,
    description,
    read.tables.map((t, i) =>
      convertTable(
        t,
        i,
        mappings.find((m) => m.table === t.name),
      ),
    ),
    policies,
    read.notes,
    rowCounts,
  );
}

/** A DMN model (as dmn-moddle parses it) as an ERDL document and its conversion report. */
export function importDmn(
  definitions: unknown,
  name: string,
  mappings: readonly OutputMapping[] = [],
): DocumentImport {
  return importTables(name, 'Imported from DMN', dmnTables(definitions), mappings);
}

/** A GoRules JDM graph (parsed JSON) as an ERDL document and its conversion report. */
export function importJdm(
  json: unknown,
  name: string,
  mappings: readonly OutputMapping[] = [],
): DocumentImport {
  return importTables(name, 'Imported from GoRules JDM', jdmTables(json), mappings);
}

/**
 * A sheet in the CSV shape (docs/table-cells.md: header of field paths with optional JSON labels,
 * then `then` (or `decision`), optional `priority`, `message`… and `name`) as an ERDL document
 * holding one table named `name`. Every cell goes through the one cell reader; any problem refuses
 * the sheet, each problem named by its row and column.
 */
export function importGrid(
  rows: readonly (readonly string[])[],
  name: string,
  origin: string,
  sheetPlace?: (line: number, column: number) => Bilingual,
): DocumentImport {
  const custom = sheetPlace !== undefined;
  const place =
    sheetPlace ??
    ((line: number, column: number): Bilingual => ({
      en: `row ${line}, column ${column}`,
      zh: `第 ${line} 行第 ${column} 列`,
    }));
  const entry = gridToTableEntry(rows, name, 2, `Imported from ${origin}`);
  if (!entry.ok)
    return {
      text: null,
      tables: [],
      notes: entry.problems.map((p) => {
        // A condition column is named by its label and field path (I-91), not its number; a sheet's
        // own cell reference (`B3`) is kept beside it.
        const at = !p.place
          ? place(p.line, p.column)
          : custom
            ? {
                en: `${place(p.line, p.column).en}, ${p.place.en}`,
                zh: `${place(p.line, p.column).zh}，${p.place.zh}`,
              }
            : { en: `row ${p.line}, ${p.place.en}`, zh: `第 ${p.line} 行${p.place.zh}` };
        return {
          level: 'error' as const,
          message: { en: `${at.en}: ${p.message.en}`, zh: `${at.zh}：${p.message.zh}` },
        };
      }),
    };
  return {
    text: documentHeader(name, `Imported from ${origin}`) + entry.yaml,
    tables: [{ name, entry: entry.yaml, notes: [] }],
    notes: [],
  };
}
export {
  type CsvImport,
  type CsvProblem,
  csvToTableEntry,
  gridToTableEntry,
  HEADER_ALIASES,
  importCsvEdit,
  tableToCsv,
  tableToGrid,
} from './csv';
export { DMN_VERSIONS, type DmnExport, type DmnVersion, tableToDmn } from './dmn-export';
