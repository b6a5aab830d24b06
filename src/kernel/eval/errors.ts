import type { Bilingual } from '../diagnostics/diagnostic';

/** Codes of evaluation warnings and errors (E3): recorded in eval_warnings, never thrown out. */
export type EvalCode =
  | 'type_mismatch'
  | 'missing_operand'
  | 'division_by_zero'
  | 'invalid_date'
  | 'array_limit'
  | 'regex_input_limit'
  | 'step_limit'
  | 'empty_quantifier'
  | 'empty_aggregate'
  | 'number_range'
  | 'fact_invalid'
  | 'state_invalid'
  | 'internal_error'
  | 'error_fail_closed'
  | 'error_folded_false';

export interface EvalWarning {
  readonly code: EvalCode;
  /** The rule being evaluated (empty for document-level warnings). */
  readonly rule: string;
  readonly message: Bilingual;
}

/** An evaluation error inside a tree; caught at the rule and folded by E12. */
export class EvaluationError extends Error {
  /**
   * Preorder id (in the rule's tree) of the node that raised it, set by the traced build as the
   * error passes its first node (cel-js style: an error carries where it happened).
   */
  node?: number;

  constructor(
    readonly code: EvalCode,
    readonly bilingual: Bilingual,
  ) {
    super(bilingual.en);
  }
}
