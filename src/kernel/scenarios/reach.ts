/**
 * Which cases of a fact suite reach a decision table (the scenario sheet under the grid;
 * docs/fact-suites.md "The test cases of a table"). A case reaches the table when
 *
 * 1. in the suite's run of the current text, a row of the table is among its matched rules (the
 *    row that fired: rows share their entry's ring, so at most one row of a table matches), or
 * 2. its expectation's `matched_rules` names a row of the table (`<entry>#<row>`, even one that is
 *    no longer a row: the sheet then shows the case failing), or
 * 3. its fact holds a value (anything but absent) at one of the table's column fields.
 *
 * Pure: the caller gives the run's outcomes only when they are of the suite text the cases were
 * read from (the sheet never pairs a case with another text's result).
 */
import { rowId, rowIdOfRule } from '../document/row-rule-name';
import type { Value } from '../eval/values';
import type { TableModel } from '../table-edit/model';
import { valueAt } from './project';

export type ReachReason = 'matched' | 'expected' | 'fields';

/** The 0-based row of the table `rule` names, or null (not this table's, or no such row). */
export function rowOfRule(table: Pick<TableModel, 'entry' | 'rows'>, rule: string): number | null {
  const id = rowIdOfRule(table.entry, rule);
  if (id === null) return null;
  const i = table.rows.findIndex((r) => rowId(r) === id);
  return i === -1 ? null : i;
}

export interface ReachCase {
  readonly fact: Value;
  readonly expect?: { readonly matched_rules?: readonly string[] };
}

export interface ReachOutcome {
  readonly matched_rules: readonly string[];
}

/**
 * The cases that reach the table, in suite order, each with why. `outcomes[i]` is case i's result
 * in the run of the same suite text, or undefined (not run yet, or of another text).
 */
export function casesReachingTable(
  table: Pick<TableModel, 'entry' | 'rows' | 'columns'>,
  cases: readonly ReachCase[],
  outcomes: readonly (ReachOutcome | undefined)[] | null,
): { readonly index: number; readonly reasons: readonly ReachReason[] }[] {
  const out: { index: number; reasons: ReachReason[] }[] = [];
  cases.forEach((c, index) => {
    const reasons: ReachReason[] = [];
    const outcome = outcomes?.[index];
    if (outcome?.matched_rules.some((r) => rowOfRule(table, r) !== null)) reasons.push('matched');
    if (c.expect?.matched_rules?.some((r) => rowIdOfRule(table.entry, r) !== null))
      reasons.push('expected');
    if (table.columns.some((col) => valueAt(c.fact, col.field) !== undefined))
      reasons.push('fields');
    if (reasons.length > 0) out.push({ index, reasons });
  });
  return out;
}
