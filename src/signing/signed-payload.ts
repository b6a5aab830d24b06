import { fill } from '../i18n/format';
import type { Bilingual } from '../kernel';
import { zhQuote } from '../kernel/util/quote';
import { canonicalJsonBytesProblem, shown } from './canonical-text';
import type { Ed25519Backend } from './ed25519';
import { type EnvelopeRead, readEnvelope, verifyDsseSignature } from './envelope';
import { type PublicKeyJwk, readPublicJwk } from './jwk';
import { SIGNED_PAYLOAD_STRINGS as msg } from './strings/signed-payload';

/** A public key the user trusts (the studio's trust list, or `--trust` on the CLI). */
export interface TrustedKey {
  readonly keyId: string;
  readonly publicKey: PublicKeyJwk;
  /** The name the user gave it. */
  readonly name?: string;
}

export type SignatureStatus = 'valid' | 'invalid' | 'not-checked';

/** The outcome of opening a signed ERDL payload (a manifest or an evidence record). */
export interface SignatureCheck {
  readonly signature: SignatureStatus;
  /** The signer's key id as the signed payload states it (null when unreadable). */
  readonly keyId: string | null;
  /** True: a trusted key; false: not in the trust list; null: no trust list was given. */
  readonly trusted: boolean | null;
  readonly trustedName: string | null;
  /** The payload parsed as JSON (undefined when it is not JSON). Trust it only when `signature` is valid. */
  readonly payload: unknown;
  /** Every failure, named, in both languages. */
  readonly problems: readonly Bilingual[];
}

/** Counts the Ed25519 verifications a check runs (tests, and the hostile corpus, read it). */
export interface VerificationCounter {
  verified: number;
}

export interface PayloadCheckOptions {
  readonly trusted?: readonly TrustedKey[];
  readonly backend?: Ed25519Backend;
  /** Rule files may carry role signatures after the plain one; evidence records may not. */
  readonly allowRoleSignatures?: boolean;
  /** The payload must itself be RFC 8785 JSON, byte for byte (a manifest). */
  readonly canonicalPayload?: boolean;
  /**
   * Problems found before any verification by the caller (role statements): with any, no
   * signature is verified and the check is `invalid`.
   */
  readonly before?: readonly Bilingual[];
  readonly counter?: VerificationCounter;
}

/**
 * Opens a DSSE envelope holding an ERDL payload that names its signer (`signer.key_id` and
 * `signer.public_key`), and verifies the signature with that key — or with the trusted key of
 * that id when a trust list is given. A signature is only `valid` when the envelope is exactly
 * as ERDL writes it (ruling I-43), the type is `payloadType`, it has one signature whose keyid is
 * the payload's key id, that id is the hash of the payload's public key, and Ed25519 verifies
 * over PAE(type, payload). Everything but the last is checked first: a file that fails any of it
 * is refused, naming why, without verifying anything. Never throws.
 */
export async function checkSignedPayload(
  envelopeBytes: Uint8Array,
  payloadType: string,
  trusted?: readonly TrustedKey[],
  backend?: Ed25519Backend,
  /** Rule files may carry role signatures after the plain one; evidence records may not. */
  allowRoleSignatures = false,
): Promise<SignatureCheck> {
  return checkOpenedPayload(readEnvelope(envelopeBytes), payloadType, {
    ...(trusted ? { trusted } : {}),
    ...(backend ? { backend } : {}),
    allowRoleSignatures,
  });
}

/** `checkSignedPayload` on an envelope already read. */
export async function checkOpenedPayload(
  read: EnvelopeRead,
  payloadType: string,
  options: PayloadCheckOptions = {},
): Promise<SignatureCheck> {
  const { trusted, backend, allowRoleSignatures = false } = options;
  const problems: Bilingual[] = [];
  const result = (
    signature: SignatureStatus,
    keyId: string | null,
    payload: unknown,
  ): SignatureCheck => {
    const match = keyId && trusted ? trusted.find((k) => k.keyId === keyId) : undefined;
    return {
      signature,
      keyId,
      // A file whose signature does not hold is never shown as coming from a trusted signer.
      trusted: trusted ? signature === 'valid' && match !== undefined : null,
      trustedName: signature === 'valid' ? (match?.name ?? null) : null,
      payload,
      problems,
    };
  };
  if (!read.ok) {
    problems.push(read.message);
    return result('not-checked', null, undefined);
  }
  const { opened } = read;
  // Not the canonical bytes: named first, whatever else fails.
  if (opened.canonicalProblem) problems.push(opened.canonicalProblem);
  let payload: unknown;
  try {
    payload = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(opened.payload));
  } catch {
    problems.push(msg.signatureFilePayloadNot);
    return result('not-checked', null, undefined);
  }
  const signer = (payload as { signer?: { key_id?: unknown; public_key?: unknown } } | null)
    ?.signer;
  const key = readPublicJwk(signer?.public_key);
  const keyId = typeof signer?.key_id === 'string' ? signer.key_id : null;
  if (!key.ok) {
    problems.push(fill(msg.signatureFileSignerS, { message: key.message }));
    return result('not-checked', keyId, payload);
  }
  const refuse = (message: Bilingual) => {
    problems.push(message);
  };
  if (opened.envelope.payloadType !== payloadType)
    refuse(
      fill(msg.signatureFilePayloadtypeExpected, {
        payloadType: shown(opened.envelope.payloadType),
        payloadType2: { en: JSON.stringify(payloadType), zh: zhQuote(payloadType) },
      }),
    );
  if (options.canonicalPayload) {
    const reason = canonicalJsonBytesProblem(opened.payload, payload);
    if (reason) refuse(fill(msg.signatureFileSignedManifest, { reason }));
  }
  if (keyId !== key.keyId)
    refuse(
      fill(
        msg.signerKeyIdNotItsKey,
        { keyId: keyId === null ? 'null' : shown(keyId), publicKeyId: key.keyId },
        { seams: true },
      ),
    );
  // One plain signature (the payload's signer), first; any further entry is a role signature
  // carrying its signed statement (src/signing/roles.ts checks those).
  const plain = opened.signatures.filter((s) => s.statement === null).length;
  const extra = allowRoleSignatures ? 0 : opened.signatures.length - plain;
  if (plain !== 1 || opened.signatures[0]?.statement !== null || extra > 0)
    refuse(fill(msg.signatureFilePlainSignatures, { plain }));
  const sig = opened.signatures[0];
  if (sig && sig.keyid !== key.keyId)
    refuse(
      fill(msg.envelopeKeyIdNotSigner, {
        keyId: sig.keyid === null ? msg.nullKeyId : shown(sig.keyid),
        publicKeyId: key.keyId,
      }),
    );
  problems.push(...(options.before ?? []));
  // Refused before any verification: nothing the file says is checked further.
  if (problems.length > 0 || !sig) return result('invalid', key.keyId, payload);
  if (options.counter) options.counter.verified++;
  const verified = await verifyDsseSignature(
    payloadType,
    opened.payload,
    sig.sig,
    key.raw,
    backend,
  );
  if (!verified) problems.push(fill(msg.signatureNotValidKey, { keyId: key.keyId }));
  return result(verified ? 'valid' : 'invalid', key.keyId, payload);
}
