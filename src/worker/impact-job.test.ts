import { describe, expect, it } from 'vitest';
import { AML, EDITED, runAll, SUITE } from './job-test-support';

describe('impactJob', () => {
  it('runs over the document’s suite', () => {
    const out = runAll({
      op: 'impact',
      oldText: AML,
      newText: EDITED,
      facts: SUITE,
      format: 'suite',
    });
    if (out.kind !== 'result') throw new Error(out.kind);
    expect(out.report.total).toBe(6);
    expect(out.report.transitions.map((t) => [t.from, t.to, t.count])).toEqual([
      ['REQUEST_HUMAN', 'DENY', 1],
    ]);
  });

  it('reads JSON Lines in chunks, reports progress and stops when asked with the matrix so far', () => {
    const line = JSON.stringify({ context: { amount: 6000, country: 'IR', channel: 'wire' } });
    const facts = Array.from({ length: 2000 }, () => line).join('\n');
    const whole = runAll({ op: 'impact', oldText: AML, newText: EDITED, facts, format: 'jsonl' });
    if (whole.kind !== 'result') throw new Error(whole.kind);
    expect(whole.report.changed).toBe(2000);
    expect(whole.cancelled).toBe(false);
    const stopped = runAll(
      { op: 'impact', oldText: AML, newText: EDITED, facts, format: 'jsonl' },
      2,
    );
    if (stopped.kind !== 'result') throw new Error(stopped.kind);
    expect(stopped.cancelled).toBe(true);
    expect(stopped.report.total).toBeLessThan(2000);
  });

  it('names the version that does not load', () => {
    const out = runAll({
      op: 'impact',
      oldText: AML,
      newText: 'rules: [',
      facts: SUITE,
      format: 'suite',
    });
    expect(out).toMatchObject({ kind: 'document-invalid', which: 'new' });
  });
});
