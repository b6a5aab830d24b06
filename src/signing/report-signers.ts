import { hashBytes, type Manifest, type ReviewSigner, readManifest } from '../kernel';
import { MANIFEST_PAYLOAD_TYPE } from './signed-file';
import { checkSignedPayload } from './signed-payload';

/** A signed rule file's envelope, opened for the review report (issue #19 point 1). */
export interface ReportSignature {
  /** The manifest, when the signature holds (whatever bytes it signed). */
  readonly manifest: Manifest | null;
  /**
   * Who signed: only when the signature holds and it signs exactly `sourceBytes` (empty
   * otherwise, so a report never names a signer of other bytes). One place for the keys work to
   * add names and roles and further signatures.
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
  const check = await checkSignedPayload(envelopeBytes, MANIFEST_PAYLOAD_TYPE);
  const problems = [...check.problems];
  if (check.signature !== 'valid' || check.payload === undefined)
    return { manifest: null, signers: [], signedAt: null, problems };
  const read = readManifest(check.payload);
  if (!read.ok) return { manifest: null, signers: [], signedAt: null, problems: read.problems };
  const manifest = read.manifest;
  if (sourceBytes === null || manifest.document.source_sha256 !== hashBytes(sourceBytes))
    return {
      manifest,
      signers: [],
      signedAt: null,
      problems: [
        {
          en: 'the signature is for other bytes than this rule file',
          zh: '该签名针对的不是此规则文件的字节',
        },
      ],
    };
  return {
    manifest,
    signers: [{ keyId: manifest.signer.key_id }],
    signedAt: manifest.signed_at,
    problems: [],
  };
}
