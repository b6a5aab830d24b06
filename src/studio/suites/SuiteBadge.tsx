import { format, useT } from '../i18n/i18n';
import { type StudioState, useStudio } from '../store';
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

/**
 * The status-bar badge: green while every expectation holds for the text on screen, red the moment
 * one breaks; neither for an outcome of an earlier text.
 */
export function SuiteBadge() {
  const t = useT(suiteStrings);
  const run = useStudio((s) => (s.activeId ? s.suiteRuns[s.activeId] : undefined));
  const current = useStudio(selectSuiteRunCurrent);
  const setPanel = useStudio((s) => s.setPanel);
  if (!run) return null;
  const outcome = run.outcome;
  // An outcome of an earlier text is neither green nor red.
  let tone = run.pending || !outcome ? 'running' : 'outdated';
  let text = tone === 'running' ? t.badge.running : t.badge.outdated;
  if (current && outcome?.kind === 'result') {
    const { passed, failed, evaluations } = outcome.result.totals;
    tone = failed > 0 ? 'failing' : 'passing';
    text =
      failed > 0
        ? format(t.badge.failing, { failed })
        : format(t.badge.passing, { passed, total: evaluations });
  } else if (current && outcome) {
    tone = 'failing';
    text = t.badge.invalid;
  }
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
