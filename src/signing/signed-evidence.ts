import { fill } from '../i18n/format';
import { type Bilingual, canonicalJson, type Evidence, normalizeInstant } from '../kernel';
import { zhJson } from '../kernel/util/quote';
import type { Ed25519Backend, Signer } from './ed25519';
import { envelopeText, signEnvelope } from './envelope';
import { checkSignedPayload, type SignatureCheck, type TrustedKey } from './signed-payload';
import { SIGNED_EVIDENCE_STRINGS as msg } from './strings/signed-evidence';

/** The DSSE payloadType of a signed evidence record. */
export const EVIDENCE_PAYLOAD_TYPE = 'application/vnd.erdl.evidence+json';

/**
 * Signs an evidence record (full or redacted) like a manifest: the payload is the record with
 * `signer` and `signed_at` added, as RFC 8785 JSON. Returns the envelope file's text.
 */
export async function signEvidence(
  evidence: Evidence,
  signer: Signer,
  signedAt: string,
): Promise<{ ok: true; text: string } | { ok: false; message: Bilingual }> {
  const at = normalizeInstant(signedAt);
  if (at === null)
    return {
      ok: false,
      message: fill(msg.signedAtNotInstant, {
        value: { en: JSON.stringify(signedAt), zh: zhJson(signedAt) },
      }),
    };
  const payload = {
    ...evidence,
    signed_at: at,
    signer: { key_id: signer.keyId, public_key: signer.publicKey },
  };
  const bytes = new TextEncoder().encode(canonicalJson(payload));
  return { ok: true, text: envelopeText(await signEnvelope(EVIDENCE_PAYLOAD_TYPE, bytes, signer)) };
}

/** True when the bytes look like a DSSE envelope rather than a bare evidence record. */
export function isEnvelopeJson(value: unknown): boolean {
  return (
    typeof value === 'object' && value !== null && 'payloadType' in value && 'payload' in value
  );
}

/** Opens a signed evidence record: the signature check, and the record in `payload`. */
export function checkSignedEvidence(
  envelopeBytes: Uint8Array,
  trusted?: readonly TrustedKey[],
  backend?: Ed25519Backend,
): Promise<SignatureCheck> {
  return checkSignedPayload(envelopeBytes, EVIDENCE_PAYLOAD_TYPE, trusted, backend);
}
