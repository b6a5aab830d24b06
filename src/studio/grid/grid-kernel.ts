/**
 * The grid's own kernel worker (the same worker script, a second instance): reading tables and
 * computing grid edits never queue behind a long analysis of the same document in the main
 * kernel worker — on a 500-row table the analysis takes seconds, the table read a fraction.
 */
import { createKernelWorker, KernelClient } from '../../worker/kernel-client';
import { studioStore } from '../store';
import { onTextChange } from '../store/text-changes';

let instance: KernelClient | null = null;

export function getGridKernel(): KernelClient {
  if (!instance) {
    const client = new KernelClient({
      createWorker: createKernelWorker,
      onIncident: (incident) => studioStore.getState().setIncident(incident),
    });
    onTextChange((c) => client.noteChange(c.before, c.edits, c.after));
    instance = client;
  }
  return instance;
}
