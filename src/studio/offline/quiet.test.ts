import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { holdYamlWorker, releaseYamlWorker } from '../editor/yaml-gate';
import type { StudioStore } from '../store';
import { INPUT_EVENTS, whenStudioQuiet } from './quiet';

/** A store with only what quiet.ts reads: the kernel's status and change notifications. */
function fakeStore() {
  let state = { kernelStatus: 'starting' };
  const listeners = new Set<() => void>();
  const store = {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const set = (next: { kernelStatus: string }) => {
    state = next;
    for (const listener of listeners) listener();
  };
  return { store: store as unknown as StudioStore, set, listeners };
}

describe('whenStudioQuiet', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    releaseYamlWorker('inmemory://erdl/big.erdl.yaml');
    vi.useRealTimers();
  });

  it('waits for the kernel, then for a second without changes or first markers due', async () => {
    const { store, set, listeners } = fakeStore();
    let quiet = false;
    void whenStudioQuiet(store, 1_000, 10_000).then(() => {
      quiet = true;
    });
    await vi.advanceTimersByTimeAsync(1_500);
    expect(quiet).toBe(false); // the kernel is still starting
    set({ kernelStatus: 'ready' });
    await vi.advanceTimersByTimeAsync(900);
    set({ kernelStatus: 'ready' }); // a change (an analysis arriving) starts the second again
    await vi.advanceTimersByTimeAsync(900);
    expect(quiet).toBe(false);
    holdYamlWorker('inmemory://erdl/big.erdl.yaml'); // a document opened: its first markers due
    await vi.advanceTimersByTimeAsync(2_000);
    expect(quiet).toBe(false);
    releaseYamlWorker('inmemory://erdl/big.erdl.yaml');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(quiet).toBe(true);
    expect(listeners.size).toBe(0);
  });

  it('resolves after the longest wait however busy the studio stays', async () => {
    const { store, set } = fakeStore();
    let quiet = false;
    void whenStudioQuiet(store, 1_000, 10_000).then(() => {
      quiet = true;
    });
    for (let t = 0; t < 9_500; t += 500) {
      set({ kernelStatus: 'ready' });
      await vi.advanceTimersByTimeAsync(500);
    }
    expect(quiet).toBe(false);
    set({ kernelStatus: 'ready' });
    await vi.advanceTimersByTimeAsync(500);
    expect(quiet).toBe(true);
  });

  it('by default waits out 20 s of continuous typing and a reading pause of a second, and starts in its first pause of two', async () => {
    const { store, set } = fakeStore();
    set({ kernelStatus: 'ready' });
    let quiet = false;
    void whenStudioQuiet(store).then(() => {
      quiet = true;
    });
    for (let t = 0; t < 20_000; t += 100) {
      set({ kernelStatus: 'ready' }); // a keystroke's text, then its analysis
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(quiet).toBe(false);
    await vi.advanceTimersByTimeAsync(1_500); // a pause of 1.5 s (reading), then the next edit
    expect(quiet).toBe(false);
    set({ kernelStatus: 'ready' });
    await vi.advanceTimersByTimeAsync(1_999);
    expect(quiet).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(quiet).toBe(true);
  });

  /**
   * A ready studio and a page (an EventTarget that counts the listeners on it) with
   * `whenStudioQuiet` waiting on both: 1 s of quiet, 60 s at most.
   */
  function waitingOnPage() {
    const { store, set } = fakeStore();
    set({ kernelStatus: 'ready' });
    let listening = 0;
    const page = new (class extends EventTarget {
      override addEventListener(...args: Parameters<EventTarget['addEventListener']>) {
        listening++;
        super.addEventListener(...args);
      }
      override removeEventListener(...args: Parameters<EventTarget['removeEventListener']>) {
        listening--;
        super.removeEventListener(...args);
      }
    })();
    const state = { quiet: false };
    void whenStudioQuiet(store, 1_000, 60_000, page).then(() => {
      state.quiet = true;
    });
    return { set, page, state, listening: () => listening };
  }

  it("counts the user's clicks, keys and scrolls as activity though the store does not change", async () => {
    const { page, state, listening } = waitingOnPage();
    expect(listening()).toBe(INPUT_EVENTS.length);
    // An analyst clicks a grid cell, types into its editor, scrolls: all local to the grid.
    for (let t = 0; t < 6_000; t += 300) {
      page.dispatchEvent(new Event(INPUT_EVENTS[(t / 300) % INPUT_EVENTS.length]!));
      await vi.advanceTimersByTimeAsync(300);
    }
    expect(state.quiet).toBe(false);
    // A mouse that only moves is not activity.
    page.dispatchEvent(new Event('pointermove'));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(state.quiet).toBe(true);
    // Done: the listeners are gone, and so are the timers.
    expect(listening()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('an event costs no timer: one timer looks at when the last one came', async () => {
    const { set, page, state } = waitingOnPage();
    const setTimer = vi.spyOn(globalThis, 'setTimeout');
    const clearTimer = vi.spyOn(globalThis, 'clearTimeout');
    for (let i = 0; i < 100; i++) {
      set({ kernelStatus: 'ready' });
      page.dispatchEvent(new Event('keydown'));
    }
    expect(setTimer).not.toHaveBeenCalled();
    expect(clearTimer).not.toHaveBeenCalled();
    setTimer.mockRestore();
    clearTimer.mockRestore();
    await vi.advanceTimersByTimeAsync(999);
    expect(state.quiet).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(state.quiet).toBe(true);
  });
});
