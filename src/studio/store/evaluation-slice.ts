import type { StateCreator } from 'zustand';
import type { StudioState } from './index';
import type { EvaluateOutcome, EvaluationEntry } from './types';

/** The Evaluate panel's result for each document. */
export interface EvaluationSlice {
  evaluations: Record<string, EvaluationEntry>;
  setEvaluationPending(id: string): void;
  setEvaluation(id: string, outcome: EvaluateOutcome | null): void;
}

export const createEvaluationSlice: StateCreator<StudioState, [], [], EvaluationSlice> = (
  set,
  get,
) => ({
  evaluations: {},
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
