import { bilingual } from '../../i18n/format';
import type { Bilingual } from '../../kernel';
import {
  checkedText,
  deriveVerdict,
  type Requirements,
  type RuleFileVerification,
  type SignatureVerdict,
  signatureFacts,
} from '../../signing';
import { signingMessageStrings } from './strings';

/**
 * How a signed file's check at import is summed up: `verified` (valid signature, trusted signer,
 * every hash holds), `unknown` (valid signature, signer not trusted) or `tampered` (a bad
 * signature, or the file is not what was signed). What the studio SHOWS is the verdict derived
 * from the text and trusted keys now (signature-verdict.ts); this is the file as it was read.
 */
export type VerificationStatus = 'verified' | 'unknown' | 'tampered';

/** The rule file on hand equals what was signed: bytes, document hash and every rule. */
export function hashesHold(report: RuleFileVerification): boolean {
  const source = report.source;
  return (
    source?.source_matches === true &&
    source.document_matches &&
    source.errors.length === 0 &&
    source.diff?.same === true &&
    report.changedRules.length === 0
  );
}

/** The verdict on the file exactly as checked, with the trust list of that check. */
export function reportVerdict(
  report: RuleFileVerification,
  requirements: Requirements | null = null,
): SignatureVerdict {
  const trusted =
    report.trusted === null
      ? null
      : report.trusted && report.keyId
        ? [{ keyId: report.keyId, name: report.trustedName ?? report.keyId }]
        : [];
  return deriveVerdict(signatureFacts(report), trusted, checkedText(report), requirements);
}

export function verificationStatus(report: RuleFileVerification): VerificationStatus {
  const kind = reportVerdict(report).kind;
  return kind === 'unchanged' ? 'verified' : kind === 'untrusted' ? 'unknown' : 'tampered';
}

/** A verdict as the document list's badge (and the section's colour) shows it. */
export type BadgeStatus = 'verified' | 'checking' | 'unknown' | 'tampered' | 'changed';

export function badgeStatus(verdict: SignatureVerdict): BadgeStatus {
  switch (verdict.kind) {
    case 'unchanged':
      return 'verified';
    case 'checking':
      return 'checking';
    case 'untrusted':
    case 'unmet':
      return 'unknown';
    case 'bad-signature':
      return 'tampered';
    case 'changed':
      return 'changed';
  }
}

/** The first problems, joined: the detail of a one-line notice. */
export function problemDetail(report: RuleFileVerification, limit = 3): Bilingual {
  return joinDetail(report.problems, limit);
}

/** The first items, joined (a closing full stop dropped: the notice goes on). */
export function joinDetail(items: readonly Bilingual[], limit = 3): Bilingual {
  const shown = items.slice(0, limit);
  const more = items.length - shown.length;
  const trim = (text: string) => text.replace(/[.。]$/, '');
  return {
    en:
      shown.map((p) => trim(p.en)).join('; ') +
      (more > 0 ? bilingual(signingMessageStrings, (t) => t.more, { n: more }).en : ''),
    zh:
      shown.map((p) => trim(p.zh)).join('；') +
      (more > 0 ? bilingual(signingMessageStrings, (t) => t.more, { n: more }).zh : ''),
  };
}
