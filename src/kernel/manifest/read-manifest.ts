import type { Bilingual } from '../diagnostics/diagnostic';
import { hashCanonical } from '../tree/canonical';
import { canonicalDocumentOf } from '../tree/document-hash';
import { zhQuote } from '../util/quote';
import { type Decision, isDecision } from '../vocabulary/decisions';
import { PROTOCOL, SPEC_VERSION } from '../vocabulary/document';
import { MANIFEST_FORMAT, type Manifest, type ManifestRule, normalizeInstant } from './manifest';
import { ShapeReader } from './shape';

export type ManifestRead =
  | { readonly ok: true; readonly manifest: Manifest }
  | { readonly ok: false; readonly problems: readonly Bilingual[] };

const LABEL: Bilingual = { en: 'manifest', zh: '清单' };

/** The members of a manifest and of its rules (docs/signed-files.md): no others are read. */
const ROOT_MEMBERS = [
  'format',
  'spec',
  'kernel_version',
  'signed_at',
  'signer',
  'document',
  'rules',
];
const RULE_MEMBERS = ['name', 'entry', 'hash', 'canonical_hash', 'canonical', 'gloss'];

/**
 * A manifest read back from a signed file: every member checked, and every hash it states
 * recomputed from the canonical objects it carries (each rule's canonical hash and §8 hash, and
 * the document hash over all rules), so a manifest that contradicts itself is refused.
 */
export function readManifest(value: unknown): ManifestRead {
  const r = new ShapeReader(LABEL);
  const root = r.record(value, '(root)');
  if (!root) return { ok: false, problems: r.problems };
  r.members(root, ROOT_MEMBERS, '(root)');
  r.constant(root.format, MANIFEST_FORMAT, 'format');
  const spec = r.record(root.spec, 'spec');
  if (spec) {
    r.members(spec, ['version', 'protocol', 'format_version'], 'spec');
    r.constant(spec.version, SPEC_VERSION, 'spec.version');
    r.constant(spec.protocol, PROTOCOL, 'spec.protocol');
    r.string(spec.format_version, 'spec.format_version');
  }
  r.string(root.kernel_version, 'kernel_version');
  const signedAt = r.string(root.signed_at, 'signed_at');
  if (signedAt !== null && normalizeInstant(signedAt) !== signedAt)
    r.problem(
      'signed_at',
      'must be an ISO 8601 UTC instant with milliseconds',
      '必须是带毫秒的 ISO 8601 UTC 时刻',
    );
  const signer = r.record(root.signer, 'signer');
  if (signer) {
    r.members(signer, ['key_id', 'public_key'], 'signer');
    r.hash(signer.key_id, 'signer.key_id');
    const key = r.record(signer.public_key, 'signer.public_key');
    if (key) {
      r.members(key, ['kty', 'crv', 'x'], 'signer.public_key');
      r.constant(key.kty, 'OKP', 'signer.public_key.kty');
      r.constant(key.crv, 'Ed25519', 'signer.public_key.crv');
      r.string(key.x, 'signer.public_key.x');
    }
  }
  const doc = r.record(root.document, 'document');
  let fallback: Decision | null = null;
  if (doc) {
    r.members(doc, ['name', 'file', 'source_sha256', 'hash', 'fallback'], 'document');
    if (doc.name !== null) r.string(doc.name, 'document.name');
    r.string(doc.file, 'document.file');
    r.hash(doc.source_sha256, 'document.source_sha256');
    r.hash(doc.hash, 'document.hash');
    if (isDecision(doc.fallback)) fallback = doc.fallback;
    else r.problem('document.fallback', 'must be a decision', '必须是决策');
  }
  const rules = r.array(root.rules, 'rules') ?? [];
  const names = new Set<string>();
  rules.forEach((item, i) => {
    const path = `rules[${i}]`;
    const rule = r.record(item, path);
    if (!rule) return;
    r.members(rule, RULE_MEMBERS, path);
    const name = r.string(rule.name, `${path}.name`);
    r.string(rule.entry, `${path}.entry`);
    const hash = r.hash(rule.hash, `${path}.hash`);
    const canonicalHash = r.hash(rule.canonical_hash, `${path}.canonical_hash`);
    const gloss = r.record(rule.gloss, `${path}.gloss`);
    if (gloss) {
      r.members(gloss, ['zh', 'en'], `${path}.gloss`);
      r.string(gloss.zh, `${path}.gloss.zh`);
      r.string(gloss.en, `${path}.gloss.en`);
    }
    if (name !== null) {
      if (names.has(name))
        r.problem(
          `${path}.name`,
          `rule ${JSON.stringify(name)} appears twice`,
          `规则${zhQuote(name)}出现两次`,
        );
      names.add(name);
    }
    const canonical = r.record(rule.canonical, `${path}.canonical`);
    if (!canonical) return;
    if (canonical.name !== name)
      r.problem(`${path}.canonical.name`, 'differs from the rule name', '与规则名称不一致');
    if (!isDecision(canonical.then))
      r.problem(`${path}.canonical.then`, 'must be a decision', '必须是决策');
    if (canonical.when === undefined) r.problem(`${path}.canonical.when`, 'is missing', '缺失');
    else if (hash !== null && hashCanonical(canonical.when) !== hash)
      r.problem(
        `${path}.hash`,
        'is not the hash of the canonical when tree',
        '不是规范 when 树的哈希',
      );
    if (canonicalHash !== null && hashCanonical(canonical) !== canonicalHash)
      r.problem(
        `${path}.canonical_hash`,
        'is not the hash of the canonical rule',
        '不是规范规则对象的哈希',
      );
  });
  if (r.problems.length === 0 && doc && fallback) {
    const entries = (root.rules as readonly ManifestRule[]).map((x) => x.canonical);
    if (hashCanonical(canonicalDocumentOf({ decision: fallback }, entries)) !== doc.hash)
      r.problem(
        'document.hash',
        'is not the document hash of the rules the manifest lists',
        '不是清单所列规则的文档哈希',
      );
  }
  if (r.problems.length > 0) return { ok: false, problems: r.problems };
  return { ok: true, manifest: root as unknown as Manifest };
}
