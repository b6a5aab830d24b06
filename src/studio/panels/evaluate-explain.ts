/**
 * Whether the Evaluate panel's result is of the inputs on screen. The words of an evaluation (the
 * headline, the matched rules, why each rule did not match) are the kernel's explanation
 * (explainEvaluation), rendered as they come.
 */
import type { EvaluationEntry, StudioDocument } from '../store/types';

/**
 * Whether the shown evaluation is of the inputs on screen (the document text, the fact, as_of and
 * the temporal state, compared by identity): derived from what the result was computed for, never
 * from a remembered "pending" flag, so a result of an earlier text or fact is never shown as
 * current — not even in the moments before the next evaluation is sent.
 */
export function evaluationCurrent(
  entry: EvaluationEntry | undefined,
  doc: Pick<StudioDocument, 'text' | 'fact' | 'asOf' | 'temporalState'>,
): boolean {
  const of = entry?.of;
  return (
    of !== undefined &&
    of.text === doc.text &&
    of.fact === doc.fact &&
    of.asOf === doc.asOf &&
    of.temporalState === doc.temporalState
  );
}
