// The second kernel worker: long jobs (fact suites, JSON Lines / CSV fact sets, the impact of a
// change) and signing, so they never hold up the editor's markers in kernel-worker.ts. Long jobs run
// in batches and yield to the event loop between them, which is when progress is posted and a
// cancel message (or a newer request on the same channel) is noticed.
import { signerFromCryptoKey, signRuleFile, verifyRuleFile } from '../signing';
import { impactJob } from './impact-job';
import type { CancelMessage, Envelope, Reply } from './kernel-protocol';
import { KernelService } from './kernel-service';
import { doneReply, failedReply, RecentValues } from './reply-delta';
import { type JobProgress, suiteJob } from './suite-job';

const service = new KernelService(() => performance.now());
const queue: Envelope[] = [];
/** Values sent per channel, for answering a request that names one as its base with a delta. */
const sent = new RecentValues();
const cancelled = new Set<number>();
let running = false;

const reply = (message: Reply) => self.postMessage(message);
const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** A request stops when cancelled or when a newer request on its channel is waiting. */
const shouldStop = (envelope: Envelope) =>
  cancelled.has(envelope.id) || queue.some((later) => later.channel === envelope.channel);

async function runJob(envelope: Envelope): Promise<unknown> {
  const { request } = envelope;
  if (request.op === 'impactTraces') return service.impactTraces(request);
  if (request.op === 'sign') {
    const { op: _op, privateKey, publicKey, ...input } = request;
    return signRuleFile({ ...input, signer: signerFromCryptoKey(privateKey, publicKey) });
  }
  if (request.op === 'verify') {
    const { op: _op, ...input } = request;
    return verifyRuleFile(input);
  }
  if (request.op === 'impact')
    return drive(
      envelope,
      impactJob(request, () => performance.now()),
    );
  if (request.op !== 'suite') throw new Error(`the batch worker does not run ${request.op}`);
  return drive(
    envelope,
    suiteJob(request, () => performance.now()),
  );
}

/** Runs a job generator, posting progress and yielding between batches; stops when asked. */
async function drive<T>(
  envelope: Envelope,
  job: Generator<JobProgress, T, boolean | undefined>,
): Promise<T> {
  let step = job.next();
  let last = 0;
  while (!step.done) {
    const progress: JobProgress = step.value;
    const now = performance.now();
    if (now - last > 100) {
      reply({
        id: envelope.id,
        status: 'progress',
        done: progress.done,
        total: progress.total,
        ...(progress.at ? { at: progress.at } : {}),
      });
      last = now;
      await nextTurn();
    }
    step = job.next(shouldStop(envelope));
  }
  return step.value;
}

async function drain(): Promise<void> {
  if (running) return;
  running = true;
  while (queue.length > 0) {
    const envelope = queue.shift()!;
    if (cancelled.delete(envelope.id) || queue.some((l) => l.channel === envelope.channel)) {
      reply({ id: envelope.id, status: 'superseded' });
      continue;
    }
    try {
      reply(doneReply(sent, envelope, await runJob(envelope)));
    } catch (e) {
      reply(failedReply(envelope, e));
    }
    cancelled.delete(envelope.id);
    await nextTurn();
  }
  running = false;
}

self.onmessage = (event: MessageEvent<Envelope | CancelMessage>) => {
  const data = event.data;
  if ('cancel' in data) {
    cancelled.add(data.cancel);
    return;
  }
  queue.push(data);
  void drain();
};
