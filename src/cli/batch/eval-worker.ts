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
import { type CompiledDocument, compileDocument, Evaluator, setHostSha256 } from '../../kernel';
import { type PartAnswer, partAnswerer } from './answer-part';
import type { LoadedReply, SetupJob, StartJob, WorkerSetup, WorkerStart } from './evaluate-batch';
import type { CsvJob, LinesJob } from './evaluate-lines';
import { type ImpactJob, impactPart } from './impact-part';
import { nodeSha256 } from './node-sha256';

setHostSha256(nodeSha256);

/** Started with the rules only (startWorkers), the rest of it comes first as a setup job. */
let setup: WorkerSetup | WorkerStart;
let document: CompiledDocument;
let after: CompiledDocument | null = null;
let answer: PartAnswer | null = null;

const loaded = (bytes: Uint8Array) => {
  const compiled = compileDocument(bytes);
  if (!compiled.document) throw new Error('erdl eval worker: the rules do not load');
  return compiled.document;
};

/** The rules compiled (else the throw stops this worker), and said so. */
function begin(start: WorkerSetup | WorkerStart): void {
  setup = start;
  document = loaded(start.rules);
  after = start.newRules ? loaded(start.newRules) : null;
  answer = after ? null : partAnswerer(new Evaluator(document));
  // `erdl eval` waits for this instead of compiling the rules on its own thread as well
  // (Pool.rulesLoad).
  parentPort?.postMessage({ kind: 'loaded' } satisfies LoadedReply);
}

// Started with its rules, or (prestart.ts) without: they come as the first message.
if (workerData) begin(workerData as WorkerSetup | WorkerStart);

parentPort?.on('message', (job: LinesJob | CsvJob | ImpactJob | SetupJob | StartJob) => {
  if (job.kind === 'start') {
    begin(job.start);
    return;
  }
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
  const reply = answer(setup as WorkerSetup, job);
  // A part's bytes are moved, not copied (they are its own).
  parentPort?.postMessage(reply, reply.bytes ? [reply.bytes.buffer as ArrayBuffer] : []);
});
