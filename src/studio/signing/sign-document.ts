import { bilingual } from '../../i18n/format';
import type { Bilingual, FieldDictionary, Manifest } from '../../kernel';
import {
  addRoleSignature,
  checkedText,
  deriveVerdict,
  envelopeText,
  type ReviewOpinion,
  type RuleFileVerification,
  readEnvelope,
  type SignedRuleFile,
  type SignerRole,
  signatureFacts,
  signatureFileName,
  signerFromCryptoKey,
  verdictChangeLines,
  verdictReason,
  withoutRoleSignature,
} from '../../signing';
import type { SigningKeyRecord } from './key-storage';
import { type KeySignInput, signHere } from './signing-worker';
import { signingMessageStrings } from './strings';

export interface SignedDocument {
  readonly ruleFile: string;
  readonly signatureFile: string;
  /** The rule file's exact bytes (the document text as written, UTF-8). */
  readonly sourceBytes: Uint8Array;
  /** The signature file's exact text. */
  readonly signatureText: string;
  readonly manifest: Manifest;
}

/**
 * Signs a document's text as `erdl sign` does (the same `signRuleFile`): the manifest is built by
 * the kernel from the exact bytes, signed with the non-extractable key. `signedAt` is the caller's
 * clock reading, so this stays testable.
 */
export async function signDocument(input: {
  readonly text: string;
  readonly ruleFile: string;
  readonly key: SigningKeyRecord;
  readonly signedAt: string;
  readonly dictionary?: FieldDictionary;
  /** Where the signing runs: here by default, the batch worker in the studio (`signInWorker`). */
  readonly sign?: (input: KeySignInput) => Promise<SignedRuleFile>;
}): Promise<{ ok: true; signed: SignedDocument } | { ok: false; message: Bilingual }> {
  const sourceBytes = new TextEncoder().encode(input.text);
  try {
    const signed = await (input.sign ?? signHere)({
      sourceBytes,
      file: input.ruleFile,
      signedAt: input.signedAt,
      privateKey: input.key.privateKey,
      publicKey: input.key.publicKey,
      ...(input.dictionary ? { dictionary: input.dictionary } : {}),
    });
    if (!signed.ok) return { ok: false, message: signed.message };
    return {
      ok: true,
      signed: {
        ruleFile: input.ruleFile,
        signatureFile: signatureFileName(input.ruleFile),
        sourceBytes,
        signatureText: signed.text,
        manifest: signed.manifest,
      },
    };
  } catch (e) {
    // WebCrypto refusing the key (e.g. a key store from another browser profile) is reported, not thrown.
    const detail = e instanceof Error ? e.message : String(e);
    return {
      ok: false,
      message: bilingual(signingMessageStrings, (t) => t.signingFailed, { detail }),
    };
  }
}

export type RoleSigning =
  | { readonly ok: true; readonly signatureText: string }
  | { readonly ok: false; readonly why: 'bad' }
  | {
      readonly ok: false;
      readonly why: 'changed';
      readonly reason: Bilingual;
      readonly lines: readonly Bilingual[];
    }
  | { readonly ok: false; readonly why: 'already' };

/**
 * Adds the studio key's role signature to a signature file (issue #19): only when that file
 * verifies and the current text is exactly the one it signed (`report` is its verification
 * against the current text, without a trust list), otherwise refused with the verdict's reason
 * and the rules that differ. The other signatures are kept byte for byte.
 */
export async function addRoleToSignature(input: {
  readonly envelopeBytes: Uint8Array;
  readonly report: RuleFileVerification;
  readonly key: SigningKeyRecord;
  readonly role: SignerRole;
  readonly signedAt: string;
  /** The review report read, recorded in the role statement (`report_sha256`). */
  readonly reportSha256?: string;
  /** A reviewer's opinion and comment, signed in the statement (issue #37 point 6). */
  readonly opinion?: ReviewOpinion;
  readonly comment?: string;
}): Promise<RoleSigning> {
  const opened = readEnvelope(input.envelopeBytes);
  if (input.report.signature !== 'valid' || !opened.ok) return { ok: false, why: 'bad' };
  const verdict = deriveVerdict(signatureFacts(input.report), null, checkedText(input.report));
  if (verdict.kind !== 'unchanged')
    return {
      ok: false,
      why: 'changed',
      reason: verdictReason(verdict),
      lines: verdictChangeLines(verdict),
    };
  // A reviewer's new opinion replaces that key's earlier review (a key signs a role once).
  const replaces = input.role === 'reviewer' && input.opinion !== undefined;
  if (
    !replaces &&
    input.report.roles.some((r) => r.role === input.role && r.keyId === input.key.keyId)
  )
    return { ok: false, why: 'already' };
  const base = replaces
    ? withoutRoleSignature(opened.opened.envelope, input.role, input.key.keyId)
    : opened.opened.envelope;
  const envelope = await addRoleSignature(base, opened.opened.payload, {
    role: input.role,
    signer: signerFromCryptoKey(input.key.privateKey, input.key.publicKey),
    signedAt: input.signedAt,
    ...(input.key.name !== undefined ? { name: input.key.name } : {}),
    ...(input.reportSha256 !== undefined ? { reportSha256: input.reportSha256 } : {}),
    ...(replaces ? { opinion: input.opinion } : {}),
    ...(replaces && input.comment !== undefined ? { comment: input.comment } : {}),
  });
  return { ok: true, signatureText: envelopeText(envelope) };
}
