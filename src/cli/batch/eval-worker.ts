/**
 * One worker thread of `erdl eval RULES --facts FILE` (run-batch.ts): compiles the rules once, then
 * answers each job in the order received — a part of a JSON Lines file or of a CSV file's records,
 * which it parses, evaluates and prints (evaluate-lines.ts) — or, for `erdl impact`, a part of a
 * JSON Lines fact set evaluated in the old and the new version (impact-part.ts). Asked for bytes,
 * it also makes each line safe for a terminal and encodes the text (answer-part.ts), then moves
 * the bytes to the main thread uncopied.
 * Built to lib/eval-worker.js (vite.lib.config.ts); run from source through tsx.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { compileDocument, Evaluator, setHostSha256 } from '../../kernel';
import { partAnswerer } from './answer-part';
import type { LoadedReply, SetupJob, WorkerSetup } from './evaluate-batch';
import type { CsvJob, LinesJob } from './evaluate-lines';
import { type ImpactJob, impactPart } from './impact-part';
import { nodeSha256 } from './node-sha256';

setHostSha256(nodeSha256);

/** Started with the rules only (startWorkers), the rest of it comes first as a setup job. */
let setup = workerData as WorkerSetup;
const loaded = (bytes: Uint8Array) => {
  const compiled = compileDocument(bytes);
  if (!compiled.document) throw new Error('erdl eval worker: the rules do not load');
  return compiled.document;
};
const document = loaded(setup.rules);
const after = setup.newRules ? loaded(setup.newRules) : null;
const answer = after ? null : partAnswerer(new Evaluator(document));
// The rules load (else the throw above stops this worker): `erdl eval` waits for this instead of
// compiling them on its own thread as well (Pool.rulesLoad).
parentPort?.postMessage({ kind: 'loaded' } satisfies LoadedReply);

parentPort?.on('message', (job: LinesJob | CsvJob | ImpactJob | SetupJob) => {
  if (job.kind === 'setup') {
    setup = job.setup;
    return;
  }
  if (job.kind === 'impact') {
    if (!after) throw new Error('erdl eval worker: no new version to compare with');
    parentPort?.postMessage(impactPart(document, after, job));
    return;
  }
  if (!answer) throw new Error('erdl eval worker: an impact worker has no evaluator');
  const reply = answer(setup, job);
  // A part's bytes are moved, not copied (they are its own).
  parentPort?.postMessage(reply, reply.bytes ? [reply.bytes.buffer as ArrayBuffer] : []);
});
