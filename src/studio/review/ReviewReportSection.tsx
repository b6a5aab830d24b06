import { useEffect, useId, useMemo, useState } from 'react';
import {
  compileDocument,
  hashBytes,
  hashText,
  type Manifest,
  parseSuite,
  type ReportLang,
  type ReviewReportInput,
  reviewReportHtml,
  runSuite,
} from '../../kernel';
import { reportSignature } from '../../signing';
import { format, useT } from '../i18n/i18n';
import { formatTime, userTimeZone } from '../i18n/time';
import { VisibleText } from '../shell/VisibleText';
import { dictionaryOf } from '../signing/dictionary';
import { signing, useSigning } from '../signing/signing-instance';
import { studioStore, useStudio } from '../store';
import type { StudioDocument } from '../store/types';
import { downloadText, exportFileName } from '../workspace/files';
import { reviewStrings } from './strings';

/** `aml-screening.erdl.yaml` → `aml-screening.review.zh.html`. */
export function reportFileName(ruleFile: string, lang: ReportLang): string {
  return `${ruleFile.replace(/\.erdl\.yaml$/, '')}.review.${lang}.html`;
}

/** Export → Report: builds the review report with the kernel's generator and downloads it. */
export function ReviewReportSection({ doc }: { readonly doc: StudioDocument }) {
  const t = useT(reviewStrings);
  const id = useId();
  const uiLang = useStudio((s) => s.lang);
  const dictionaryText = useStudio((s) => s.fieldDictionary);
  const [lang, setLang] = useState<ReportLang>(uiLang);
  const [date, setDate] = useState('');
  // The report last downloaded for this document, kept across reloads (issue #37).
  const done = useSigning((s) => s.reviewedReports[doc.id]);
  const signed = useSigning((s) => s.signedExports[doc.id]);
  const verification = useSigning((s) => s.verifications[doc.id]);
  useEffect(() => {
    void signing.loadSignedExport(doc.id);
  }, [doc.id]);
  const sourceHash = useMemo(() => hashBytes(new TextEncoder().encode(doc.text)), [doc.text]);
  // The versions on hand: the signed export made here, and the signature the document came with
  // (only when that signature verifies: a bad signature's manifest names no date nor version).
  const opened = verification?.report.signature === 'valid' ? verification.report.manifest : null;
  const manifests = [opened, signed?.manifest].filter((m): m is Manifest => m != null);
  const signedNow = manifests.find((m) => m.document.source_sha256 === sourceHash) ?? null;
  const previous = manifests.find((m) => m.document.source_sha256 !== sourceHash) ?? null;

  const download = async () => {
    const ruleFile = exportFileName(doc);
    const sourceBytes = new TextEncoder().encode(doc.text);
    // Signers only from a signature that verifies and signs exactly these bytes.
    const envelopes = [verification?.envelopeBytes].filter((b): b is Uint8Array => b != null);
    let signers: ReviewReportInput['signers'] = [];
    let signedAt: string | null = null;
    for (const envelope of envelopes) {
      const sig = await reportSignature(envelope, sourceBytes);
      if (sig.signers.length) {
        signers = sig.signers;
        signedAt = sig.signedAt;
        break;
      }
    }
    if (!signers.length && signed && signed.manifest.document.source_sha256 === sourceHash) {
      // The studio's own signed export of this very text (signed here, with the studio's key).
      signers = [{ keyId: signed.manifest.signer.key_id }];
      signedAt = signed.manifest.signed_at;
    }
    const compiled = compileDocument(sourceBytes).document;
    const parsed = doc.suite?.trim() ? parseSuite(doc.suite).suite : null;
    const dictionary = dictionaryOf(dictionaryText);
    const report = reviewReportHtml({
      lang,
      file: ruleFile,
      sourceBytes,
      signers,
      date: signedAt
        ? {
            value: signedAt,
            source: 'signature',
            shown: {
              text: formatTime(signedAt, lang === 'en' ? 'en' : 'zh'),
              zone: userTimeZone(),
            },
          }
        : date
          ? { value: date, source: 'given' }
          : null,
      suite:
        compiled && parsed
          ? {
              file: `${ruleFile.replace(/\.erdl\.yaml$/, '')}.facts.yaml`,
              result: runSuite(compiled, parsed),
            }
          : null,
      previous: previous ? { file: `${ruleFile}.dsse.json`, manifest: previous } : null,
      ...(dictionary ? { dictionary } : {}),
    });
    if (!report.ok) {
      studioStore.getState().notify('error', {
        en: format(reviewStrings.en.failed, { reason: report.message.en }),
        zh: format(reviewStrings.zh.failed, { reason: report.message.zh }),
      });
      return;
    }
    const file = reportFileName(ruleFile, lang);
    downloadText(file, report.html, 'text/html');
    // A role signature of this very text records the report read (docs/signed-files.md).
    void signing.recordReviewedReport(doc.id, {
      file,
      sha256: hashText(report.html),
      sourceSha256: hashBytes(sourceBytes),
    });
  };

  return (
    <section aria-labelledby={`${id}-title`} data-testid="review-report">
      <h3 id={`${id}-title`} className="section-title">
        {t.heading}
      </h3>
      <p className="muted">{t.help}</p>
      <p className="field-row">
        <label className="field">
          <span>{t.lang}</span>
          <select
            value={lang}
            onChange={(e) => setLang(e.target.value as ReportLang)}
            data-testid="review-report-lang"
          >
            <option value="zh">{t.langZh}</option>
            <option value="en">{t.langEn}</option>
            <option value="both">{t.langBoth}</option>
          </select>
        </label>
        <label className="field">
          <span>{t.date}</span>
          <input
            type="date"
            value={date}
            disabled={signedNow !== null}
            onChange={(e) => setDate(e.target.value)}
            data-testid="review-report-date"
          />
        </label>
        <button type="button" className="button" onClick={() => void download()}>
          {t.download}
        </button>
      </p>
      <p className="muted">
        {signedNow ? (
          <VisibleText
            text={format(t.fromSignature, { at: formatTime(signedNow.signed_at, uiLang) })}
          />
        ) : (
          t.dateHelp
        )}
      </p>
      <p className="muted">
        {previous ? (
          <VisibleText text={format(t.previous, { at: formatTime(previous.signed_at, uiLang) })} />
        ) : (
          t.noPrevious
        )}
      </p>
      {done && (
        <p
          role="status"
          data-testid="review-report-done"
          data-stale={done.sourceSha256 === sourceHash ? 'no' : 'yes'}
          className={done.sourceSha256 === sourceHash ? undefined : 'muted'}
        >
          <VisibleText
            text={format(done.sourceSha256 === sourceHash ? t.downloaded : t.downloadedEarlier, {
              file: done.file,
            })}
          />{' '}
          <code className="mono hash-cell">{done.sha256}</code>
        </p>
      )}
    </section>
  );
}
