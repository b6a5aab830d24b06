export { applyTextEdits } from './apply';
export {
  acceptedNotations,
  BUILTIN_FIELD_TYPES,
  COLUMN_TYPES,
  type ColumnType,
  columnType,
  columnTypeName,
  describeCell,
  readCell,
  readColumnCell,
  typeOfCells,
} from './cell-reader';
export { type CellInput, type CellParse, formatCell, parseCell, renderCellYaml } from './cell-text';
export { columnPlace, rowColumnPlace } from './column-place';
export {
  type ColumnTypeOp,
  cellsReadingDifferently,
  retypeProblem,
} from './column-type-op';
export { type DecisionCellReading, readDecisionCell } from './decision-cell';
export {
  type DelimitedProblem,
  detectDelimiter,
  formatDelimited,
  parseDelimited,
  readDelimited,
} from './delimited';
export {
  cellStyle,
  editTable,
  type RejectedCell,
  type TableEditResult,
  type TableOp,
} from './edit-table';
export { type BlockEdit, fillEdit, multiCellEdit } from './fill';
export { groupToTableEdit } from './group-to-table';
export type * from './model';
export { ROW_TEXT_KEYS } from './model';
export { pastedHeader } from './paste-header';
export {
  type Bounds,
  catchAllProblem,
  defaultRowIndex,
  type PastePlan,
  type PlannedCell,
  planPaste,
} from './paste-plan';
export { patchRead } from './patch-read';
export { type PriorityCellReading, readPriorityCell } from './priority-cell';
export { readTables } from './read-tables';
export { freshRowName } from './row-name';
export {
  type ColumnLabel,
  checkDescription,
  checkFieldPath,
  checkLabel,
  checkTableName,
  type DefaultRowRemoval,
  defaultRowMessage,
  defaultRowRemoval,
  failClosedDecision,
  fallbackDecisionOf,
  isStructureOp,
  type LeftToDocument,
  leftToDocument,
  newTableEdit,
  otherRuleNames,
  type StructureOp,
  suiteCasesNamingTable,
  type ValueCheck,
} from './structure-ops';
export { type TableEditOutcome, tableEdit } from './table-edit-op';
export {
  type ColumnWidening,
  lessBlocking,
  type PasteWidening,
  pasteWidenings,
  type RowWidening,
  rowWidening,
  type WideningVerdict,
} from './widening';
