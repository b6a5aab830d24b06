// Runs the V-ENGINE vectors through the kernel inside a browser Web Worker, so the browser tests
// check that the kernel behaves in a worker exactly as it does under Node (vectors/engine.test.ts).
import { parse } from 'yaml';
import { runVector } from '../kernel';
import type { VectorsReport, VectorsRequest } from './vectors-protocol';

function run(request: VectorsRequest): VectorsReport {
  let passed = 0;
  const failures: { file: string; failures: readonly string[] }[] = [];
  for (const { name, text } of request.files) {
    let outcome: { passed: boolean; failures: readonly string[] };
    try {
      outcome = runVector(parse(text));
    } catch (e) {
      outcome = { passed: false, failures: [`could not parse: ${String(e)}`] };
    }
    if (outcome.passed && outcome.failures.length === 0) passed += 1;
    else failures.push({ file: name, failures: outcome.failures });
  }
  return { total: request.files.length, passed, failed: failures.length, failures };
}

self.onmessage = (event: MessageEvent<VectorsRequest>) => {
  self.postMessage(run(event.data));
};
