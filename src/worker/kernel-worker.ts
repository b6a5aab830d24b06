// The kernel behind the Web Worker boundary (docs/ARCHITECTURE.md, "Studio"); the grid's worker is
// a second instance. It serves `KernelOps` (kernel-protocol.ts), and `TestOps` in test builds only
// (test-ops.ts). Requests queue up while one runs (request-queue.ts): a request superseded by a
// newer one on its channel is dropped unrun, so a burst of keystrokes costs one compile, not one
// per key; the gloss phase runs as a background job in slices, between the other requests.

import {
  BACKGROUND_OPS,
  type CancelMessage,
  type Envelope,
  type KernelRequest,
  type PrimeOutcome,
  type Reply,
  type TestRequest,
} from './kernel-protocol';
import { KernelService } from './kernel-service';
import { diff, doneReply, failedReply, RecentValues } from './reply-delta';
import { RequestQueue } from './request-queue';
import { isTestRequest, runTestOp } from './test-ops';
import { TextMirror } from './text-sync';

type Served = Envelope<KernelRequest | TestRequest>;

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

/** The kernel worker's dispatcher: one case per operation of `KernelOps`. */
function serve(request: KernelRequest): unknown {
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
    default:
      return unserved(request);
  }
}

/** Compile-time: every operation is served. At run time: a message not of this protocol. */
function unserved(request: never): never {
  throw new Error(`the kernel worker does not run ${(request as { op: string }).op}`);
}

const run = ({ request }: Served): unknown =>
  isTestRequest(request) ? runTestOp(request) : serve(request);

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

const queue = new RequestQueue<Served>({
  kind: (envelope) => (BACKGROUND_OPS.has(envelope.request.op) ? 'background' : 'request'),
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
  // Kernel requests are no jobs: never progress.
  progressMs: Number.POSITIVE_INFINITY,
});

self.onmessage = (event: MessageEvent<Served | CancelMessage>) => {
  const envelope = event.data;
  if ('cancel' in envelope) queue.cancel(envelope.cancel);
  else if (envelope.textSync && 'text' in envelope.request) {
    // Applied in arrival order, before queueing: a request dropped as superseded still moves the
    // copy to its version, which the next edit is of.
    const text = texts.receive(envelope.channel, envelope.request.text, envelope.textSync);
    if (text === null) {
      self.postMessage({ id: envelope.id, status: 'resync' } satisfies Reply);
      return;
    }
    queue.push({ ...envelope, request: { ...envelope.request, text } });
  } else queue.push(envelope);
};
