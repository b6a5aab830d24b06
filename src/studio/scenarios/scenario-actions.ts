/**
 * The scenario sheet's edits of the fact suite (docs/fact-suites.md "The test cases of a table"):
 * a case's value in a column, its expected decision, a case added for a row or for an example of
 * the uncovered-inputs band. Each is one minimal, checked edit of the suite text (kernel
 * scenarios/suite-edit.ts) made on the text the document holds now; the suite then runs again
 * through the suite controller, as after any edit — the sheet never evaluates a case itself. A
 * new case's fact and expectation come from the kernel worker, on its compile of the current text:
 * the row's decision, or, for a band example, what the document decides now.
 */

import type { Bilingual } from '../../kernel';
import { DEFAULT_SUITE_AS_OF, parseSuite } from '../../kernel';
import {
  appendCase,
  type CaseRef,
  type NewCaseFor,
  readScenarioValue,
  setCaseDecision,
  setCaseFactValue,
} from '../../kernel/scenarios';
import type { ColumnType, TableModel } from '../../kernel/table-edit';
import { type Decision, decisionInfo } from '../../kernel/vocabulary/decisions';
import { fieldName } from '../grid/column-label';
import { describeExample } from '../grid/finding-sentence';
import { gridStrings } from '../grid/strings';
import { bilingual, format } from '../i18n/i18n';
import { getKernel } from '../kernel/kernel-instance';
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
 * Adds a test case to the document's suite in one step, for a row of `table` (its id: its name,
 * or its 1-based position when unnamed) or for an example of the uncovered-inputs band. The fact
 * and expectation come from the kernel worker, on the document's warm compile of the current text
 * (kernel scenarios/new-case.ts): for a row, a fact it matches as a person writes it, expecting
 * the row's decision; for an example, what the document decides for it now. Null when a newer
 * request took this one's place.
 */
export async function addCase(
  docId: string,
  table: TableModel,
  target: NewCaseFor,
  lang: Lang,
): Promise<ActionResult | null> {
  const start = suiteOf(docId);
  if (!start) return null;
  const outcome = await getKernel().request(`scenarioCase:${docId}`, {
    op: 'scenarioCase',
    doc: docId,
    text: start.text,
    entry: table.entry,
    for: target,
    asOf: suiteInstant(start.suite),
  });
  if (outcome.status === 'stale') return null;
  if (outcome.status !== 'done') return { ok: false, message: outcome.message };
  const found = outcome.value;
  if (!found.ok) return { ok: false, message: found.message };
  // The suite as it is now (it may have been edited while the worker answered).
  const now = suiteOf(docId);
  if (!now) return null;
  const decision = found.expect.decision;
  const name = uniqueName(
    now.suite,
    found.row
      ? format(scenarioStrings[lang].rowCaseName, {
          row: found.row.n,
          decision,
          fact: describe(table, found.fact, lang),
        })
      : format(scenarioStrings[lang].exampleCaseName, { fact: describe(table, found.fact, lang) }),
  );
  const edit = appendCase(now.suite, { name, fact: found.fact, expect: found.expect });
  if (!edit.ok) return { ok: false, message: edit.message };
  save(docId, now.suite, edit.text);
  const row = found.row;
  return {
    ok: true,
    said: !row
      ? both('addedExample', (l) => ({ name, decision: said(decision, l) }))
      : row.firstMatch
        ? both('added', (l) => ({ name, decision: said(decision, l), row: row.n }))
        : both('addedTaken', (l) => ({
            name,
            decision: said(decision, l),
            row: row.n,
            taken: row.takenBy ?? '',
          })),
    before: now.suite,
    after: edit.text,
    index: (parseSuite(edit.text).suite?.cases.length ?? 1) - 1,
  };
}

/** Puts the suite text back as it was before an edit, when nothing changed it since. */
export function undoSuiteEdit(docId: string, before: string, after: string): boolean {
  const current = suiteOf(docId);
  if (!current || current.suite !== after) return false;
  save(docId, after, before);
  return true;
}
