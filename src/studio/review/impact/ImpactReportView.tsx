import { decisionInfo, type ImpactReport } from '../../../kernel';
import type { ImpactOutcome, ImpactRequest } from '../../../worker/kernel-protocol';
import { format, useT } from '../../i18n/i18n';
import { VisibleText } from '../../shell/VisibleText';
import type { Lang } from '../../store/types';
import { SkippedRecords } from '../../suites/SkippedRecords';
import { reviewStrings } from '../strings';
import { AboutText } from './AboutText';
import { SampleRows } from './SampleTraces';
import type { Shown } from './use-impact-run';

/** A finished run: its outcome, marked when it is about an older text than the one shown now. */
export function ImpactShown({
  shown,
  current,
  lang,
}: {
  shown: Shown;
  current: boolean;
  lang: Lang;
}) {
  const t = useT(reviewStrings);
  const { outcome } = shown;
  if (outcome.kind === 'result' && outcome.cancelled)
    return (
      <p role="status" data-testid="impact-cancelled" data-state="cancelled">
        {format(t.impactCancelled, shown.progress)}
      </p>
    );
  return (
    <AboutText testId="impact-outcome" current={current} staleNote={t.impactStale}>
      <ImpactOutcomeView outcome={outcome} lang={lang} request={shown.request} current={current} />
      {outcome.kind === 'result' && outcome.skipped && (
        <SkippedRecords skipped={outcome.skipped} problems={0} listed={0} />
      )}
      {outcome.kind === 'result' && (
        <p className="muted" data-testid="impact-took">
          {format(t.impactTook, { seconds: shown.seconds.toFixed(1), workers: shown.workers })}
        </p>
      )}
    </AboutText>
  );
}

function ImpactOutcomeView({
  outcome,
  lang,
  request,
  current,
}: {
  outcome: ImpactOutcome;
  lang: Lang;
  request: ImpactRequest;
  current: boolean;
}) {
  const t = useT(reviewStrings);
  if (outcome.kind === 'document-invalid')
    return (
      <p className="impact-error">
        {format(outcome.which === 'old' ? t.impactOldInvalid : t.impactNewInvalid, {
          errors: outcome.errors,
        })}
      </p>
    );
  if (outcome.kind === 'facts-invalid')
    return (
      <p className="impact-error">
        <VisibleText
          text={format(t.impactFactsInvalid, {
            reason: outcome.problems
              .slice(0, 3)
              .map((p) => `${p.line}:${p.column} ${p.message[lang]}`)
              .join('; '),
          })}
          multiline
        />
      </p>
    );
  return (
    <ImpactReportView report={outcome.report} lang={lang} request={request} current={current} />
  );
}

function DecisionName({ name, lang }: { name: string; lang: Lang }) {
  const info = decisionInfo(name);
  return (
    <span title={info?.[lang]}>
      <code>{name}</code>
      {info ? ` ${info[lang]}` : ''}
    </span>
  );
}

/** A table's header row (an empty name: an empty cell). */
function Head({ columns }: { columns: readonly string[] }) {
  return (
    <thead>
      <tr>
        {columns.map((c, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of columns
          <th key={i}>{c}</th>
        ))}
      </tr>
    </thead>
  );
}

/** The report: the summary, the transition matrix, each changed transition's samples, the causes. */
function ImpactReportView(props: {
  report: ImpactReport;
  lang: Lang;
  /** What the run compared: a sample's traces are of exactly these texts. */
  request: ImpactRequest;
  /** False when the document, the other version or the facts changed since the run. */
  current: boolean;
}) {
  const { report, lang, request, current } = props;
  const t = useT(reviewStrings);
  return (
    <div data-testid="impact-result">
      <p role="status" data-testid="impact-summary">
        {format(t.impactSummary, {
          total: report.total,
          changed: report.changed,
          unchanged: report.total - report.changed,
        })}
      </p>
      <table className="data-table" data-testid="impact-matrix">
        <Head columns={[t.impactFrom, t.impactTo, t.impactCount]} />
        <tbody>
          {report.matrix.map((c) => (
            <tr key={`${c.from}>${c.to}`} data-from={c.from} data-to={c.to}>
              <td>
                <DecisionName name={c.from} lang={lang} />
              </td>
              <td>
                {c.from === c.to ? (
                  <span className="muted">{t.impactUnchanged}</span>
                ) : (
                  <DecisionName name={c.to} lang={lang} />
                )}
              </td>
              <td className="num">{c.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {report.transitions.map((tr) => (
        <div key={`${tr.from}>${tr.to}`} data-testid="impact-samples">
          <h4>{format(t.impactSamples, { from: tr.from, to: tr.to })}</h4>
          <table className="data-table">
            <Head columns={[t.impactFact, t.impactOldRules, t.impactNewRules]} />
            <tbody>
              {tr.samples.map((s) => (
                <SampleRows key={s.index} sample={s} request={request} current={current} />
              ))}
            </tbody>
          </table>
        </div>
      ))}
      {report.causes.length > 0 && (
        <>
          <h4>{t.impactCauses}</h4>
          <table className="data-table" data-testid="impact-causes">
            <Head columns={['', t.impactOnlyOld, t.impactOnlyNew]} />
            <tbody>
              {report.causes.map((c) => (
                <tr key={c.rule}>
                  <td>
                    <code>
                      <VisibleText text={c.rule} />
                    </code>
                  </td>
                  <td className="num">{c.only_old}</td>
                  <td className="num">{c.only_new}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </div>
  );
}
