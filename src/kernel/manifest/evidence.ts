import type { Bilingual } from '../diagnostics/diagnostic';
import { canonicalRuleHash } from '../diff/rule-snapshot';
import type { CompiledDocument, Text } from '../document/compiled';
import type { EvalWarning } from '../eval/errors';
import { type EvaluationResult, Evaluator } from '../eval/evaluate';
import { prepareFactBilingual } from '../eval/fact';
import { EMPTY_STATE, parseTemporalState, type TemporalState } from '../eval/temporal';
import { exactJsonText, toJson } from '../eval/values';
import { hashCanonical } from '../tree/canonical';
import type { ExprNode } from '../tree/types';
import { zhJson, zhQuote } from '../util/quote';
import { KERNEL_VERSION } from '../version';
import type { Decision } from '../vocabulary/decisions';
import { PROTOCOL, SPEC_VERSION } from '../vocabulary/document';
import { normalizeInstant, type SpecVersions } from './manifest';

/** The evidence record's format tag (§7.0.3, §9.1; docs/signed-files.md "Evidence"). */
export const EVIDENCE_FORMAT = 'erdl-evidence/1';

export interface EvidenceProvenance {
  /** The source document's name (file or metadata name) as the caller knows it. */
  readonly source: string;
  /** The caller's identifier for this evaluation (the kernel makes none: no randomness). */
  readonly trace_id: string;
  /** The policy id: the ruleset hash. */
  readonly policy_id: string;
}

/** A matched rule in a full record: its hashes and canonical trees. */
export interface EvidenceRule {
  readonly name: string;
  readonly hash: string;
  readonly canonical_hash: string;
  readonly when: ExprNode;
  readonly unless: ExprNode | null;
}

export interface EvidenceResult {
  readonly decision: Decision;
  readonly matched_rules: readonly string[];
  readonly deciding_rule: string | null;
}

export interface FullEvidenceResult extends EvidenceResult {
  readonly unless_exemptions: readonly string[];
  readonly primary_reason: string | null;
  readonly primary_instruction: string | null;
  readonly primary_explanation: Text | null;
  readonly primary_correction: string | null;
  readonly eval_warnings: readonly EvalWarning[];
}

interface EvidenceCommon {
  readonly format: typeof EVIDENCE_FORMAT;
  readonly ruleset_hash: string;
  /** sha256 of the canonical fact (NFC strings, RFC 8785): the `fact` of the result-hash preimage. */
  readonly fact_hash: string;
  /** The evaluation instant, normalized (ISO 8601 UTC with milliseconds). */
  readonly as_of: string;
  /** Evaluated in a Guard context (E12: every rule's error fails closed). */
  readonly guard: boolean;
  readonly temporal_state_in_hash: string;
  /** Hash of the state the evaluation returned (`{version:1,windows:{}}` when none). */
  readonly temporal_state_out_hash: string;
  readonly result_hash: string;
  readonly kernel_version: string;
  readonly spec: SpecVersions;
  readonly provenance: EvidenceProvenance;
}

/** Everything needed to recompute the decision: `erdl verify-evidence` does. */
export interface EvidenceRecord extends EvidenceCommon {
  readonly redacted: false;
  readonly fact: unknown;
  readonly temporal_state_in: TemporalState;
  readonly temporal_state_out: TemporalState;
  readonly result: FullEvidenceResult;
  readonly matched: readonly EvidenceRule[];
}

/** For sharing outside the organisation: decision, rule names and hashes; no fact, no trees. */
export interface RedactedEvidence extends EvidenceCommon {
  readonly redacted: true;
  readonly result: EvidenceResult;
  readonly matched: readonly Pick<EvidenceRule, 'name' | 'hash' | 'canonical_hash'>[];
}

export type Evidence = EvidenceRecord | RedactedEvidence;

export interface EvidenceOptions {
  readonly as_of: string;
  readonly temporal_state?: unknown;
  readonly guard?: boolean;
  readonly source: string;
  readonly trace_id: string;
}

export type EvidenceBuild =
  | { readonly ok: true; readonly evidence: EvidenceRecord; readonly result: EvaluationResult }
  | { readonly ok: false; readonly message: Bilingual };

/** sha256 of a fact's canonical form; null (with the problem) when the input is not fact data. */
export function factHash(
  fact: unknown,
): { ok: true; hash: string; canonical: unknown } | { ok: false; message: Bilingual } {
  const prepared = prepareFactBilingual(fact);
  if (!prepared.ok)
    return {
      ok: false,
      message: {
        en: `fact ${prepared.path || '(root)'}: ${prepared.problem.en}`,
        zh: `事实 ${prepared.path || '（根）'}：${prepared.problem.zh}`,
      },
    };
  // A number no JSON double holds (9007199254740993, read exactly from a fact's text) cannot be
  // carried by the record's JSON without changing it, and so the decision: refused, never
  // recorded rounded (issue #35, ruling I-89).
  const exact = exactJsonText(prepared.fact);
  if (exact !== undefined)
    return {
      ok: false,
      message: {
        en: 'the fact holds a number no JSON double holds exactly (e.g. more than 15–17 significant digits); an evidence record cannot carry it without changing the decision',
        zh: '事实中有 JSON 双精度数无法精确表示的数字（例如有效数字超过 15–17 位）；证据记录无法在不改变决策的情况下保存它',
      },
    };
  const canonical = toJson(prepared.fact);
  return { ok: true, hash: hashCanonical(canonical), canonical };
}

/**
 * Evaluates `fact` and records the evidence of that evaluation. Refuses (never records a guess)
 * when the fact is not fact data, `as_of` is not an instant or the temporal state is malformed,
 * since such a record could not be recomputed.
 */
export function buildEvidence(
  document: CompiledDocument,
  fact: unknown,
  options: EvidenceOptions,
): EvidenceBuild {
  const hashed = factHash(fact);
  if (!hashed.ok) return hashed;
  const asOf = normalizeInstant(options.as_of);
  if (asOf === null)
    return {
      ok: false,
      message: {
        en: `as_of ${JSON.stringify(options.as_of)} is not an ISO 8601 instant`,
        zh: `as_of${typeof options.as_of === 'string' ? zhQuote(options.as_of) : ` ${zhJson(options.as_of)} `}不是 ISO 8601 时刻`,
      },
    };
  let stateIn: TemporalState = EMPTY_STATE;
  if (options.temporal_state !== undefined) {
    const parsed = parseTemporalState(options.temporal_state);
    if (!parsed.ok) return { ok: false, message: parsed.message };
    stateIn = parsed.state;
  }
  const guard = options.guard === true;
  const result = new Evaluator(document).evaluate(hashed.canonical, {
    as_of: asOf,
    temporal_state: stateIn,
    guard,
  });
  const stateOut = result.temporal_state ?? EMPTY_STATE;
  const byName = new Map(document.rules.map((r) => [r.name, r]));
  const matched: EvidenceRule[] = [];
  for (const name of result.matched_rules) {
    const rule = byName.get(name);
    if (!rule) continue;
    matched.push({
      name,
      hash: rule.hash,
      canonical_hash: canonicalRuleHash(rule).hash,
      when: rule.when,
      unless: rule.unless,
    });
  }
  const evidence: EvidenceRecord = {
    format: EVIDENCE_FORMAT,
    redacted: false,
    ruleset_hash: document.hash,
    fact_hash: hashed.hash,
    fact: hashed.canonical,
    as_of: asOf,
    guard,
    temporal_state_in: stateIn,
    temporal_state_in_hash: hashCanonical(stateIn),
    temporal_state_out: stateOut,
    temporal_state_out_hash: hashCanonical(stateOut),
    result: {
      decision: result.decision,
      matched_rules: result.matched_rules,
      deciding_rule: result.deciding_rule,
      unless_exemptions: result.unless_exemptions,
      primary_reason: result.primary_reason,
      primary_instruction: result.primary_instruction,
      primary_explanation: result.primary_explanation,
      primary_correction: result.primary_correction,
      eval_warnings: result.eval_warnings,
    },
    result_hash: result.result_hash,
    matched,
    kernel_version: KERNEL_VERSION,
    spec: { version: SPEC_VERSION, protocol: PROTOCOL, format_version: document.version },
    provenance: { source: options.source, trace_id: options.trace_id, policy_id: document.hash },
  };
  return { ok: true, evidence, result };
}

/** The redacted variant: the same hashes, without the fact, the states, the texts or the trees. */
export function redactEvidence(evidence: EvidenceRecord): RedactedEvidence {
  return {
    format: EVIDENCE_FORMAT,
    redacted: true,
    ruleset_hash: evidence.ruleset_hash,
    fact_hash: evidence.fact_hash,
    as_of: evidence.as_of,
    guard: evidence.guard,
    temporal_state_in_hash: evidence.temporal_state_in_hash,
    temporal_state_out_hash: evidence.temporal_state_out_hash,
    result: {
      decision: evidence.result.decision,
      matched_rules: evidence.result.matched_rules,
      deciding_rule: evidence.result.deciding_rule,
    },
    result_hash: evidence.result_hash,
    matched: evidence.matched.map((m) => ({
      name: m.name,
      hash: m.hash,
      canonical_hash: m.canonical_hash,
    })),
    kernel_version: evidence.kernel_version,
    spec: evidence.spec,
    provenance: evidence.provenance,
  };
}
