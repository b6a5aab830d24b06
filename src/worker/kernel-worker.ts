// The kernel behind the Web Worker boundary (docs/ARCHITECTURE.md, "Studio"). Requests queue up
// while one runs (request-queue.ts): a request superseded by a newer one on its channel is dropped
// unrun, so a burst of keystrokes costs one compile, not one per key; the gloss phase runs as a
// background job in slices, between the other requests.

import { BACKGROUND_OPS, type Envelope, type PrimeOutcome, type Reply } from './kernel-protocol';
import { KernelService } from './kernel-service';
import { diff, doneReply, failedReply, RecentValues } from './reply-delta';
import { RequestQueue } from './request-queue';
import { TextMirror } from './text-sync';

const service = new KernelService(() => performance.now());
/** Values sent per channel, for answering a request that names one as its base with a delta. */
const sent = new RecentValues();
/** Per channel, the text of text-synced requests (text-sync.ts). */
const texts = new TextMirror();

/** A slice of the gloss phase: short enough that an edit's `analyze` hardly waits behind it. */
const GLOSS_SLICE_MS = 8;

/**
 * A later turn of the worker's event loop, after the messages that have arrived. A message to
 * ourselves, not `setTimeout(…, 0)`, which browsers clamp to 4 ms when timers nest.
 */
const turns = new MessageChannel();
const waiting: (() => void)[] = [];
turns.port1.onmessage = () => waiting.shift()?.();

function run(envelope: Envelope): unknown {
  const { request } = envelope;
  switch (request.op) {
    case 'analyze':
      return service.analyze(request);
    case 'evaluate':
      return service.evaluate(request);
    case 'tree':
      return service.tree(request);
    case 'convert':
      return service.convert(request);
    case 'vectors':
      return service.vectors(request);
    case 'tables':
      return service.tables(request);
    case 'tableEdit':
      return service.tableEdit(request);
    case 'scenarioCase':
      return service.scenarioCase(request);
    case 'canonicalRule':
      return service.canonicalRule(request);
    case 'gloss':
      return service.glossSteps(request);
    case 'prime':
      return service.primeSteps(request);
    case 'spin': {
      const until = performance.now() + request.ms;
      while (performance.now() < until) {
        // Busy on purpose: the watchdog test needs a worker that does not answer.
      }
      return { spun: request.ms };
    }
    default:
      // Long jobs and signing run in batch-worker.ts.
      throw new Error(`the kernel worker does not run ${request.op}`);
  }
}

/**
 * The answer to `prime`: whether it rehearsed. Its analysis is diffed against the document's last
 * analysis sent, as the next edit's will be (that code runs cold otherwise), then dropped: nothing
 * is remembered or posted of it.
 */
function primed(envelope: Envelope, outcome: PrimeOutcome): Reply {
  const { request } = envelope;
  if (outcome.analysis && request.op === 'prime') {
    const seq = sent.newest(request.analysisChannel);
    const base = seq === undefined ? undefined : sent.get(request.analysisChannel, seq);
    if (base) diff(base.value, outcome.analysis);
  }
  return { id: envelope.id, status: 'done', value: { primed: outcome.primed } };
}

const queue = new RequestQueue({
  isBackground: (envelope) => BACKGROUND_OPS.has(envelope.request.op),
  run,
  done: (envelope, value) =>
    envelope.request.op === 'prime'
      ? primed(envelope, value as PrimeOutcome)
      : doneReply(sent, envelope, value),
  failed: failedReply,
  reply: (message: Reply) => self.postMessage(message),
  later: (callback) => {
    waiting.push(callback);
    turns.port2.postMessage(null);
  },
  now: () => performance.now(),
  sliceMs: GLOSS_SLICE_MS,
});

self.onmessage = (event: MessageEvent<Envelope>) => {
  const envelope = event.data;
  if (envelope.textSync) {
    // Applied in arrival order, before queueing: a request dropped as superseded still moves the
    // copy to its version, which the next edit is of.
    const request = envelope.request as { text: string };
    const text = texts.receive(envelope.channel, request.text, envelope.textSync);
    if (text === null) {
      self.postMessage({ id: envelope.id, status: 'resync' } satisfies Reply);
      return;
    }
    queue.push({ ...envelope, request: { ...envelope.request, text } as Envelope['request'] });
  } else queue.push(envelope);
};
