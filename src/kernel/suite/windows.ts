/**
 * The within/rate windows of a document and their counts at an instant, for sequence replay: a
 * reviewer sees each event's count against the limit, so "why was the 4th call stopped" is
 * answered by the numbers. Keys are the evaluator's temporal_state keys (ruling I-35).
 */
import type { CompiledDocument, CompiledRule } from '../document/compiled';
import type { RuleTrace, TraceNode } from '../eval/evaluate';
import type { TemporalState } from '../eval/temporal';
import { parseInstant } from '../eval/time';
import { canonicalJson } from '../tree/canonical';
import { parseWindow } from '../tree/duration';
import type { ExprNode, RateNode, WithinNode } from '../tree/types';

export interface WindowSpec {
  readonly key: string;
  readonly kind: 'within' | 'rate';
  readonly limit: number;
  readonly window: string;
  readonly windowMs: number;
  readonly condition: ExprNode;
  readonly rules: readonly string[];
}

/** The evaluator's key for a within/rate node (src/kernel/eval/nodes.ts; tested to agree). */
export function temporalKey(n: WithinNode | RateNode): string {
  return n.node === 'rate'
    ? `rate ${n.limit}/${n.window} ${canonicalJson(n.args[0])}`
    : `within ${n.window} ${canonicalJson(n.args[0])}`;
}

function visit(n: ExprNode, found: (n: WithinNode | RateNode) => void): void {
  if (n.node === 'within' || n.node === 'rate') found(n);
  if ('args' in n) for (const a of n.args) visit(a, found);
}

/** Every window the document uses, in the order rules first use them. */
export function windowsOf(document: CompiledDocument): WindowSpec[] {
  const byKey = new Map<string, { spec: Omit<WindowSpec, 'rules'>; rules: string[] }>();
  for (const rule of document.rules) {
    const add = (n: WithinNode | RateNode) => {
      const key = temporalKey(n);
      let entry = byKey.get(key);
      if (!entry) {
        entry = {
          spec: {
            key,
            kind: n.node,
            limit: n.node === 'rate' ? n.limit : 1,
            window: n.window,
            windowMs: (parseWindow(n.window) ?? 0) * 1000,
            condition: n.args[0],
          },
          rules: [],
        };
        byKey.set(key, entry);
      }
      if (!entry.rules.includes(rule.name)) entry.rules.push(rule.name);
    };
    visit(rule.when, add);
    if (rule.unless) visit(rule.unless, add);
  }
  return [...byKey.values()].map((e) => ({ ...e.spec, rules: e.rules }));
}

/** Events of `key` inside (asOf − window, asOf], as the evaluator counts them. */
export function countInWindow(state: TemporalState, spec: WindowSpec, asOfMs: number): number {
  let count = 0;
  for (const t of state.windows[spec.key] ?? []) {
    const ms = parseInstant(t);
    if (ms !== null && ms > asOfMs - spec.windowMs && ms <= asOfMs) count++;
  }
  return count;
}

/** Keys whose modifier held (was true) in this evaluation, read from the trace. */
export function keysAtLimit(
  trace: readonly RuleTrace[],
  rules: ReadonlyMap<string, CompiledRule>,
): Set<string> {
  const out = new Set<string>();
  const walk = (n: ExprNode, t: TraceNode | undefined) => {
    if (!t) return;
    if ((n.node === 'within' || n.node === 'rate') && t.value === true) out.add(temporalKey(n));
    if ('args' in n)
      n.args.forEach((a, i) => {
        walk(a, t.args?.[i]);
      });
  };
  for (const t of trace) {
    const rule = rules.get(t.rule);
    if (!rule) continue;
    walk(rule.when, t.when);
    if (rule.unless) walk(rule.unless, t.unless);
  }
  return out;
}
