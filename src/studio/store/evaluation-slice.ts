import type { StateCreator } from 'zustand';
import { emptyRecord, withEntry, withoutEntry } from './ids';
import type { StudioState } from './index';
import type { EvaluatedInputs, EvaluateOutcome, EvaluationEntry, SuiteRunEntry } from './types';

/** The Evaluate panel's result for each document. */
export interface EvaluationSlice {
  evaluations: Record<string, EvaluationEntry>;
  /** Fact-suite runs by document. */
  suiteRuns: Record<string, SuiteRunEntry>;
  setSuiteRun(id: string, entry: SuiteRunEntry | null): void;
  setEvaluationPending(id: string): void;
  /** `of`: the inputs the outcome is of (EvaluationEntry.of). */
  setEvaluation(id: string, outcome: EvaluateOutcome | null, of?: EvaluatedInputs): void;
}

export const createEvaluationSlice: StateCreator<StudioState, [], [], EvaluationSlice> = (
  set,
  get,
) => ({
  evaluations: emptyRecord(),
  suiteRuns: emptyRecord(),
  setSuiteRun(id, entry) {
    const runs = get().suiteRuns;
    set({ suiteRuns: entry ? withEntry(runs, id, entry) : withoutEntry(runs, id) });
  },
  setEvaluationPending(id) {
    const current = get().evaluations[id];
    set({
      evaluations: withEntry<EvaluationEntry>(get().evaluations, id, {
        outcome: current?.outcome ?? null,
        pending: true,
        ...(current?.of ? { of: current.of } : {}),
      }),
    });
  },
  setEvaluation(id, outcome, of) {
    set({
      evaluations: withEntry<EvaluationEntry>(get().evaluations, id, {
        outcome,
        pending: false,
        ...(of ? { of } : {}),
      }),
    });
  },
});
