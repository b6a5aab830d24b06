import { describe, expect, it } from 'vitest';
import { compileDocument, parseSuite, runSuite } from '../kernel';
import quickStart from '../studio/examples/quick-start.erdl.yaml?raw';
import quickSuite from '../studio/examples/quick-start.facts.yaml?raw';
import { suiteRequest as request } from './job-test-support';
import { suiteJob } from './suite-job';

function drive(job: ReturnType<typeof suiteJob>, stopAfter = Number.POSITIVE_INFINITY) {
  const progress: number[] = [];
  let step = job.next();
  while (!step.done) {
    progress.push(step.value.done);
    step = job.next(progress.length >= stopAfter);
  }
  return { outcome: step.value, progress };
}

const jsonl = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    JSON.stringify({
      name: `case ${i}`,
      fact: { tool: { name: 'issue_refund', args: { amount: i } } },
      expect: { decision: i > 5000 ? 'REQUEST_HUMAN' : 'ALLOW' },
    }),
  ).join('\n');

describe('suiteJob', () => {
  it('gives what runSuite gives for a .facts.yaml suite', () => {
    const { outcome } = drive(suiteJob(request(quickSuite, 'suite'), () => 0));
    expect(outcome.kind).toBe('result');
    if (outcome.kind !== 'result') return;
    const expected = runSuite(compileDocument(quickStart).document!, parseSuite(quickSuite).suite!);
    expect(outcome.result).toEqual(expected);
    expect(outcome.cancelled).toBe(false);
  });

  it('reads a JSON Lines fact set in chunks with progress and runs every row', () => {
    const { outcome, progress } = drive(suiteJob(request(jsonl(10_000), 'jsonl'), () => 0));
    if (outcome.kind !== 'result') throw new Error(outcome.kind);
    expect(outcome.result.totals).toMatchObject({ evaluations: 10_000, failed: 0 });
    expect(outcome.result.complete).toBe(true);
    expect(progress.length).toBeGreaterThan(10);
  });

  it('stops when asked and returns what ran so far', () => {
    const { outcome } = drive(
      suiteJob(request(jsonl(5_000), 'jsonl'), () => 0),
      5,
    );
    if (outcome.kind !== 'result') throw new Error(outcome.kind);
    expect(outcome.cancelled).toBe(true);
    expect(outcome.result.complete).toBe(false);
  });

  it('reports an invalid suite and an invalid document without running', () => {
    const bad = drive(suiteJob(request('cases: [{name: x}]', 'suite'), () => 0)).outcome;
    expect(bad.kind).toBe('suite-invalid');
    const doc = drive(suiteJob({ ...request(quickSuite, 'suite'), text: 'rules: [' }, () => 0));
    expect(doc.outcome.kind).toBe('document-invalid');
  });
});
