/**
 * An imported fact set's records that cannot be read are each named in the suite outcome
 * (issue #35 §2): all of them, beyond the problems listed, CSV records by their line range.
 */
import { describe, expect, it } from 'vitest';
import { MAX_REPORTED_PROBLEMS } from '../kernel';
import { suiteRequest as request } from './job-test-support';
import { suiteJob } from './suite-job';

function outcomeOf(job: ReturnType<typeof suiteJob>) {
  let step = job.next();
  while (!step.done) step = job.next(false);
  return step.value;
}

const fact = (amount: number) =>
  JSON.stringify({ tool: { name: 'issue_refund', args: { amount } } });

describe('suiteJob: records left out of the run', () => {
  it('names every bad JSON Lines record, beyond the listed problems', () => {
    const lines = Array.from({ length: 300 }, (_, i) => (i % 2 ? `bad ${i}` : fact(i)));
    const outcome = outcomeOf(suiteJob(request(`${lines.join('\n')}\n\n`, 'jsonl'), () => 0));
    if (outcome.kind !== 'result') throw new Error(outcome.kind);
    expect(outcome.result.totals.evaluations).toBe(150);
    expect(outcome.problems.length).toBe(MAX_REPORTED_PROBLEMS + 1);
    expect(outcome.skipped).toHaveLength(150);
    expect(outcome.skipped?.[149]).toEqual({ line: 300, lastLine: 300 });
  });

  it('names a CSV record by its lines; a set with no bad record has no list', () => {
    const csv = 'tool.name,tool.args.amount\nissue_refund,1\n"issue_refund,2\nissue_refund,3\n';
    const bad = outcomeOf(suiteJob(request(csv, 'csv'), () => 0));
    if (bad.kind !== 'result') throw new Error(bad.kind);
    expect(bad.skipped).toEqual([{ line: 3, lastLine: 4 }]);
    const good = outcomeOf(suiteJob(request('tool.name\nissue_refund\n', 'csv'), () => 0));
    expect(good.kind === 'result' && good.skipped).toBeUndefined();
  });
});
