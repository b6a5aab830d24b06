import { format, useT } from '../i18n/i18n';
import { useStudio } from '../store';
import { suiteStrings } from './strings';

/** The status-bar badge: green while every expectation holds, red the moment one breaks. */
export function SuiteBadge() {
  const t = useT(suiteStrings);
  const run = useStudio((s) => (s.activeId ? s.suiteRuns[s.activeId] : undefined));
  const setPanel = useStudio((s) => s.setPanel);
  if (!run) return null;
  const outcome = run.outcome;
  let tone = 'running';
  let text = t.badge.running;
  if (outcome?.kind === 'result') {
    const { passed, failed, evaluations } = outcome.result.totals;
    tone = failed > 0 ? 'failing' : 'passing';
    text =
      failed > 0
        ? format(t.badge.failing, { failed })
        : format(t.badge.passing, { passed, total: evaluations });
  } else if (outcome && !run.pending) {
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
