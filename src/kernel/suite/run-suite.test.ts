import { describe, expect, it } from 'vitest';
import { compileDocument } from '../compile';
import type { CompiledDocument } from '../document/compiled';
import { Evaluator } from '../eval/evaluate';
import { EMPTY_STATE, type TemporalState } from '../eval/temporal';
import { parseSuite } from './parse-suite';
import { runSuite, SuiteRun } from './run-suite';
import type { Suite } from './types';
import { temporalKey, windowsOf } from './windows';

function compile(text: string): CompiledDocument {
  const r = compileDocument(text);
  if (!r.document) throw new Error(r.diagnostics.map((d) => d.message.en).join('\n'));
  return r.document;
}

function suite(text: string): Suite {
  const r = parseSuite(text);
  if (!r.suite) throw new Error(r.diagnostics.map((d) => d.message.en).join('\n'));
  return r.suite;
}

const HEADER = `protocol: "erdl/v2"
version: "2.1.0"
metadata:
  name: "t"
  decision: ALLOW
rules:
`;

// Three rings of interest: a DENY with an unless, a NOTIFY, a disabled rule and one no case reaches.
const GUARD = compile(`${HEADER}  - name: "FIN-001-deny-big"
    description: "big payments are blocked"
    priority: 1
    when:
      logic: AND
      conditions:
        - { field: "tool.name", operator: eq, value: "pay" }
        - { field: "tool.args.amount", operator: gt, value: 1000 }
    then: DENY
    message: "too big"
    unless:
      logic: AND
      conditions:
        - { field: "context.vip", operator: eq, value: true }
  - name: "FIN-002-notify-pay"
    description: "payments are reported"
    priority: 2
    ring: 1
    when:
      logic: AND
      conditions:
        - { field: "tool.name", operator: eq, value: "pay" }
    then: NOTIFY
  - name: "FIN-003-off"
    description: "switched off"
    priority: 3
    enabled: false
    when:
      logic: AND
      conditions:
        - { field: "tool.name", operator: eq, value: "pay" }
    then: ESCALATE
    message: "off"
  - name: "FIN-004-never"
    description: "nothing reaches this"
    priority: 4
    when:
      logic: AND
      conditions:
        - { field: "tool.name", operator: eq, value: "nothing-calls-this" }
    then: REQUEST_HUMAN
    message: "never"
`);

const GUARD_SUITE = suite(`suite: guard
cases:
  - name: big
    fact: { tool: { name: pay, args: { amount: 5000 } } }
    expect: { decision: DENY, matched_rules: [FIN-002-notify-pay, FIN-001-deny-big] }
  - name: big but vip
    fact: { tool: { name: pay, args: { amount: 5000 } }, context: { vip: true } }
    expect: { decision: NOTIFY }
  - name: wrong decision
    fact: { tool: { name: pay, args: { amount: 10 } } }
    expect: { decision: ALLOW, matched_rules: [FIN-001-deny-big, NO-SUCH-RULE] }
  - name: unchecked
    fact: { tool: { name: read } }
`);

describe('runSuite: cases', () => {
  const result = runSuite(GUARD, GUARD_SUITE);

  it('passes, fails with reasons, and leaves cases without expectations unchecked', () => {
    expect(result.cases.map((c) => [c.name, c.status, c.decision])).toEqual([
      ['big', 'pass', 'DENY'],
      ['big but vip', 'pass', 'NOTIFY'],
      ['wrong decision', 'fail', 'NOTIFY'],
      ['unchecked', 'unchecked', 'ALLOW'],
    ]);
    expect(result.cases[2]?.mismatches.map((m) => m.en)).toEqual([
      'decision: expected ALLOW, got NOTIFY',
      'matched_rules: expected but not matched: FIN-001-deny-big',
      'matched_rules: not a rule of this document: NO-SUCH-RULE',
      'matched_rules: matched but not expected: FIN-002-notify-pay',
    ]);
    expect(result.cases[2]?.mismatches[0]?.zh).toBe('决策：预期 ALLOW，实际 NOTIFY');
    expect(result.totals).toEqual({ evaluations: 4, passed: 2, failed: 1, unchecked: 1 });
    expect(result.complete).toBe(true);
    expect(result.suite).toBe('guard');
    expect(result.ruleset_hash).toBe(GUARD.hash);
  });

  it('gives exactly what the evaluator gives for each fact (the browser shows the same)', () => {
    const evaluator = new Evaluator(GUARD);
    GUARD_SUITE.cases.forEach((c, i) => {
      const direct = evaluator.evaluate(c.fact, { as_of: '1970-01-01T00:00:00.000Z' });
      expect(result.cases[i]?.decision).toBe(direct.decision);
      expect(result.cases[i]?.matched_rules).toEqual(direct.matched_rules);
      expect(result.cases[i]?.unless_exemptions).toEqual(direct.unless_exemptions);
      expect(result.cases[i]?.deciding_rule).toBe(direct.deciding_rule);
    });
  });

  it('counts hits per rule, lists enabled rules no case matched, and the decision distribution', () => {
    expect(result.rules).toEqual([
      {
        rule: 'FIN-001-deny-big',
        enabled: true,
        then: 'DENY',
        matched: 1,
        decided: 1,
        exempted: 1,
      },
      {
        rule: 'FIN-002-notify-pay',
        enabled: true,
        then: 'NOTIFY',
        matched: 3,
        decided: 2,
        exempted: 0,
      },
      {
        rule: 'FIN-003-off',
        enabled: false,
        then: 'ESCALATE',
        matched: 0,
        decided: 0,
        exempted: 0,
      },
      {
        rule: 'FIN-004-never',
        enabled: true,
        then: 'REQUEST_HUMAN',
        matched: 0,
        decided: 0,
        exempted: 0,
      },
    ]);
    expect(result.uncovered).toEqual(['FIN-004-never']);
    expect(result.distribution).toEqual([
      { decision: 'ALLOW', count: 1 },
      { decision: 'DENY', count: 1 },
      { decision: 'NOTIFY', count: 2 },
    ]);
  });

  it('a case runs at its own as_of, else the suite’s, else 1970-01-01T00:00:00.000Z', () => {
    const s = suite(`as_of: "2026-01-01T00:00:00Z"
cases:
  - { name: a, fact: {} }
  - { name: b, fact: {}, as_of: "2027-01-01T00:00:00Z" }
`);
    expect(runSuite(GUARD, s).cases.map((c) => c.as_of)).toEqual([
      '2026-01-01T00:00:00Z',
      '2027-01-01T00:00:00Z',
    ]);
    const bare = suite('cases:\n  - { name: a, fact: {} }\n');
    expect(runSuite(GUARD, bare).cases[0]?.as_of).toBe('1970-01-01T00:00:00.000Z');
  });

  it('runs in steps with progress; a cancelled run keeps its results so far', () => {
    const run = new SuiteRun(GUARD, GUARD_SUITE);
    expect(run.total).toBe(4);
    expect(run.next).toEqual({ kind: 'case', name: 'big', index: 0 });
    expect(run.step(3)).toBe(false);
    expect(run.done).toBe(3);
    expect(run.next).toEqual({ kind: 'case', name: 'unchecked', index: 3 });
    const partial = run.result();
    expect(partial.complete).toBe(false);
    expect(partial.cases).toHaveLength(3);
    expect(partial.totals.evaluations).toBe(3);
    expect(run.step(3)).toBe(true);
    expect(run.next).toBeNull();
    expect(run.result()).toEqual(result);
  });
});

const RATE = compile(`${HEADER}  - name: "FIN-010-rate"
    description: "more than two refunds an hour"
    priority: 1
    when:
      logic: AND
      conditions:
        - { field: "tool.name", operator: eq, value: "refund", rate: "2/1h" }
    then: REQUEST_HUMAN
    message: "too many"
  - name: "SEC-011-within"
    description: "a second login within 10 minutes"
    priority: 2
    ring: 1
    when:
      logic: AND
      conditions:
        - { field: "tool.name", operator: eq, value: "login", within: "10m" }
    then: NOTIFY
`);

const RATE_SUITE = suite(`sequences:
  - name: refunds
    events:
      - { as_of: "2026-01-01T09:00:00Z", fact: { tool: { name: refund } }, expect: { decision: ALLOW } }
      - { as_of: "2026-01-01T09:10:00Z", fact: { tool: { name: login } }, expect: { decision: ALLOW } }
      - { as_of: "2026-01-01T09:15:00Z", fact: { tool: { name: login } }, expect: { decision: NOTIFY } }
      - { as_of: "2026-01-01T09:30:00Z", fact: { tool: { name: refund } }, expect: { decision: ALLOW } }
      - { as_of: "2026-01-01T09:45:00Z", fact: { tool: { name: refund } }, expect: { decision: REQUEST_HUMAN } }
      - { as_of: "2026-01-01T10:00:00Z", fact: { tool: { name: refund } }, expect: { decision: ALLOW } }
      - { as_of: "2026-01-01T10:00:01Z", fact: { tool: { name: refund } }, expect: { decision: REQUEST_HUMAN } }
  - name: fresh start
    events:
      - { as_of: "2026-01-01T09:50:00Z", fact: { tool: { name: refund } }, expect: { decision: ALLOW } }
`);

describe('runSuite: sequences (within/rate replay)', () => {
  const result = runSuite(RATE, RATE_SUITE);
  const events = result.sequences[0]?.events ?? [];
  const rate = (i: number) => events[i]?.windows.find((w) => w.kind === 'rate');
  const within = (i: number) => events[i]?.windows.find((w) => w.kind === 'within');

  it('the third refund inside an hour is stopped, and the window slides', () => {
    expect(events.map((e) => [e.decision, e.status])).toEqual([
      ['ALLOW', 'pass'],
      ['ALLOW', 'pass'],
      ['NOTIFY', 'pass'],
      ['ALLOW', 'pass'],
      ['REQUEST_HUMAN', 'pass'],
      // 10:00:00 — the 09:00 refund is exactly one hour old: it left the window (as_of − 1h, as_of].
      ['ALLOW', 'pass'],
      ['REQUEST_HUMAN', 'pass'],
    ]);
    expect(result.sequences.map((s) => s.status)).toEqual(['pass', 'pass']);
    expect(events.map((e) => e.name)).toEqual(
      Array.from({ length: 7 }, (_, i) => `refunds #${i + 1}`),
    );
  });

  it('each event shows the window counts against the limit, whether it was counted and held', () => {
    expect(
      [0, 1, 3, 4, 5, 6].map((i) => [rate(i)?.count, rate(i)?.counted, rate(i)?.at_limit]),
    ).toEqual([
      [1, true, false],
      [1, false, false],
      [2, true, false],
      [2, false, true],
      [2, true, false],
      [2, false, true],
    ]);
    expect(rate(0)).toMatchObject({
      kind: 'rate',
      limit: 2,
      window: '1h',
      rules: ['FIN-010-rate'],
    });
    expect([1, 2].map((i) => [within(i)?.count, within(i)?.counted, within(i)?.at_limit])).toEqual([
      [1, true, false],
      [1, false, true],
    ]);
    expect(within(1)).toMatchObject({ limit: 1, window: '10m', rules: ['SEC-011-within'] });
  });

  it('the state chain is the one `erdl eval --state` would carry from event to event', () => {
    const evaluator = new Evaluator(RATE);
    let state: TemporalState = EMPTY_STATE;
    for (const [i, e] of (RATE_SUITE.sequences[0]?.events ?? []).entries()) {
      const r = evaluator.evaluate(e.fact, { as_of: e.as_of, temporal_state: state });
      expect(events[i]?.decision).toBe(r.decision);
      state = r.temporal_state ?? EMPTY_STATE;
      expect(events[i]?.temporal_state).toEqual(state);
    }
    // A new sequence starts from an empty state.
    expect(result.sequences[1]?.events[0]?.windows.find((w) => w.kind === 'rate')?.count).toBe(1);
  });

  it('window keys are the evaluator’s temporal_state keys', () => {
    const keys = windowsOf(RATE).map((w) => w.key);
    const stateKeys = Object.keys(events[2]?.temporal_state.windows ?? {});
    expect(stateKeys.sort()).toEqual([...keys].sort());
    for (const rule of RATE.rules) {
      const node = rule.when.node === 'and' ? rule.when.args[0] : rule.when;
      if (node && (node.node === 'rate' || node.node === 'within'))
        expect(keys).toContain(temporalKey(node));
    }
  });

  it('a sequence starting from a given temporal_state continues its counts', () => {
    const s = suite(`sequences:
  - name: continued
    temporal_state:
      version: 1
      windows:
        ${JSON.stringify(windowsOf(RATE).find((w) => w.kind === 'rate')?.key)}: ["2026-01-01T09:00:00Z", "2026-01-01T09:05:00Z"]
    events:
      - { as_of: "2026-01-01T09:20:00Z", fact: { tool: { name: refund } }, expect: { decision: REQUEST_HUMAN } }
`);
    const r = runSuite(RATE, s);
    expect(r.sequences[0]?.events[0]?.status).toBe('pass');
    expect(r.sequences[0]?.events[0]?.windows.find((w) => w.kind === 'rate')?.at_limit).toBe(true);
  });

  it('coverage and distribution count sequence events too', () => {
    expect(result.rules.map((r) => [r.rule, r.matched])).toEqual([
      ['FIN-010-rate', 2],
      ['SEC-011-within', 1],
    ]);
    expect(result.uncovered).toEqual([]);
    expect(result.totals).toEqual({ evaluations: 8, passed: 8, failed: 0, unchecked: 0 });
  });
});
