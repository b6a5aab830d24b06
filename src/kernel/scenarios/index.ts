/** The scenario sheet's pure logic: a table's test cases (docs/fact-suites.md "The test cases of a table"). */

export { compiledRowName, rowId, rowIdOfRule } from '../document/row-rule-name';
export { type NewCaseFact, type NewCaseFor, NO_TABLE, newCaseFact } from './new-case';
export { projectFact, valueAt } from './project';
export {
  casesReachingTable,
  type ReachCase,
  type ReachOutcome,
  type ReachReason,
  rowOfRule,
} from './reach';
export {
  ABSENT,
  type Candidate,
  cellCandidates,
  factForRow,
  numberStep,
  type RowFact,
} from './row-fact';
export {
  appendCase,
  type CaseRef,
  type NewCase,
  type SuiteEdit,
  setCaseDecision,
  setCaseFactValue,
} from './suite-edit';
export { readScenarioValue, type ScenarioValueRead, scenarioValueText } from './value-text';
