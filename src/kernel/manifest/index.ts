/** Manifests of signed rule files and evidence records of evaluations (docs/signed-files.md). */
export { checkEvidence, type EvidenceCheck, type EvidenceFinding } from './check-evidence';
export { compareWithManifest, manifestVersion, type SourceComparison } from './compare-source';
export {
  buildEvidence,
  EVIDENCE_FORMAT,
  type Evidence,
  type EvidenceBuild,
  type EvidenceOptions,
  type EvidenceProvenance,
  type EvidenceRecord,
  type EvidenceResult,
  type EvidenceRule,
  type FullEvidenceResult,
  factHash,
  type RedactedEvidence,
  redactEvidence,
} from './evidence';
export {
  buildManifest,
  type CanonicalRule,
  hashBytes,
  MANIFEST_FORMAT,
  type Manifest,
  type ManifestBuild,
  type ManifestDocument,
  type ManifestInput,
  type ManifestRule,
  type ManifestSigner,
  normalizeInstant,
  type PublicKeyJwk,
  type SpecVersions,
} from './manifest';
export { type ManifestRead, readManifest } from './read-manifest';
