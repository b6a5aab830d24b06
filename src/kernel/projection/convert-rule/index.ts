import type { ProjectionTarget } from '../convert';
import { unknownRule } from '../convert';
import type { Refusal } from '../refusal';
import { edit } from './assemble';
import { type Context, context, type EntryText } from './entries';
import { type Built, DIFFERENT_TREES, fail, type RuleConversion } from './result';
import { ruleToForm } from './rule-to-form';
import { rulesToTable } from './rules-to-table';
import { summaryOf, titleOf } from './summary';
import { tableToRules } from './table-to-rules';

/**
 * Converting one rule entry in place (the studio's "Convert to…"), as a text edit of that entry
 * only. Unlike `erdl convert`, which writes a whole normalized document, this keeps the text: the
 * entry's other fields, comments and quoting are copied byte for byte, values keep their spelling,
 * and every conversion has an inverse that gives the original text back (docs/projections.md §11):
 *
 * - rule X → a one-row table named X (`then` moves into the row, everything else stays) → X;
 * - Simple ↔ Expression: only `when` / `unless` are rewritten;
 * - table E → rules: row 1 becomes E, row n `E-r<n>`, a named row N `E-N` (or N when N is itself
 *   a rule name) — and merging those rules into a table gives E with the same rows and names.
 *
 * Comments inside `when` travel with their condition (a condition ↔ a table cell ↔ an Expression
 * operand). The edit is proposed only when the edited document compiles to the same canonical
 * document, rule names aside (the renames are returned and shown to the user).
 *
 * One construct per file: the entries as text (entries.ts), names of rows ↔ rules (names.ts),
 * comments inside `when` (comments.ts), a `when` in the target form (forms.ts), the three
 * conversions (rule-to-form.ts, rules-to-table.ts, table-to-rules.ts), the checked edit
 * (assemble.ts) and what it says (summary.ts).
 */

export { mergedRowNames, rowNameOfRule, ruleNameOfRow } from './names';
export type { RuleConversion } from './result';

function refused(refusals: readonly Refusal[]): RuleConversion {
  return fail(...(refusals.length ? refusals.map((r) => r.message) : [DIFFERENT_TREES]));
}

function withContext(text: string, run: (ctx: Context) => RuleConversion): RuleConversion {
  // Values are kept as written; should a kept spelling ever not read back the same (the check
  // compares canonical documents), the §2.3 spelling is used instead.
  const verbatim = context(text, true);
  if ('ok' in verbatim) return verbatim;
  const first = run(verbatim);
  if (first.ok || first.messages[0] !== DIFFERENT_TREES) return first;
  const plain = context(text, false);
  return 'ok' in plain ? plain : run(plain);
}

/**
 * Rewrites one rule entry in another writing form as a text edit of that entry only: the rest of
 * the document — other rules, comments, formatting — is untouched, and so are the entry's other
 * fields. The edit is proposed only when the edited document compiles to the same canonical
 * document, rule names aside.
 */
export function convertRuleEdit(text: string, rule: string, to: ProjectionTarget): RuleConversion {
  return withContext(text, (ctx) => {
    const e = ctx.entries.find((x) => x.name === rule);
    if (!e) {
      const all = ctx.entries.map((x) => ({ name: x.name, isTable: x.isTable }));
      return fail(unknownRule(rule, all as never));
    }
    if (to === 'table') return merge(ctx, [e]);
    if (e.isTable) {
      const taken = new Set(ctx.entries.map((x) => x.name));
      taken.delete(e.name);
      return finish(ctx, [e.name], to, e, e, tableToRules(ctx, e, to, taken), e.rules.length);
    }
    return finish(ctx, [e.name], to, e, e, ruleToForm(ctx, e, to), 1);
  });
}

/**
 * Merges consecutive rule entries (Simple or Expression) into one decision table, named after the
 * first; the others become named rows. The inverse of splitting a table with `convertRuleEdit`.
 */
export function mergeRulesEdit(text: string, rules: readonly string[]): RuleConversion {
  return withContext(text, (ctx) => {
    const indexes = rules.map((n) => ctx.entries.findIndex((x) => x.name === n));
    const missing = rules.find((_, i) => (indexes[i] ?? -1) < 0);
    if (missing !== undefined) {
      const all = ctx.entries.map((x) => ({ name: x.name, isTable: x.isTable }));
      return fail(unknownRule(missing, all as never));
    }
    const sorted = [...indexes].sort((a, b) => a - b);
    if (sorted.some((v, i) => i > 0 && v !== (sorted[i - 1] as number) + 1))
      return fail({
        en: 'The rules to merge into one table must be consecutive.',
        zh: '要合并为一张决策表的规则必须相邻。',
      });
    return merge(
      ctx,
      sorted.map((i) => ctx.entries[i] as EntryText),
    );
  });
}

function merge(ctx: Context, group: readonly EntryText[]): RuleConversion {
  const head = group[0] as EntryText;
  if (group.some((e) => e.isTable))
    return fail({
      en: `${group.find((e) => e.isTable)?.name} is a decision table already.`,
      zh: `${group.find((e) => e.isTable)?.name} 已经是决策表。`,
    });
  return finish(
    ctx,
    group.map((e) => e.name),
    'table',
    head,
    group.at(-1) as EntryText,
    rulesToTable(ctx, group),
    1,
  );
}

function finish(
  ctx: Context,
  names: readonly string[],
  to: ProjectionTarget,
  from: EntryText,
  last: EntryText,
  built: Built,
  count: number,
): RuleConversion {
  if (!built.ok) return refused(built.refusals);
  const checked = edit(ctx, from, last, built.lines, built.renames);
  if (!checked.ok) return fail(DIFFERENT_TREES);
  const title = titleOf(names, to, count);
  return {
    ok: true,
    fix: { title, edits: checked.fix },
    summary: summaryOf(built.renames, built.notes ?? []),
    renames: built.renames,
  };
}
