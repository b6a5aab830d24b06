import { format, useT } from '../i18n/i18n';
import { type StudioState, useStudio } from '../store';
import type { SuiteRunEntry } from '../store/types';
import { suiteStrings } from './strings';

/**
 * Whether the active document's suite outcome is of the text on screen: not while a run is on its
 * way (it still holds the previous outcome), nor after an edit the suite has not run on yet.
 */
export const selectSuiteRunCurrent = (s: StudioState): boolean =>
  s.activeId !== null && suiteRunCurrent(s, s.activeId);

/**
 * Whether a document's suite outcome is of its text and suite on screen (the badge's rule, and the
 * scenario sheet's under a table): not while a run is on its way, nor after an edit of either.
 */
export function suiteRunCurrent(s: StudioState, docId: string): boolean {
  const run = s.suiteRuns[docId];
  const doc = s.documents[docId];
  return (
    run !== undefined &&
    doc !== undefined &&
    !run.pending &&
    run.text === doc.text &&
    (run.suite === undefined || run.suite === (doc.suite ?? ''))
  );
}

/** The badge's tone: `unchecked` (some cases expect nothing, none fails) is neither green nor red. */
export type BadgeTone = 'running' | 'outdated' | 'passing' | 'unchecked' | 'failing';

/**
 * What the badge says of a run: green only when every case passed; a case that expects nothing is
 * counted as unchecked, never as passing; an error names what has it (the rules or the suite).
 */
export function badgeState(
  run: SuiteRunEntry,
  current: boolean,
  t: (typeof suiteStrings)['zh'],
): { tone: BadgeTone; text: string } {
  const outcome = run.outcome;
  // An outcome of an earlier text is neither green nor red.
  if (!current || !outcome) {
    return run.pending || !outcome
      ? { tone: 'running', text: t.badge.running }
      : { tone: 'outdated', text: t.badge.outdated };
  }
  switch (outcome.kind) {
    case 'document-invalid':
      return { tone: 'failing', text: t.badge.rulesInvalid };
    case 'suite-invalid':
      return { tone: 'failing', text: t.badge.invalid };
    case 'result': {
      const { passed, failed, unchecked, evaluations } = outcome.result.totals;
      if (failed > 0) return { tone: 'failing', text: format(t.badge.failing, { failed }) };
      if (unchecked > 0)
        return { tone: 'unchecked', text: format(t.badge.unchecked, { passed, unchecked }) };
      return { tone: 'passing', text: format(t.badge.passing, { passed, total: evaluations }) };
    }
  }
}

/**
 * The status-bar badge: green while every expectation holds for the text on screen, red the moment
 * one breaks; neither for an outcome of an earlier text, nor while some cases check nothing.
 */
export function SuiteBadge() {
  const t = useT(suiteStrings);
  const run = useStudio((s) => (s.activeId ? s.suiteRuns[s.activeId] : undefined));
  const current = useStudio(selectSuiteRunCurrent);
  const setPanel = useStudio((s) => s.setPanel);
  if (!run) return null;
  const { tone, text } = badgeState(run, current, t);
  return (
    <button
      type="button"
      className={`link-button suite-badge suite-${tone}`}
      data-testid="suite-badge"
      data-state={tone}
      onClick={() => setPanel('evaluate')}
    >
      {text}
    </button>
  );
}
