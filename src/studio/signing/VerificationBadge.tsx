import './signing.css';
import { useT } from '../i18n/i18n';
import { useStudio } from '../store';
import { useSigning } from './signing-instance';
import { signingStrings } from './strings';
import { verificationStatus } from './verification-summary';

/** A document's signature state in the document list; nothing for a document opened unsigned. */
export function VerificationBadge({ docId }: { readonly docId: string }) {
  const t = useT(signingStrings);
  const record = useSigning((s) => s.verifications[docId]);
  const text = useStudio((s) => s.documents[docId]?.text);
  if (!record) return null;
  const status = verificationStatus(record.report);
  // A verified text that was edited is no longer what was signed: never keep showing "verified".
  const shown = status !== 'tampered' && text !== record.text ? 'edited' : status;
  const icon = { verified: '✔', unknown: '?', tampered: '✖', edited: '✎' }[shown];
  return (
    <span
      className={`signature-badge signature-${shown}`}
      data-testid="signature-badge"
      data-status={shown}
      title={t.verify.badge[shown]}
    >
      <span aria-hidden="true">{icon}</span>
      <span className="visually-hidden">{t.verify.badge[shown]}</span>
    </span>
  );
}
