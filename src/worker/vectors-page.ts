// The vectors test page (vectors.html): hands every V-ENGINE vector file, as text, to a module
// worker that runs them through the kernel, then shows the worker's report in #result
// (data-status="done" or "error") for e2e/vectors.spec.ts to read.
import type { VectorsReport, VectorsRequest } from './vectors-protocol';

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

const request: VectorsRequest = {
  files: Object.keys(sources)
    .sort()
    .map((name) => ({ name: name.replace(/^\/vectors\/engine\//, ''), text: sources[name]! })),
};

const worker = new Worker(new URL('./vectors-worker.ts', import.meta.url), { type: 'module' });
worker.onmessage = (event: MessageEvent<VectorsReport>) => {
  show('done', event.data);
  worker.terminate();
};
worker.onerror = (event: ErrorEvent) => {
  show('error', { error: event.message || 'the worker failed to start or threw' });
};
worker.postMessage(request);
