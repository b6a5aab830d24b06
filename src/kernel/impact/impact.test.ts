import { describe, expect, it } from 'vitest';
import { compileDocument } from '../compile';
import type { CompiledDocument } from '../document/compiled';
import { DECISION_NAMES } from '../vocabulary/decisions';
import { analyzeImpact, ImpactRun } from './impact';

function compile(text: string): CompiledDocument {
  const r = compileDocument(text);
  if (!r.document) throw new Error(r.diagnostics.map((d) => d.message.en).join('\n'));
  return r.document;
}

const doc = (limit: number, extra = '') => `protocol: "erdl/v2"
version: "2.1.0"
metadata:
  name: "t"
  decision: ALLOW
rules:
  - name: "FIN-001-big"
    description: "big amounts are denied"
    priority: 10
    when:
      logic: AND
      conditions: [{ field: "tool.args.amount", operator: gt, value: ${limit} }]
    then: DENY
    message: "denied"
  - name: "FIN-002-mid"
    description: "middle amounts are reviewed"
    priority: 20
    when:
      logic: AND
      conditions: [{ field: "tool.args.amount", operator: gt, value: 100 }]
    then: REQUEST_HUMAN
    message: "review"
${extra}`;

const facts = (amounts: number[]) =>
  amounts.map((amount, i) => ({ name: `f${i}`, fact: { tool: { args: { amount } } } }));

describe('analyzeImpact', () => {
  // Old: DENY above 1000, REQUEST_HUMAN above 100. New: DENY above 500.
  const OLD = compile(doc(1000));
  const NEW = compile(doc(500));

  it('counts the transition matrix on a hand-made example', () => {
    // 50 → ALLOW/ALLOW; 200 → REQUEST_HUMAN/REQUEST_HUMAN; 600, 700, 800 → REQUEST_HUMAN→DENY; 2000 → DENY/DENY.
    const r = analyzeImpact(OLD, NEW, facts([50, 200, 600, 700, 800, 2000]));
    expect(r.total).toBe(6);
    expect(r.changed).toBe(3);
    expect(r.rules_changed).toBe(0);
    expect(r.matrix).toEqual(
      [
        { from: 'ALLOW', to: 'ALLOW', count: 1 },
        { from: 'DENY', to: 'DENY', count: 1 },
        { from: 'REQUEST_HUMAN', to: 'DENY', count: 3 },
        { from: 'REQUEST_HUMAN', to: 'REQUEST_HUMAN', count: 1 },
      ].sort((a, b) => order(a) - order(b)),
    );
    expect(r.transitions).toHaveLength(1);
    const t = r.transitions[0];
    expect(t?.from).toBe('REQUEST_HUMAN');
    expect(t?.to).toBe('DENY');
    expect(t?.count).toBe(3);
    expect(t?.samples.map((s) => s.name)).toEqual(['f2', 'f3', 'f4']);
    expect(t?.samples[0]).toMatchObject({
      index: 2,
      fact: { tool: { args: { amount: 600 } } },
      old: { decision: 'REQUEST_HUMAN', matched_rules: ['FIN-002-mid'] },
    });
    expect(t?.samples[0]?.new.matched_rules).toContain('FIN-001-big');
    // DENY is blocking: the new version stops at "big", so "mid" is matched only by the old one.
    expect(r.causes).toEqual([
      { rule: 'FIN-001-big', only_old: 0, only_new: 3 },
      { rule: 'FIN-002-mid', only_old: 3, only_new: 0 },
    ]);
    expect(r.old_hash).toBe(OLD.hash);
    expect(r.new_hash).toBe(NEW.hash);
  });

  it('keeps only the first samples and streams in steps with the same result', () => {
    const amounts = Array.from({ length: 40 }, (_, i) => 510 + i * 10);
    const whole = analyzeImpact(OLD, NEW, facts(amounts), { samples: 2 });
    expect(whole.transitions[0]?.samples.map((s) => s.index)).toEqual([0, 1]);
    const run = new ImpactRun(OLD, NEW, { samples: 2 });
    for (const f of facts(amounts)) run.add(f);
    expect(run.report()).toEqual(whole);
    expect(run.done).toBe(40);
  });

  it('reports no change for identical versions', () => {
    const r = analyzeImpact(OLD, compile(doc(1000)), facts([1, 5000, 300]));
    expect(r.changed).toBe(0);
    expect(r.transitions).toEqual([]);
    expect(r.causes).toEqual([]);
  });

  it('counts facts whose matched rules change but whose decision does not', () => {
    const extra = `  - name: "FIN-003-watch"
    description: "watch list"
    priority: 5
    when:
      logic: AND
      conditions: [{ field: "tool.args.amount", operator: gt, value: 5000 }]
    then: DENY
    message: "watch"
`;
    const r = analyzeImpact(OLD, compile(doc(1000, extra)), facts([6000, 10]));
    expect(r.changed).toBe(0);
    expect(r.rules_changed).toBe(1);
  });
});

const DEC = DECISION_NAMES as readonly string[];
function order(c: { from: string; to: string }): number {
  return DEC.indexOf(c.from) * 10 + DEC.indexOf(c.to);
}
