/**
 * Gloss (§5.5 projection D): the natural-language reading of a tree, rule or document, in Chinese
 * and English. See docs/gloss.md.
 */
export {
  type DocumentGloss,
  type DocumentGlossOptions,
  type GlossLintOptions,
  type GlossSources,
  glossAll,
  glossAllSteps,
  glossDocument,
  glossLint,
  type RuleGloss,
  runSteps,
} from './document';
export type { EntrySource, StoredGloss } from './entries';
export { collectEntries, readEntries } from './entries';
export { formatLiteral, formatNumber } from './literals';
export {
  BUILTIN_FIELDS,
  type ColumnLabels,
  type DictionaryResult,
  type DisplayName,
  type FieldDictionary,
  fallbackName,
  fieldDisplayName,
  humanize,
  parseFieldDictionary,
} from './names';
export { DECISION_PHRASES, GLOSS_LANGS, type GlossLang, GRADE_C_MARK, SENTENCES } from './phrases';
export {
  type GlossOptions,
  type GlossRender,
  type GlossRule,
  renderGloss,
  renderGlossDetailed,
  renderRule,
  renderRuleDetailed,
} from './render';
export { isCjk, joinZh, zhViolations } from './typography';
export { checkTree, runGlossVector } from './vector';
