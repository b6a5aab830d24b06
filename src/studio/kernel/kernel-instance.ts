/** The page's one kernel worker client, created on first use. */
import { studioStore } from '../store';
import { createKernelWorker, KernelClient } from './kernel-client';

let instance: KernelClient | null = null;

export function getKernel(): KernelClient {
  instance ??= new KernelClient({
    createWorker: createKernelWorker,
    onIncident: (incident) => studioStore.getState().setIncident(incident),
  });
  return instance;
}
