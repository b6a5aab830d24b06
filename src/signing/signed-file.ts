import { fill } from '../i18n/format';
import {
  type Bilingual,
  buildManifest,
  canonicalJson,
  compareWithManifest,
  compileDocument,
  type Diagnostic,
  type FieldDictionary,
  type Manifest,
  readManifest,
  type SourceComparison,
} from '../kernel';
import { MAX_SIGNATURE_FILE_BYTES } from '../kernel/file-limits';
import { grouped } from '../kernel/util/sizes';
import type { Ed25519Backend, Signer } from './ed25519';
import {
  type DsseEnvelope,
  type EnvelopeRead,
  envelopeText,
  readEnvelope,
  signEnvelope,
} from './envelope';
import { prepareRoleSignatures, type RoleSignature, verifyRoleSignatures } from './roles';
import {
  checkOpenedPayload,
  type SignatureCheck,
  type SignatureStatus,
  type TrustedKey,
  type VerificationCounter,
} from './signed-payload';
import { SIGNED_FILE_STRINGS as msg } from './strings/signed-file';
import {
  fallbackChangedText,
  REORDERED_TEXT,
  ruleAddedText,
  ruleChangedText,
  ruleRemovedText,
} from './verdict';

/** The DSSE payloadType of a signed rule file's manifest. */
export const MANIFEST_PAYLOAD_TYPE = 'application/vnd.erdl.manifest+json';

/** The signature file sits beside the rule file: `<rule file>.dsse.json` (docs/signed-files.md). */
export const SIGNATURE_SUFFIX = '.dsse.json';

export function signatureFileName(ruleFile: string): string {
  return `${ruleFile}${SIGNATURE_SUFFIX}`;
}

export interface SignRuleFileInput {
  /** The rule file's exact bytes: these, unchanged, are what the user keeps beside the signature. */
  readonly sourceBytes: Uint8Array;
  /** The rule file's name (recorded in the manifest). */
  readonly file: string;
  /** ISO 8601 signing time, supplied by the caller. */
  readonly signedAt: string;
  readonly signer: Signer;
  readonly dictionary?: FieldDictionary;
}

export type SignedRuleFile =
  | {
      readonly ok: true;
      readonly manifest: Manifest;
      readonly envelope: DsseEnvelope;
      /** The signature file's exact text. */
      readonly text: string;
    }
  | {
      readonly ok: false;
      readonly message: Bilingual;
      /** The load errors when the rule file does not load. */
      readonly diagnostics: readonly Diagnostic[];
    };

/**
 * Signs a rule file: compiles the bytes, builds the manifest (RFC 8785 JSON is the DSSE payload)
 * and signs it. The same function runs in the studio (WebCrypto) and in `erdl sign`.
 */
export async function signRuleFile(input: SignRuleFileInput): Promise<SignedRuleFile> {
  const result = compileDocument(input.sourceBytes);
  const built = buildManifest(result, {
    sourceBytes: input.sourceBytes,
    file: input.file,
    signedAt: input.signedAt,
    signer: { key_id: input.signer.keyId, public_key: input.signer.publicKey },
    ...(input.dictionary ? { dictionary: input.dictionary } : {}),
  });
  if (!built.ok)
    return {
      ok: false,
      message: built.message,
      diagnostics: result.diagnostics.filter((d) => d.severity === 'error'),
    };
  const payload = new TextEncoder().encode(canonicalJson(built.manifest));
  const envelope = await signEnvelope(MANIFEST_PAYLOAD_TYPE, payload, input.signer);
  return { ok: true, manifest: built.manifest, envelope, text: envelopeText(envelope) };
}

export interface VerifyRuleFileInput {
  /** The rule file's bytes as found (null when it was not found). */
  readonly sourceBytes: Uint8Array | null;
  readonly envelopeBytes: Uint8Array;
  /** The keys the user trusts; leave out when there is no trust list (trust is then not judged). */
  readonly trusted?: readonly TrustedKey[];
  readonly backend?: Ed25519Backend;
  readonly dictionary?: FieldDictionary;
}

/** `16,777,216`: a byte count with thousands separators (the same in both languages). */
/**
 * The refusal of a signature file over MAX_SIGNATURE_FILE_BYTES: the same words in `erdl verify`,
 * `erdl sign`, the studio's import and `verifyRuleFile` (each checks the size before reading).
 */
export function signatureTooLargeText(size: number): Bilingual {
  return fill(msg.signatureFileBytesMore, {
    grouped: grouped(size),
    grouped2: grouped(MAX_SIGNATURE_FILE_BYTES),
  });
}

/**
 * Opens a signed rule file's envelope and checks its signatures, refusing before any verification
 * what is over the size limit, is not the canonical bytes, or has a malformed or repeated role
 * signature. `counter` counts the Ed25519 verifications run.
 */
export async function checkRuleFileSignature(
  envelopeBytes: Uint8Array,
  trusted?: readonly TrustedKey[],
  backend?: Ed25519Backend,
  counter: VerificationCounter = { verified: 0 },
): Promise<{ readonly check: SignatureCheck; readonly roles: readonly RoleSignature[] }> {
  const read: EnvelopeRead =
    envelopeBytes.length > MAX_SIGNATURE_FILE_BYTES
      ? { ok: false, message: signatureTooLargeText(envelopeBytes.length) }
      : readEnvelope(envelopeBytes);
  const pre = read.ok ? prepareRoleSignatures(read.opened) : { prepared: [], invalid: [] };
  const plain = await checkOpenedPayload(read, MANIFEST_PAYLOAD_TYPE, {
    ...(trusted ? { trusted } : {}),
    ...(backend ? { backend } : {}),
    allowRoleSignatures: true,
    canonicalPayload: true,
    before: pre.invalid.map((r) => r.problem as Bilingual),
    counter,
  });
  const allRoles =
    read.ok && plain.signature === 'valid'
      ? await verifyRoleSignatures(read.opened, pre.prepared, trusted, backend, counter)
      : [];
  const badRoles = allRoles.filter((r) => !r.valid);
  if (badRoles.length === 0) return { check: plain, roles: allRoles };
  // One role signature that does not verify makes the file's signature invalid (fail closed).
  return {
    check: {
      ...plain,
      signature: 'invalid',
      trusted: plain.trusted === null ? null : false,
      trustedName: null,
      problems: [...plain.problems, ...badRoles.map((r) => r.problem as Bilingual)],
    },
    roles: [],
  };
}

/** What verification found, for the studio's import dialog and `erdl verify`. */
export interface RuleFileVerification {
  /** Signature valid, every hash holds, and the signer is trusted when a trust list was given. */
  readonly ok: boolean;
  readonly signature: SignatureStatus;
  readonly keyId: string | null;
  readonly trusted: boolean | null;
  readonly trustedName: string | null;
  /** The manifest, when it could be read (trust it only when `signature` is valid). */
  readonly manifest: Manifest | null;
  /** The rule file on hand against the manifest; null when either is missing. */
  readonly source: SourceComparison | null;
  /** Names of the rules whose content changed, were added or removed since signing. */
  readonly changedRules: readonly string[];
  /** Every failure, named, in both languages. */
  readonly problems: readonly Bilingual[];
  /** The failures of the signature file itself (envelope, signature, manifest): no trust, no text. */
  readonly signatureProblems: readonly Bilingual[];
  /**
   * The role signatures (author, reviewer) after the plain one, each checked; empty when there are
   * none or when the plain signature does not verify (then no signer is named). One that does not
   * verify makes `signature` invalid.
   */
  readonly roles: readonly RoleSignature[];
  /** How many Ed25519 signatures were verified (0 when the file was refused before any). */
  readonly signaturesVerified: number;
}

/** The verification of a signature file that could not be checked at all (refused unread). */
export function uncheckedFile(problem: Bilingual): RuleFileVerification {
  return {
    ok: false,
    signature: 'not-checked',
    keyId: null,
    trusted: null,
    trustedName: null,
    manifest: null,
    source: null,
    changedRules: [],
    problems: [problem],
    signatureProblems: [problem],
    roles: [],
    signaturesVerified: 0,
  };
}

/**
 * Verifies a rule file against its signature file: the signature (DSSE, Ed25519), the signer's
 * trust, the manifest's own hashes, the file's exact bytes, and the recompiled document and rule
 * hashes — naming each rule that changed. Never throws.
 */
export async function verifyRuleFile(input: VerifyRuleFileInput): Promise<RuleFileVerification> {
  const counter: VerificationCounter = { verified: 0 };
  const { check, roles } = await checkRuleFileSignature(
    input.envelopeBytes,
    input.trusted,
    input.backend,
    counter,
  );
  const problems: Bilingual[] = [...check.problems];
  let manifest: Manifest | null = null;
  if (check.payload !== undefined) {
    const read = readManifest(check.payload);
    if (read.ok) manifest = read.manifest;
    else problems.push(...read.problems);
  }
  const signatureProblems = [...problems];
  if (check.trusted === false && check.signature === 'valid')
    problems.push(fill(msg.signerNotTrustedKey, { keyId: String(check.keyId) }));
  let source: SourceComparison | null = null;
  const changedRules: string[] = [];
  if (input.sourceBytes === null) problems.push(msg.signedRuleFileWas);
  else if (manifest) {
    source = compareWithManifest(
      manifest,
      input.sourceBytes,
      compileDocument(input.sourceBytes),
      input.dictionary,
    );
    problems.push(...sourceProblems(source, changedRules));
  }
  return {
    ok: check.signature === 'valid' && check.trusted !== false && problems.length === 0,
    signature: check.signature,
    keyId: check.keyId,
    trusted: check.trusted,
    trustedName: check.trustedName,
    manifest,
    source,
    changedRules,
    problems,
    signatureProblems,
    roles,
    signaturesVerified: counter.verified,
  };
}

function sourceProblems(source: SourceComparison, changed: string[]): Bilingual[] {
  const out: Bilingual[] = [];
  if (!source.source_matches)
    out.push(fill(msg.ruleFileSBytes, { source_sha256: source.source_sha256 }));
  if (source.errors.length > 0) {
    const first = source.errors[0] as Diagnostic;
    out.push(fill(msg.ruleFileNoLonger, { code: first.code, message: first.message }));
    return out;
  }
  const diff = source.diff;
  if (!diff) return out;
  for (const c of diff.changed) {
    changed.push(c.name);
    out.push(ruleChangedText(c.name, c.condition_changed));
  }
  for (const r of diff.added) {
    changed.push(r.name);
    out.push(ruleAddedText(r.name));
  }
  for (const r of diff.removed) {
    changed.push(r.name);
    out.push(ruleRemovedText(r.name));
  }
  if (diff.reordered) out.push(REORDERED_TEXT);
  if (diff.fallback) out.push(fallbackChangedText(diff.fallback.before, diff.fallback.after));
  if (!source.document_matches && diff.same)
    out.push(fill(msg.documentHashNotSigned, { document_hash: String(source.document_hash) }));
  return out;
}
