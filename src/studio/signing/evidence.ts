import { bilingual } from '../../i18n/format';
import {
  type Bilingual,
  buildEvidence,
  type CompiledDocument,
  type CompileResult,
  compileDocument,
  type EvaluationResult,
  Evaluator,
  type EvidenceRecord,
  parseData,
  readFact,
} from '../../kernel';
import { signingMessageStrings } from './strings';

/** What the Evaluate panel evaluates: the document and its sample inputs, as text. */
export interface EvaluationInputs {
  readonly name: string;
  readonly text: string;
  readonly fact: string;
  readonly asOf: string;
  readonly temporalState: string;
}

export type StudioEvidence =
  | {
      readonly ok: true;
      readonly evidence: EvidenceRecord;
      /** The same evaluation with `eval_trace` (statuses and the rulings' notes) for the report. */
      readonly traced: EvaluationResult;
      readonly document: CompiledDocument;
      readonly compiled: CompileResult;
    }
  | { readonly ok: false; readonly message: Bilingual };

/**
 * The evidence record of the Evaluate panel's evaluation, built by the kernel (`buildEvidence`,
 * what `erdl verify-evidence` recomputes). `traceId` is the caller's (the kernel makes none).
 */
export function recordEvidence(inputs: EvaluationInputs, traceId: string): StudioEvidence {
  const compiled = compileDocument(inputs.text);
  if (!compiled.document) {
    const errors = compiled.diagnostics.filter((d) => d.severity === 'error').length;
    return {
      ok: false,
      message: bilingual(signingMessageStrings, (t) => t.cannotEvaluate, { n: errors }),
    };
  }
  // The fact box's fact as the Evaluate panel reads it (readFact: exact numbers, mappings only).
  const fact = readFact(inputs.fact, { format: 'yaml' });
  if (!fact.ok) return { ok: false, message: fact.message };
  let temporalState: unknown;
  if (inputs.temporalState.trim() !== '') {
    const state = parseData('temporal_state', inputs.temporalState);
    if (!state.ok) return { ok: false, message: state.message };
    temporalState = state.value;
  }
  const built = buildEvidence(compiled.document, fact.fact, {
    as_of: inputs.asOf,
    source: inputs.name,
    trace_id: traceId,
    ...(temporalState === undefined ? {} : { temporal_state: temporalState }),
  });
  if (!built.ok) return built;
  const traced = new Evaluator(compiled.document).evaluate(built.evidence.fact, {
    as_of: built.evidence.as_of,
    temporal_state: built.evidence.temporal_state_in,
    trace: true,
  });
  return {
    ok: true,
    evidence: built.evidence,
    traced,
    document: compiled.document,
    compiled,
  };
}
