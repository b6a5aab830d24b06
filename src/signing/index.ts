/**
 * Signed rule files and evidence (issue #8; docs/signed-files.md). Shared by the studio (browser,
 * WebCrypto) and the `erdl` CLI (Node): no Node or DOM APIs here, only `crypto.subtle` with
 * feature detection and @noble/ed25519 as the fallback.
 */
export { fromBase64, toBase64, toBase64Url } from './base64';
export {
  base64Problem,
  canonicalJsonBytesProblem,
  firstDifference,
  jsonTextProblem,
} from './canonical-text';
export {
  chooseBackend,
  type Ed25519Backend,
  type GeneratedKeyPair,
  generateKeyPair,
  generateNonExtractableKeyPair,
  type Signer,
  type SignerResult,
  signerFromCryptoKey,
  signerFromJwk,
  verifyEd25519,
  webCryptoHasEd25519,
} from './ed25519';
export {
  type DsseEnvelope,
  type DsseSignature,
  type EnvelopeRead,
  envelopeText,
  MAX_SIGNATURE_ENTRIES,
  type OpenedEnvelope,
  readEnvelope,
  signEnvelope,
  verifyDsseSignature,
} from './envelope';
export {
  KEY_NAME_MAX,
  type KeyRead,
  keyFileText,
  keyIdOf,
  keyNameProblem,
  type PrivateKeyJwk,
  type PublicKeyJwk,
  readKeyName,
  readPrivateJwk,
  readPublicJwk,
} from './jwk';
export {
  BACKUP_FORMAT,
  BACKUP_ITERATIONS,
  type BackupResult,
  backupKey,
  generateKeyWithBackup,
  type KeyBackup,
  type KeyWithBackup,
  MAX_BACKUP_ITERATIONS,
  PASSPHRASE_MIN,
  parseBackupText,
  passphraseProblem,
  type RestoreResult,
  restoreKeyJwk,
  restoreKeyNonExtractable,
} from './key-backup';
export { pae } from './pae';
export { type ReportSignature, reportSignature } from './report-signers';
export {
  addRoleSignature,
  checkRoleSignatures,
  isReviewOpinion,
  isRfc3339Instant,
  isSignerRole,
  missingRoles,
  opinionText,
  prepareRoleSignatures,
  REVIEW_COMMENT_MAX,
  REVIEW_OPINIONS,
  type ReviewOpinion,
  ROLE_STATEMENT_TYPE,
  type RoleSignature,
  type RoleStatement,
  reportNotRecorded,
  returnedText,
  reviewCommentProblem,
  roleText,
  roleZh,
  SIGNER_ROLES,
  type SignerRole,
  unmetRoles,
  withoutRoleSignature,
} from './roles';
export {
  checkSignedEvidence,
  EVIDENCE_PAYLOAD_TYPE,
  isEnvelopeJson,
  signEvidence,
} from './signed-evidence';
export {
  checkRuleFileSignature,
  MANIFEST_PAYLOAD_TYPE,
  type RuleFileVerification,
  SIGNATURE_SUFFIX,
  type SignedRuleFile,
  type SignRuleFileInput,
  signatureFileName,
  signatureTooLargeText,
  signRuleFile,
  uncheckedFile,
  type VerifyRuleFileInput,
  verifyRuleFile,
} from './signed-file';
export {
  checkOpenedPayload,
  checkSignedPayload,
  type PayloadCheckOptions,
  type SignatureCheck,
  type SignatureStatus,
  type TrustedKey,
  type VerificationCounter,
} from './signed-payload';
export {
  type CurrentText,
  changeLines,
  checkedText,
  deriveVerdict,
  differingRules,
  type Requirements,
  type SignatureFacts,
  type SignatureVerdict,
  type SignedChanges,
  signatureFacts,
  type TrustedSigner,
  unmetRequirements,
  type VerdictKind,
  verdictChangeLines,
  verdictHeadline,
  verdictHolds,
  verdictReason,
} from './verdict';
