/**
 * "After the next paint": the one way the studio runs work once the browser has painted the frame
 * that shows the latest change (the editor's held mirror updates, its markers while typing, the
 * release of the YAML worker after markers are shown).
 *
 * A message posted from an animation-frame callback is delivered as a task after that frame's
 * paint (a MessageChannel task, not a timer, so no 4-ms clamp). A page that paints no frames — a
 * hidden tab — would never run it, so a fallback timer runs it instead; each caller chooses how
 * long it may wait. Whichever comes first runs `run`, once; `cancel` stops both.
 */
export interface AfterPaint {
  readonly cancel: () => void;
}

export type Schedule = (run: () => void) => void;

export function afterNextPaint(run: () => void, fallbackMs: number): AfterPaint {
  let done = false;
  let frame: number | null = null;
  const channel = new MessageChannel();
  const finish = () => {
    done = true;
    clearTimeout(fallback);
    if (frame !== null) cancelAnimationFrame(frame);
    channel.port1.onmessage = null;
    channel.port1.close();
  };
  const once = () => {
    if (done) return;
    finish();
    run();
  };
  const fallback = setTimeout(once, fallbackMs);
  channel.port1.onmessage = once;
  frame = requestAnimationFrame(() => {
    frame = null;
    if (!done) channel.port2.postMessage(null);
  });
  return {
    cancel: () => {
      if (!done) finish();
    },
  };
}
