import './signing.css';
import { useT } from '../i18n/i18n';
import { useSignatureVerdict } from './signature-verdict';
import { signingStrings } from './strings';
import { badgeStatus } from './verification-summary';

/**
 * A document's signature state in the document list, derived from its text and the trusted keys
 * now (never remembered); nothing for a document opened unsigned.
 */
export function VerificationBadge({ docId }: { readonly docId: string }) {
  const t = useT(signingStrings);
  const verdict = useSignatureVerdict(docId, false);
  if (!verdict) return null;
  const shown = badgeStatus(verdict);
  const icon = { verified: '✔', checking: '…', unknown: '?', tampered: '✖', changed: '≠' }[shown];
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
