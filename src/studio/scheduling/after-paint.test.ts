import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from './after-paint';

describe('afterNextPaint', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  /** Animation frames the test runs itself. */
  const stubFrames = () => {
    const frames = new Map<number, FrameRequestCallback>();
    let next = 0;
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      frames.set(++next, callback);
      return next;
    });
    vi.stubGlobal('cancelAnimationFrame', (id: number) => frames.delete(id));
    return {
      run: () => {
        for (const [id, callback] of [...frames]) {
          frames.delete(id);
          callback(0);
        }
      },
      pending: () => frames.size,
    };
  };
  const FALLBACK = 200;
  /** Resolves after every timer due within `ms` has run (Node runs timers in deadline order). */
  const past = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('runs after the frame’s callbacks, once, as a task; the fallback timer then does nothing', async () => {
    const frames = stubFrames();
    let runs = 0;
    afterNextPaint(() => runs++, FALLBACK);
    await past(20);
    expect(runs).toBe(0);
    frames.run();
    expect(runs).toBe(0); // not inside the frame callback: a task after it
    await vi.waitFor(() => expect(runs).toBe(1));
    await past(FALLBACK + 50);
    expect(runs).toBe(1);
  });

  it('a page that renders no frame still runs it, once, by the fallback timer', async () => {
    const frames = stubFrames();
    let runs = 0;
    afterNextPaint(() => runs++, FALLBACK);
    await past(FALLBACK + 50);
    expect(runs).toBe(1);
    expect(frames.pending()).toBe(0); // the frame request was withdrawn
    frames.run();
    await past(20);
    expect(runs).toBe(1);
  });

  it('cancel stops both the frame and the fallback', async () => {
    const frames = stubFrames();
    let runs = 0;
    const scheduled = afterNextPaint(() => runs++, FALLBACK);
    scheduled.cancel();
    frames.run();
    await past(FALLBACK + 50);
    expect(runs).toBe(0);
    scheduled.cancel(); // a second cancel is harmless
  });
});
