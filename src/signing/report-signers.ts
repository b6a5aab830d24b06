import { hashBytes, type Manifest, type ReviewSigner, readManifest } from '../kernel';
import { checkRuleFileSignature } from './signed-file';
import { REPORT_SIGNERS_STRINGS as msg } from './strings/report-signers';

/** A signed rule file's envelope, opened for the review report (issue #19 point 1). */
export interface ReportSignature {
  /** The manifest, when the signature holds (whatever bytes it signed). */
  readonly manifest: Manifest | null;
  /**
   * Who signed: only when the signature holds and it signs exactly `sourceBytes` (empty
   * otherwise, so a report never names a signer of other bytes). Each role signature with the
   * name and role its key signed (author, reviewer, in the envelope's order); the plain
   * signature's key by its id when no role signature names it. Names are as signed: whether a
   * key is trusted is `erdl verify`'s question, not the report's.
   */
  readonly signers: readonly ReviewSigner[];
  /** The signing time, when `signers` is not empty. */
  readonly signedAt: string | null;
  /** Why the envelope does not sign these bytes (empty when it does). */
  readonly problems: readonly { readonly en: string; readonly zh: string }[];
}

export async function reportSignature(
  envelopeBytes: Uint8Array,
  sourceBytes: Uint8Array | null,
): Promise<ReportSignature> {
  // One role signature that does not verify makes the file's signature invalid (as verify does).
  const { check, roles } = await checkRuleFileSignature(envelopeBytes);
  const problems = [...check.problems];
  if (check.signature !== 'valid' || check.payload === undefined || problems.length > 0)
    return { manifest: null, signers: [], signedAt: null, problems };
  const read = readManifest(check.payload);
  if (!read.ok) return { manifest: null, signers: [], signedAt: null, problems: read.problems };
  const manifest = read.manifest;
  if (sourceBytes === null || manifest.document.source_sha256 !== hashBytes(sourceBytes))
    return {
      manifest,
      signers: [],
      signedAt: null,
      problems: [msg.signatureOtherBytesThan],
    };
  const signers: ReviewSigner[] = roles.map((r) => ({
    keyId: r.keyId ?? '',
    ...(r.name !== null ? { name: r.name } : {}),
    ...(r.role !== null ? { role: r.role } : {}),
    ...(r.opinion ? { opinion: r.opinion } : {}),
    ...(r.comment ? { comment: r.comment } : {}),
  }));
  if (!roles.some((r) => r.keyId === manifest.signer.key_id))
    signers.unshift({ keyId: manifest.signer.key_id });
  return {
    manifest,
    signers,
    signedAt: manifest.signed_at,
    problems: [],
  };
}
