/** Fact suites: format, runner, coverage, sequences and streaming fact-set import (docs/fact-suites.md). */
export { type AddCaseResult, addCaseToSuiteText } from './add-case';
export { createFactSetParser } from './create-parser';
export { type CsvPartStart, createCsvParser } from './csv-facts';
export { mismatches } from './expectation';
export {
  type FactSetBatch,
  type FactSetFormat,
  type FactSetParser,
  factSetFormat,
  MAX_REPORTED_PROBLEMS,
  MAX_ROW_CHARS,
  moreProblems,
  parseFactSet,
  type RejectedRecord,
  recordName,
} from './fact-set';
export { filterOutcomes, type OutcomeFilter } from './filter';
export { formatSuite } from './format-suite';
export { createJsonLinesParser } from './jsonl-facts';
export { MAX_SUITE_CHARS, parseSuite, type SuiteParse } from './parse-suite';
export { DEFAULT_SUITE_AS_OF, runSuite, SuiteRun } from './run-suite';
export type * from './types';
export { countInWindow, temporalKey, type WindowSpec, windowsOf } from './windows';
