import { fill, listed } from '../i18n/format';
import type { Bilingual, Manifest, SourceComparison } from '../kernel';
import {
  type RoleSignature,
  reportNotRecorded,
  roleText,
  type SignerRole,
  unmetRoles,
  withComment,
} from './roles';
import type { RuleFileVerification } from './signed-file';
import type { SignatureStatus } from './signed-payload';
import { VERDICT_STRINGS as msg } from './strings/verdict';

/**
 * The verdict on a signed rule file, derived — never remembered — from three things: what the
 * signature file says (its signature status, signer and manifest), the keys trusted NOW, and the
 * rule text on hand NOW (its document hash, its exact bytes and its per-rule hashes). The studio
 * recomputes it on every change of any of them; `erdl verify` computes it once per file. Both
 * print the texts made here, so a reason reads the same everywhere (docs/signed-files.md).
 *
 * One reason, in this precedence: the signature does not verify → the signer is not trusted →
 * a requirement the verifier states is not met (required roles, a recorded review report) → the
 * text is not what was signed (naming the rules). "Signed, unchanged" only while every
 * requirement holds and the text's document hash and bytes equal the manifest's.
 */
export type SignatureVerdict =
  | {
      readonly kind: 'unchanged';
      readonly keyId: string;
      /** The trusted key's name; null when no trust list was given (`erdl verify` without --trust). */
      readonly signerName: string | null;
      readonly trustJudged: boolean;
      readonly signedAt: string;
    }
  /** Signature and signer hold; the hashes of the current text are not computed yet. */
  | { readonly kind: 'checking'; readonly keyId: string; readonly signedAt: string }
  | {
      readonly kind: 'bad-signature';
      readonly keyId: string | null;
      readonly detail: readonly Bilingual[];
    }
  | { readonly kind: 'untrusted'; readonly keyId: string; readonly signedAt: string }
  /** Signature and signer hold, but a stated requirement does not (`--require-roles`, `--report`). */
  | {
      readonly kind: 'unmet';
      readonly keyId: string;
      readonly signedAt: string;
      /** The required roles without a valid signature by a trusted key. */
      readonly missingRoles: readonly SignerRole[];
      /** Every unmet requirement, in a sentence each. */
      readonly problems: readonly Bilingual[];
      /** The reviewers' "return for changes" that leave the reviewer role unmet (issue #37). */
      readonly returned?: readonly RoleSignature[];
    }
  | {
      readonly kind: 'changed';
      readonly keyId: string;
      readonly signedAt: string;
      readonly signerName: string | null;
      /** What differs; null while the per-rule comparison of the current text is pending. */
      readonly changes: SignedChanges | null;
    };

export type VerdictKind = SignatureVerdict['kind'];

/** How the text on hand differs from the signed version (signed → now). */
export interface SignedChanges {
  /** The text does not load: nothing can be compared rule by rule. */
  readonly unloadable: Bilingual | null;
  readonly changed: readonly { readonly name: string; readonly condition: boolean }[];
  readonly added: readonly string[];
  readonly removed: readonly string[];
  readonly reordered: boolean;
  readonly fallback: { readonly before: string; readonly after: string } | null;
  /** The document hash is the signed one but the bytes are not (comments or formatting). */
  readonly bytesOnly: boolean;
}

/** What the signature file is, as checked (the signature does not depend on trust or text). */
export interface SignatureFacts {
  readonly signature: SignatureStatus;
  readonly keyId: string | null;
  readonly manifest: Manifest | null;
  /** Why the signature file failed (envelope, signature, manifest), when it did. */
  readonly problems: readonly Bilingual[];
  /** The role signatures, checked (only those of a valid file count). */
  readonly roles?: readonly RoleSignature[];
}

/** What the verifier requires beyond a valid signature (`erdl verify --require-roles`, `--report`). */
export interface Requirements {
  /** Roles that must each be signed by a trusted key (author and reviewer by different keys). */
  readonly roles?: readonly SignerRole[];
  /** `sha256:` of the review report a valid role signature must record. */
  readonly reportSha256?: string | null;
}

/** The unmet requirements: the roles lacking and every problem (both empty when all hold). */
export function unmetRequirements(
  roles: readonly RoleSignature[],
  requirements: Requirements | null | undefined,
): {
  readonly roles: SignerRole[];
  readonly problems: Bilingual[];
  readonly returned: RoleSignature[];
} {
  const required = requirements?.roles ?? [];
  const unmet =
    required.length > 0
      ? unmetRoles(roles, required)
      : { roles: [], problems: [] as Bilingual[], returned: [] as RoleSignature[] };
  const sha = requirements?.reportSha256;
  const report = sha ? reportNotRecorded(roles, sha) : null;
  return {
    roles: unmet.roles,
    problems: report ? [...unmet.problems, report] : unmet.problems,
    returned: unmet.returned,
  };
}

/** The rule text on hand now, as far as its hashes are computed. */
export type CurrentText =
  /** Its analysis is not done yet. */
  | { readonly state: 'pending' }
  /** No rule file beside the signature (`erdl verify`). */
  | { readonly state: 'missing' }
  | {
      readonly state: 'analysed';
      /** The document hash of the text now; null when it does not load. */
      readonly documentHash: string | null;
      /** `sha256:` of the text's bytes now; null while not computed (needed when the document hash holds). */
      readonly sourceSha256: string | null;
      /** The text now against the manifest, rule by rule; null while pending. */
      readonly comparison: SourceComparison | null;
    };

/** A key the verdict may find the signer among. */
export interface TrustedSigner {
  readonly keyId: string;
  readonly name?: string;
}

/**
 * The verdict: `trusted` is the trust list now (null: none given, trust is not judged); `current`
 * the text now; `requirements` what the verifier requires of the roles. Pure: the same inputs
 * always give the same verdict.
 */
export function deriveVerdict(
  facts: SignatureFacts,
  trusted: readonly TrustedSigner[] | null,
  current: CurrentText,
  requirements?: Requirements | null,
): SignatureVerdict {
  const manifest = facts.manifest;
  if (facts.signature !== 'valid' || !manifest || facts.keyId === null)
    return {
      kind: 'bad-signature',
      keyId: facts.keyId,
      detail: facts.problems.length > 0 ? facts.problems : [msg.signedManifestCannotRead],
    };
  const keyId = facts.keyId;
  const signedAt = manifest.signed_at;
  const signer = trusted ? trusted.find((k) => k.keyId === keyId) : undefined;
  if (trusted && !signer) return { kind: 'untrusted', keyId, signedAt };
  const unmet = unmetRequirements(facts.roles ?? [], requirements);
  if (unmet.problems.length > 0)
    return {
      kind: 'unmet',
      keyId,
      signedAt,
      missingRoles: unmet.roles,
      problems: unmet.problems,
      ...(unmet.returned.length > 0 ? { returned: unmet.returned } : {}),
    };
  const signerName = signer ? (signer.name ?? keyId) : null;
  if (current.state === 'pending') return { kind: 'checking', keyId, signedAt };
  const changed = (changes: SignedChanges | null): SignatureVerdict => ({
    kind: 'changed',
    keyId,
    signedAt,
    signerName,
    changes,
  });
  if (current.state === 'missing')
    return changed({
      ...NO_RULE_CHANGES,
      unloadable: msg.signedRuleFileWas,
    });
  const { documentHash, comparison } = current;
  if (documentHash === manifest.document.hash) {
    const sha = current.sourceSha256;
    if (sha === manifest.document.source_sha256)
      return { kind: 'unchanged', keyId, signerName, trustJudged: trusted !== null, signedAt };
    if (sha === null) return { kind: 'checking', keyId, signedAt };
    return changed({ ...NO_RULE_CHANGES, bytesOnly: true });
  }
  // The comparison must be of the same text: its document hash says so.
  if (!comparison || comparison.document_hash !== documentHash) return changed(null);
  return changed(changesOf(comparison));
}

const NO_RULE_CHANGES: SignedChanges = {
  unloadable: null,
  changed: [],
  added: [],
  removed: [],
  reordered: false,
  fallback: null,
  bytesOnly: false,
};

function changesOf(comparison: SourceComparison): SignedChanges {
  const diff = comparison.diff;
  const first = comparison.errors[0];
  if (!diff)
    return {
      ...NO_RULE_CHANGES,
      unloadable: first
        ? fill(msg.textNoLongerLoads, { code: first.code, message: first.message })
        : msg.textNoLongerLoadsNoDetail,
    };
  return {
    unloadable: null,
    changed: diff.changed.map((c) => ({ name: c.name, condition: c.condition_changed })),
    added: diff.added.map((r) => r.name),
    removed: diff.removed.map((r) => r.name),
    reordered: diff.reordered,
    fallback: diff.fallback,
    bytesOnly: false,
  };
}

/** The signature file's facts as `verifyRuleFile` found them. */
export function signatureFacts(report: RuleFileVerification): SignatureFacts {
  return {
    signature: report.signature,
    keyId: report.keyId,
    manifest: report.manifest,
    problems: report.signatureProblems,
    roles: report.roles,
  };
}

/** The rule file `verifyRuleFile` checked, as the text on hand. */
export function checkedText(report: RuleFileVerification): CurrentText {
  const source = report.source;
  if (!source) return report.manifest ? { state: 'missing' } : { state: 'pending' };
  return {
    state: 'analysed',
    documentHash: source.document_hash,
    sourceSha256: source.source_sha256,
    comparison: source,
  };
}

/** Every rule named as differing, in the order changed, added, removed. */
export function differingRules(changes: SignedChanges): string[] {
  return [...changes.changed.map((c) => c.name), ...changes.added, ...changes.removed];
}

/** True when the file is verified: signature valid, signer trusted (when judged), text unchanged. */
export function verdictHolds(verdict: SignatureVerdict): boolean {
  return verdict.kind === 'unchanged';
}

// ---------------------------------------------------------------------------------------------
// The words. One place for the studio (both languages) and `erdl verify` (English).
// ---------------------------------------------------------------------------------------------

/** The verdict's headline: what the user sees first. */
export function verdictHeadline(verdict: SignatureVerdict): Bilingual {
  switch (verdict.kind) {
    case 'unchanged':
      return msg.signedUnchanged;
    case 'checking':
      return msg.signedCheckingCurrentText;
    case 'bad-signature':
      return msg.notVerifiedBadSignature;
    case 'untrusted':
      return msg.notVerifiedSignerNot;
    case 'unmet': {
      const roles = verdict.missingRoles;
      const returned = verdict.returned?.[0];
      // The reviewer role is unmet because the reviewer returned it: said as such, with the comment.
      if (returned && roles.length === 1 && roles[0] === 'reviewer') {
        return fill(msg.notVerifiedReturned, { comment: withComment(returned.comment ?? null) });
      }
      if (roles.length === 0) return msg.notVerifiedRequirementNot;
      const missing = listed(roles.map(roleText));
      return fill(msg.notVerifiedRolesMissing, { n: roles.length, roles: missing });
    }
    case 'changed': {
      const changes = verdict.changes;
      if (!changes) return msg.changedSinceSignedChecking;
      if (changes.unloadable) return msg.changedSinceSigned;
      const n = differingRules(changes).length;
      if (n === 0) return msg.changedSinceSigned;
      return fill(msg.changedSinceSigned3, { c: fill(msg.rulesDiffer, { n }) });
    }
  }
}

/** The one reason, in a sentence (for `unchanged`: what holds). */
export function verdictReason(verdict: SignatureVerdict): Bilingual {
  switch (verdict.kind) {
    case 'unchanged':
      return verdict.trustJudged
        ? fill(msg.signedByTrustedKey, { signer: verdict.signerName ?? verdict.keyId })
        : fill(msg.currentTextExactlyWhat, { keyId: verdict.keyId });
    case 'checking':
      return msg.hashesCurrentTextAre;
    case 'bad-signature':
      return msg.badSignatureSignatureFile;
    case 'untrusted':
      return fill(msg.signerNotTrustedKey, { keyId: verdict.keyId });
    case 'unmet':
      // A problem may end in its own full stop (a reviewer's comment): not doubled.
      return fill(msg.requirementNotHeld, {
        problems: {
          en: verdict.problems.map((p) => p.en.replace(/[.。]$/, '')).join('; '),
          zh: verdict.problems.map((p) => p.zh.replace(/[.。]$/, '')).join('；'),
        },
      });
    case 'changed': {
      const changes = verdict.changes;
      if (!changes) return msg.hashesDifferCurrentDocument;
      if (changes.unloadable) return fill(msg.hashesDiffer, { unloadable: changes.unloadable });
      if (changes.bytesOnly) return msg.hashesDifferNoRule;
      return msg.hashesDifferCurrentText;
    }
  }
}

/** One line per difference, naming each rule (empty unless `changed` with its comparison). */
export function verdictChangeLines(verdict: SignatureVerdict): Bilingual[] {
  if (verdict.kind !== 'changed' || !verdict.changes) return [];
  return changeLines(verdict.changes);
}

export function changeLines(changes: SignedChanges): Bilingual[] {
  const out: Bilingual[] = [];
  for (const c of changes.changed) out.push(ruleChangedText(c.name, c.condition));
  for (const name of changes.added) out.push(ruleAddedText(name));
  for (const name of changes.removed) out.push(ruleRemovedText(name));
  if (changes.reordered) out.push(REORDERED_TEXT);
  if (changes.fallback)
    out.push(fallbackChangedText(changes.fallback.before, changes.fallback.after));
  return out;
}

export function ruleChangedText(name: string, condition: boolean): Bilingual {
  return fill(msg.ruleChanged, { name, what: condition ? msg.itsCondition : msg.itsDecisionTexts });
}

export function ruleAddedText(name: string): Bilingual {
  return fill(msg.ruleWasAddedSince, { name });
}

export function ruleRemovedText(name: string): Bilingual {
  return fill(msg.ruleWasRemovedSince, { name });
}

export const REORDERED_TEXT: Bilingual = msg.rulesWereReorderedSince;

export function fallbackChangedText(before: string, after: string): Bilingual {
  return fill(msg.fallbackDecisionChangedFrom, { before, after });
}
