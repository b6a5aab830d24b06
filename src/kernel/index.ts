/**
 * The ERDL kernel's one public API. Pure TypeScript: no DOM, no Node, no clock, no randomness;
 * the same module runs in the studio's Web Worker, in the `erdl` CLI and in tests.
 */
export { type CompileResult, compileDocument } from './compile';
export { decimalText, JsonNumber } from './data/json-number';
export { type DataResult, parseData, unwrapFact } from './data/parse-data';
export {
  checkFactShape,
  exactJsonNumber,
  type FactFormat,
  type FactProblem,
  type FactRead,
  factFormatOf,
  MAX_FACT_CHARS,
  NumberRefused,
  type ReadFactOptions,
  readFact,
  reviveFact,
} from './data/read-fact';
export {
  MAX_FACT_NUMBER_DIGITS,
  type NumberRead,
  numberProblem,
  readNumberText,
} from './data/read-number';
export { CODES, type DiagnosticCode, diagnostic, severityOf } from './diagnostics/codes';
export type {
  Bilingual,
  Category,
  Diagnostic,
  Fix,
  Range,
  Severity,
  TextEdit,
} from './diagnostics/diagnostic';
export { SourceText } from './diagnostics/source-text';
export * from './diff';
export type { CompiledDocument, CompiledRule, Metadata, RuleForm, Text } from './document/compiled';
export { MAX_DOCUMENT_BYTES } from './document/load';
export { buildJsonSchema } from './document/schema';
export type { EvalCode, EvalWarning } from './eval/errors';
export {
  type EvaluateOptions,
  type EvaluationResult,
  Evaluator,
  evaluate,
  RESULT_FIELDS,
  type RuleStatus,
  type RuleTrace,
  resultHash,
  type TraceNode,
} from './eval/evaluate';
export {
  failingCondition,
  nodeAt,
  type ReasonError,
  type ReasonKind,
  type TraceReason,
} from './eval/explain';
export {
  EXPLANATION_VERSION,
  type ExplainOptions,
  type Explanation,
  ExplanationCache,
  explainEvaluation,
  explanationText,
  type FailedCondition,
  type Headline,
  type MatchedRule,
  type RuleExplanation,
} from './eval/explanation';
export { MAX_FACT_DEPTH, type PreparedFact, prepareFact } from './eval/fact';
export { type HostSha256, setHostSha256 } from './eval/result-hash';
export { EMPTY_STATE, parseTemporalState, type TemporalState } from './eval/temporal';
export { parseInstant } from './eval/time';
export { exactJsonText, numberText, Rational, toExactJson, type Value } from './eval/values';
export * from './gloss';
export * from './impact';
export {
  createIncrementalCompiler,
  createIncrementalGloss,
  type IncrementalCompiler,
  type IncrementalGloss,
  type IncrementalGlossStats,
  type PlacedItem,
} from './incremental';
export * from './manifest';
export * from './projection';
export * from './report';
export * from './suite';
export { canonicalJson, hashCanonical, hashText } from './tree/canonical';
export type { SourceMap } from './tree/context';
export { canonicalDocument } from './tree/document-hash';
export { GRADE_LIMITS, type Grade, measure, type TreeMeasure } from './tree/limits';
export { childrenOf, type ExprNode, type LiteralValue } from './tree/types';
export {
  codePointLabel,
  findHidden,
  type HiddenChar,
  type HiddenKind,
  hasBidi,
  hasHidden,
  revealInline,
  revealText,
  stripHidden,
} from './util/visible-text';
export { runCanonicalVector, runVector, type VectorOutcome } from './vectors/run-vector';
export { KERNEL_VERSION } from './version';
export * from './vocabulary/decisions';
export * from './vocabulary/document';
export * from './vocabulary/nodes';
export * from './vocabulary/operators';
export * from './vocabulary/terms';
