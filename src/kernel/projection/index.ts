/**
 * Projections (§5.1): every writing form rendered from the canonical tree, and whole documents
 * converted between Simple, Expression and decision tables with identical rule hashes.
 * docs/projections.md describes the conversions, the refusals and the output conventions.
 */
import type { ExprNode } from '../tree/types';
import type { Reason } from './refusal';
import { expressionWhen } from './to-expression';
import { simpleFromTree, simpleWhenYV } from './to-simple';
import { emitEntry } from './yaml-out';

export {
  type ConvertOptions,
  type ConvertResult,
  checkConversion,
  convertDocument,
  PROJECTION_TARGETS,
  type ProjectionTarget,
  type RuleMapping,
  rowRuleName,
} from './convert';
export { convertRuleEdit, type RuleConversion } from './convert-rule';
export { REFUSAL_CODES, type Reason, type Refusal, type RefusalCode } from './refusal';
export { decimalText } from './to-expression';
export {
  type SimpleCondition,
  type SimpleModifier,
  type SimpleWhen,
  simpleFromTree,
} from './to-simple';
export { type ProjectionVectorInput, runProjectionVector } from './vector';

/** `when:` (key included) for a tree in Expression form (always possible). */
export function projectExpression(tree: ExprNode, key = 'when'): string {
  return emitEntry(key, expressionWhen(tree));
}

/** `when:` (key included) for a tree in Simple form, or why it cannot be written in Simple. */
export function projectSimple(
  tree: ExprNode,
  key = 'when',
): { readonly ok: true; readonly yaml: string } | { readonly ok: false; readonly reason: Reason } {
  const s = simpleFromTree(tree);
  return s.ok ? { ok: true, yaml: emitEntry(key, simpleWhenYV(s.when)) } : s;
}
