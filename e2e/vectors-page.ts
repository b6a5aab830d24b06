// The vectors test page's script (vectors.html beside it, built only for the browser tests): hands every V-ENGINE vector file, as text, to the studio's
// own kernel worker (kernel-worker.ts, through the same KernelClient the studio uses) and shows
// the report in #result (data-status="done" or "error") for e2e/vectors.spec.ts to read.
import { createKernelWorker, KernelClient } from '../src/worker/kernel-client';

const sources = import.meta.glob<string>('/vectors/engine/**/*.yaml', {
  query: '?raw',
  import: 'default',
  eager: true,
});

const output = document.getElementById('result');
if (output === null) throw new Error('vectors.html has no #result element');

function show(status: 'done' | 'error', body: unknown): void {
  output!.textContent = JSON.stringify(body, null, 2);
  output!.dataset.status = status;
}

const files = Object.keys(sources)
  .sort()
  .map((name) => ({ name: name.replace(/^\/vectors\/engine\//, ''), text: sources[name]! }));

const kernel = new KernelClient({ createWorker: createKernelWorker });
const outcome = await kernel.request('vectors', { op: 'vectors', files });
if (outcome.status === 'done') {
  const { total, passed, failures } = outcome.value;
  show('done', { total, passed, failed: failures.length, failures });
} else {
  show('error', { error: outcome.status === 'stale' ? 'stale' : outcome.message.en });
}
kernel.dispose();
