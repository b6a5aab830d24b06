import type { StateCreator } from 'zustand';
import type { Incident } from '../../worker/kernel-client';
import { emptyRecord, hasEntry, withEntry } from './ids';
import type { StudioState } from './index';
import type { Analysis, AnalysisEntry } from './types';

export type KernelStatus = 'starting' | 'ready' | 'busy';

/** What the kernel said about each document, and how the kernel worker is doing. */
export interface DiagnosticsSlice {
  analyses: Record<string, AnalysisEntry>;
  kernelStatus: KernelStatus;
  /** The last time the watchdog replaced the worker (shown until dismissed). */
  incident: Incident | null;
  setAnalysis(id: string, text: string, analysis: Analysis): void;
  setKernelStatus(status: KernelStatus): void;
  setIncident(incident: Incident | null): void;
}

export const createDiagnosticsSlice: StateCreator<StudioState, [], [], DiagnosticsSlice> = (
  set,
  get,
) => ({
  analyses: emptyRecord(),
  kernelStatus: 'starting',
  incident: null,
  setAnalysis(id, text, analysis) {
    if (!hasEntry(get().documents, id)) return;
    set({ analyses: withEntry(get().analyses, id, { analysis, text }) });
  },
  setKernelStatus(kernelStatus) {
    if (get().kernelStatus !== kernelStatus) set({ kernelStatus });
  },
  setIncident(incident) {
    set({ incident });
  },
});
