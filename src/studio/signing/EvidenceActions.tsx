import { useEffect, useId, useState } from 'react';
import { type Bilingual, hashBytes, redactEvidence, ruleSnapshots } from '../../kernel';
import { signEvidence, signerFromCryptoKey } from '../../signing';
import { format, useT } from '../i18n/i18n';
import { userTimeZone } from '../i18n/time';
import { studioStore, useStudio } from '../store';
import type { StudioDocument } from '../store/types';
import { downloadText, exportFileName } from '../workspace/files';
import { compareWithSigned } from './compare';
import { workspaceDictionary } from './dictionary';
import { type EvaluationInputs, recordEvidence } from './evidence';
import { reportHtml } from './report-html';
import { verdictNow } from './signature-verdict';
import { signing, useSigning } from './signing-instance';
import { signingStrings } from './strings';

function baseName(doc: StudioDocument): string {
  return exportFileName(doc).replace(/\.erdl\.yaml$/, '');
}

function fail(message: Bilingual) {
  const en = signingStrings.en.evidence.failed;
  const zh = signingStrings.zh.evidence.failed;
  studioStore.getState().notify('error', {
    en: format(en, { detail: message.en }),
    zh: format(zh, { detail: message.zh }),
  });
}

/** A fresh identifier for one exported evaluation (the kernel never makes one). */
function traceId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `trace-${Date.now()}`;
}

/**
 * Evidence of the Evaluate panel's evaluation (full, redacted, optionally signed) and its report.
 * Takes the evaluation's inputs: the document with its fact, as_of and temporal state.
 */
export function EvidenceActions({ doc }: { readonly doc: StudioDocument }) {
  const t = useT(signingStrings);
  const id = useId();
  const lang = useStudio((s) => s.lang);
  const key = useSigning((s) => s.signingKey);
  const verification = useSigning((s) => s.verifications[doc.id]);
  const signed = useSigning((s) => s.signedExports[doc.id]);
  const [signIt, setSignIt] = useState(false);
  useEffect(() => {
    void signing.ensureLoaded();
    void signing.loadSignedExport(doc.id);
  }, [doc.id]);
  const [redactFact, setRedactFact] = useState(false);
  const inputs: EvaluationInputs = {
    name: doc.name,
    text: doc.text,
    fact: doc.fact,
    asOf: doc.asOf,
    temporalState: doc.temporalState,
  };

  const download = async (variant: 'full' | 'redacted') => {
    const built = recordEvidence(inputs, traceId());
    if (!built.ok) return fail(built.message);
    const record = variant === 'full' ? built.evidence : redactEvidence(built.evidence);
    const base = `${baseName(doc)}.evidence${variant === 'redacted' ? '.redacted' : ''}`;
    if (signIt && key) {
      const signedEvidence = await signEvidence(
        record,
        signerFromCryptoKey(key.privateKey, key.publicKey),
        new Date().toISOString(),
      );
      if (!signedEvidence.ok) return fail(signedEvidence.message);
      downloadText(`${base}.dsse.json`, signedEvidence.text, 'application/json');
    } else downloadText(`${base}.json`, `${JSON.stringify(record, null, 2)}\n`, 'application/json');
  };

  const report = (open: boolean) => {
    const built = recordEvidence(inputs, traceId());
    if (!built.ok) return fail(built.message);
    const dictionary = workspaceDictionary();
    const gloss = new Map(
      (ruleSnapshots(built.compiled, dictionary) ?? []).map((r) => [r.name, r.gloss]),
    );
    // The signer is named only while this very text is what was signed (derived now).
    const verdict = verdictNow(doc.id);
    const manifest = verification?.report.manifest;
    const signer =
      verdict?.kind === 'unchanged' && manifest
        ? {
            keyId: manifest.signer.key_id,
            signedAt: manifest.signed_at,
            trustedName: verdict.signerName,
          }
        : null;
    const diff = signed ? compareWithSigned(signed.manifest, doc.text, dictionary) : null;
    const ruleFile = exportFileName(doc);
    const html = reportHtml({
      lang,
      timeZone: userTimeZone(),
      ruleFile,
      evidenceFile: `${baseName(doc)}.evidence.json`,
      rulesetName: built.document.metadata.name ?? null,
      sourceSha256: hashBytes(new TextEncoder().encode(doc.text)),
      evidence: built.evidence,
      traced: built.traced,
      gloss,
      signer,
      redactFact,
      diff,
    });
    const fileName = `${baseName(doc)}.report.${lang}.html`;
    if (!open) {
      downloadText(fileName, html, 'text/html');
      return;
    }
    const url = URL.createObjectURL(new Blob([html], { type: 'text/html' }));
    const opened = window.open(url, '_blank');
    if (!opened) {
      URL.revokeObjectURL(url);
      studioStore.getState().notify('warning', {
        en: signingStrings.en.evidence.popupBlocked,
        zh: signingStrings.zh.evidence.popupBlocked,
      });
      return;
    }
    // The new window has loaded the Blob by then; a minute is generous.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="evidence-actions"
      data-testid="evidence-actions"
    >
      <h4 id={`${id}-title`}>{t.evidence.heading}</h4>
      <p className="field-row">
        <button type="button" className="button small" onClick={() => void download('full')}>
          {t.evidence.full}
        </button>
        <button type="button" className="button small" onClick={() => void download('redacted')}>
          {t.evidence.redacted}
        </button>
        <label>
          <input
            type="checkbox"
            checked={signIt && key !== null}
            disabled={key === null}
            onChange={(e) => setSignIt(e.currentTarget.checked)}
          />{' '}
          {t.evidence.signIt}
        </label>
      </p>
      {key === null && <p className="muted">{t.evidence.needKey}</p>}
      <p className="field-row">
        <button type="button" className="button small" onClick={() => report(true)}>
          {t.evidence.report}
        </button>
        <button type="button" className="button small" onClick={() => report(false)}>
          {t.evidence.reportDownload}
        </button>
        <label>
          <input
            type="checkbox"
            checked={redactFact}
            onChange={(e) => setRedactFact(e.currentTarget.checked)}
          />{' '}
          {t.evidence.redactFact}
        </label>
      </p>
    </section>
  );
}
