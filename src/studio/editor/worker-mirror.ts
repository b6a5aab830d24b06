/**
 * Monaco keeps a copy of each document in every worker that has served it — its editor worker and
 * monaco-yaml's — edit by edit: every keystroke posts `$acceptModelChanged` to each, from inside
 * the keystroke's own task, so the browser paints the typed character only after those posts
 * (issue #17: 0.1–0.3 ms each on a 1,000-rule document, two per keystroke in the studio).
 *
 * `deferMirrorUpdates(worker)` holds those posts and sends them right after the next frame is
 * painted. Nothing can read a worker's copy in between: any other message to the same worker (a
 * completion, a schema check, a document opened or closed) first sends every held update, so the
 * worker receives exactly the messages it would have, in the same order — only the mirror updates
 * of the frame being painted arrive a moment later. A message that is not Monaco's mirror update,
 * or a protocol this file does not recognise, is sent at once, as before.
 */

import { afterNextPaint, type Schedule } from '../scheduling/after-paint';
import { isMirrorUpdate } from './monaco-internals';

type PostArguments = [
  message: unknown,
  transferOrOptions?: Transferable[] | StructuredSerializeOptions,
];

/** A worker's sending side (a `Worker`, or a stand-in in tests). */
export interface PostTarget {
  postMessage(...args: PostArguments): void;
}

/**
 * A page that renders no frames (hidden) has its held updates sent by a timer instead, so they
 * never wait longer than FALLBACK_MS. It is long enough that a frame slowed by a busy machine
 * still comes first; nothing waits for it meanwhile, since any request to the worker sends the
 * held updates before itself.
 */
export const FALLBACK_MS = 1000;

/** The default schedule: after the next paint (src/studio/scheduling/after-paint.ts). */
export const afterPaintOrFallback: Schedule = (flush) => {
  afterNextPaint(flush, FALLBACK_MS);
};

/** Makes `worker` hold Monaco's mirror updates until after the next paint (see above). */
export function deferMirrorUpdates<W extends PostTarget>(
  worker: W,
  schedule: Schedule = afterPaintOrFallback,
): W {
  const send = worker.postMessage.bind(worker) as (...args: PostArguments) => void;
  const held: PostArguments[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    // Taken out first, and each sent on its own: one send that throws neither resends nor drops
    // the others (its error surfaces as an uncaught one, as it did from Monaco's own call).
    for (const args of held.splice(0)) {
      try {
        send(...args);
      } catch (error) {
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  };
  worker.postMessage = (...args: PostArguments) => {
    if (isMirrorUpdate(args[0])) {
      held.push(args);
      if (!scheduled) {
        scheduled = true;
        schedule(flush);
      }
      return;
    }
    if (held.length > 0) flush();
    send(...args);
  };
  return worker;
}
