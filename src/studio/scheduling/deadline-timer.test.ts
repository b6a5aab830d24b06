import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DeadlineTimer } from './deadline-timer';
import { manualTiming } from './test-support';

type Step =
  | { kind: 'after'; ms: number }
  | { kind: 'at'; offset: number }
  | { kind: 'cancel' }
  | { kind: 'advance'; ms: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('after' as const), ms: fc.integer({ min: 0, max: 200 }) }),
  fc.record({ kind: fc.constant('at' as const), offset: fc.integer({ min: -50, max: 200 }) }),
  fc.record({ kind: fc.constant('cancel' as const) }),
  fc.record({ kind: fc.constant('advance' as const), ms: fc.integer({ min: 0, max: 120 }) }),
);

describe('DeadlineTimer', () => {
  it('runs the callback exactly when a timer re-armed on every call would (any calls, any clock)', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        const clock = manualTiming();
        const fired: number[] = [];
        const timer = new DeadlineTimer(() => fired.push(clock.now()), clock.timing);
        // The reference: the plain debounce, clearTimeout + setTimeout on every call.
        const expected: number[] = [];
        let due: number | null = null;
        const settle = (until: number) => {
          if (due !== null && due <= until) {
            expected.push(due);
            due = null;
          }
        };
        for (const s of steps) {
          if (s.kind === 'advance') {
            settle(clock.now() + s.ms);
            clock.advance(s.ms);
          } else if (s.kind === 'cancel') {
            due = null;
            timer.cancel();
          } else {
            // A time already past runs at once, on the next turn of the clock.
            if (s.kind === 'after') {
              due = clock.now() + s.ms;
              timer.after(s.ms);
            } else {
              due = Math.max(clock.now() + s.offset, clock.now());
              timer.at(clock.now() + s.offset);
            }
          }
          expect(timer.pending).toBe(due !== null);
        }
        settle(clock.now() + 1_000);
        clock.advance(1_000);
        expect(fired).toEqual(expected);
        expect(clock.armed()).toBe(0);
      }),
    );
  });

  it('makes no timer call when the time only moves later (a keystroke pushing a debounce back)', () => {
    const clock = manualTiming();
    let runs = 0;
    const timer = new DeadlineTimer(() => runs++, clock.timing);
    timer.after(90);
    expect(clock.calls()).toBe(1);
    for (let i = 0; i < 20; i++) {
      clock.advance(30);
      timer.after(90);
    }
    // 20 pushes over 600 ms: the one timer fired and armed itself again for the rest, a timer
    // call every two or three pushes (a clearTimeout and a setTimeout per push would be 41).
    expect(runs).toBe(0);
    expect(clock.calls()).toBeLessThanOrEqual(10);
    clock.advance(89);
    expect(runs).toBe(0);
    clock.advance(1);
    expect(runs).toBe(1);
  });

  it('re-arms at once for an earlier time, and cancel stops it', () => {
    const clock = manualTiming();
    let runs = 0;
    const timer = new DeadlineTimer(() => runs++, clock.timing);
    timer.after(1_000);
    timer.after(10);
    clock.advance(10);
    expect(runs).toBe(1);
    timer.after(10);
    timer.cancel();
    clock.advance(100);
    expect(runs).toBe(1);
    expect(timer.pending).toBe(false);
  });
});
