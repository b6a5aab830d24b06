/** What a batch worker does with one batch, as a plain function (shared with its tests). */
import { type Evaluator, reviveFact, type SuiteCase, type TemporalState } from '../../kernel';
import { type BatchField, resultRecord } from './fields';

/** Sent once to every worker. */
export interface WorkerSetup {
  readonly rules: Uint8Array;
  /** The instant of rows without their own `as_of`. */
  readonly asOf: string;
  readonly state?: TemporalState;
  readonly fields: readonly BatchField[];
}

export interface BatchCase {
  readonly name: string;
  readonly fact: SuiteCase['fact'];
  readonly as_of?: string;
}

export interface BatchJob {
  readonly seq: number;
  readonly cases: readonly BatchCase[];
}

export interface BatchReply {
  readonly seq: number;
  readonly lines: readonly string[];
}

export function evaluateBatch(
  evaluator: Evaluator,
  setup: WorkerSetup,
  cases: readonly BatchCase[],
): string[] {
  const hash = setup.fields.includes('result_hash');
  return cases.map((c) => {
    // An exact number (ruling I-89) crossed postMessage as a plain object: made a Rational again.
    const r = evaluator.evaluate(reviveFact(c.fact), {
      as_of: c.as_of ?? setup.asOf,
      ...(setup.state ? { temporal_state: setup.state } : {}),
      hash,
    });
    return JSON.stringify(resultRecord(r, setup.fields, c.name));
  });
}
