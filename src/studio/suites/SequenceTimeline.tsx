import { useState } from 'react';
import type { SequenceOutcome } from '../../kernel';
import { format, useT } from '../i18n/i18n';
import { DecisionBadge } from '../panels/decision-label';
import { VisibleText } from '../shell/VisibleText';
import type { Lang } from '../store/types';
import { suiteStrings } from './strings';

/**
 * within/rate replay: each sequence's events in time order with their decision and window
 * counts, stepped one event at a time, so a reviewer sees why the 4th call in an hour was stopped.
 */
export function SequenceTimeline({
  sequences,
  lang,
}: {
  sequences: readonly SequenceOutcome[];
  lang: Lang;
}) {
  const t = useT(suiteStrings);
  return (
    <section aria-label={t.sequences}>
      <h4>{t.sequences}</h4>
      {sequences.map((sequence) => (
        <Sequence key={sequence.name} sequence={sequence} lang={lang} />
      ))}
    </section>
  );
}

function Sequence({ sequence, lang }: { sequence: SequenceOutcome; lang: Lang }) {
  const t = useT(suiteStrings);
  const [shown, setShown] = useState(1);
  const total = sequence.events.length;
  return (
    <div className="sequence" data-testid="sequence">
      <p>
        <strong>
          <VisibleText text={sequence.name} />
        </strong>{' '}
        — {t.statusLabel[sequence.status]}
      </p>
      <div className="field-row">
        <button
          type="button"
          className="button small"
          disabled={shown >= total}
          onClick={() => setShown(shown + 1)}
        >
          {t.step}
        </button>
        <button type="button" className="button small" onClick={() => setShown(total)}>
          {t.showAll}
        </button>
        <button type="button" className="button small" onClick={() => setShown(1)}>
          {t.reset}
        </button>
      </div>
      <ol className="timeline">
        {sequence.events.slice(0, shown).map((event, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: events are positional
          <li key={i} data-status={event.status} data-testid="sequence-event">
            <span className="mono">{event.as_of}</span>{' '}
            <DecisionBadge decision={event.decision} lang={lang} />{' '}
            <span>{t.statusLabel[event.status]}</span>
            <ul className="windows">
              {event.windows.map((w) => (
                <li key={w.key} className={w.at_limit ? 'at-limit' : ''}>
                  <span className="mono">
                    {w.kind} {w.limit}/{w.window}
                  </span>{' '}
                  (<VisibleText text={w.rules.join(', ')} />
                  ): {w.count}/{w.limit}
                  {w.counted && ` · ${t.counted}`}
                  {w.at_limit && ` · ${t.atLimit}`}
                </li>
              ))}
            </ul>
            {event.mismatches.length > 0 && (
              <div className="trace-failed">
                <VisibleText text={event.mismatches.map((m) => m[lang]).join('; ')} multiline />
              </div>
            )}
          </li>
        ))}
      </ol>
      <p className="muted">{format(t.event, { n: `${shown}/${total}` })}</p>
    </div>
  );
}
