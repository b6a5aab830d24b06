/**
 * The fact and expectation of a test case added from the scenario sheet (docs/fact-suites.md "The
 * test cases of a table"), computed on the compiled document the studio's worker already holds:
 *
 * - for a row: a fact the row matches (`factForRow`), expecting the row's decision, with the row
 *   and the rules outside the table that match the fact now among the matched rules;
 * - for an example of the uncovered-inputs band: the example's fact, expecting what the document
 *   decides for it now and the rules that match it now (the case records the current behaviour).
 *
 * The document's own evaluator decides "now", at the instant the suite's cases run at. Pure.
 */
import type { Bilingual } from '../diagnostics/diagnostic';
import type { CompiledDocument } from '../document/compiled';
import { rowId, rowIdOfRule } from '../document/row-rule-name';
import { Evaluator } from '../eval/evaluate';
import { columnType } from '../table-edit/cell-reader';
import type { TableModel } from '../table-edit/model';
import type { Decision } from '../vocabulary/decisions';
import { factForRow } from './row-fact';

export type NewCaseFor =
  /** A row of the table: its id (its name, or its 1-based position when unnamed). */
  | { readonly row: string }
  /** An example fact (the uncovered-inputs band's). */
  | { readonly fact: { readonly [key: string]: unknown } };

export type NewCaseFact =
  | {
      readonly ok: true;
      readonly fact: { readonly [key: string]: unknown };
      readonly expect: { readonly decision: Decision; readonly matched_rules: readonly string[] };
      /** For a row: its 1-based position now, and whether the fact reaches it first. */
      readonly row?: {
        readonly n: number;
        readonly firstMatch: boolean;
        readonly takenBy?: number;
      };
      /** What the document decides for the fact now (equal to the expectation for an example). */
      readonly decides: Decision;
    }
  | { readonly ok: false; readonly message: Bilingual };

/** Why no case can be made now: the document does not compile, or it has no such table. */
export const NO_TABLE: Bilingual = {
  en: 'the document does not load or the table is gone: add the test case once the table is shown again',
  zh: '文档无法加载或表格已不存在：请在表格重新显示后再添加测试用例',
};

export function newCaseFact(
  document: CompiledDocument,
  table: TableModel,
  target: NewCaseFor,
  asOf: string,
): NewCaseFact {
  const evaluator = new Evaluator(document);
  const evaluate = (fact: unknown) => evaluator.evaluate(fact, { as_of: asOf, hash: false });
  if ('fact' in target) {
    const now = evaluate(target.fact);
    return {
      ok: true,
      fact: target.fact,
      expect: { decision: now.decision, matched_rules: [...now.matched_rules] },
      decides: now.decision,
    };
  }
  const row = table.rows.findIndex((r) => rowId(r) === target.row);
  if (row === -1)
    return {
      ok: false,
      message: {
        en: 'the table changed meanwhile; try again once it is shown again',
        zh: '表格已被修改；请在其重新显示后再试',
      },
    };
  const types = table.columns.map((_, i) => columnType(table, i));
  const found = factForRow(document, table, row, types);
  if (!found.ok) return found;
  const now = evaluate(found.fact);
  const others = now.matched_rules.filter((r) => rowIdOfRule(table.entry, r) === null);
  return {
    ok: true,
    fact: found.fact,
    expect: { decision: found.decision, matched_rules: [found.rule, ...others] },
    row: {
      n: row + 1,
      firstMatch: found.firstMatch,
      ...(found.takenBy === undefined ? {} : { takenBy: found.takenBy }),
    },
    decides: now.decision,
  };
}
