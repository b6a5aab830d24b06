// within / rate state (§5.2 stateful operators, I-35): the truth table, the sliding window, the
// JSON state and its validation.
import { describe, expect, it } from 'vitest';
import { compileDocument } from '../compile';
import { EvaluationError } from './errors';
import { Evaluator } from './evaluate';
import { EMPTY_STATE, parseTemporalState, type TemporalState, TemporalWork } from './temporal';

const T0 = Date.UTC(2026, 8, 3, 10, 0, 0);
const MIN = 60_000;
const HOUR = 60 * MIN;

/** Runs `hit` once per evaluation (a fresh working set), threading the state like the engine. */
function sequence(limit: number, windowMs: number, offsets: number[], start = EMPTY_STATE) {
  let state: TemporalState = start;
  const out: boolean[] = [];
  for (const dt of offsets) {
    const work = new TemporalWork(state);
    out.push(work.hit('k', limit, windowMs, T0 + dt));
    state = work.result();
  }
  return { out, state };
}

describe('truth table (§5.2)', () => {
  it('rate N: the first N events are recorded and false, from the N+1-th on true', () => {
    const { out, state } = sequence(
      3,
      HOUR,
      [0, 1, 2, 3, 4].map((i) => i * MIN),
    );
    expect(out).toEqual([false, false, false, true, true]);
    // at or over the limit nothing more is recorded
    expect(state.windows.k).toHaveLength(3);
  });

  it('within (limit 1): the first event is false, a second inside the window is true', () => {
    expect(sequence(1, 10 * MIN, [0, 5 * MIN]).out).toEqual([false, true]);
  });

  it('counts events in (as_of − window, as_of]: one exactly a window old no longer counts', () => {
    expect(sequence(1, 10 * MIN, [0, 10 * MIN - 1]).out).toEqual([false, true]);
    expect(sequence(1, 10 * MIN, [0, 10 * MIN]).out).toEqual([false, false]);
  });

  it('slides: old events drop out of the state', () => {
    const { out, state } = sequence(2, HOUR, [0, 30 * MIN, HOUR + 1000, HOUR + 10 * MIN]);
    expect(out).toEqual([false, false, false, true]);
    expect(state.windows.k).toEqual(['2026-09-03T10:30:00.000Z', '2026-09-03T11:00:01.000Z']);
  });

  it('counts an event at the same instant as an earlier one', () => {
    expect(sequence(1, MIN, [0, 0]).out).toEqual([false, true]);
  });

  it('ignores events later than as_of (a replay) without dropping them', () => {
    const future: TemporalState = { version: 1, windows: { k: ['2026-09-03T12:00:00.000Z'] } };
    const { out, state } = sequence(1, HOUR, [0], future);
    expect(out).toEqual([false]);
    expect(state.windows.k).toEqual(['2026-09-03T10:00:00.000Z', '2026-09-03T12:00:00.000Z']);
  });

  it('sorts an unsorted input state before sliding', () => {
    const unsorted: TemporalState = {
      version: 1,
      windows: { k: ['2026-09-03T09:50:00.000Z', '2026-09-03T08:00:00.000Z'] },
    };
    const { out, state } = sequence(2, HOUR, [0], unsorted);
    expect(out).toEqual([false]);
    expect(state.windows.k).toEqual(['2026-09-03T09:50:00.000Z', '2026-09-03T10:00:00.000Z']);
  });

  it('gives one key one answer per evaluation and records the event once (I-35)', () => {
    const work = new TemporalWork(EMPTY_STATE);
    expect(work.hit('k', 1, HOUR, T0)).toBe(false);
    expect(work.hit('k', 1, HOUR, T0)).toBe(false);
    expect(work.result().windows.k).toEqual(['2026-09-03T10:00:00.000Z']);
  });

  it('keeps keys apart', () => {
    const work = new TemporalWork(EMPTY_STATE);
    expect(work.hit('a', 1, HOUR, T0)).toBe(false);
    expect(work.hit('b', 1, HOUR, T0)).toBe(false);
    expect(Object.keys(work.result().windows)).toEqual(['a', 'b']);
  });

  it('returns untouched keys as given and drops keys left empty', () => {
    const input: TemporalState = {
      version: 1,
      windows: { other: ['2026-09-03T09:00:00.000Z'], k: ['2026-09-03T08:00:00.000Z'] },
    };
    const work = new TemporalWork(input);
    work.hit('k', 5, MIN, T0); // the 08:00 event slides out; this one is recorded
    expect(work.result().windows).toEqual({
      k: ['2026-09-03T10:00:00.000Z'],
      other: ['2026-09-03T09:00:00.000Z'],
    });
  });

  it('cannot count with an invalid input state: hit throws state_invalid', () => {
    const work = new TemporalWork(null);
    let thrown: unknown;
    try {
      work.hit('k', 1, HOUR, T0);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(EvaluationError);
    expect((thrown as EvaluationError).code).toBe('state_invalid');
  });
});

describe('parseTemporalState', () => {
  it('accepts the empty and a filled state', () => {
    expect(parseTemporalState({ version: 1, windows: {} })).toEqual(EMPTY_STATE);
    const s = { version: 1, windows: { k: ['2026-09-03T10:00:00Z'] } };
    expect(parseTemporalState(s)).toEqual(s);
  });

  it.each<[unknown, string]>([
    [null, 'temporal_state must be an object {version: 1, windows: {…}}'],
    [[], 'temporal_state must be an object {version: 1, windows: {…}}'],
    ['{}', 'temporal_state must be an object {version: 1, windows: {…}}'],
    [{ windows: {} }, 'temporal_state.version must be 1'],
    [{ version: 2, windows: {} }, 'temporal_state.version must be 1'],
    [{ version: '1', windows: {} }, 'temporal_state.version must be 1'],
    [{ version: 1 }, 'temporal_state.windows must be an object'],
    [{ version: 1, windows: [] }, 'temporal_state.windows must be an object'],
    [
      { version: 1, windows: { k: '2026-09-03' } },
      'temporal_state.windows["k"] must be a list of ISO 8601 instants',
    ],
    [
      { version: 1, windows: { k: [1] } },
      'temporal_state.windows["k"] must be a list of ISO 8601 instants',
    ],
    [
      { version: 1, windows: { k: ['2026-02-30'] } },
      'temporal_state.windows["k"] must be a list of ISO 8601 instants',
    ],
  ])('rejects %j', (input, message) => {
    expect(parseTemporalState(input)).toBe(message);
  });
});

describe('through the evaluator', () => {
  const text = [
    'protocol: "erdl/v2"',
    'version: "2.1.0"',
    'metadata:',
    '  name: "t"',
    '  decision: ALLOW',
    'rules:',
    '  - name: "TMP-001-rate"',
    '    description: "rate"',
    '    priority: 1',
    '    when:',
    '      logic: AND',
    '      conditions:',
    '        - {field: "tool.name", operator: eq, value: "refund", rate: "2/1h"}',
    '    then: REQUEST_HUMAN',
    '    message: "too many refunds"',
    '',
  ].join('\n');
  const evaluator = new Evaluator(compileDocument(text).document!);
  const refund = { tool: { name: 'refund' } };

  it('threads the returned state into the next evaluation', () => {
    let state: TemporalState | undefined;
    const decisions: string[] = [];
    for (const minute of [0, 10, 20]) {
      const r = evaluator.evaluate(refund, {
        as_of: new Date(T0 + minute * MIN).toISOString(),
        ...(state ? { temporal_state: state } : {}),
      });
      decisions.push(r.decision);
      state = r.temporal_state;
    }
    expect(decisions).toEqual(['ALLOW', 'ALLOW', 'REQUEST_HUMAN']);
  });

  it('never changes the caller’s state object (E1: state in, new state out)', () => {
    const input: TemporalState = { version: 1, windows: {} };
    const frozen = JSON.stringify(input);
    const r = evaluator.evaluate(refund, { as_of: '2026-09-03T10:00:00Z', temporal_state: input });
    expect(JSON.stringify(input)).toBe(frozen);
    expect(Object.values(r.temporal_state!.windows)).toEqual([['2026-09-03T10:00:00.000Z']]);
  });

  it('reports a malformed state and fails the window per E12 instead of resetting it', () => {
    const r = evaluator.evaluate(refund, {
      as_of: '2026-09-03T10:00:00Z',
      temporal_state: { version: 1, windows: { k: 'nope' } } as unknown as TemporalState,
    });
    expect(r.eval_warnings.map((w) => w.code)).toEqual([
      'state_invalid',
      'state_invalid',
      'error_fail_closed',
    ]);
    expect(r.decision).toBe('REQUEST_HUMAN');
    expect(r.temporal_state).toBeUndefined();
  });

  it('cannot count without a valid as_of: invalid_date, folded per E12', () => {
    const r = evaluator.evaluate(refund, { as_of: '2026-02-30T10:00:00Z' });
    expect(r.eval_warnings.map((w) => w.code)).toEqual([
      'invalid_date',
      'invalid_date',
      'error_fail_closed',
    ]);
    expect(r.temporal_state).toBeUndefined();
  });
});
