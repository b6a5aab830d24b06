/** What a batch worker does with one fact, as a plain function (shared with its tests). */
import { type Evaluator, reviveFact, type SuiteCase, type TemporalState } from '../../kernel';
import { type BatchField, resultRecord } from './fields';

/** Sent once to every worker. */
export interface WorkerSetup {
  readonly rules: Uint8Array;
  /** The instant of rows without their own `as_of`. */
  readonly asOf: string;
  readonly state?: TemporalState;
  readonly fields: readonly BatchField[];
  /** `erdl impact`: the new version, `rules` being the old one (impact-part.ts). */
  readonly newRules?: Uint8Array;
}

/** What workers started before the rest of their setup is known get (workerData): the rules. */
export type WorkerStart = Pick<WorkerSetup, 'rules' | 'newRules'>;

/** The rules of a worker started without them (prestart.ts), its first message. */
export interface StartJob {
  readonly kind: 'start';
  readonly start: WorkerSetup | WorkerStart;
}

/** The rest of the setup of workers started with the rules only, sent before their first part. */
export interface SetupJob {
  readonly kind: 'setup';
  readonly setup: WorkerSetup;
}

/** A worker's first message: its rules compiled (a worker whose rules do not load stops instead). */
export interface LoadedReply {
  readonly kind: 'loaded';
}

export interface BatchCase {
  readonly name: string;
  readonly fact: SuiteCase['fact'];
  readonly as_of?: string;
}

/** One fact's printed line: its result's chosen fields, as compact JSON. */
export function evaluateCase(evaluator: Evaluator, setup: WorkerSetup, c: BatchCase): string {
  const r = evaluator.evaluate(c.fact, {
    // A row's own instant when it has one (an empty one, as before, counts as none).
    as_of: c.as_of ? c.as_of : setup.asOf,
    ...(setup.state ? { temporal_state: setup.state } : {}),
    hash: setup.fields.includes('result_hash'),
  });
  return JSON.stringify(resultRecord(r, setup.fields, c.name));
}

/**
 * Facts read on the main thread and cloned to a worker, one line each: how every batch ran before
 * the workers parsed their own parts (issue #41 point 4) — kept as the reference the batch
 * properties compare the parts' output with.
 */
export function evaluateBatch(
  evaluator: Evaluator,
  setup: WorkerSetup,
  cases: readonly BatchCase[],
): string[] {
  // An exact number (ruling I-89) crossed postMessage as a plain object: made a Rational again.
  return cases.map((c) =>
    evaluateCase(evaluator, setup, { ...c, fact: reviveFact(c.fact) as BatchCase['fact'] }),
  );
}
