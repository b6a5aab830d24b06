import type { StateCreator } from 'zustand';
import type { StudioState } from './index';
import type { EvaluateOutcome, EvaluationEntry, SuiteRunEntry } from './types';

/** The Evaluate panel's result for each document. */
export interface EvaluationSlice {
  evaluations: Record<string, EvaluationEntry>;
  /** Fact-suite runs by document. */
  suiteRuns: Record<string, SuiteRunEntry>;
  setSuiteRun(id: string, entry: SuiteRunEntry | null): void;
  setEvaluationPending(id: string): void;
  setEvaluation(id: string, outcome: EvaluateOutcome | null): void;
}

export const createEvaluationSlice: StateCreator<StudioState, [], [], EvaluationSlice> = (
  set,
  get,
) => ({
  evaluations: {},
  suiteRuns: {},
  setSuiteRun(id, entry) {
    const { [id]: _previous, ...rest } = get().suiteRuns;
    set({ suiteRuns: entry ? { ...rest, [id]: entry } : rest });
  },
  setEvaluationPending(id) {
    const current = get().evaluations[id];
    set({
      evaluations: {
        ...get().evaluations,
        [id]: { outcome: current?.outcome ?? null, pending: true },
      },
    });
  },
  setEvaluation(id, outcome) {
    set({ evaluations: { ...get().evaluations, [id]: { outcome, pending: false } } });
  },
});
