export { applyTextEdits } from './apply';
export { type CellInput, type CellParse, formatCell, parseCell, renderCellYaml } from './cell-text';
export { detectDelimiter, formatDelimited, parseDelimited } from './delimited';
export { editTable, type RejectedCell, type TableEditResult, type TableOp } from './edit-table';
export { groupToTableEdit } from './group-to-table';
export type * from './model';
export { patchRead } from './patch-read';
export { readTables } from './read-tables';
export { freshRowName } from './row-name';
export {
  type CsvImport,
  type CsvProblem,
  csvToTableEntry,
  importCsvEdit,
  tableToCsv,
} from './table-csv';
export { type TableEditOutcome, tableEdit } from './table-edit-op';
