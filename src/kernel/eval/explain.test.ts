import { describe, expect, it } from 'vitest';
import { compileDocument } from '../compile';
import { PAYMENTS } from '../test-support';
import { Evaluator } from './evaluate';
import { failingCondition } from './explain';

describe('failingCondition', () => {
  const document = compileDocument(PAYMENTS).document!;
  const evaluator = new Evaluator(document);
  const run = (fact: unknown) => {
    const result = evaluator.evaluate(fact, { as_of: '2026-01-01T00:00:00Z', trace: true });
    const step = result.eval_trace[0]!;
    return failingCondition(document.rules[0]!.when, step.when!);
  };

  it('names the first false condition of an and', () => {
    const failed = run({ tool: { name: 'issue_refund', args: { amount: 10 } } });
    expect(failed).toMatchObject({ node: 'gt' });
    const other = run({ tool: { name: 'send_email', args: { amount: 9000 } } });
    expect(other).toMatchObject({ node: 'eq' });
  });

  it('is null for a matching rule', () => {
    expect(run({ tool: { name: 'issue_refund', args: { amount: 9000 } } })).toBeNull();
  });
});
