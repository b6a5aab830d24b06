import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { type FillValue, fill, listed } from '../i18n/format';
import { type Bilingual, canonicalJson, normalizeInstant } from '../kernel';
import { parseInstant } from '../kernel/eval/time';
import { short } from '../kernel/manifest/shape';
import { fromBase64, toBase64 } from './base64';
import { canonicalJsonBytesProblem, hasBom, shown } from './canonical-text';
import type { Ed25519Backend, Signer } from './ed25519';
import { type DsseEnvelope, type OpenedEnvelope, verifyDsseSignature } from './envelope';
import { keyNameProblem, readPublicJwk } from './jwk';
import { pae } from './pae';
import type { TrustedKey, VerificationCounter } from './signed-payload';
import { ROLES_STRINGS as msg } from './strings/roles';

/**
 * Role signatures (maker–checker, issue #19; docs/signed-files.md "Author and reviewer").
 *
 * A signed rule file's envelope holds one plain DSSE signature over the manifest (its signer, as
 * before) and, after it, any number of role signatures. A role signature's `sig` is Ed25519 over
 * PAE(ROLE_STATEMENT_TYPE, statement), where the statement — carried in the entry's `statement`
 * member — names the role, the signer's key (and display name), the signing time, and the SHA-256
 * of the exact manifest bytes with their payload type. So the role cannot be swapped (it is
 * signed), the signature cannot be moved to another document (the digest differs) nor passed off
 * as the plain manifest signature (a different PAE type), and removing it leaves a file that lacks
 * that role (which `--require-roles` names).
 */
export const ROLE_STATEMENT_TYPE = 'application/vnd.erdl.signature-statement+json';
export const ROLE_STATEMENT_FORMAT = 'erdl-signature-statement/1';
export const SIGNER_ROLES = ['author', 'reviewer'] as const;
export type SignerRole = (typeof SIGNER_ROLES)[number];

export function isSignerRole(value: unknown): value is SignerRole {
  return (SIGNER_ROLES as readonly unknown[]).includes(value);
}

/**
 * A reviewer's opinion (issue #37 point 6), signed inside the role statement: `approve`, or
 * `return` (return for changes). Only a reviewer signature carries one; one without (files
 * written before the opinion existed, `erdl sign --role reviewer` without `--opinion`) is an
 * approval, as a reviewer signature always was (ruling I-97).
 */
export const REVIEW_OPINIONS = ['approve', 'return'] as const;
export type ReviewOpinion = (typeof REVIEW_OPINIONS)[number];

export function isReviewOpinion(value: unknown): value is ReviewOpinion {
  return (REVIEW_OPINIONS as readonly unknown[]).includes(value);
}

/** At most this many characters (code points) in a reviewer's comment. */
export const REVIEW_COMMENT_MAX = 2000;

/** Why `value` is not a valid review comment, or null. */
export function reviewCommentProblem(value: unknown): Bilingual | null {
  if (typeof value !== 'string') return msg.commentMustString;
  if (value.trim() === '') return msg.commentMustNotEmpty;
  if ([...value].length > REVIEW_COMMENT_MAX)
    return fill(msg.commentLongerThanCharacters, { REVIEW_COMMENT_MAX });
  // Line breaks are allowed (a comment may have paragraphs); other control characters are not.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters
  if (/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/u.test(value)) return msg.commentMustNotContain;
  return null;
}

/** The opinion's words: "approve" / 批准, "return for changes" / 退回修改. */
export function opinionText(opinion: ReviewOpinion): Bilingual {
  return opinion === 'approve' ? msg.approve : msg.returnChanges;
}

export interface RoleStatement {
  readonly format: typeof ROLE_STATEMENT_FORMAT;
  readonly role: SignerRole;
  readonly signed_at: string;
  readonly signer: {
    readonly key_id: string;
    readonly public_key: { readonly kty: 'OKP'; readonly crv: 'Ed25519'; readonly x: string };
    readonly name?: string;
  };
  readonly payload_type: string;
  readonly payload_sha256: string;
  /**
   * The SHA-256 of the review report the signer read (`erdl sign --role … --report FILE`), when
   * recorded: the report is deterministic, so this names exactly what was reviewed.
   */
  readonly report_sha256?: string;
  /** A reviewer's opinion (only with role `reviewer`). */
  readonly opinion?: ReviewOpinion;
  /** The reviewer's comment (only with an opinion). */
  readonly comment?: string;
}

const SHA256 = /^sha256:[0-9a-f]{64}$/;

function digest(bytes: Uint8Array): string {
  return `sha256:${bytesToHex(sha256(bytes))}`;
}

/** Adds a role signature to an envelope (the other signatures are kept as they are). */
export async function addRoleSignature(
  envelope: DsseEnvelope,
  payload: Uint8Array,
  input: {
    readonly role: SignerRole;
    readonly signer: Signer;
    readonly name?: string;
    readonly signedAt: string;
    /** `sha256:` + hex of the review report's bytes, recorded in the statement. */
    readonly reportSha256?: string;
    /** A reviewer's opinion, signed in the statement (role `reviewer` only). */
    readonly opinion?: ReviewOpinion;
    /** The reviewer's comment (with an opinion only), NFC. */
    readonly comment?: string;
  },
): Promise<DsseEnvelope> {
  if (input.reportSha256 !== undefined && !SHA256.test(input.reportSha256))
    throw new Error(`not a sha256 digest: ${input.reportSha256}`);
  if (input.opinion !== undefined && input.role !== 'reviewer')
    throw new Error('only a reviewer signature carries an opinion');
  if (input.opinion !== undefined && !isReviewOpinion(input.opinion))
    throw new Error(`not an opinion: ${String(input.opinion)}`);
  if (input.comment !== undefined && input.opinion === undefined)
    throw new Error('a comment needs an opinion');
  const comment = input.comment?.normalize('NFC');
  if (comment !== undefined) {
    const problem = reviewCommentProblem(comment);
    if (problem) throw new Error(problem.en);
  }
  // An RFC 3339 instant is kept as given; another ISO 8601 instant is written normalized (UTC,
  // milliseconds), so every statement ERDL writes passes its own check.
  const signedAt = isRfc3339Instant(input.signedAt)
    ? input.signedAt
    : normalizeInstant(input.signedAt);
  if (signedAt === null) throw new Error(`not an ISO 8601 instant: ${input.signedAt}`);
  const statement: RoleStatement = {
    format: ROLE_STATEMENT_FORMAT,
    role: input.role,
    signed_at: signedAt,
    signer: {
      key_id: input.signer.keyId,
      public_key: { kty: 'OKP', crv: 'Ed25519', x: input.signer.publicKey.x },
      ...(input.name !== undefined ? { name: input.name } : {}),
    },
    payload_type: envelope.payloadType,
    payload_sha256: digest(payload),
    ...(input.reportSha256 !== undefined ? { report_sha256: input.reportSha256 } : {}),
    ...(input.opinion !== undefined ? { opinion: input.opinion } : {}),
    ...(comment !== undefined ? { comment } : {}),
  };
  const bytes = new TextEncoder().encode(canonicalJson(statement));
  const sig = await input.signer.sign(pae(ROLE_STATEMENT_TYPE, bytes));
  return {
    ...envelope,
    signatures: [
      ...envelope.signatures,
      { keyid: input.signer.keyId, sig: toBase64(sig), statement: toBase64(bytes) },
    ],
  };
}

/**
 * The envelope without `keyId`'s earlier `role` signature: a reviewer who gives a new opinion
 * replaces their earlier review (a key signs a role once). Other entries are kept byte for byte.
 */
export function withoutRoleSignature(
  envelope: DsseEnvelope,
  role: SignerRole,
  keyId: string,
): DsseEnvelope {
  const signatures = envelope.signatures.filter((s) => {
    if (s.statement === undefined || s.keyid !== keyId) return true;
    const bytes = fromBase64(s.statement);
    if (!bytes) return true;
    try {
      const st = JSON.parse(new TextDecoder().decode(bytes)) as { role?: unknown };
      return st.role !== role;
    } catch {
      return true;
    }
  });
  return { ...envelope, signatures };
}

/** One role signature as found and checked. Role, signer and time are only stated when valid. */
export interface RoleSignature {
  /** Its index in the envelope's `signatures`. */
  readonly index: number;
  readonly valid: boolean;
  readonly role: SignerRole | null;
  readonly keyId: string | null;
  /** The display name the signer signed with (JWK `name`), when valid and present. */
  readonly name: string | null;
  readonly signedAt: string | null;
  /** True: a trusted key; false: not in the trust list; null: no trust list. Never true when invalid. */
  readonly trusted: boolean | null;
  /** The name the trust list gives the key. */
  readonly trustedName: string | null;
  /** The review report's SHA-256 the signature records (when valid and recorded). */
  readonly reportSha256: string | null;
  /**
   * A valid reviewer signature's opinion as signed; null for an author, an invalid signature, or
   * a reviewer signature without one (which counts as approving, ruling I-97).
   */
  readonly opinion?: ReviewOpinion | null;
  /** The reviewer's signed comment (valid signatures only). */
  readonly comment?: string | null;
  /** Why it is not valid. */
  readonly problem: Bilingual | null;
}

/** The role signature `index`, not valid: `why`, said of that signature. */
function invalid(index: number, why: Bilingual): RoleSignature {
  return invalidEntry(index, fill(msg.roleSignatureProblem, { n: index + 1, problem: why }));
}

function invalidEntry(index: number, problem: Bilingual): RoleSignature {
  return {
    index,
    valid: false,
    role: null,
    keyId: null,
    name: null,
    signedAt: null,
    trusted: null,
    trustedName: null,
    reportSha256: null,
    problem,
  };
}

/** A value read from a statement: a string quoted and revealed, anything else as JSON. */
function shownValue(value: unknown): FillValue {
  return typeof value === 'string' ? shown(value) : short(value);
}

/** The members a statement may have, and those of its signer and public key. */
const STATEMENT_MEMBERS = new Set([
  'format',
  'role',
  'signed_at',
  'signer',
  'payload_type',
  'payload_sha256',
  'report_sha256',
  'opinion',
  'comment',
]);
const SIGNER_MEMBERS = new Set(['key_id', 'public_key', 'name']);
const PUBLIC_KEY_MEMBERS = new Set(['kty', 'crv', 'x']);

/**
 * An RFC 3339 instant (§5.6 date-time): full-date "T" full-time with "Z" or a numeric offset,
 * seconds required, a real calendar date and time (no leap second: it names no instant here).
 * `2026-09-01T10:00:00+08:00`, `2026-09-01T02:00:00.000Z`; not `2026-13-45`, `yesterday`,
 * `2026-09-01`, `2026-09-01T10:00:00` (no offset) nor `2026-09-01 10:00:00Z`.
 */
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/;

export function isRfc3339Instant(text: string): boolean {
  return RFC3339.test(text) && parseInstant(text) !== null;
}

/** A role statement that has its documented shape, ready to be verified. */
interface PreparedRole {
  readonly index: number;
  readonly entry: OpenedEnvelope['signatures'][number];
  readonly statement: RoleStatement;
  readonly raw: Uint8Array;
  readonly keyId: string;
}

function unknownMember(
  value: Record<string, unknown>,
  allowed: ReadonlySet<string>,
  path: string,
): Bilingual | null {
  const extra = Object.keys(value).find((k) => !allowed.has(k));
  if (extra === undefined) return null;
  const member = shownValue(extra);
  return path ? fill(msg.unknownMemberIn, { member, path }) : fill(msg.unknownMember, { member });
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Why a role statement does not have its documented shape (docs/signed-files.md "Author and
 * reviewer"), or null: exactly the bytes ERDL writes (RFC 8785 JSON), known members only, each of
 * its type and form. No value is trusted — nor shown unrevealed — before this holds.
 */
function statementProblem(bytes: Uint8Array): Bilingual | { st: RoleStatement; keyId: string } {
  let st: unknown;
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
    st = JSON.parse(hasBom(bytes) ? text.slice(1) : text);
  } catch {
    st = undefined;
  }
  if (!isRecord(st) || st.format !== ROLE_STATEMENT_FORMAT) return msg.statementNotErdlSignature;
  const canonical = canonicalJsonBytesProblem(bytes, st);
  if (canonical) return fill(msg.statementNotCanonicalJson, { canonical });
  const unknown = unknownMember(st, STATEMENT_MEMBERS, '');
  if (unknown) return unknown;
  if (!isSignerRole(st.role))
    return fill(msg.unknownRole, { value: shownValue(st.role) }, { seams: true });
  if (typeof st.signed_at !== 'string' || !isRfc3339Instant(st.signed_at))
    return fill(msg.signedAtNotInstant, { value: shownValue(st.signed_at) }, { seams: true });
  const signer = st.signer;
  if (!isRecord(signer)) return msg.signerMustObject;
  const signerExtra = unknownMember(signer, SIGNER_MEMBERS, 'signer');
  if (signerExtra) return signerExtra;
  if (typeof signer.key_id !== 'string' || !SHA256.test(signer.key_id)) return msg.signerKeyIdMust;
  if (isRecord(signer.public_key)) {
    const keyExtra = unknownMember(signer.public_key, PUBLIC_KEY_MEMBERS, 'signer.public_key');
    if (keyExtra) return keyExtra;
  }
  const key = readPublicJwk(signer.public_key);
  if (!key.ok) return fill(msg.signerSPublicKey, { message: key.message });
  if (signer.name !== undefined && keyNameProblem(signer.name)) return msg.signerNameMalformed;
  if (typeof st.payload_type !== 'string') return msg.payloadTypeMustString;
  if (typeof st.payload_sha256 !== 'string' || !SHA256.test(st.payload_sha256))
    return msg.payloadSha256MustSha256;
  const report = st.report_sha256;
  if (report !== undefined && (typeof report !== 'string' || !SHA256.test(report)))
    return msg.reportSha256MustSha256;
  if (st.opinion !== undefined) {
    if (!isReviewOpinion(st.opinion))
      return fill(msg.notAnOpinion, { value: shownValue(st.opinion) }, { seams: true });
    if (st.role !== 'reviewer') return msg.onlyReviewerSignatureCarries;
  }
  if (st.comment !== undefined) {
    if (st.opinion === undefined) return msg.commentNeedsOpinion;
    const problem = reviewCommentProblem(st.comment);
    if (problem) return problem;
    if ((st.comment as string).normalize('NFC') !== st.comment) return msg.commentNotUnicodeNfc;
  }
  return { st: st as unknown as RoleStatement, keyId: key.keyId };
}

/**
 * The role signatures of an envelope, checked for everything but the signatures themselves:
 * each statement's bytes and shape, the entry's key id, and that no key signs the same role twice
 * (a copied entry). Linear, no cryptography: `invalid` lists what fails; when it is not empty the
 * file is refused and nothing is verified.
 */
export function prepareRoleSignatures(opened: OpenedEnvelope): {
  readonly prepared: readonly PreparedRole[];
  readonly invalid: readonly RoleSignature[];
} {
  const prepared: PreparedRole[] = [];
  const invalidOnes: RoleSignature[] = [];
  const seen = new Map<string, number>();
  for (const [index, entry] of opened.signatures.entries()) {
    if (entry.statement === null) continue;
    const read = statementProblem(entry.statement);
    if (!('st' in read)) {
      invalidOnes.push(invalid(index, read));
      continue;
    }
    const { st, keyId } = read;
    if (st.signer.key_id !== keyId || entry.keyid !== keyId) {
      invalidOnes.push(invalid(index, fill(msg.keyIdsDiffer, { keyId })));
      continue;
    }
    const slot = `${st.role} ${keyId}`;
    const first = seen.get(slot);
    if (first !== undefined) {
      const role = msg[st.role];
      const twice = fill(msg.roleSignedTwice, { first: first + 1, n: index + 1, role, keyId });
      invalidOnes.push(invalidEntry(index, twice));
      continue;
    }
    seen.set(slot, index);
    prepared.push({ index, entry, statement: st, raw: entry.statement, keyId });
  }
  return { prepared, invalid: invalidOnes };
}

/**
 * Verifies prepared role signatures (prepareRoleSignatures, with nothing invalid): each Ed25519
 * signature over PAE(statement type, statement), and that it names this envelope's manifest.
 */
export async function verifyRoleSignatures(
  opened: OpenedEnvelope,
  prepared: readonly PreparedRole[],
  trusted?: readonly TrustedKey[],
  backend?: Ed25519Backend,
  counter?: VerificationCounter,
): Promise<RoleSignature[]> {
  const out: RoleSignature[] = [];
  const payloadDigest = digest(opened.payload);
  for (const { index, entry, statement: st, raw, keyId } of prepared) {
    const key = readPublicJwk(st.signer.public_key);
    if (!key.ok) continue; // prepared: cannot happen
    if (counter) counter.verified++;
    const verified = await verifyDsseSignature(
      ROLE_STATEMENT_TYPE,
      raw,
      entry.sig,
      key.raw,
      backend,
    );
    if (!verified) {
      out.push(invalid(index, fill(msg.notValidForKey, { keyId })));
      continue;
    }
    if (st.payload_type !== opened.envelope.payloadType || st.payload_sha256 !== payloadDigest) {
      const manifest = st.payload_sha256;
      out.push(invalid(index, fill(msg.signedForAnother, { manifest, digest: payloadDigest })));
      continue;
    }
    const match = trusted?.find((k) => k.keyId === keyId);
    out.push({
      index,
      valid: true,
      role: st.role,
      keyId,
      name: typeof st.signer.name === 'string' ? st.signer.name : null,
      signedAt: st.signed_at,
      trusted: trusted ? match !== undefined : null,
      trustedName: match?.name ?? null,
      reportSha256: typeof st.report_sha256 === 'string' ? st.report_sha256 : null,
      opinion: st.opinion ?? null,
      comment: st.comment ?? null,
      problem: null,
    });
  }
  return out;
}

/**
 * Checks every role signature of an opened envelope: their shapes first (prepareRoleSignatures),
 * then — only when every one has its shape — each signature. Never throws.
 */
export async function checkRoleSignatures(
  opened: OpenedEnvelope,
  trusted?: readonly TrustedKey[],
  backend?: Ed25519Backend,
  counter?: VerificationCounter,
): Promise<RoleSignature[]> {
  const { prepared, invalid: bad } = prepareRoleSignatures(opened);
  if (bad.length > 0) return [...bad];
  return verifyRoleSignatures(opened, prepared, trusted, backend, counter);
}

/**
 * What `--require-roles` (and the studio's required roles) finds missing: for each required role,
 * a valid role signature by a trusted key; and the author and the reviewer must be different keys
 * (one person cannot be both maker and checker). `roles`: the required roles without a valid
 * signature by a trusted key. Both empty when every requirement holds.
 */
export function unmetRoles(
  roles: readonly RoleSignature[],
  required: readonly SignerRole[],
): {
  readonly roles: SignerRole[];
  readonly problems: Bilingual[];
  /** The trusted reviewer signatures that returned the document (when no approval counts). */
  readonly returned: RoleSignature[];
} {
  const problems: Bilingual[] = [];
  const lacking: SignerRole[] = [];
  const holders = new Map<SignerRole, Set<string>>();
  const returned: RoleSignature[] = [];
  for (const role of required) {
    const trustedOnes = roles.filter((r) => r.valid && r.role === role && r.trusted === true);
    // Only an approving review counts (issue #37 point 6): a "return for changes" does not.
    const good = trustedOnes.filter((r) => r.opinion !== 'return');
    holders.set(role, new Set(good.map((r) => r.keyId as string)));
    if (good.length > 0) continue;
    lacking.push(role);
    const back = trustedOnes.filter((r) => r.opinion === 'return');
    if (back.length > 0) {
      returned.push(...back);
      for (const r of back) problems.push(returnedText(r));
      continue;
    }
    const present = roles.some((r) => r.valid && r.role === role);
    const unmet = present ? msg.requiredRoleUntrusted : msg.requiredRoleMissing;
    problems.push(fill(unmet, { role: msg[role] }));
  }
  const authors = holders.get('author');
  const reviewers = holders.get('reviewer');
  if (authors && reviewers && authors.size > 0 && reviewers.size > 0) {
    const distinct = [...authors].some((a) => [...reviewers].some((r) => r !== a));
    if (!distinct) problems.push(msg.authorReviewerSignedSame);
  }
  return { roles: lacking, problems, returned };
}

/** "the reviewer returned it for changes: <comment>" (with the reviewer's name when signed). */
export function returnedText(r: RoleSignature): Bilingual {
  const who = r.name ?? r.trustedName;
  return fill(msg.reviewerReturned, {
    who: who ? fill(msg.reviewerName, { who }) : '',
    comment: withComment(r.comment ?? null),
  });
}

/** ": <comment>" after a message, or nothing without a comment. */
export function withComment(comment: string | null): FillValue {
  return comment ? fill(msg.withComment, { comment }) : '';
}

/** The problems of `unmetRoles` (empty when every requirement holds). */
export function missingRoles(
  roles: readonly RoleSignature[],
  required: readonly SignerRole[],
): Bilingual[] {
  return unmetRoles(roles, required).problems;
}

/**
 * What `erdl verify --report FILE` finds wrong: null when a valid role signature records exactly
 * `sha256` (the report's bytes) as the report it was signed over.
 */
export function reportNotRecorded(
  roles: readonly RoleSignature[],
  sha256: string,
): Bilingual | null {
  if (roles.some((r) => r.valid && r.reportSha256 === sha256)) return null;
  const recorded = roles.filter((r) => r.valid && r.reportSha256 !== null);
  if (recorded.length === 0) return fill(msg.reportNoRoleSignature, { sha256 });
  const list = recorded.map((r) =>
    fill(msg.roleAndReport, { role: msg[r.role as SignerRole], sha256: r.reportSha256 as string }),
  );
  return fill(msg.reportNotSigned, { sha256, recorded: listed(list) });
}

/** A signer role's name: author / 作者, reviewer / 审核人. */
export function roleText(role: SignerRole): Bilingual {
  return msg[role];
}

export function roleZh(role: SignerRole): string {
  return msg[role].zh;
}
