import { useMemo, useState } from 'react';
import { hashBytes } from '../../kernel';
import {
  type ReviewOpinion,
  reviewCommentProblem,
  type SignerRole,
  signatureFileName,
} from '../../signing';
import { format, useT } from '../i18n/i18n';
import { formatTime } from '../i18n/time';
import { CHECKING, signatureNoticeState, signatureSubjectKey } from '../shell/notice-subject';
import { useActiveAnalysis } from '../shell/use-analysis';
import { VisibleText } from '../shell/VisibleText';
import { studioStore, useStudio } from '../store';
import type { NoticeSubject, StudioDocument } from '../store/types';
import { downloadText, exportFileName } from '../workspace/files';
import { CopyButton } from './CopyButton';
import { workspaceDictionary } from './dictionary';
import { addRoleToSignature, signDocument } from './sign-document';
import { verdictNow } from './signature-verdict';
import { signing, useSigning } from './signing-instance';
import { signInWorker } from './signing-worker';
import { signingStrings } from './strings';

/** What a refused role signature is about: this text, with this signature file and its verdict. */
function refusalSubject(doc: StudioDocument): NoticeSubject {
  const record = signing.store.getState().verifications[doc.id];
  const kind = verdictNow(doc.id)?.kind ?? null;
  const state = signatureNoticeState(
    kind,
    record ? { file: record.signatureFile, roles: record.report.roles.length } : null,
  );
  return {
    key: signatureSubjectKey(doc.id),
    docId: doc.id,
    text: doc.text,
    ...(state === CHECKING ? {} : { state }),
  };
}

/** "Download signed" (the file as written + its .dsse.json), plain download, and the hashes. */
export function SignedExport({ doc }: { readonly doc: StudioDocument }) {
  const t = useT(signingStrings);
  const key = useSigning((s) => s.signingKey);
  const { analysis, current } = useActiveAnalysis();
  const [busy, setBusy] = useState(false);
  const [role, setRole] = useState<SignerRole | ''>('');
  const lang = useStudio((s) => s.lang);
  // The reviewer's opinion and comment (issue #37 point 6), signed with the review.
  const [opinion, setOpinion] = useState<ReviewOpinion>('approve');
  const [comment, setComment] = useState('');
  const commentText = comment.trim() === '' ? undefined : comment.normalize('NFC');
  const commentProblem =
    commentText === undefined
      ? opinion === 'return'
        ? t.roles.commentNeeded
        : null
      : (reviewCommentProblem(commentText)?.[lang] ?? null);
  const reviewed = useSigning((s) => s.reviewedReports[doc.id]);
  const r = t.roles;
  // What was signed: the document, when, and the SHA-256 of its bytes (the text may change since).
  const [signedAt, setSignedAt] = useState<{ docId: string; at: string; source: string } | null>(
    null,
  );
  const ruleFile = exportFileName(doc);
  const sourceHash = useMemo(() => hashBytes(new TextEncoder().encode(doc.text)), [doc.text]);
  const loads = current && analysis?.documentHash != null;
  /** The text on screen is still being analysed, or its document hash computed. */
  const checking = !current || analysis?.documentHashPending === true;

  /**
   * Signs in a role: adds the key's role signature to the signature file this document was opened
   * with (or to a new one), refused when the text is not exactly the one signed (issue #19).
   */
  const signInRole = async (chosen: SignerRole) => {
    if (!key) return;
    const at = new Date().toISOString();
    const dictionary = workspaceDictionary();
    const state = studioStore.getState();
    const sourceBytes = new TextEncoder().encode(doc.text);
    let envelopeBytes = signing.store.getState().verifications[doc.id]?.envelopeBytes;
    if (!envelopeBytes) {
      const fresh = await signDocument({
        text: doc.text,
        ruleFile,
        key,
        signedAt: at,
        sign: signInWorker,
        ...(dictionary ? { dictionary } : {}),
      });
      if (!fresh.ok) {
        state.notify('error', fresh.message);
        return;
      }
      envelopeBytes = new TextEncoder().encode(fresh.signed.signatureText);
    }
    const report = await signing.verify(sourceBytes, envelopeBytes, dictionary);
    const reviewed = signing.store.getState().reviewedReports[doc.id];
    const added = await addRoleToSignature({
      envelopeBytes,
      report,
      key,
      role: chosen,
      signedAt: at,
      ...(chosen === 'reviewer'
        ? { opinion, ...(commentText !== undefined ? { comment: commentText } : {}) }
        : {}),
      // The review report downloaded for exactly this text is recorded with the signature.
      ...(reviewed?.sourceSha256 === hashBytes(sourceBytes)
        ? { reportSha256: reviewed.sha256 }
        : {}),
    });
    if (!added.ok) {
      const en = signingStrings.en.roles;
      const zh = signingStrings.zh.roles;
      const message =
        added.why === 'bad'
          ? { en: en.refusedBad, zh: zh.refusedBad }
          : added.why === 'already'
            ? {
                en: format(en.already, { role: en[chosen] }),
                zh: format(zh.already, { role: zh[chosen] }),
              }
            : {
                en: format(en.refusedChanged, {
                  reason: [added.reason.en, ...added.lines.map((l) => l.en)].join(' '),
                }),
                zh: format(zh.refusedChanged, {
                  reason: [added.reason.zh, ...added.lines.map((l) => l.zh)].join(''),
                }),
              };
      // Bound to this text and this signature: it goes once either changes (issue #37).
      state.notify('error', message, { subject: refusalSubject(doc) });
      return;
    }
    const signatureFile = signatureFileName(ruleFile);
    downloadText(ruleFile, doc.text, 'application/yaml');
    downloadText(signatureFile, added.signatureText, 'application/json');
    setSignedAt({ docId: doc.id, at, source: hashBytes(sourceBytes) });
    if (report.manifest)
      await signing.recordSignedExport({
        docId: doc.id,
        fileName: ruleFile,
        signedAt: report.manifest.signed_at,
        manifest: report.manifest,
      });
    await signing.verifyDocument(
      doc.id,
      {
        signatureFile,
        ruleFile,
        text: doc.text,
        sourceBytes,
        envelopeBytes: new TextEncoder().encode(added.signatureText),
      },
      dictionary,
    );
  };

  const sign = async () => {
    if (!key) return;
    setBusy(true);
    if (role !== '') {
      try {
        await signInRole(role);
      } finally {
        setBusy(false);
      }
      return;
    }
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
      setSignedAt({
        docId: doc.id,
        at: signed.manifest.signed_at,
        source: hashBytes(signed.sourceBytes),
      });
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

  // Hashes are shown and copied only for the text on screen (while it is analysed: "Computing…").
  const hashesJson =
    current && analysis?.documentHash
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
          <VisibleText
            text={format(t.sign.help, { file: ruleFile, signature: signatureFileName(ruleFile) })}
          />
        </p>
        <div className="field-row sign-row">
          <label>
            {r.roleLabel}{' '}
            <select
              data-testid="sign-role"
              value={role}
              onChange={(e) => setRole(e.target.value as SignerRole | '')}
            >
              <option value="">{r.noRole}</option>
              <option value="author">{r.author}</option>
              <option value="reviewer">{r.reviewer}</option>
            </select>
          </label>
          {/* The reviewer's opinion sits between the role and the button that signs it. */}
          {role === 'reviewer' && (
            <fieldset className="review-opinion" data-testid="review-opinion">
              <legend>{r.opinion}</legend>
              {(['approve', 'return'] as const).map((o) => (
                <label key={o}>
                  <input
                    type="radio"
                    name="review-opinion"
                    value={o}
                    data-testid={`opinion-${o}`}
                    checked={opinion === o}
                    onChange={() => setOpinion(o)}
                  />{' '}
                  {o === 'approve' ? r.approve : r.returnForChanges}
                </label>
              ))}
              <label className="review-comment">
                {r.comment}
                <textarea
                  data-testid="review-comment"
                  rows={3}
                  value={comment}
                  maxLength={4000}
                  aria-describedby="review-comment-help"
                  onChange={(e) => setComment(e.currentTarget.value)}
                />
              </label>
              <p className="muted" id="review-comment-help">
                {commentProblem ?? r.commentHelp}
              </p>
            </fieldset>
          )}
          <button
            type="button"
            className="button"
            data-testid="sign-download"
            disabled={!key || !loads || busy || (role === 'reviewer' && commentProblem !== null)}
            onClick={() => void sign()}
          >
            {busy
              ? t.sign.signing
              : role === ''
                ? t.sign.download
                : format(r.signInRole, { role: r[role] })}
          </button>
          <button
            type="button"
            className="button"
            onClick={() => downloadText(ruleFile, doc.text, 'application/yaml')}
          >
            {t.sign.plain}
          </button>
        </div>
        {role !== '' && <p className="muted">{r.cosignHelp}</p>}
        {role !== '' && reviewed?.sourceSha256 === sourceHash && (
          <p className="muted" data-testid="sign-report">
            <VisibleText
              text={format(r.recordsReport, { file: reviewed.file, hash: reviewed.sha256 })}
            />
          </p>
        )}
        {!key && <p className="muted">{t.sign.needKey}</p>}
        {key && !loads && (
          <p className="muted">{checking ? t.sign.hashPending : t.sign.hasErrors}</p>
        )}
        {signedAt?.docId === doc.id && (
          <p
            role="status"
            data-testid="signed-at"
            className={signedAt.source === sourceHash ? undefined : 'muted'}
          >
            {/* Of the text signed: said so once the text on screen is another. */}
            {format(signedAt.source === sourceHash ? t.sign.signedAt : t.sign.signedAtEarlier, {
              at: formatTime(signedAt.at, lang),
            })}
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
            {current && analysis?.documentHash ? (
              <>
                <code className="mono hash-cell" data-testid="export-document-hash">
                  {analysis.documentHash}
                </code>{' '}
                <CopyButton text={analysis.documentHash} what={t.hashes.documentHash} />
              </>
            ) : (
              <span className="muted">{checking ? t.hashes.pending : t.hashes.none}</span>
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
        {hashesJson && (
          <CopyButton text={hashesJson} what={t.hashes.copyAll} label={t.hashes.copyAllButton} />
        )}
      </section>
    </>
  );
}
