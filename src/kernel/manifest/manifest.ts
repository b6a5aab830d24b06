import type { CompileResult } from '../compile';
import type { Bilingual } from '../diagnostics/diagnostic';
import { canonicalRuleHash } from '../diff/rule-snapshot';
import { parseInstant } from '../eval/time';
import { glossDocument } from '../gloss/document';
import type { FieldDictionary } from '../gloss/names';
import { joinZh } from '../gloss/typography';
import { hashBytes } from '../tree/canonical';
import type { ExprNode } from '../tree/types';
import { zhJson } from '../util/quote';
import { KERNEL_VERSION } from '../version';
import type { Decision } from '../vocabulary/decisions';
import { PROTOCOL, SPEC_VERSION } from '../vocabulary/document';

/** The manifest's own format tag; a verifier refuses any other (docs/signed-files.md). */
export const MANIFEST_FORMAT = 'erdl-manifest/1';

/** An Ed25519 public key as a JWK (RFC 8037): `x` is the raw 32-byte key in base64url. */
export interface PublicKeyJwk {
  readonly kty: 'OKP';
  readonly crv: 'Ed25519';
  readonly x: string;
}

export interface ManifestSigner {
  /** `sha256:` + hex SHA-256 of the raw 32-byte public key. */
  readonly key_id: string;
  readonly public_key: PublicKeyJwk;
}

/** Versions a reader needs to interpret the trees and hashes. */
export interface SpecVersions {
  readonly version: string;
  readonly protocol: string;
  /** The document's `version` as written (§2.1). */
  readonly format_version: string;
}

/** The canonical rule object (docs/canonical-form.md §9): what the document hash covers per rule. */
export interface CanonicalRule {
  readonly name: string;
  readonly then: Decision;
  readonly when: ExprNode;
  readonly unless: ExprNode | null;
  readonly [member: string]: unknown;
}

export interface ManifestRule {
  readonly name: string;
  /** The rule entry it came from (differs from `name` for decision-table rows). */
  readonly entry: string;
  /** §8 rule hash: sha256 of the canonical `when` tree. */
  readonly hash: string;
  /** sha256 of `canonical`. */
  readonly canonical_hash: string;
  readonly canonical: CanonicalRule;
  /** The rule read aloud (§5.5), as the signer saw it. */
  readonly gloss: Bilingual;
}

export interface ManifestDocument {
  /** metadata.name, or null when the document has none. */
  readonly name: string | null;
  /** The file name it was signed under (informational: a rename does not break verification). */
  readonly file: string;
  /** `sha256:` + hex SHA-256 of the file's exact bytes. */
  readonly source_sha256: string;
  /** The document hash (docs/canonical-form.md §9). */
  readonly hash: string;
  readonly fallback: Decision;
}

export interface Manifest {
  readonly format: typeof MANIFEST_FORMAT;
  readonly spec: SpecVersions;
  readonly kernel_version: string;
  /** The signing time, an ISO 8601 UTC instant with milliseconds, given by the caller. */
  readonly signed_at: string;
  readonly signer: ManifestSigner;
  readonly document: ManifestDocument;
  readonly rules: readonly ManifestRule[];
}

export interface ManifestInput {
  /** The exact bytes of the file being signed (the same bytes that were compiled). */
  readonly sourceBytes: Uint8Array;
  /** The file name recorded in the manifest. */
  readonly file: string;
  /** The signing time as ISO 8601 (never read from a clock here, E1). */
  readonly signedAt: string;
  readonly signer: ManifestSigner;
  /** Field display names for the gloss, as the studio shows them. */
  readonly dictionary?: FieldDictionary;
}

export type ManifestBuild =
  | { readonly ok: true; readonly manifest: Manifest }
  | { readonly ok: false; readonly message: Bilingual };

// `hashBytes` (sha256 of raw bytes, a file as written) is the kernel's one, from tree/canonical.
export { hashBytes };

/** An ISO 8601 instant normalized to UTC with milliseconds, or null when it is not one. */
export function normalizeInstant(text: string): string | null {
  const ms = parseInstant(text);
  return ms === null ? null : new Date(ms).toISOString();
}

/**
 * The manifest of a compiled document: its identity (exact-bytes hash and document hash), every
 * rule's canonical object, hashes and gloss in both languages, the versions, the signer and the
 * signing time. Refuses a document that did not load and a signing time that is not an instant.
 */
export function buildManifest(result: CompileResult, input: ManifestInput): ManifestBuild {
  const document = result.document;
  if (!document)
    return {
      ok: false,
      message: {
        en: 'the document has load errors; only a document that loads can be signed',
        zh: '文档存在加载错误；只有能加载的文档才能签名',
      },
    };
  const signedAt = normalizeInstant(input.signedAt);
  if (signedAt === null)
    return {
      ok: false,
      message: {
        en: `signing time ${JSON.stringify(input.signedAt)} is not an ISO 8601 instant`,
        zh: joinZh('签名时间', zhJson(input.signedAt), '不是 ISO 8601 时刻'),
      },
    };
  const zh = glossDocument(result, { lang: 'zh', dictionary: input.dictionary }) ?? [];
  const en = glossDocument(result, { lang: 'en', dictionary: input.dictionary }) ?? [];
  const rules: ManifestRule[] = document.rules.map((rule, i) => {
    const { canonical, hash } = canonicalRuleHash(rule);
    return {
      name: rule.name,
      entry: rule.entry,
      hash: rule.hash,
      canonical_hash: hash,
      canonical: canonical as CanonicalRule,
      gloss: { zh: zh[i]?.gloss.text ?? '', en: en[i]?.gloss.text ?? '' },
    };
  });
  return {
    ok: true,
    manifest: {
      format: MANIFEST_FORMAT,
      spec: { version: SPEC_VERSION, protocol: PROTOCOL, format_version: document.version },
      kernel_version: KERNEL_VERSION,
      signed_at: signedAt,
      signer: {
        key_id: input.signer.key_id,
        public_key: {
          kty: input.signer.public_key.kty,
          crv: input.signer.public_key.crv,
          x: input.signer.public_key.x,
        },
      },
      document: {
        name: document.metadata.name ?? null,
        file: input.file,
        source_sha256: hashBytes(input.sourceBytes),
        hash: document.hash,
        fallback: document.metadata.decision,
      },
      rules,
    },
  };
}
