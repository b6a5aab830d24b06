/**
 * The scenario sheet's edits of the fact suite (docs/fact-suites.md "The test cases of a table"):
 * a case's value in a column, its expected decision, a case added for a row or for an example of
 * the uncovered-inputs band. Each is one minimal, checked edit of the suite text (kernel
 * scenarios/suite-edit.ts) made on the text the document holds now; the suite then runs again
 * through the suite controller, as after any edit — the sheet never evaluates a case itself. A
 * new case's expectation is computed by the kernel's evaluator on the current text: the row's
 * decision, or, for a band example, what the document decides now.
 */

import type { Bilingual } from '../../kernel';
import { compileDocument, DEFAULT_SUITE_AS_OF, evaluate, parseSuite } from '../../kernel';
import {
  appendCase,
  type CaseRef,
  factForRow,
  readScenarioValue,
  rowId,
  setCaseDecision,
  setCaseFactValue,
} from '../../kernel/scenarios';
import { type ColumnType, columnType, readTables, type TableModel } from '../../kernel/table-edit';
import { type Decision, decisionInfo } from '../../kernel/vocabulary/decisions';
import { fieldName } from '../grid/column-label';
import { describeExample } from '../grid/finding-sentence';
import { gridStrings } from '../grid/strings';
import { bilingual, format } from '../i18n/i18n';
import { studioStore } from '../store';
import type { Lang } from '../store/types';
import { scenarioStrings } from './strings';

export type ActionResult =
  | {
      readonly ok: true;
      /** What changed, in both languages (the sheet's status line). */
      readonly said: Bilingual;
      /** The suite text before and after (the status line's Undo). */
      readonly before: string;
      readonly after: string;
      /** The case added or edited (its index in `cases`). */
      readonly index: number;
    }
  | { readonly ok: false; readonly message: Bilingual };

type Key = {
  [K in keyof (typeof scenarioStrings)['en']]: (typeof scenarioStrings)['en'][K] extends string
    ? K
    : never;
}[keyof (typeof scenarioStrings)['en']];

/** A decision as the band and the Evaluate panel say it in a sentence: `DENY (block)`, `DENY（拦截）`. */
function said(decision: string, lang: Lang): string {
  const word = decisionInfo(decision)?.[lang];
  if (!word) return decision;
  return lang === 'zh' ? `${decision}（${word}）` : `${decision} (${word})`;
}

const both = (key: Key, values: (lang: Lang) => Record<string, string | number>): Bilingual => ({
  en: format(scenarioStrings.en[key], values('en')),
  zh: format(scenarioStrings.zh[key], values('zh')),
});

function suiteOf(docId: string): { text: string; suite: string } | null {
  const doc = studioStore.getState().documents[docId];
  return doc ? { text: doc.text, suite: doc.suite ?? '' } : null;
}

function save(docId: string, before: string, after: string): void {
  if (after !== before) studioStore.getState().updateDocument(docId, { suite: after });
}

/** A column's header as the grid shows it, in each language. */
export function columnName(table: TableModel, column: number, lang: Lang): string {
  const field = table.columns[column]?.field ?? '';
  return fieldName(table, field, lang);
}

/** Sets (or clears) case `ref`'s value in `column` from what was typed, read by the column type. */
export function editCaseValue(
  docId: string,
  table: TableModel,
  column: number,
  type: ColumnType,
  ref: CaseRef,
  typed: string,
  shown: { readonly from: Bilingual; readonly to: (text: string | null, lang: Lang) => string },
): ActionResult {
  const current = suiteOf(docId);
  const field = table.columns[column]?.field;
  if (!current || field === undefined)
    return { ok: false, message: bilingual(scenarioStrings, (t) => t.none) };
  const where = (message: Bilingual): ActionResult => ({
    ok: false,
    message: both('refusedAt', (lang) => ({
      name: ref.name,
      column: columnName(table, column, lang),
      message: message[lang],
    })),
  });
  const read = readScenarioValue(typed, type);
  if (!read.ok) return where(read.message);
  const edit = setCaseFactValue(current.suite, ref, field, read.text);
  if (!edit.ok) return where(edit.message);
  save(docId, current.suite, edit.text);
  return {
    ok: true,
    said: both('edited', (lang) => ({
      name: ref.name,
      column: columnName(table, column, lang),
      from: shown.from[lang],
      to: shown.to(read.text, lang),
    })),
    before: current.suite,
    after: edit.text,
    index: ref.index,
  };
}

/** Sets case `ref`'s expected decision. */
export function editCaseDecision(docId: string, ref: CaseRef, decision: Decision): ActionResult {
  const current = suiteOf(docId);
  if (!current) return { ok: false, message: bilingual(scenarioStrings, (t) => t.none) };
  const edit = setCaseDecision(current.suite, ref, decision);
  if (!edit.ok)
    return {
      ok: false,
      message: both('refusedCase', (lang) => ({ name: ref.name, message: edit.message[lang] })),
    };
  save(docId, current.suite, edit.text);
  return {
    ok: true,
    said: both('decisionEdited', (lang) => ({ name: ref.name, decision: said(decision, lang) })),
    before: current.suite,
    after: edit.text,
    index: ref.index,
  };
}

/** The table `entry` of the document's current text, its column types and the compiled document. */
function currentTable(docId: string, entry: string) {
  const current = suiteOf(docId);
  if (!current) return null;
  const read = readTables(current.text);
  const table = read.ok ? read.tables.find((t) => t.entry === entry) : undefined;
  const compiled = compileDocument(current.text).document;
  if (!table || !compiled) return null;
  const types = table.columns.map((_, i) => columnType(table, i));
  return { ...current, table, types, compiled };
}

const NOT_NOW: ActionResult = {
  ok: false,
  message: bilingual(scenarioStrings, (t) => t.notNow),
};

/** The instant the suite's cases run at (the suite's `as_of`, else the kernel's default). */
function suiteInstant(suite: string): string {
  return (suite.trim() === '' ? undefined : parseSuite(suite).suite?.as_of) ?? DEFAULT_SUITE_AS_OF;
}

/** A unique case name: `name`, else `name (2)` … */
function uniqueName(suite: string, name: string): string {
  const taken = new Set(
    (suite.trim() === '' ? null : parseSuite(suite).suite)?.cases.map((c) => c.name) ?? [],
  );
  if (!taken.has(name)) return name;
  for (let n = 2; ; n++) if (!taken.has(`${name} (${n})`)) return `${name} (${n})`;
}

function describe(table: TableModel, fact: unknown, lang: Lang): string {
  const text = describeExample(fact, lang, gridStrings[lang].finding, (path) =>
    fieldName(table, path, lang),
  );
  return text === '' ? scenarioStrings[lang].emptyFact : text;
}

/**
 * Adds a case for the row `id` (its name, or its 1-based position when unnamed) of table `entry`:
 * a fact whose values the row matches, as a person writes them, expecting the row's decision and
 * the row among the matched rules (with the rules outside the table that match it now).
 */
export function addCaseForRow(docId: string, entry: string, id: string, lang: Lang): ActionResult {
  const now = currentTable(docId, entry);
  if (!now) return NOT_NOW;
  const row = now.table.rows.findIndex((r) => rowId(r) === id);
  if (row === -1) return NOT_NOW;
  const found = factForRow(now.compiled, now.table, row, now.types);
  if (!found.ok) return { ok: false, message: found.message };
  const n = row + 1;
  const result = evaluate(now.compiled, found.fact, {
    as_of: suiteInstant(now.suite),
    hash: false,
  });
  const others = result.matched_rules.filter((r) => !r.startsWith(`${entry}#`));
  const name = uniqueName(
    now.suite,
    format(scenarioStrings[lang].rowCaseName, {
      row: n,
      decision: found.decision,
      fact: describe(now.table, found.fact, lang),
    }),
  );
  const edit = appendCase(now.suite, {
    name,
    fact: found.fact,
    expect: { decision: found.decision, matched_rules: [found.rule, ...others] },
  });
  if (!edit.ok) return { ok: false, message: edit.message };
  save(docId, now.suite, edit.text);
  const index = parseSuite(edit.text).suite?.cases.length ?? 1;
  return {
    ok: true,
    said: found.firstMatch
      ? both('added', (lang) => ({ name, decision: said(found.decision, lang), row: n }))
      : both('addedTaken', (lang) => ({
          name,
          decision: said(found.decision, lang),
          row: n,
          taken: found.takenBy ?? '',
        })),
    before: now.suite,
    after: edit.text,
    index: index - 1,
  };
}

/**
 * Adds a case for an example of the uncovered-inputs band: the example's fact, expecting what the
 * document decides for it now (the fallback decision, or another rule's) and the rules that match.
 */
export function addCaseForExample(
  docId: string,
  entry: string,
  fact: { readonly [key: string]: unknown },
  lang: Lang,
): ActionResult {
  const now = currentTable(docId, entry);
  if (!now) return NOT_NOW;
  const result = evaluate(now.compiled, fact, { as_of: suiteInstant(now.suite), hash: false });
  const name = uniqueName(
    now.suite,
    format(scenarioStrings[lang].exampleCaseName, { fact: describe(now.table, fact, lang) }),
  );
  const edit = appendCase(now.suite, {
    name,
    fact,
    expect: { decision: result.decision, matched_rules: [...result.matched_rules] },
  });
  if (!edit.ok) return { ok: false, message: edit.message };
  save(docId, now.suite, edit.text);
  const index = parseSuite(edit.text).suite?.cases.length ?? 1;
  return {
    ok: true,
    said: both('addedExample', (lang) => ({ name, decision: said(result.decision, lang) })),
    before: now.suite,
    after: edit.text,
    index: index - 1,
  };
}

/** Puts the suite text back as it was before an edit, when nothing changed it since. */
export function undoSuiteEdit(docId: string, before: string, after: string): boolean {
  const current = suiteOf(docId);
  if (!current || current.suite !== after) return false;
  save(docId, after, before);
  return true;
}
