/**
 * One worker thread of `erdl eval RULES --facts FILE` (run-batch.ts): compiles the rules once, then
 * answers each job in the order received — a part of a JSON Lines file or of a CSV file's records,
 * which it parses, evaluates and prints (evaluate-lines.ts) — or, for `erdl impact`, a part of a
 * JSON Lines fact set evaluated in the old and the new version (impact-part.ts). Asked for bytes, it also does what the
 * main thread would do before writing them: each line made safe for a terminal (terminalJson, as
 * the verb's JSON output always is) and the text encoded, then moved to the main thread uncopied.
 * Built to lib/eval-worker.js (vite.lib.config.ts); run from source through tsx.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { compileDocument, Evaluator, setHostSha256 } from '../../kernel';
import { terminalJson } from '../safe-io';
import type { LoadedReply, SetupJob, WorkerSetup } from './evaluate-batch';
import { type CsvJob, evaluateCsv, evaluateLines, type LinesJob } from './evaluate-lines';
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
const evaluator = after ? null : new Evaluator(document);
const encoder = new TextEncoder();
/** Where a part's output is encoded, kept from part to part (at most 3 bytes per UTF-16 unit). */
let scratch = new Uint8Array(0);

/**
 * `text` and a line break as UTF-8, in a buffer of their own: encoded into the scratch buffer and
 * copied out, half the CPU of `encode(text + '\n')` (which joins the two, then allocates its own
 * buffer) on a part's ~0.5 MB of output.
 */
function utf8Line(text: string): Uint8Array {
  if (scratch.length < text.length * 3 + 1) scratch = new Uint8Array(text.length * 3 + 1);
  const { written } = encoder.encodeInto(text, scratch);
  scratch[written] = 0x0a;
  return scratch.slice(0, written + 1);
}
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
  if (!evaluator) throw new Error('erdl eval worker: an impact worker has no evaluator');
  const reply =
    job.kind === 'csv' ? evaluateCsv(evaluator, setup, job) : evaluateLines(evaluator, setup, job);
  if (!job.bytesOut || reply.records === 0) {
    parentPort?.postMessage(reply);
    return;
  }
  // terminalJson is per character: the part's lines at once are its lines one by one.
  const bytes = utf8Line(terminalJson(reply.out));
  parentPort?.postMessage({ ...reply, out: '', bytes }, [bytes.buffer as ArrayBuffer]);
});
