import { describe, expect, it } from 'vitest';
import { compileDocument } from '../compile';
import { convertDocument } from '../projection';
import { PAYMENTS } from '../test-support';
import { diffDocuments } from './semantic-diff';

const BASE = PAYMENTS;

// The same rules with every formatting-only change at once: comments, blank lines, quoting, key
// order inside a condition, number spelling, spelled-out defaults and a different description.
const REFORMATTED = `# Payments policy, reviewed
protocol: erdl/v2
version: "2.1.0"
metadata:
  name: payments (renamed)
  decision: ALLOW

rules:
  - name: PAY-001-large-refund
    description: "Refunds above the limit"   # wording only
    priority: 10
    override: normal
    ring: 0
    when:
      logic: AND
      conditions:
        - operator: eq
          field: tool.name
          value: 'issue_refund'
        - value: 5000.0
          operator: gt
          field: "tool.args.amount"
    then: REQUEST_HUMAN
    message: 'Refund over 5000 needs approval'
  - name: "PAY-002-blocked-country"
    description: "No payments to blocked countries"
    priority: 20
    when: {logic: AND, conditions: [{field: context.country, operator: in, value: [KP, IR]}]}
    then: DENY
    message: Country blocked
`;

function diff(before: string, after: string) {
  const d = diffDocuments(compileDocument(before), compileDocument(after));
  if (!d) throw new Error('a fixture does not load');
  return d;
}

describe('semantic diff', () => {
  it('formatting-only edits show as unchanged', () => {
    const d = diff(BASE, REFORMATTED);
    expect(d).toMatchObject({
      same: true,
      added: [],
      removed: [],
      changed: [],
      reordered: false,
      fallback: null,
    });
    expect(d.unchanged).toEqual(['PAY-001-large-refund', 'PAY-002-blocked-country']);
    expect(compileDocument(REFORMATTED).document?.hash).toBe(compileDocument(BASE).document?.hash);
  });

  it('rewriting every rule in another form (Expression) is no change', () => {
    const converted = convertDocument(new TextEncoder().encode(BASE), { to: 'expr' });
    if (!converted.ok) throw new Error('conversion refused');
    expect(converted.output).toContain('expr');
    expect(diff(BASE, converted.output).same).toBe(true);
  });

  it('names the changed rule, with its gloss before and after in both languages', () => {
    const d = diff(BASE, BASE.replace('value: 5000', 'value: 9000'));
    expect(d.same).toBe(false);
    expect(d.unchanged).toEqual(['PAY-002-blocked-country']);
    expect(d.changed).toHaveLength(1);
    const c = d.changed[0]!;
    expect(c.name).toBe('PAY-001-large-refund');
    expect(c.condition_changed).toBe(true);
    expect(c.before.gloss.en).toMatch(/5,?000/);
    expect(c.after.gloss.en).toMatch(/9,?000/);
    expect(c.before.gloss.zh).toMatch(/5,?000/);
    expect(c.after.gloss.zh).toMatch(/9,?000/);
    expect(c.before.gloss.zh).toMatch(/[\u4e00-\u9fff]/);
  });

  it('a changed decision or message is a change without a condition change', () => {
    const d = diff(BASE, BASE.replace('then: DENY', 'then: ESCALATE'));
    expect(d.changed.map((c) => [c.name, c.condition_changed])).toEqual([
      ['PAY-002-blocked-country', false],
    ]);
    expect(d.changed[0]?.after.then).toBe('ESCALATE');
  });

  it('added, removed, renamed and reordered rules, and a changed fallback', () => {
    const renamed = diff(BASE, BASE.replace('PAY-002-blocked-country', 'PAY-003-blocked'));
    expect(renamed.added.map((r) => r.name)).toEqual(['PAY-003-blocked']);
    expect(renamed.removed.map((r) => r.name)).toEqual(['PAY-002-blocked-country']);
    expect(renamed.removed[0]?.gloss.en).toMatch(/KP/);
    const [head, first, second] = BASE.split(/(?= {2}- name: )/);
    const reordered = diff(BASE, `${head}${second}${first}`);
    expect(reordered).toMatchObject({
      same: false,
      reordered: true,
      changed: [],
      added: [],
      removed: [],
    });
    const fallback = diff(BASE, BASE.replace('decision: ALLOW', 'decision: DENY'));
    expect(fallback.fallback).toEqual({ before: 'ALLOW', after: 'DENY' });
    expect(fallback.same).toBe(false);
  });

  it('returns null when a version does not load', () => {
    expect(diffDocuments(compileDocument(BASE), compileDocument('rules: ['))).toBeNull();
  });
});
