import { RULE_NAME } from '../../document/validate-rule';
import { stripHidden } from '../../util/visible-text';
import { rowNameProblem, rowNumberOfName } from '../../vocabulary/document';
import { rowRuleName } from '../convert';
import type { Context, EntryText } from './entries';

/** Names: table rows ↔ rules (row 1 is the entry, row n `E-r<n>`, a named row `E-N`). */

/** The rule a table row becomes: row 1 → the entry's name, row n → `E-r<n>`, a named row → `E-N`. */
export function ruleNameOfRow(entry: string, index: number, rowName?: string): string {
  if (rowName === undefined && index === 1) return entry;
  return rowRuleName(entry, index, rowName);
}

/** The inverse: the row name rule `rule` gets as row `index` of table `entry` (undefined: none). */
export function rowNameOfRule(entry: string, index: number, rule: string): string | undefined {
  if (index === 1 && rule === entry) return undefined;
  if (rule === `${entry}-r${index}`) return undefined;
  if (rule.startsWith(`${entry}-`)) {
    const suffix = rule.slice(entry.length + 1);
    if (
      suffix !== entry &&
      rowNameProblem(suffix) === null &&
      !RULE_NAME.test(suffix) &&
      ruleNameOfRow(entry, index, suffix) === rule
    )
      return suffix;
  }
  return rowNameProblem(rule) === null && ruleNameOfRow(entry, index, rule) === rule
    ? rule
    : undefined;
}

/**
 * The row names of `rules` merged into one table `entry` (rowNameOfRule), as they can stand
 * together (I-90): a name of digits that is the number of an unnamed row would compile to that
 * row's `<entry>#<n>` too (ERDL-E517), so it is left out — its row is then unnamed, which may
 * clash with another, until none does. A row left unnamed is reported as a rename like any other.
 */
export function mergedRowNames(entry: string, rules: readonly string[]): (string | undefined)[] {
  const names = rules.map((rule, i) => rowNameOfRule(entry, i + 1, rule));
  for (let changed = true; changed; ) {
    changed = false;
    const unnamed = new Set(names.flatMap((n, i) => (n === undefined ? [i + 1] : [])));
    names.forEach((n, i) => {
      const number = n === undefined ? null : rowNumberOfName(stripHidden(n));
      if (number !== null && unnamed.has(number)) {
        names[i] = undefined;
        changed = true;
      }
    });
  }
  return names;
}

/**
 * The name of the table rules merge into: the first rule's — or, for the rules a table the grid
 * had named by number split into (I-90: row 1 named "1" became `X-1`, the others `X-…`), that
 * table's `X` again, so splitting and merging give the same bytes (I-76). Only when no other
 * entry of the document is named `X`.
 */
export function mergedTableName(ctx: Context, group: readonly EntryText[]): string {
  const first = (group[0] as EntryText).name;
  const x = first.slice(0, -2);
  if (group.length < 2 || !first.endsWith('-1') || !RULE_NAME.test(x)) return first;
  if (ctx.entries.some((e) => e.name === x) || rowNameOfRule(x, 1, first) !== '1') return first;
  return group.slice(1).every((e) => e.name.startsWith(`${x}-`)) ? x : first;
}
