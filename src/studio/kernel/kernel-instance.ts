/** The page's kernel worker clients — interactive, batch and the batch pool — each created on first use. */

import {
  createBatchWorker,
  createKernelWorker,
  type Incident,
  KernelClient,
} from '../../worker/kernel-client';
import type { BatchOps, OpMap } from '../../worker/kernel-protocol';
import { studioStore } from '../store';
import { onTextChange } from '../store/text-changes';
import { describeIncident } from './describe-incident';

let instance: KernelClient | null = null;

/** A client told of every text change whose edits are known, so it posts them as made. */
function following<M extends OpMap<M>>(client: KernelClient<M>): KernelClient<M> {
  onTextChange((c) => client.noteChange(c.before, c.edits, c.after));
  return client;
}
let batchInstance: KernelClient<BatchOps> | null = null;

const onIncident = (incident: Incident) => {
  const state = studioStore.getState();
  const message = describeIncident(incident, (id) => state.documents[id]?.name);
  state.setIncident({ ...incident, message });
};

/** The kernel for interactive requests (analyze, evaluate, tree, convert, table edits). */
export function getKernel(): KernelClient {
  instance ??= following(new KernelClient({ createWorker: createKernelWorker, onIncident }));
  return instance;
}

/** The kernel for long jobs (suites, fact sets, whole-document gloss). */
export function getBatchKernel(): KernelClient<BatchOps> {
  batchInstance ??= following(
    new KernelClient<BatchOps>({ createWorker: createBatchWorker, onIncident }),
  );
  return batchInstance;
}

const poolExtras: KernelClient<BatchOps>[] = [];

/**
 * `size` batch kernels for a job split across workers (the impact of a change, on a large fact
 * set): the batch kernel and size − 1 more, each created on first use and kept.
 */
export function getBatchPool(size: number): KernelClient<BatchOps>[] {
  while (poolExtras.length < size - 1)
    poolExtras.push(
      following(new KernelClient<BatchOps>({ createWorker: createBatchWorker, onIncident })),
    );
  return [getBatchKernel(), ...poolExtras.slice(0, Math.max(0, size - 1))];
}
