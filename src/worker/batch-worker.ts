// The batch worker: long jobs (fact suites, JSON Lines / CSV fact sets, the impact of a change) and
// signing, so they never hold up the editor's markers in kernel-worker.ts. It serves `BatchOps`
// (kernel-protocol.ts) through the kernel worker's queue (request-queue.ts): long jobs run in
// batches and yield to the event loop between them, which is when progress is posted and a cancel
// message (or a newer request on the same channel) is noticed.
import { signerFromCryptoKey, signRuleFile, verifyRuleFile } from '../signing';
import { impactJob, impactPrepareJob } from './impact-job';
import type { BatchRequest, CancelMessage, Envelope, Reply } from './kernel-protocol';
import { KernelService } from './kernel-service';
import { doneReply, failedReply, RecentValues } from './reply-delta';
import { RequestQueue } from './request-queue';
import { suiteJob } from './suite-job';

const service = new KernelService(() => performance.now());
/** Values sent per channel, for answering a request that names one as its base with a delta. */
const sent = new RecentValues();

/** The batch worker's dispatcher: one case per operation of `BatchOps`. */
function serve(request: BatchRequest): unknown {
  switch (request.op) {
    case 'impactTraces':
      return service.impactTraces(request);
    case 'sign': {
      const { op: _op, privateKey, publicKey, ...input } = request;
      return signRuleFile({ ...input, signer: signerFromCryptoKey(privateKey, publicKey) });
    }
    case 'verify': {
      const { op: _op, ...input } = request;
      return verifyRuleFile(input);
    }
    case 'impact':
      return impactJob(request, () => performance.now());
    case 'impactPrepare':
      return impactPrepareJob(request);
    case 'suite':
      return suiteJob(request, () => performance.now());
    default:
      return unserved(request);
  }
}

/** Compile-time: every operation is served. At run time: a message not of this protocol. */
function unserved(request: never): never {
  throw new Error(`the batch worker does not run ${(request as { op: string }).op}`);
}

const queue = new RequestQueue<Envelope<BatchRequest>>({
  kind: ({ request }) =>
    request.op === 'suite' || request.op === 'impact'
      ? 'job'
      : request.op === 'impactPrepare'
        ? 'background'
        : 'request',
  run: ({ request }) => serve(request),
  done: (envelope, value) => doneReply(sent, envelope, value),
  failed: failedReply,
  reply: (message: Reply) => self.postMessage(message),
  later: (callback) => setTimeout(callback, 0),
  now: () => performance.now(),
  // The impact read-ahead (impactPrepare) yields to any request at least this often.
  sliceMs: 50,
  progressMs: 100,
});

self.onmessage = (event: MessageEvent<Envelope<BatchRequest> | CancelMessage>) => {
  const data = event.data;
  if ('cancel' in data) queue.cancel(data.cancel);
  else queue.push(data);
};
