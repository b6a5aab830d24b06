/** Semantic diff of two versions of a rule set, by canonical hash (docs/signed-files.md). */
export { canonicalRuleHash, type RuleSnapshot, ruleSnapshots } from './rule-snapshot';
export {
  type ChangedRule,
  diffDocuments,
  diffRuleSets,
  type RuleSetVersion,
  ruleSetVersion,
  type SemanticDiff,
} from './semantic-diff';
