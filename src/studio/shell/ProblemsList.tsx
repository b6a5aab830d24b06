import { format, useT } from '../i18n/i18n';
import { useStudio } from '../store';
import { shellStrings } from './strings';
import { useActiveAnalysis } from './use-analysis';

/** Rendering thousands of rows would cost more than it helps; the editor shows every marker. */
const MAX_SHOWN = 200;

/** The active document's diagnostics; a click moves the editor there, "Fix…" proposes the fix. */
export function ProblemsList() {
  const t = useT(shellStrings);
  const lang = useStudio((s) => s.lang);
  const revealAt = useStudio((s) => s.revealAt);
  const proposeFix = useStudio((s) => s.proposeFix);
  const { docId, analysis, current } = useActiveAnalysis();
  const diagnostics = analysis?.diagnostics ?? [];
  const shown = diagnostics.slice(0, MAX_SHOWN);
  return (
    <section className={`problems${current ? '' : ' stale'}`} aria-labelledby="problems-title">
      <h2 id="problems-title" className="section-title">
        {t.problems.title} ({diagnostics.length})
      </h2>
      {diagnostics.length === 0 ? (
        <p className="muted">{t.problems.none}</p>
      ) : (
        <ul className="problem-list" data-testid="problems">
          {shown.map((d) => {
            const message = d.message[lang];
            return (
              <li
                key={`${d.code}:${d.range.start}:${d.range.end}:${d.message.en}`}
                className="problem"
              >
                <button
                  type="button"
                  className="link-button problem-go"
                  title={format(t.problems.goTo, { ...d.start, message })}
                  onClick={() => docId && revealAt(docId, d.start.line, d.start.column)}
                >
                  <span className={`severity severity-${d.severity}`}>
                    {t.severity[d.severity]}
                  </span>
                  <span className="mono">
                    {d.start.line}:{d.start.column}
                  </span>
                  <span className="mono muted">{d.code}</span>
                  <span>{message}</span>
                </button>
                {d.fix && docId && (
                  <button
                    type="button"
                    className="button small"
                    aria-label={format(t.problems.fixLabel, { code: d.code, line: d.start.line })}
                    onClick={() => proposeFix({ docId, code: d.code, fix: d.fix! })}
                  >
                    {t.problems.fix}
                  </button>
                )}
              </li>
            );
          })}
          {diagnostics.length > MAX_SHOWN && (
            <li className="muted">
              {format(t.problems.more, { n: diagnostics.length - MAX_SHOWN })}
            </li>
          )}
        </ul>
      )}
    </section>
  );
}
