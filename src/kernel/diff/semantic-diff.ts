import type { CompileResult } from '../compile';
import type { FieldDictionary } from '../gloss/names';
import type { Decision } from '../vocabulary/decisions';
import { type RuleSnapshot, ruleSnapshots } from './rule-snapshot';

/** One version of a rule set as the diff sees it: the fallback and the rules in definition order. */
export interface RuleSetVersion {
  readonly fallback: Decision;
  readonly rules: readonly RuleSnapshot[];
}

export interface ChangedRule {
  readonly name: string;
  readonly before: RuleSnapshot;
  readonly after: RuleSnapshot;
  /** True when the condition tree itself changed (the §8 rule hash differs). */
  readonly condition_changed: boolean;
}

/**
 * Rules added, removed and changed between two versions, matched by name and compared by the
 * canonical rule hash, so an edit that only changes formatting, comments, quoting, key order or a
 * writing form (Simple ↔ Expression ↔ table row) is no change (ruling I-45).
 */
export interface SemanticDiff {
  /** True when nothing that can change a result changed (the document hashes are equal). */
  readonly same: boolean;
  /** The fallback decision before and after, when it changed. */
  readonly fallback: { readonly before: Decision; readonly after: Decision } | null;
  readonly added: readonly RuleSnapshot[];
  readonly removed: readonly RuleSnapshot[];
  readonly changed: readonly ChangedRule[];
  /** Names of the rules present and equal in both versions, in the new definition order. */
  readonly unchanged: readonly string[];
  /** True when the rules kept in both versions appear in a different definition order. */
  readonly reordered: boolean;
}

export function diffRuleSets(before: RuleSetVersion, after: RuleSetVersion): SemanticDiff {
  const old = new Map(before.rules.map((r) => [r.name, r]));
  const now = new Set(after.rules.map((r) => r.name));
  const added: RuleSnapshot[] = [];
  const changed: ChangedRule[] = [];
  const unchanged: string[] = [];
  for (const rule of after.rules) {
    const prior = old.get(rule.name);
    if (!prior) added.push(rule);
    else if (prior.canonical_hash === rule.canonical_hash) unchanged.push(rule.name);
    else
      changed.push({
        name: rule.name,
        before: prior,
        after: rule,
        condition_changed: prior.hash !== rule.hash,
      });
  }
  const removed = before.rules.filter((r) => !now.has(r.name));
  // Definition order breaks ties in precedence (§7.0.2), so moving rules is a change of its own.
  const keptBefore = before.rules.filter((r) => now.has(r.name)).map((r) => r.name);
  const keptAfter = after.rules.filter((r) => old.has(r.name)).map((r) => r.name);
  const reordered = keptBefore.some((name, i) => keptAfter[i] !== name);
  const fallback =
    before.fallback === after.fallback ? null : { before: before.fallback, after: after.fallback };
  return {
    same:
      !fallback && !reordered && added.length === 0 && removed.length === 0 && changed.length === 0,
    fallback,
    added,
    removed,
    changed,
    unchanged,
    reordered,
  };
}

/** The rule set version of a compiled document; null when it did not load. */
export function ruleSetVersion(
  result: CompileResult,
  dictionary?: FieldDictionary,
): RuleSetVersion | null {
  const rules = ruleSnapshots(result, dictionary);
  const document = result.document;
  return rules && document ? { fallback: document.metadata.decision, rules } : null;
}

/** Diff of two compiled documents; null when either did not load. */
export function diffDocuments(
  before: CompileResult,
  after: CompileResult,
  dictionary?: FieldDictionary,
): SemanticDiff | null {
  const a = ruleSetVersion(before, dictionary);
  const b = ruleSetVersion(after, dictionary);
  return a && b ? diffRuleSets(a, b) : null;
}
