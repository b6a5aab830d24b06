import { useMemo, useState } from 'react';
import { hashBytes } from '../../kernel';
import { signatureFileName } from '../../signing';
import { format, useT } from '../i18n/i18n';
import { useActiveAnalysis } from '../shell/use-analysis';
import { studioStore } from '../store';
import type { StudioDocument } from '../store/types';
import { downloadText, exportFileName } from '../workspace/files';
import { CopyButton } from './CopyButton';
import { workspaceDictionary } from './dictionary';
import { signDocument } from './sign-document';
import { signing, useSigning } from './signing-instance';
import { signInWorker } from './signing-worker';
import { signingStrings } from './strings';

/** "Download signed" (the file as written + its .dsse.json), plain download, and the hashes. */
export function SignedExport({ doc }: { readonly doc: StudioDocument }) {
  const t = useT(signingStrings);
  const key = useSigning((s) => s.signingKey);
  const { analysis, current } = useActiveAnalysis();
  const [busy, setBusy] = useState(false);
  const [signedAt, setSignedAt] = useState<{ docId: string; at: string } | null>(null);
  const ruleFile = exportFileName(doc);
  const sourceHash = useMemo(() => hashBytes(new TextEncoder().encode(doc.text)), [doc.text]);
  const loads = current && analysis?.documentHash != null;

  const sign = async () => {
    if (!key) return;
    setBusy(true);
    try {
      // The signing time is this computer's clock at the moment of export, and is shown.
      const at = new Date().toISOString();
      const dictionary = workspaceDictionary();
      const outcome = await signDocument({
        text: doc.text,
        ruleFile,
        key,
        signedAt: at,
        sign: signInWorker,
        ...(dictionary ? { dictionary } : {}),
      });
      const state = studioStore.getState();
      if (!outcome.ok) {
        state.notify('error', outcome.message);
        return;
      }
      const { signed } = outcome;
      downloadText(signed.ruleFile, doc.text, 'application/yaml');
      downloadText(signed.signatureFile, signed.signatureText, 'application/json');
      setSignedAt({ docId: doc.id, at: signed.manifest.signed_at });
      await signing.recordSignedExport({
        docId: doc.id,
        fileName: signed.ruleFile,
        signedAt: signed.manifest.signed_at,
        manifest: signed.manifest,
      });
      // Check what was just written exactly as an import would, so the badge reflects it.
      await signing.verifyDocument(
        doc.id,
        {
          signatureFile: signed.signatureFile,
          ruleFile: signed.ruleFile,
          text: doc.text,
          sourceBytes: signed.sourceBytes,
          envelopeBytes: new TextEncoder().encode(signed.signatureText),
        },
        dictionary,
      );
    } finally {
      setBusy(false);
    }
  };

  const hashesJson = analysis?.documentHash
    ? JSON.stringify({
        document: analysis.documentHash,
        rules: Object.fromEntries(analysis.rules.map((r) => [r.name, r.hash])),
      })
    : null;

  return (
    <>
      <section aria-labelledby="signed-export-title">
        <h3 id="signed-export-title" className="section-title">
          {t.sign.heading}
        </h3>
        <p className="muted">
          {format(t.sign.help, { file: ruleFile, signature: signatureFileName(ruleFile) })}
        </p>
        <p className="field-row">
          <button
            type="button"
            className="button"
            disabled={!key || !loads || busy}
            onClick={() => void sign()}
          >
            {busy ? t.sign.signing : t.sign.download}
          </button>
          <button
            type="button"
            className="button"
            onClick={() => downloadText(ruleFile, doc.text, 'application/yaml')}
          >
            {t.sign.plain}
          </button>
        </p>
        {!key && <p className="muted">{t.sign.needKey}</p>}
        {key && !loads && <p className="muted">{t.sign.hasErrors}</p>}
        {signedAt?.docId === doc.id && (
          <p role="status" data-testid="signed-at">
            {format(t.sign.signedAt, { at: signedAt.at })}
          </p>
        )}
        <p className="muted">{t.sign.plainHelp}</p>
      </section>
      <section aria-labelledby="hashes-title">
        <h3 id="hashes-title" className="section-title">
          {t.hashes.heading}
        </h3>
        <dl className="result-fields">
          <dt>{t.hashes.documentHash}</dt>
          <dd>
            {analysis?.documentHash ? (
              <>
                <code
                  className={`mono hash-cell${current ? '' : ' stale'}`}
                  data-testid="export-document-hash"
                >
                  {analysis.documentHash}
                </code>{' '}
                <CopyButton text={analysis.documentHash} what={t.hashes.documentHash} />
              </>
            ) : (
              <span className="muted">{t.hashes.none}</span>
            )}
          </dd>
          <dt>{t.hashes.sourceHash}</dt>
          <dd>
            <code className="mono hash-cell" data-testid="export-source-hash">
              {sourceHash}
            </code>{' '}
            <CopyButton text={sourceHash} what={t.hashes.sourceHash} />
          </dd>
        </dl>
        {hashesJson && <CopyButton text={hashesJson} what={t.hashes.copyAll} />}
      </section>
    </>
  );
}
