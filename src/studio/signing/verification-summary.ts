import type { Bilingual } from '../../kernel';
import type { RuleFileVerification } from '../../signing';

/**
 * How a signed file is shown: `verified` (valid signature, trusted signer, every hash holds),
 * `unknown` (valid and unchanged, signer not trusted) or `tampered` (anything else — never shown
 * as trusted; the document is an unsigned draft).
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

export function verificationStatus(report: RuleFileVerification): VerificationStatus {
  if (report.signature !== 'valid' || !hashesHold(report)) return 'tampered';
  return report.trusted === true ? 'verified' : 'unknown';
}

/** The first problems, joined: the detail of a one-line notice. */
export function problemDetail(report: RuleFileVerification, limit = 3): Bilingual {
  const shown = report.problems.slice(0, limit);
  const more = report.problems.length - shown.length;
  return {
    en: shown.map((p) => p.en).join('; ') + (more > 0 ? `; and ${more} more` : ''),
    zh: shown.map((p) => p.zh).join('；') + (more > 0 ? `；另有 ${more} 项` : ''),
  };
}
