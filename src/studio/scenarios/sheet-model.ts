/**
 * What the scenario sheet under a decision table shows (docs/fact-suites.md "The test cases of a
 * table"): the suite's cases that reach the table, each seen through its columns, with the result
 * of the suite run the Tests badge reads — never a run of its own. The results are the current
 * text's, or, while the suite runs again after an edit, the previous run's, marked as being
 * checked (a case's previous result is kept only when that run had a case of the same name at the
 * same place). Pure.
 */
import type { Bilingual, CaseOutcome, Expectation, Suite, SuiteCase } from '../../kernel';
import type { Value } from '../../kernel/eval/values';
import { casesReachingTable, projectFact, rowIdOfRule, rowOfRule } from '../../kernel/scenarios';
import type { TableModel } from '../../kernel/table-edit';
import type { SuiteRunEntry } from '../store/types';

/** Suites larger than this are not read on the page for the sheet (the Evaluate panel runs them). */
export const MAX_SHEET_SUITE_CHARS = 1_000_000;

export interface SheetResult {
  readonly status: CaseOutcome['status'];
  readonly decision: string;
  /** The row of this table that fired for the case (0-based), or null. */
  readonly row: number | null;
  /** The rule that decided the document, when it is not a row of this table (null: fallback). */
  readonly decidedElsewhere: string | null;
  readonly mismatches: readonly Bilingual[];
}

export interface SheetRow {
  /** The case's position in the suite's `cases`. */
  readonly index: number;
  readonly name: string;
  /** The fact's value in each column (undefined: absent). */
  readonly values: readonly Value[];
  readonly expect: Expectation | undefined;
  /** The rows of this table the expectation names (`row` null: no such row now). */
  readonly expectedRows: readonly { readonly id: string; readonly row: number | null }[];
  readonly result: SheetResult | null;
}

export type SheetState =
  /** The results are of the text and suite on screen. */
  | 'current'
  /** The suite runs again (or is about to): results shown are the previous run's. */
  | 'checking'
  /** The Evaluate panel shows an imported fact set: no results of the suite's own cases. */
  | 'imported'
  | 'document-invalid';

export type SheetModel =
  | { readonly kind: 'no-suite' }
  | { readonly kind: 'problems' }
  | { readonly kind: 'too-large'; readonly chars: number }
  | {
      readonly kind: 'cases';
      readonly rows: readonly SheetRow[];
      /** Cases in the whole suite. */
      readonly total: number;
      readonly state: SheetState;
    };

export function sheetModel(
  table: TableModel,
  suiteText: string,
  suite: Suite | null,
  run: SuiteRunEntry | undefined,
  current: boolean,
): SheetModel {
  if (suiteText.trim() === '') return { kind: 'no-suite' };
  if (suiteText.length > MAX_SHEET_SUITE_CHARS)
    return { kind: 'too-large', chars: suiteText.length };
  if (!suite) return { kind: 'problems' };
  const outcome = run?.outcome;
  const own = run?.source === 'suite';
  const state: SheetState = !own
    ? run
      ? 'imported'
      : 'checking'
    : current && outcome?.kind === 'document-invalid'
      ? 'document-invalid'
      : current && outcome?.kind === 'result' && outcome.result.complete
        ? 'current'
        : 'checking';
  const cases = outcome?.kind === 'result' && own ? outcome.result.cases : [];
  const outcomes = suite.cases.map((c, i) => pairedOutcome(c, i, cases, current));
  const reach = casesReachingTable(table, suite.cases, outcomes);
  const rows = reach.map(({ index }): SheetRow => {
    const c = suite.cases[index] as SuiteCase;
    const o = outcomes[index];
    return {
      index,
      name: c.name,
      values: projectFact(c.fact, table.columns),
      expect: c.expect,
      expectedRows: (c.expect?.matched_rules ?? []).flatMap((rule) => {
        const id = rowIdOfRule(table.entry, rule);
        return id === null ? [] : [{ id, row: rowOfRule(table, rule) }];
      }),
      result: o ? resultOf(table, o) : null,
    };
  });
  return {
    kind: 'cases',
    rows,
    total: suite.cases.length,
    state,
  };
}

/**
 * Case i's outcome in the run shown: the current run's by position; an earlier run's only when it
 * had a case of that name at that position (while the suite runs again).
 */
function pairedOutcome(
  c: SuiteCase,
  i: number,
  cases: readonly CaseOutcome[],
  current: boolean,
): CaseOutcome | undefined {
  const o = cases[i];
  if (!o) return undefined;
  return current || o.name === c.name ? o : undefined;
}

function resultOf(table: TableModel, o: CaseOutcome): SheetResult {
  let row: number | null = null;
  for (const rule of o.matched_rules) {
    row = rowOfRule(table, rule);
    if (row !== null) break;
  }
  const decidedElsewhere =
    o.deciding_rule !== null && rowOfRule(table, o.deciding_rule) === null ? o.deciding_rule : null;
  return {
    status: o.status,
    decision: o.decision,
    row,
    decidedElsewhere,
    mismatches: o.mismatches,
  };
}
