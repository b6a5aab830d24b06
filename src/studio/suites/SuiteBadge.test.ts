import { describe, expect, it } from 'vitest';
import { storeWithDocument } from '../store/test-support';
import { selectSuiteRunCurrent, suiteRunCurrent } from './SuiteBadge';

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
