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

/** A document from rule snippets; `grade A` rules (Simple) fail closed, Expression rules fold. */
function doc(rules: string, fallback = 'ALLOW'): Evaluator {
  const text = `protocol: "erdl/v2"
version: "2.1.0"
metadata:
  name: "t"
  decision: ${fallback}
rules:
${rules}`;
  const compiled = compileDocument(text);
  if (!compiled.document)
    throw new Error(compiled.diagnostics.map((d) => `${d.code} ${d.message.en}`).join('\n'));
  return new Evaluator(compiled.document);
}

const REFUND = doc(`  - name: "SEC-001"
    description: "d"
    priority: 10
    when:
      logic: AND
      conditions:
        - { field: "tool.name", operator: eq, value: "issue_refund" }
        - { field: "tool.args.amount", operator: gt, value: 5000 }
    then: REQUEST_HUMAN
    message: "m"
`);

const reasonOf = (e: Evaluator, fact: unknown, rule = 0) =>
  e.evaluate(fact, { as_of: '2026-01-01T00:00:00Z', trace: true }).eval_trace[rule]!.reason;

describe('the reason a rule did not match (trace reason)', () => {
  it('names a string compared with a number, and the number it reads as', () => {
    const reason = reasonOf(REFUND, { tool: { name: 'issue_refund', args: { amount: '3000' } } });
    expect(reason).toEqual({
      kind: 'type_mismatch',
      node: 4,
      op: 'gt',
      field: 'tool.args.amount',
      value: '3000',
      type: 'string',
      expected: 'number',
      suggestion: 3000,
    });
  });

  it('suggests nothing for text that is not a number', () => {
    const reason = reasonOf(REFUND, { tool: { name: 'issue_refund', args: { amount: 'lots' } } });
    expect(reason).toMatchObject({ kind: 'type_mismatch', type: 'string', expected: 'number' });
    expect(reason).not.toHaveProperty('suggestion');
  });

  it('tells a missing field from a null one', () => {
    expect(reasonOf(REFUND, { tool: { name: 'issue_refund', args: {} } })).toEqual({
      kind: 'missing',
      node: 4,
      op: 'gt',
      field: 'tool.args.amount',
      type: 'missing',
    });
    expect(reasonOf(REFUND, { tool: { name: 'issue_refund', args: { amount: null } } })).toEqual({
      kind: 'null',
      node: 4,
      op: 'gt',
      field: 'tool.args.amount',
      value: null,
      type: 'null',
    });
  });

  it('is plain false, with the value read, when the values compare', () => {
    expect(reasonOf(REFUND, { tool: { name: 'issue_refund', args: { amount: 10 } } })).toEqual({
      kind: 'false',
      node: 4,
      op: 'gt',
      field: 'tool.args.amount',
      value: 10,
      type: 'number',
    });
    expect(reasonOf(REFUND, { tool: { name: 'send_email' } })).toMatchObject({
      kind: 'false',
      node: 1,
      op: 'eq',
      field: 'tool.name',
      value: 'send_email',
    });
  });

  it('has no reason for a matched rule', () => {
    expect(reasonOf(REFUND, { tool: { name: 'issue_refund', args: { amount: 9000 } } })).toBe(
      undefined,
    );
  });

  it('names a regex input over the limit: not evaluated, failed closed (Simple) or folded (Expression)', () => {
    const e = doc(`  - name: "SEC-900-shell"
    description: "d"
    priority: 10
    when:
      logic: AND
      conditions:
        - { field: "context.cmd", operator: match, value: "rm -rf" }
    then: DENY
    message: "m"
  - name: "SEC-901-shell"
    description: "d"
    priority: 20
    when: { expr: {match: [{field: "context.cmd"}, "rm -rf"]} }
    then: DENY
    message: "m"
`);
    const long = 'x'.repeat(10_001);
    const result = e.evaluate(
      { context: { cmd: long } },
      { as_of: '2026-01-01T00:00:00Z', trace: true },
    );
    expect(result.eval_trace[0]).toMatchObject({
      status: 'error_fail_closed',
      reason: {
        kind: 'error',
        op: 'match',
        field: 'context.cmd',
        error: {
          code: 'regex_input_limit',
          at: 'match',
          limit: 10_000,
          size: 10_001,
          outcome: 'error_fail_closed',
        },
      },
    });
    // The reason never copies the over-long value.
    expect(JSON.stringify(result.eval_trace[0]!.reason).length).toBeLessThan(600);
    const folded = doc(`  - name: "SEC-901-shell"
    description: "d"
    priority: 20
    when: { expr: {match: [{field: "context.cmd"}, "rm -rf"]} }
    then: DENY
    message: "m"
`).evaluate({ context: { cmd: long } }, { as_of: '2026-01-01T00:00:00Z', trace: true });
    expect(folded.eval_trace[0]).toMatchObject({
      status: 'error_folded_false',
      reason: {
        kind: 'error',
        error: { code: 'regex_input_limit', outcome: 'error_folded_false' },
      },
    });
  });

  it('puts an arithmetic error on the comparison that holds it', () => {
    const e = doc(`  - name: "SEC-002-r"
    description: "d"
    priority: 10
    when: { expr: {gt: [{div: [{field: "a"}, {field: "b"}]}, 1]} }
    then: DENY
    message: "m"
`);
    expect(reasonOf(e, { a: 1, b: 0 })).toMatchObject({
      kind: 'error',
      node: 0,
      op: 'gt',
      error: { code: 'division_by_zero', at: 'div', outcome: 'error_folded_false' },
    });
  });

  it('reads a mismatch on the fact side of a comparison, whichever side that is', () => {
    const e = doc(`  - name: "SEC-002-r"
    description: "d"
    priority: 10
    when: { expr: {lt: [5000, {field: "amount"}]} }
    then: DENY
    message: "m"
`);
    expect(reasonOf(e, { amount: '6000' })).toMatchObject({
      kind: 'type_mismatch',
      field: 'amount',
      type: 'string',
      expected: 'number',
      suggestion: 6000,
    });
  });

  it('names a list condition over something that is not a list', () => {
    const e = doc(`  - name: "SEC-002-r"
    description: "d"
    priority: 10
    when: { expr: {in: [{field: "country"}, {field: "countries"}]} }
    then: DENY
    message: "m"
`);
    expect(reasonOf(e, { country: 'IR', countries: 'IR' })).toMatchObject({
      kind: 'type_mismatch',
      field: 'countries',
      type: 'string',
      expected: 'list',
    });
  });
});

describe('trace node values tell the truth (issue #37)', () => {
  const PAYOUT = doc(`  - name: "PAY-001-late"
    description: "d"
    priority: 10
    when:
      expr:
        gt:
          - days_between: [{ field: "context.order.invoice_date" }, { field: "context.order.paid_date" }]
          - 30
    then: ESCALATE
    message: "m"
  - name: "PAY-002-no-approver"
    description: "d"
    priority: 20
    when:
      expr: { eq: [{ field: "context.order.approver" }, null] }
    then: REQUEST_HUMAN
    message: "m"
  - name: "PAY-003-sum"
    description: "d"
    priority: 30
    when:
      expr: { gt: [{ add: [{ field: "context.order.total" }, { field: "context.order.fee" }] }, 10] }
    then: REQUEST_HUMAN
    message: "m"
`);
  const trace = (fact: unknown) =>
    PAYOUT.evaluate(fact, { as_of: '2026-01-15T09:00:00Z', trace: true }).eval_trace;
  /** The trace of `rule` for the fact `{ context: <given> }`. */
  const step = (context: unknown, rule: string) => trace({ context }).find((s) => s.rule === rule)!;

  it('a literal shows its value, null included, even where evaluation did not need it', () => {
    const when = step({ order: { approver: null } }, 'PAY-002-no-approver').when!;
    expect(when.args![1]).toEqual({ node: 'literal', value: null });
    // `gt` never compared: the error stopped it; its literal still reads 30.
    expect(step({ order: {} }, 'PAY-001-late').when!.args![1]).toEqual({
      node: 'literal',
      value: 30,
    });
  });

  it('a missing field is missing, a present null is null', () => {
    const missing = step({ order: {} }, 'PAY-002-no-approver').when!.args![0]!;
    expect(missing).toEqual({ node: 'field', path: 'context.order.approver', missing: true });
    expect('value' in missing).toBe(false);
    const nul = step({ order: { approver: null } }, 'PAY-002-no-approver').when!.args![0]!;
    expect(nul).toEqual({ node: 'field', path: 'context.order.approver', value: null });
  });

  it('operands read before an error keep their values; the node that raised it says so', () => {
    const when = step({ order: { invoice_date: '2026-01-01' } }, 'PAY-001-late').when!;
    const days = when.args![0]!;
    expect(days.args).toEqual([
      { node: 'field', path: 'context.order.invoice_date', value: '2026-01-01' },
      { node: 'field', path: 'context.order.paid_date', missing: true },
    ]);
    expect(days.error).toEqual({ code: 'missing_operand', at: true });
    expect(when.error).toEqual({ code: 'missing_operand', at: false });
    expect('value' in when).toBe(false);
  });

  it('every missing reason names its field, in both languages', () => {
    const late = step({ order: { invoice_date: '2026-01-01' } }, 'PAY-001-late');
    expect(late.reason).toMatchObject({ kind: 'error', field: 'context.order.paid_date' });
    expect(late.reason!.error!.message).toEqual({
      en: 'days_between: date context.order.paid_date is missing',
      zh: 'days_between：日期“context.order.paid_date”未提供',
    });
    const nullDate = step(
      { order: { invoice_date: null, paid_date: '2026-01-02' } },
      'PAY-001-late',
    );
    expect(nullDate.reason).toMatchObject({ field: 'context.order.invoice_date' });
    expect(nullDate.reason!.error!.message).toEqual({
      en: 'days_between: date context.order.invoice_date is null',
      zh: 'days_between：日期“context.order.invoice_date”为空值',
    });
    const sum = step({ order: { total: 5, approver: 'a' } }, 'PAY-003-sum');
    expect(sum.reason).toMatchObject({ kind: 'error', field: 'context.order.fee' });
    expect(sum.reason!.error!.message.en).toBe('add: operand context.order.fee is missing');
    expect(sum.when!.args![0]!.args![0]).toEqual({
      node: 'field',
      path: 'context.order.total',
      value: 5,
    });
  });
});
