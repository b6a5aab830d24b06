import { fill } from '../i18n/format';
import { type Bilingual, canonicalJson } from '../kernel';
import { zhQuote } from '../kernel/util/quote';
import { fromBase64, toBase64 } from './base64';
import {
  BOM_PROBLEM,
  base64Problem,
  bytesEqual,
  firstDifference,
  hasBom,
  jsonTextProblem,
} from './canonical-text';
import { type Ed25519Backend, type Signer, verifyEd25519 } from './ed25519';
import { pae } from './pae';
import { ENVELOPE_STRINGS as msg } from './strings/envelope';

/** The DSSE JSON envelope (secure-systems-lab/dsse envelope.md). */
export interface DsseEnvelope {
  readonly payload: string;
  readonly payloadType: string;
  readonly signatures: readonly DsseSignature[];
}

/**
 * One DSSE signature entry. `statement` is ERDL's extension for a signature made in a role
 * (author, reviewer): the base64 of a signed statement naming the role and the manifest's digest;
 * `sig` is then over PAE(statement type, statement) — see src/signing/roles.ts.
 */
export interface DsseSignature {
  readonly keyid?: string;
  readonly sig: string;
  readonly statement?: string;
}

/** An envelope read from a file, with its payload and signatures decoded. */
export interface OpenedEnvelope {
  readonly envelope: DsseEnvelope;
  readonly payload: Uint8Array;
  readonly signatures: readonly {
    readonly keyid: string | null;
    readonly sig: Uint8Array;
    /** The role statement's bytes (ERDL extension), or null for a plain signature. */
    readonly statement: Uint8Array | null;
  }[];
  /** The file is exactly the text ERDL writes for this envelope (ruling I-43). */
  readonly canonical: boolean;
  /**
   * Why it is not (the first difference: a BOM, whitespace, member order, a duplicate member, a
   * base64 spelling…), in both languages; null when `canonical`.
   */
  readonly canonicalProblem: Bilingual | null;
}

/**
 * At most this many signature entries are read: a signed rule file has one plain signature and a
 * role signature per signer (author, reviewers). A file with more is refused before any entry is
 * decoded or any signature verified (300,000 copies of one entry once took minutes and gigabytes).
 */
export const MAX_SIGNATURE_ENTRIES = 64;

export type EnvelopeRead =
  | { readonly ok: true; readonly opened: OpenedEnvelope }
  | { readonly ok: false; readonly message: Bilingual };

/** Signs `payload` under `payloadType`: the signature covers PAE(type, payload), never the JSON. */
export async function signEnvelope(
  payloadType: string,
  payload: Uint8Array,
  signer: Signer,
): Promise<DsseEnvelope> {
  const sig = await signer.sign(pae(payloadType, payload));
  return {
    payload: toBase64(payload),
    payloadType,
    signatures: [{ keyid: signer.keyId, sig: toBase64(sig) }],
  };
}

/** The file text ERDL writes: the envelope as RFC 8785 canonical JSON and one newline. */
export function envelopeText(envelope: DsseEnvelope): string {
  return `${canonicalJson(envelope)}\n`;
}

function bad(why: Bilingual): EnvelopeRead {
  return { ok: false, message: fill(msg.signatureFile, { why }) };
}

/** A member's name as each language quotes it: "…" (JSON) in English, “…” in Chinese. */
const member = (name: string): Bilingual => ({ en: JSON.stringify(name), zh: zhQuote(name) });

/**
 * Reads a DSSE envelope strictly: UTF-8 JSON, exactly the members `payload`, `payloadType`,
 * `signatures` (each `{sig, keyid?, statement?}`, at most MAX_SIGNATURE_ENTRIES), base64 in either
 * alphabet (as DSSE requires of a reader). Does not verify anything. Whether the bytes are exactly
 * what ERDL writes for the envelope read is `canonical`, and why not `canonicalProblem`.
 */
export function readEnvelope(bytes: Uint8Array): EnvelopeRead {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return bad(msg.notUtf8);
  }
  const bom = hasBom(bytes);
  if (bom) text = text.slice(1);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    const detail = e instanceof Error ? e.message : String(e);
    return bad(fill(msg.notJson, { detail }));
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return bad(msg.notObject);
  const env = value as Record<string, unknown>;
  const extra = Object.keys(env).filter(
    (k) => !['payload', 'payloadType', 'signatures'].includes(k),
  );
  if (extra.length > 0) return bad(fill(msg.unknownMember, { member: member(extra[0] as string) }));
  if (typeof env.payloadType !== 'string') return bad(msg.payloadTypeNotString);
  if (typeof env.payload !== 'string') return bad(msg.payloadNotString);
  // A member that does not even decode: the first difference from the canonical text names why.
  const undecodable = (why: Bilingual): EnvelopeRead => {
    const reason = textReason(bom, text);
    return reason ? { ok: false, message: notCanonical(reason) } : bad(why);
  };
  const payload = fromBase64(env.payload);
  if (!payload) return undecodable(msg.payloadNotBase64);
  if (!Array.isArray(env.signatures) || env.signatures.length === 0)
    return bad(msg.signaturesEmpty);
  if (env.signatures.length > MAX_SIGNATURE_ENTRIES)
    return bad(
      fill(msg.tooManySignatures, { n: env.signatures.length, max: MAX_SIGNATURE_ENTRIES }),
    );
  const signatures: { keyid: string | null; sig: Uint8Array; statement: Uint8Array | null }[] = [];
  for (const [i, s] of env.signatures.entries()) {
    const item = s as Record<string, unknown>;
    if (typeof s !== 'object' || s === null || Array.isArray(s))
      return bad(fill(msg.entryNotObject, { i }));
    const unknown = Object.keys(item).filter(
      (k) => k !== 'sig' && k !== 'keyid' && k !== 'statement',
    );
    if (unknown.length > 0)
      return bad(fill(msg.entryUnknownMember, { i, member: member(unknown[0] as string) }));
    if (item.keyid !== undefined && typeof item.keyid !== 'string')
      return bad(fill(msg.keyidNotString, { i }));
    const sig = typeof item.sig === 'string' ? fromBase64(item.sig) : null;
    if (!sig) return undecodable(fill(msg.sigNotBase64, { i }));
    let statement: Uint8Array | null = null;
    if (item.statement !== undefined) {
      statement = typeof item.statement === 'string' ? fromBase64(item.statement) : null;
      if (!statement) return undecodable(fill(msg.statementNotBase64, { i }));
    }
    signatures.push({ keyid: (item.keyid as string | undefined) ?? null, sig, statement });
  }
  const envelope = value as DsseEnvelope;
  const canonicalProblem = envelopeCanonicalProblem(
    bytes,
    bom,
    text,
    envelope,
    payload,
    signatures,
  );
  return {
    ok: true,
    opened: {
      envelope,
      payload,
      signatures,
      canonical: canonicalProblem === null,
      canonicalProblem,
    },
  };
}

/** The members of an envelope whose value is base64. */
const BASE64_MEMBER = /^(?:payload|signatures\[\d+\]\.(?:sig|statement))$/;

/**
 * Why the file is not the envelope's canonical bytes — the envelope ERDL writes for the decoded
 * payload, type and signatures (standard padded base64, RFC 8785 JSON, one `\n`) — or null.
 */
function envelopeCanonicalProblem(
  bytes: Uint8Array,
  bom: boolean,
  text: string,
  envelope: DsseEnvelope,
  payload: Uint8Array,
  signatures: OpenedEnvelope['signatures'],
): Bilingual | null {
  const expected = new TextEncoder().encode(
    envelopeText({
      payload: toBase64(payload),
      payloadType: envelope.payloadType,
      signatures: signatures.map((s) => ({
        ...(s.keyid !== null ? { keyid: s.keyid } : {}),
        sig: toBase64(s.sig),
        ...(s.statement !== null ? { statement: toBase64(s.statement) } : {}),
      })),
    }),
  );
  if (bytesEqual(bytes, expected)) return null;
  return notCanonical(textReason(bom, text) ?? firstDifference(bytes, expected));
}

/** The first way the file's text differs from canonical JSON with canonical base64 members. */
function textReason(bom: boolean, text: string): Bilingual | null {
  if (bom) return BOM_PROBLEM;
  return jsonTextProblem(text, {
    trailingNewline: true,
    checkString: (path, value) => (BASE64_MEMBER.test(path) ? base64Problem(value) : null),
  });
}

function notCanonical(reason: Bilingual): Bilingual {
  return fill(msg.signatureFileNotByte, { reason });
}

/** Verifies one DSSE signature over PAE(payloadType, payload) with a raw Ed25519 public key. */
export function verifyDsseSignature(
  payloadType: string,
  payload: Uint8Array,
  signature: Uint8Array,
  rawPublicKey: Uint8Array,
  backend?: Ed25519Backend,
): Promise<boolean> {
  return verifyEd25519(rawPublicKey, pae(payloadType, payload), signature, backend);
}
