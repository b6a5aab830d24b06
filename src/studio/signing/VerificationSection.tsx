import { format, useT } from '../i18n/i18n';
import { useStudio } from '../store';
import type { Lang, StudioDocument } from '../store/types';
import { useSigning } from './signing-instance';
import type { DocumentVerification } from './signing-state';
import { signingStrings } from './strings';
import { hashesHold, verificationStatus } from './verification-summary';

/** What the signature check of this document found, in plain words. */
export function VerificationSection({ doc }: { readonly doc: StudioDocument }) {
  const t = useT(signingStrings);
  const lang = useStudio((s) => s.lang);
  const record = useSigning((s) => s.verifications[doc.id]);
  return (
    <section aria-labelledby="verification-title" data-testid="verification">
      <h3 id="verification-title" className="section-title">
        {t.verify.heading}
      </h3>
      {!record ? (
        <p className="muted">{t.verify.none}</p>
      ) : (
        <VerificationDetails record={record} edited={record.text !== doc.text} lang={lang} />
      )}
    </section>
  );
}

function VerificationDetails({
  record,
  edited,
  lang,
}: {
  record: DocumentVerification;
  edited: boolean;
  lang: Lang;
}) {
  const t = useT(signingStrings);
  const { report } = record;
  const status = verificationStatus(report);
  const holds = hashesHold(report);
  const title = {
    verified: t.verify.statusVerified,
    unknown: t.verify.statusUnknown,
    tampered: t.verify.statusTampered,
  }[status];
  const signature = {
    valid: t.verify.signatureValid,
    invalid: t.verify.signatureInvalid,
    'not-checked': t.verify.signatureUnchecked,
  }[report.signature];
  // A file that is not what was signed is never shown as coming from a trusted signer.
  const signer =
    status === 'tampered'
      ? format(t.verify.signerVoid, { keyId: report.keyId ?? '—' })
      : report.trusted
        ? format(t.verify.signerTrusted, { name: report.trustedName ?? '' })
        : report.keyId
          ? format(t.verify.signerUnknown, { keyId: report.keyId })
          : t.verify.signerNone;
  return (
    <div className={`verification verification-${status}`} data-status={status}>
      <p className="verification-title" data-testid="verification-status">
        <strong>{title}</strong>
      </p>
      {edited && (
        <p role="status" className="notice notice-warning">
          {t.verify.editedSince}
        </p>
      )}
      <ul data-testid="verification-lines">
        <li>{signature}</li>
        <li>{signer}</li>
        <li>{holds ? t.verify.hashesHold : t.verify.hashesDiffer}</li>
        {report.changedRules.length > 0 && (
          <li data-testid="changed-rules">
            {format(t.verify.changedRules, { rules: report.changedRules.join(', ') })}
          </li>
        )}
      </ul>
      {report.manifest && (
        <p className="muted">
          {format(t.verify.signedAt, {
            at: report.manifest.signed_at,
            keyId: report.manifest.signer.key_id,
          })}
        </p>
      )}
      <p className="muted">{format(t.verify.file, { file: record.signatureFile })}</p>
      {report.problems.length > 0 && (
        <>
          <h4>{t.verify.problems}</h4>
          <ul data-testid="verification-problems">
            {report.problems.map((p) => (
              <li key={p.en}>{p[lang]}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
