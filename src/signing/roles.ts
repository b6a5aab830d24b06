import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { type Bilingual, canonicalJson } from '../kernel';
import { joinZh } from '../kernel/gloss/typography';
import { zhJson } from '../kernel/util/quote';
import { toBase64 } from './base64';
import type { Ed25519Backend, Signer } from './ed25519';
import { type DsseEnvelope, type OpenedEnvelope, verifyDsseSignature } from './envelope';
import { keyNameProblem, readPublicJwk } from './jwk';
import { pae } from './pae';
import type { TrustedKey } from './signed-payload';

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
  },
): Promise<DsseEnvelope> {
  if (input.reportSha256 !== undefined && !SHA256.test(input.reportSha256))
    throw new Error(`not a sha256 digest: ${input.reportSha256}`);
  const statement: RoleStatement = {
    format: ROLE_STATEMENT_FORMAT,
    role: input.role,
    signed_at: input.signedAt,
    signer: {
      key_id: input.signer.keyId,
      public_key: { kty: 'OKP', crv: 'Ed25519', x: input.signer.publicKey.x },
      ...(input.name !== undefined ? { name: input.name } : {}),
    },
    payload_type: envelope.payloadType,
    payload_sha256: digest(payload),
    ...(input.reportSha256 !== undefined ? { report_sha256: input.reportSha256 } : {}),
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
  /** Why it is not valid. */
  readonly problem: Bilingual | null;
}

function invalid(index: number, en: string, zh: string): RoleSignature {
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
    problem: {
      en: `signature file: role signature ${index + 1}: ${en}`,
      zh: `签名文件：第 ${index + 1} 个角色签名：${zh}`,
    },
  };
}

function readStatement(bytes: Uint8Array): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    return typeof v === 'object' && v !== null && !Array.isArray(v)
      ? (v as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** Checks every role signature of an opened envelope. Never throws. */
export async function checkRoleSignatures(
  opened: OpenedEnvelope,
  trusted?: readonly TrustedKey[],
  backend?: Ed25519Backend,
): Promise<RoleSignature[]> {
  const out: RoleSignature[] = [];
  const payloadDigest = digest(opened.payload);
  for (const [index, entry] of opened.signatures.entries()) {
    if (entry.statement === null) continue;
    const st = readStatement(entry.statement);
    if (!st || st.format !== ROLE_STATEMENT_FORMAT) {
      out.push(
        invalid(
          index,
          'the statement is not an ERDL signature statement',
          '声明不是 ERDL 签名声明',
        ),
      );
      continue;
    }
    if (new TextDecoder().decode(entry.statement) !== canonicalJson(st)) {
      out.push(invalid(index, 'the statement is not canonical JSON', '声明不是规范 JSON'));
      continue;
    }
    const signer = st.signer as Record<string, unknown> | undefined;
    const key = readPublicJwk(signer?.public_key);
    if (!key.ok) {
      out.push(
        invalid(
          index,
          `the signer's public key: ${key.message.en}`,
          `签名者公钥：${key.message.zh}`,
        ),
      );
      continue;
    }
    const verified = await verifyDsseSignature(
      ROLE_STATEMENT_TYPE,
      entry.statement,
      entry.sig,
      key.raw,
      backend,
    );
    if (!verified) {
      out.push(
        invalid(
          index,
          `NOT valid for key ${key.keyId}: the statement (role, signer, document) or the signature was changed`,
          `无效（密钥 ${key.keyId}）：声明（角色、签名者、文档）或签名已被改动`,
        ),
      );
      continue;
    }
    if (signer?.key_id !== key.keyId || entry.keyid !== key.keyId) {
      out.push(
        invalid(
          index,
          `the key ids do not match the signer's key ${key.keyId}`,
          `密钥标识与签名者密钥 ${key.keyId} 不一致`,
        ),
      );
      continue;
    }
    if (st.payload_type !== opened.envelope.payloadType || st.payload_sha256 !== payloadDigest) {
      out.push(
        invalid(
          index,
          `signed for another document (manifest ${String(st.payload_sha256)}, this one is ${payloadDigest})`,
          `是为另一份文档所签（清单 ${String(st.payload_sha256)}，本文件为 ${payloadDigest}）`,
        ),
      );
      continue;
    }
    if (!isSignerRole(st.role)) {
      out.push(
        invalid(
          index,
          `unknown role ${JSON.stringify(st.role)} (expected author or reviewer)`,
          joinZh('未知角色', zhJson(st.role), '（应为 author 或 reviewer）'),
        ),
      );
      continue;
    }
    if (signer.name !== undefined && keyNameProblem(signer.name)) {
      out.push(invalid(index, 'the signer name is malformed', '签名者名称格式错误'));
      continue;
    }
    if (typeof st.signed_at !== 'string') {
      out.push(invalid(index, '"signed_at" must be a string', '“signed_at”必须是字符串'));
      continue;
    }
    const report = st.report_sha256;
    if (report !== undefined && (typeof report !== 'string' || !SHA256.test(report))) {
      out.push(
        invalid(
          index,
          '"report_sha256" must be "sha256:" and 64 lowercase hex digits',
          '“report_sha256”必须是“sha256:”加 64 位小写十六进制数字',
        ),
      );
      continue;
    }
    const match = trusted?.find((k) => k.keyId === key.keyId);
    out.push({
      index,
      valid: true,
      role: st.role,
      keyId: key.keyId,
      name: typeof signer.name === 'string' ? signer.name : null,
      signedAt: st.signed_at,
      trusted: trusted ? match !== undefined : null,
      trustedName: match?.name ?? null,
      reportSha256: typeof report === 'string' ? report : null,
      problem: null,
    });
  }
  return out;
}

/**
 * What `--require-roles` finds missing: for each required role, a valid role signature by a
 * trusted key; and the author and the reviewer must be different keys (one person cannot be both
 * maker and checker). Empty when every requirement holds.
 */
export function missingRoles(
  roles: readonly RoleSignature[],
  required: readonly SignerRole[],
): Bilingual[] {
  const problems: Bilingual[] = [];
  const holders = new Map<SignerRole, Set<string>>();
  for (const role of required) {
    const good = roles.filter((r) => r.valid && r.role === role && r.trusted === true);
    holders.set(role, new Set(good.map((r) => r.keyId as string)));
    if (good.length > 0) continue;
    const present = roles.some((r) => r.valid && r.role === role);
    problems.push(
      present
        ? {
            en: `required role ${role}: signed, but not by a trusted key`,
            zh: `必需角色“${roleZh(role)}”：已签名，但签名密钥不受信任`,
          }
        : {
            en: `required role ${role}: no valid signature in this role`,
            zh: `必需角色“${roleZh(role)}”：没有该角色的有效签名`,
          },
    );
  }
  const authors = holders.get('author');
  const reviewers = holders.get('reviewer');
  if (authors && reviewers && authors.size > 0 && reviewers.size > 0) {
    const distinct = [...authors].some((a) => [...reviewers].some((r) => r !== a));
    if (!distinct)
      problems.push({
        en: 'the author and the reviewer signed with the same key: they must be different keys',
        zh: '作者与审核人使用了同一密钥签名：二者必须是不同的密钥',
      });
  }
  return problems;
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
  if (recorded.length === 0)
    return {
      en: `report ${sha256}: no role signature records a report`,
      zh: `报告 ${sha256}：没有任何角色签名记录了报告`,
    };
  const list = recorded.map((r) => `${r.role} ${r.reportSha256}`);
  return {
    en: `report ${sha256}: not the report that was signed (recorded: ${list.join(', ')})`,
    zh: `报告 ${sha256}：不是签名时所记录的报告（已记录：${recorded.map((r) => `${roleZh(r.role as SignerRole)} ${r.reportSha256}`).join('、')}）`,
  };
}

export function roleZh(role: SignerRole): string {
  return role === 'author' ? '作者' : '审核人';
}
