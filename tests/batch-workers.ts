/**
 * The batch workers of the in-process `erdl eval --facts` and `erdl impact` tests. From the
 * sources, src/cli/batch/run-batch.ts starts each worker through tsx (eval-worker-tsx.mjs), which
 * transforms and loads the kernel again in every worker: about 1 s of CPU per worker, and these
 * tests start dozens. When lib/ is up to date (`npm ci` builds it: CI's fresh clone), the same
 * worker built from the same sources, lib/eval-worker.js, starts in about a tenth of that — the
 * rule the spawning tests follow for the whole command (e2e/support/cli.ts). Only the worker's
 * entry changes; the main thread, the messages and every assertion are the sources' and the
 * test's own. With lib/ out of date, nothing changes.
 *
 * In an isolated test file (it mocks a module for that file's graph):
 *   vi.mock('node:worker_threads', async (original) =>
 *     (await import('./batch-workers')).builtBatchWorkers(await original()));
 */
import { fileURLToPath } from 'node:url';
import type * as WorkerThreads from 'node:worker_threads';
import { erdlCommand } from '../e2e/support/cli';

const FROM_SOURCE = /\/src\/cli\/batch\/eval-worker-tsx\.mjs$/;
const BUILT = new URL('../lib/eval-worker.js', import.meta.url);

/** node:worker_threads with its Worker starting lib/eval-worker.js for the sources' batch worker. */
export function builtBatchWorkers(module: unknown): typeof WorkerThreads {
  const original = module as typeof WorkerThreads;
  // erdlCommand() runs bin/erdl.js exactly when lib/ is newer than every source file.
  if (!erdlCommand()[1]?.endsWith('/bin/erdl.js')) return original;
  class Worker extends original.Worker {
    constructor(file: string | URL, options?: WorkerThreads.WorkerOptions) {
      const path = file instanceof URL ? fileURLToPath(file) : file;
      super(FROM_SOURCE.test(path) ? BUILT : file, options);
    }
  }
  return { ...original, Worker };
}

/** Worker threads started, and ended, through countedBatchWorkers' Worker in this test file. */
export const workerCounts = { started: 0, ended: 0 };

/** builtBatchWorkers, its Worker counted in workerCounts (for tests of how many a command starts). */
export function countedBatchWorkers(module: unknown): typeof WorkerThreads {
  const built = builtBatchWorkers(module);
  class Counted extends built.Worker {
    constructor(...args: ConstructorParameters<typeof built.Worker>) {
      super(...args);
      workerCounts.started++;
      this.once('exit', () => workerCounts.ended++);
    }
  }
  return { ...built, Worker: Counted };
}
