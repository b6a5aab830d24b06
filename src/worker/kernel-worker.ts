// The kernel behind the Web Worker boundary (docs/ARCHITECTURE.md, "Studio"). Requests queue up
// while one runs; before running a request the worker drops every queued request that a newer one
// on the same channel supersedes, so a burst of keystrokes costs one compile, not one per key.

import { bilingual } from '../studio/i18n/format';
import type { Envelope, Reply } from './kernel-protocol';
import { KernelService } from './kernel-service';
import { doneReply, RecentValues } from './reply-delta';
import { workerStrings } from './strings';
import { TextMirror } from './text-sync';

const service = new KernelService(() => performance.now());
const queue: Envelope[] = [];
/** Values sent per channel, for answering a request that names one as its base with a delta. */
const sent = new RecentValues();
/** Per channel, the text of text-synced requests (text-sync.ts). */
const texts = new TextMirror();
let draining = false;

function reply(message: Reply): void {
  self.postMessage(message);
}

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
    case 'canonicalRule':
      return service.canonicalRule(request);
    case 'spin': {
      const until = performance.now() + request.ms;
      while (performance.now() < until) {
        // Busy on purpose: the watchdog test needs a worker that does not answer.
      }
      return { spun: request.ms };
    }
    default:
      // Long jobs, gloss and signing run in batch-worker.ts.
      throw new Error(`the kernel worker does not run ${request.op}`);
  }
}

function drain(): void {
  draining = false;
  while (queue.length > 0) {
    const envelope = queue.shift()!;
    if (queue.some((later) => later.channel === envelope.channel)) {
      reply({ id: envelope.id, status: 'superseded' });
      continue;
    }
    try {
      reply(doneReply(sent, envelope, run(envelope)));
    } catch (e) {
      const detail = e instanceof Error ? e.message : String(e);
      reply({
        id: envelope.id,
        status: 'failed',
        message: bilingual(workerStrings, (t) => t.kernelError, { detail }),
      });
    }
    // Let messages that arrived meanwhile join the queue before the next request runs.
    if (queue.length > 0) {
      schedule();
      return;
    }
  }
}

function schedule(): void {
  if (draining) return;
  draining = true;
  setTimeout(drain, 0);
}

self.onmessage = (event: MessageEvent<Envelope>) => {
  const envelope = event.data;
  if (envelope.textSync) {
    // Applied in arrival order, before queueing: a request dropped as superseded still moves the
    // copy to its version, which the next edit is of.
    const request = envelope.request as { text: string };
    const text = texts.receive(envelope.channel, request.text, envelope.textSync);
    if (text === null) {
      reply({ id: envelope.id, status: 'resync' });
      return;
    }
    queue.push({ ...envelope, request: { ...envelope.request, text } as Envelope['request'] });
  } else queue.push(envelope);
  schedule();
};
