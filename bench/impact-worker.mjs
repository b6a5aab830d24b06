// `npm run bench` (impact.bench.ts): one worker thread of the emulated studio pool. It runs the
// studio's own batch worker (src/worker/batch-worker.ts) through tsx, with `self` bridged to the
// thread's port, so the bench drives the same job, protocol and KernelClient as the browser.
import { parentPort } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const early = [];
globalThis.self = globalThis;
globalThis.postMessage = (message) => parentPort.postMessage(message);
parentPort.on('message', (data) => {
  if (globalThis.onmessage) globalThis.onmessage({ data });
  else early.push(data);
});
await tsImport('../src/worker/batch-worker.ts', import.meta.url);
for (const data of early.splice(0)) globalThis.onmessage({ data });
