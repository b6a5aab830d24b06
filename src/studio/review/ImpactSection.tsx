import './review.css';
import { useEffect, useId, useRef, useState } from 'react';
import { factSetFormat } from '../../kernel';
import { revealInline } from '../../kernel/util/visible-text';
import { format, useT } from '../i18n/i18n';
import { formatTime } from '../i18n/time';
import { SIGNED_VERSION } from '../signing/compare';
import { useSigning } from '../signing/signing-instance';
import { useStudio } from '../store';
import type { StudioDocument } from '../store/types';
import { ImpactShown } from './impact/ImpactReportView';
import { type ImpactFacts, useImpactRun } from './impact/use-impact-run';
import { reviewStrings } from './strings';

/**
 * Export → Impact of a change: another version (a workspace document, or the text a verified
 * signature file signed) against the current text, over the document's suite or an imported
 * JSON Lines / CSV fact set, in the batch worker with progress and cancel. The form is here; the
 * job is impact/use-impact-run.ts, the report impact/ImpactReportView.tsx, a sample's traces
 * impact/SampleTraces.tsx.
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
  const job = useImpactRun(doc.id);
  const { shown, progress, running, cancelling } = job;
  const chosen = against || (signedText ? SIGNED_VERSION : (others[0]?.id ?? ''));
  const oldText =
    chosen === SIGNED_VERSION ? signedText?.text : others.find((o) => o.id === chosen)?.text;
  const facts: ImpactFacts | null =
    source === 'file' && imported
      ? { facts: imported.text, format: factSetFormat(imported.name) ?? 'jsonl' }
      : doc.suite?.trim()
        ? { facts: doc.suite, format: 'suite' }
        : null;
  const current = shown
    ? shown.request.oldText === oldText &&
      shown.request.newText === doc.text &&
      shown.request.facts === facts?.facts &&
      shown.request.format === facts?.format
    : false;

  // The workers get ready for a run when the section opens and when what it compares is chosen
  // (not as the text is typed: the current text, compiled then, is only a head start).
  const text = useRef(doc.text);
  text.current = doc.text;
  const prepare = useRef(job.prepare);
  prepare.current = job.prepare;
  const factsText = facts?.facts;
  const factsFormat = facts?.format;
  useEffect(() => {
    if (oldText === undefined) return;
    const chosen =
      factsText === undefined || factsFormat === undefined
        ? null
        : { facts: factsText, format: factsFormat };
    prepare.current(oldText, text.current, chosen);
  }, [oldText, factsText, factsFormat]);

  const run = () => {
    if (oldText === undefined || !facts) return;
    void job.run(oldText, doc.text, facts);
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
                <option value={SIGNED_VERSION}>
                  {revealInline(format(t.impactSigned, { at: formatTime(signedText.at, lang) }))}
                </option>
              )}
              {others.map((o) => (
                <option key={o.id} value={o.id}>
                  {revealInline(o.name)}
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
                <option value="file">
                  {format(t.impactFile, { file: revealInline(imported.name) })}
                </option>
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
              disabled={running || oldText === undefined || !facts}
              onClick={run}
            >
              {t.impactRun}
            </button>
            {running && (
              <button type="button" className="button" disabled={cancelling} onClick={job.cancel}>
                {t.impactCancel}
              </button>
            )}
          </p>
          {!facts && <p className="muted">{t.impactNoFacts}</p>}
          {running && (
            <p role="status" data-testid="impact-progress">
              <progress value={progress?.done ?? 0} max={progress?.total || 1} />{' '}
              {cancelling ? t.impactCancelling : progress ? format(t.impactProgress, progress) : ''}
            </p>
          )}
          {shown && <ImpactShown shown={shown} current={current} lang={lang} />}
        </>
      )}
    </section>
  );
}
