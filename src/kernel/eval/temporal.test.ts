// within / rate state (§5.2 stateful operators, I-35): the truth table, the sliding window, one
// event log for two windows on one condition (§5.2 ②), the JSON state, its validation and the
// migration of states written before ruling I-35 changed (the window was part of a within key).
import { describe, expect, it } from 'vitest';
import { compileDocument } from '../compile';
import { EvaluationError } from './errors';
import { Evaluator } from './evaluate';
import { EMPTY_STATE, parseTemporalState, type TemporalState, TemporalWork } from './temporal';

const T0 = Date.UTC(2026, 8, 3, 10, 0, 0);
/** A rule document's lines up to `rules:`. */
const HEAD = [
  'protocol: "erdl/v2"',
  'version: "2.1.0"',
  'metadata:',
  '  name: "t"',
  '  decision: ALLOW',
  'rules:',
];
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

describe('two windows on one condition share one event log (§5.2 ②)', () => {
  it('each window counts the shared log by its own width; the event is recorded once', () => {
    let state: TemporalState = EMPTY_STATE;
    const answers: [boolean, boolean][] = [];
    for (const dt of [0, 20 * MIN, 25 * MIN, 90 * MIN]) {
      const work = new TemporalWork(state, new Map([['k', HOUR]]));
      answers.push([work.hit('k', 1, 10 * MIN, T0 + dt), work.hit('k', 1, HOUR, T0 + dt)]);
      state = work.result();
    }
    // 10:00 first event: both false. 10:20: nothing in the last 10 minutes, 10:00 in the last
    // hour. 10:25: 10:20 in both. 11:30: 10:25 left the hour, nothing in the last 10 minutes.
    expect(answers).toEqual([
      [false, false],
      [false, true],
      [true, true],
      [false, false],
    ]);
    expect(state.windows.k).toEqual(['2026-09-03T11:30:00.000Z']);
  });

  it('keeps events as long as the widest window of the document needs them', () => {
    const input: TemporalState = { version: 1, windows: { k: ['2026-09-03T10:00:00.000Z'] } };
    // Only the 10m window is reached in this evaluation; the document also has a 1h window on k.
    const work = new TemporalWork(input, new Map([['k', HOUR]]));
    expect(work.hit('k', 1, 10 * MIN, T0 + 30 * MIN)).toBe(false);
    expect(work.result().windows.k).toEqual([
      '2026-09-03T10:00:00.000Z',
      '2026-09-03T10:30:00.000Z',
    ]);
  });
});

describe('parseTemporalState', () => {
  it('accepts the empty and a filled state', () => {
    expect(parseTemporalState({ version: 1, windows: {} })).toEqual({
      ok: true,
      state: EMPTY_STATE,
      migrated: false,
    });
    const s = { version: 1, windows: { k: ['2026-09-03T10:00:00Z'] } };
    expect(parseTemporalState(s)).toEqual({ ok: true, state: s, migrated: false });
  });

  const notObject = [
    'temporal_state must be an object {version: 1, windows: {…}}',
    'temporal_state 必须是对象 {version: 1, windows: {…}}',
  ] as const;
  const badVersion = [
    'temporal_state.version must be 1',
    'temporal_state.version 必须为 1',
  ] as const;
  const badWindows = [
    'temporal_state.windows must be an object',
    'temporal_state.windows 必须是对象',
  ] as const;
  const badList = [
    'temporal_state.windows["k"] must be a list of ISO 8601 instants',
    'temporal_state.windows["k"] 必须是 ISO 8601 时刻列表',
  ] as const;
  it.each<[unknown, readonly [string, string]]>([
    [null, notObject],
    [[], notObject],
    ['{}', notObject],
    [{ windows: {} }, badVersion],
    [{ version: 2, windows: {} }, badVersion],
    [{ version: '1', windows: {} }, badVersion],
    [{ version: 1 }, badWindows],
    [{ version: 1, windows: [] }, badWindows],
    [{ version: 1, windows: { k: '2026-09-03' } }, badList],
    [{ version: 1, windows: { k: [1] } }, badList],
    [{ version: 1, windows: { k: ['2026-02-30'] } }, badList],
  ])('rejects %j in both languages', (input, [en, zh]) => {
    expect(parseTemporalState(input)).toEqual({ ok: false, message: { en, zh } });
  });
});

describe('states written before ruling I-35 changed (within keys with a window)', () => {
  const COND =
    '{"args":[{"node":"field","path":"tool.name"},{"node":"literal","type":"string","value":"send_email"}],"node":"eq"}';
  const OTHER = COND.replace('send_email', 'delete_file');
  const RATE = `rate 2/1h ${COND}`;
  const AT = ['2026-09-03T10:00:00.000Z'];

  it('migrates one window per condition exactly: the window leaves the key, other keys stay', () => {
    const r = parseTemporalState({
      version: 1,
      windows: { [`within 10m ${COND}`]: AT, [`within ${OTHER}`]: AT, [RATE]: AT, other: AT },
    });
    expect(r).toEqual({
      ok: true,
      migrated: true,
      state: {
        version: 1,
        windows: { [`within ${COND}`]: AT, [`within ${OTHER}`]: AT, [RATE]: AT, other: AT },
      },
    });
  });

  it('refuses two windows on one condition: two logs cannot be merged without losing events', () => {
    const r = parseTemporalState({
      version: 1,
      windows: { [`within 10m ${COND}`]: AT, [`within 1h ${COND}`]: AT },
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.message.en).toContain('separate event logs for within 10m and within 1h');
    expect(r.message.en).toContain('Start from an empty state');
    expect(r.message.zh).toContain('within 10m、within 1h 分别记录了事件');
    expect(r.message.zh).toContain('请从空状态开始');
    // The condition is named by the field it reads, not by its canonical JSON.
    expect(r.message.en).toContain('of one condition (it reads tool.name; these keys were written');
    expect(r.message.zh).toContain('（该条件读取 tool.name；这些键是裁定 I-35 修改前的写法）');
    expect(r.message.en).not.toContain('{"');
    expect(r.message.zh).not.toContain('{"');
  });

  it('names a condition that reads no field by its text, and refuses a deeply nested key without a crash', () => {
    const literal = '{"node":"literal","type":"boolean","value":true}';
    const r = parseTemporalState({
      version: 1,
      windows: { [`within 10m ${literal}`]: AT, [`within 1h ${literal}`]: AT },
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.message.en).toContain(`(the condition is "${literal}";`);
    expect(r.message.zh).toContain(`（该条件为“${literal}”；`);
    const deep = `${'{"a":'.repeat(100_000)}{"node":"field","path":"x"}${'}'.repeat(100_000)}`;
    const d = parseTemporalState({
      version: 1,
      windows: { [`within 10m ${deep}`]: AT, [`within 1h ${deep}`]: AT },
    });
    expect(d.ok).toBe(false);
  });

  it('refuses an old key next to the new key of the same condition (which log is current?)', () => {
    const r = parseTemporalState({
      version: 1,
      windows: { [`within 10m ${COND}`]: AT, [`within ${COND}`]: AT },
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.message.en).toContain('which log is current cannot be told');
    expect(r.message.zh).toContain('无法判断哪份记录有效');
  });

  it.each([
    `within 600s ${COND}`, // not a window the kernel wrote (it wrote "10m")
    'within 10m', // no condition
    'within soon {}', // not a window
  ])('refuses the key %j rather than guess', (key) => {
    const r = parseTemporalState({ version: 1, windows: { [key]: AT } });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    // Long keys are shown shortened (119 characters and "…").
    const shown = JSON.stringify(key.length > 120 ? `${key.slice(0, 119)}…` : key);
    expect(r.message).toEqual({
      en: `temporal_state.windows[${shown}] is not a within key ("within <condition>", or "within <window> <condition>" as written before ruling I-35 changed), so it cannot be read`,
      zh: `temporal_state.windows[${shown}] 不是 within 键（“within <条件>”，或裁定 I-35 修改前的写法“within <窗口> <条件>”），无法读取`,
    });
  });
});

describe('through the evaluator', () => {
  const text = [
    ...HEAD,
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

describe('two windows on one condition, through the evaluator', () => {
  const rule = (name: string, ring: number, window: string, then: string) => [
    `  - name: "${name}"`,
    `    description: "${name}"`,
    '    priority: 1',
    `    ring: ${ring}`,
    '    when:',
    '      logic: AND',
    '      conditions:',
    `        - {field: "tool.name", operator: eq, value: "send_email", within: "${window}"}`,
    `    then: ${then}`,
    '    message: "again"',
  ];
  const text = [
    ...HEAD,
    ...rule('TMP-001-ten-minutes', 0, '10m', 'DEFER'),
    ...rule('TMP-002-one-hour', 2, '1h', 'NOTIFY'),
    '',
  ].join('\n');
  const evaluator = new Evaluator(compileDocument(text).document!);
  const email = { tool: { name: 'send_email' } };
  const KEY =
    'within {"args":[{"node":"field","path":"tool.name"},{"node":"literal","type":"string","value":"send_email"}],"node":"eq"}';

  it('reads one key; each rule answers by its own window', () => {
    let state: TemporalState | undefined;
    const matched: (readonly string[])[] = [];
    for (const minute of [0, 20, 25]) {
      const r = evaluator.evaluate(email, {
        as_of: new Date(T0 + minute * MIN).toISOString(),
        ...(state ? { temporal_state: state } : {}),
      });
      matched.push(r.matched_rules);
      state = r.temporal_state;
      expect(Object.keys(state?.windows ?? {})).toEqual([KEY]);
    }
    expect(matched).toEqual([
      [],
      ['TMP-002-one-hour'],
      ['TMP-001-ten-minutes', 'TMP-002-one-hour'],
    ]);
    expect(state?.windows[KEY]).toEqual(['2026-09-03T10:00:00.000Z', '2026-09-03T10:20:00.000Z']);
  });

  it('migrates an old state with one of the windows, and reads it as the shared log', () => {
    const old = {
      version: 1,
      windows: { [KEY.replace('within ', 'within 1h ')]: ['2026-09-03T10:00:00.000Z'] },
    };
    const r = evaluator.evaluate(email, {
      as_of: '2026-09-03T10:20:00Z',
      temporal_state: old as unknown as TemporalState,
    });
    expect(r.eval_warnings).toEqual([]);
    expect(r.matched_rules).toEqual(['TMP-002-one-hour']);
    expect(r.temporal_state).toEqual({
      version: 1,
      windows: { [KEY]: ['2026-09-03T10:00:00.000Z', '2026-09-03T10:20:00.000Z'] },
    });
  });

  it('refuses an old state holding both windows: state_invalid in both languages, fail per E12', () => {
    const old = {
      version: 1,
      windows: {
        [KEY.replace('within ', 'within 10m ')]: ['2026-09-03T10:00:00.000Z'],
        [KEY.replace('within ', 'within 1h ')]: ['2026-09-03T10:00:00.000Z'],
      },
    };
    const r = evaluator.evaluate(email, {
      as_of: '2026-09-03T10:20:00Z',
      temporal_state: old as unknown as TemporalState,
    });
    const first = r.eval_warnings[0];
    expect(first?.code).toBe('state_invalid');
    expect(first?.message.en).toContain('within 10m and within 1h');
    expect(first?.message.zh).toContain('within 10m、within 1h');
    expect(r.temporal_state).toBeUndefined();
    expect(r.decision).toBe('DEFER'); // Simple rules are tier ≤ 2: blocking DEFER fails closed
  });
});
