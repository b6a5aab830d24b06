import { describe, expect, it } from 'vitest';
import { storeWithDocument } from '../store/test-support';
import type { SuiteOutcome, SuiteRunEntry } from '../store/types';
import { badgeState, selectSuiteRunCurrent, suiteRunCurrent } from './SuiteBadge';
import { suiteStrings } from './strings';

describe('selectSuiteRunCurrent', () => {
  it('holds only for a finished run of the text on screen', () => {
    const { store, id } = storeWithDocument({ text: 'v1' });
    const s = () => store.getState();
    expect(selectSuiteRunCurrent(s())).toBe(false); // never run
    const base = { source: 'suite' as const, progress: null, outcome: null };
    s().setSuiteRun(id, { ...base, text: 'v1', pending: true });
    expect(selectSuiteRunCurrent(s())).toBe(false); // on its way
    s().setSuiteRun(id, { ...base, text: 'v1', pending: false });
    expect(selectSuiteRunCurrent(s())).toBe(true);
    s().setText(id, 'v2', 'typing');
    expect(selectSuiteRunCurrent(s())).toBe(false); // edited since
    s().setCursor(id, { line: 1, column: 3 });
    expect(selectSuiteRunCurrent(s())).toBe(false);
    s().setSuiteRun(id, { ...base, text: 'v2', pending: false });
    expect(selectSuiteRunCurrent(s())).toBe(true);
  });

  it('an edit of the suite makes its outcome an earlier one until the suite runs again', () => {
    const { store, id } = storeWithDocument({ text: 'v1' });
    const s = () => store.getState();
    s().updateDocument(id, { suite: 'cases: a' });
    const base = { source: 'suite' as const, progress: null, outcome: null, text: 'v1' };
    s().setSuiteRun(id, { ...base, suite: 'cases: a', pending: false });
    expect(suiteRunCurrent(s(), id)).toBe(true);
    // The scenario sheet edits a case's value: the outcome is of the old suite text.
    s().updateDocument(id, { suite: 'cases: b' });
    expect(suiteRunCurrent(s(), id)).toBe(false);
    expect(selectSuiteRunCurrent(s())).toBe(false);
    s().setSuiteRun(id, { ...base, suite: 'cases: b', pending: false });
    expect(selectSuiteRunCurrent(s())).toBe(true);
  });
});

describe('badgeState', () => {
  const t = suiteStrings.en;
  const zh = suiteStrings.zh;
  const totals = (passed: number, failed: number, unchecked: number) =>
    ({
      kind: 'result',
      result: { totals: { passed, failed, unchecked, evaluations: passed + failed + unchecked } },
      problems: [],
      cancelled: false,
      elapsedMs: 1,
    }) as unknown as SuiteOutcome;
  const entry = (outcome: SuiteOutcome | null, pending = false): SuiteRunEntry => ({
    source: 'suite',
    pending,
    progress: null,
    outcome,
    text: 'v1',
  });

  it('names the rules when the rules have the error, the suite when the suite has it', () => {
    const rules = entry({ kind: 'document-invalid', errors: 1 });
    expect(badgeState(rules, true, t)).toEqual({
      tone: 'failing',
      text: 'Tests: the rules have an error',
    });
    expect(badgeState(rules, true, zh).text).toBe('测试：规则有错误');
    const suite = entry({ kind: 'suite-invalid', problems: [] });
    expect(badgeState(suite, true, t).text).toBe('Tests: the suite has errors');
  });

  it('a case that checks nothing is neither green nor counted as passing', () => {
    expect(badgeState(entry(totals(4, 0, 1)), true, t)).toEqual({
      tone: 'unchecked',
      text: 'Tests: 4 pass, 1 unchecked',
    });
    expect(badgeState(entry(totals(4, 0, 1)), true, zh).text).toBe('测试：4 个通过，1 个未检查');
    expect(badgeState(entry(totals(5, 0, 0)), true, t)).toEqual({
      tone: 'passing',
      text: 'Tests: 5/5 pass',
    });
    expect(badgeState(entry(totals(3, 1, 1)), true, t).tone).toBe('failing');
  });

  it('an outcome of an earlier text is neither green nor red', () => {
    expect(badgeState(entry(totals(5, 0, 0)), false, t).tone).toBe('outdated');
    expect(badgeState(entry(totals(5, 0, 0), true), false, t).tone).toBe('running');
    expect(badgeState(entry(null), false, t).tone).toBe('running');
  });
});
