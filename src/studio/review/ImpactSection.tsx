import './review.css';
import { useId, useState } from 'react';
import { decisionInfo, factSetFormat, type ImpactReport } from '../../kernel';
import type { ImpactOutcome, ImpactRequest } from '../../worker/kernel-protocol';
import { format, useT } from '../i18n/i18n';
import { getBatchKernel } from '../kernel/kernel-instance';
import { useSigning } from '../signing/signing-instance';
import { studioStore, useStudio } from '../store';
import type { Lang, StudioDocument } from '../store/types';
import { reviewStrings } from './strings';

const SIGNED = 'signed-version';
let runs = 0;

/**
 * Export → Impact of a change: another version (a workspace document, or the text a verified
 * signature file signed) against the current text, over the document's suite or an imported
 * JSON Lines / CSV fact set, in the batch worker with progress and cancel.
 */
export function ImpactSection({ doc }: { readonly doc: StudioDocument }) {
  const t = useT(reviewStrings);
  const id = useId();
  const lang = useStudio((s) => s.lang);
  const order = useStudio((s) => s.order);
  const documents = useStudio((s) => s.documents);
  const verification = useSigning((s) => s.verifications[doc.id]);
  const others = order.flatMap((d) => {
    const other = documents[d];
    return d !== doc.id && other ? [other] : [];
  });
  const signedText =
    verification?.report.signature === 'valid' && verification.report.manifest
      ? { text: verification.text, at: verification.report.manifest.signed_at }
      : null;
  const [against, setAgainst] = useState('');
  const [imported, setImported] = useState<{ name: string; text: string } | null>(null);
  const [source, setSource] = useState<'suite' | 'file'>('suite');
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [channel, setChannel] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<ImpactOutcome | null>(null);
  const chosen = against || (signedText ? SIGNED : (others[0]?.id ?? ''));
  const oldText = chosen === SIGNED ? signedText?.text : others.find((o) => o.id === chosen)?.text;
  const facts =
    source === 'file' && imported
      ? { text: imported.text, format: factSetFormat(imported.name) ?? 'jsonl' }
      : doc.suite?.trim()
        ? { text: doc.suite, format: 'suite' as const }
        : null;

  const run = async () => {
    if (oldText === undefined || !facts) return;
    const name = `impact:${doc.id}:${++runs}`;
    setChannel(name);
    setOutcome(null);
    setProgress(null);
    const request: ImpactRequest = {
      op: 'impact',
      oldText,
      newText: doc.text,
      facts: facts.text,
      format: facts.format,
    };
    const result = await getBatchKernel().request(name, request, undefined, (done, total) =>
      setProgress({ done, total }),
    );
    setChannel(null);
    setProgress(null);
    if (result.status === 'done') setOutcome(result.value);
    else if (result.status !== 'stale') studioStore.getState().notify('error', result.message);
  };

  const importFacts = async (file: File | undefined) => {
    if (!file) return;
    setImported({ name: file.name, text: await file.text() });
    setSource('file');
  };

  return (
    <section aria-labelledby={`${id}-title`} data-testid="impact">
      <h3 id={`${id}-title`} className="section-title">
        {t.impactHeading}
      </h3>
      <p className="muted">{t.impactHelp}</p>
      {oldText === undefined && !signedText && others.length === 0 ? (
        <p className="muted">{t.impactNothing}</p>
      ) : (
        <>
          <label className="field">
            <span>{t.impactOld}</span>
            <select value={chosen} onChange={(e) => setAgainst(e.target.value)}>
              {signedText && (
                <option value={SIGNED}>{format(t.impactSigned, { at: signedText.at })}</option>
              )}
              {others.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>{t.impactFacts}</span>
            <select
              value={source}
              onChange={(e) => setSource(e.target.value as 'suite' | 'file')}
              data-testid="impact-facts"
            >
              <option value="suite">{t.impactSuite}</option>
              {imported && (
                <option value="file">{format(t.impactFile, { file: imported.name })}</option>
              )}
            </select>
          </label>
          <p className="field-row">
            <label className="button">
              {t.impactImport}
              <input
                type="file"
                accept=".jsonl,.ndjson,.csv"
                hidden
                data-testid="impact-import"
                onChange={(e) => void importFacts(e.target.files?.[0])}
              />
            </label>
            <button
              type="button"
              className="button"
              disabled={channel !== null || oldText === undefined || !facts}
              onClick={() => void run()}
            >
              {t.impactRun}
            </button>
            {channel !== null && (
              <button
                type="button"
                className="button"
                onClick={() => getBatchKernel().cancel(channel)}
              >
                {t.impactCancel}
              </button>
            )}
          </p>
          {!facts && <p className="muted">{t.impactNoFacts}</p>}
          {progress && (
            <p role="status">
              <progress value={progress.done} max={progress.total} />{' '}
              {format(t.impactProgress, progress)}
            </p>
          )}
          {outcome && <ImpactOutcomeView outcome={outcome} lang={lang} />}
        </>
      )}
    </section>
  );
}

function ImpactOutcomeView({ outcome, lang }: { outcome: ImpactOutcome; lang: Lang }) {
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
        {format(t.impactFactsInvalid, {
          reason: outcome.problems
            .slice(0, 3)
            .map((p) => `${p.line}:${p.column} ${p.message[lang]}`)
            .join('; '),
        })}
      </p>
    );
  return <ImpactReportView report={outcome.report} cancelled={outcome.cancelled} lang={lang} />;
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

function ImpactReportView(props: { report: ImpactReport; cancelled: boolean; lang: Lang }) {
  const { report, cancelled, lang } = props;
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
      {cancelled && <p className="muted">{t.impactCancelled}</p>}
      <table className="data-table" data-testid="impact-matrix">
        <thead>
          <tr>
            <th>{t.impactFrom}</th>
            <th>{t.impactTo}</th>
            <th>{t.impactCount}</th>
          </tr>
        </thead>
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
            <thead>
              <tr>
                <th>{t.impactFact}</th>
                <th>{t.impactOldRules}</th>
                <th>{t.impactNewRules}</th>
              </tr>
            </thead>
            <tbody>
              {tr.samples.map((s) => (
                <tr key={s.index}>
                  <td>
                    {s.name}
                    <br />
                    <code className="mono">{JSON.stringify(s.fact)}</code>
                  </td>
                  <td>{s.old.matched_rules.join(', ') || '—'}</td>
                  <td>{s.new.matched_rules.join(', ') || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
      {report.causes.length > 0 && (
        <>
          <h4>{t.impactCauses}</h4>
          <table className="data-table" data-testid="impact-causes">
            <thead>
              <tr>
                <th />
                <th>{t.impactOnlyOld}</th>
                <th>{t.impactOnlyNew}</th>
              </tr>
            </thead>
            <tbody>
              {report.causes.map((c) => (
                <tr key={c.rule}>
                  <td>
                    <code>{c.rule}</code>
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
