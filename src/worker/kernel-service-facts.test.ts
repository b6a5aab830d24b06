// The studio's Evaluate panel reads its fact box with the kernel's one fact reader (issue #35 §1,
// §3; ruling I-89): an empty box is "write a fact" (no decision), a fact that is not a mapping is a
// positioned refusal (no decision), and numbers keep every digit, shown exactly in the trace.
import { describe, expect, it } from 'vitest';
import quickStart from '../studio/examples/quick-start.erdl.yaml?raw';
import type { EvaluateRequest } from './kernel-protocol';
import { KernelService } from './kernel-service';

const request = (fact: string): EvaluateRequest => ({
  op: 'evaluate',
  doc: 'd',
  text: quickStart,
  fact,
  asOf: '2026-01-01T00:00:00Z',
  temporalState: '',
  trace: true,
});
const evaluate = (fact: string) => new KernelService(() => 0).evaluate(request(fact));

describe('KernelService.evaluate: the fact box', () => {
  it.each(['', '   \n\n', '# write the fact here\n'])('%j is empty: no decision', (fact) => {
    const outcome = evaluate(fact);
    expect(outcome).toMatchObject({ kind: 'input-error', input: 'fact', empty: true, offset: 0 });
  });

  it.each([
    [
      '[1, 2]',
      'line 1, column 1: the fact is a list, not a mapping',
      '第 1 行第 1 列：事实应为字段映射',
    ],
    ['~', 'line 1, column 1: the fact is null, not a mapping', '而不是 null（空值）'],
    ['\n42', 'line 2, column 1: the fact is the number 42, not a mapping', '而不是数字 42'],
    ['fact: "x"', 'line 1, column 7: the fact is the text "x", not a mapping', '而不是文本“x”'],
  ])('%j is refused with its position, no decision', (fact, en, zh) => {
    const outcome = evaluate(fact);
    expect(outcome.kind).toBe('input-error');
    if (outcome.kind !== 'input-error') return;
    expect(outcome.empty).toBeUndefined();
    expect(outcome.message.en).toContain(en);
    expect(outcome.message.zh).toContain(zh);
  });

  it('{} is evaluated (the fallback decides)', () => {
    expect(evaluate('{}')).toMatchObject({ kind: 'result', result: { decision: 'ALLOW' } });
  });

  it('keeps every digit: 5000.00000000000001 needs a human, and the trace shows it exactly', () => {
    const outcome = evaluate(
      'tool:\n  name: issue_refund\n  args:\n    amount: 5000.00000000000001\n',
    );
    expect(outcome.kind).toBe('result');
    if (outcome.kind !== 'result') return;
    expect(outcome.result.decision).toBe('REQUEST_HUMAN');
    const amount = outcome.result.eval_trace[0]?.when?.args?.[1]?.args?.[0];
    expect(amount).toMatchObject({ node: 'field', value: 5000, exact: '5000.00000000000001' });
    // What the worker posts survives structured cloning.
    expect(structuredClone(amount)).toEqual(amount);
  });

  it('says why not with every digit: 4999.999999999999999 is not over 5000 (a double reads 5000)', () => {
    const outcome = evaluate(
      'tool:\n  name: issue_refund\n  args:\n    amount: 4999.999999999999999\n',
    );
    expect(outcome.kind).toBe('result');
    if (outcome.kind !== 'result') return;
    expect(outcome.result.decision).toBe('ALLOW');
    expect(outcome.result.eval_trace[0]?.reason).toMatchObject({
      kind: 'false',
      field: 'tool.args.amount',
      value: 5000,
      exact: '4999.999999999999999',
    });
  });

  it('refuses 1e400 quoting it, with its line and column', () => {
    const outcome = evaluate('tool:\n  args:\n    amount: 1e400\n');
    expect(outcome).toMatchObject({ kind: 'input-error', input: 'fact', offset: 26 });
    if (outcome.kind !== 'input-error') return;
    expect(outcome.message.en).toMatch(/^line 3, column 13: 1e400 is out of range/);
    expect(outcome.message.zh).toMatch(/^第 3 行第 13 列：数字“1e400”超出范围/);
  });
});
