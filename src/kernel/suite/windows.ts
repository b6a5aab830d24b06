/**
 * The within/rate windows of a document and their counts at an instant, for sequence replay: a
 * reviewer sees each event's count against the limit, so "why was the 4th call stopped" is
 * answered by the numbers. Keys are the evaluator's temporal_state keys (ruling I-35): two within
 * windows on one condition are two windows here, counting one event log.
 */
import type { CompiledDocument, CompiledRule } from '../document/compiled';
import type { RuleTrace, TraceNode } from '../eval/evaluate';
import { type TemporalState, temporalKey, windowMs } from '../eval/temporal';
import { parseInstant } from '../eval/time';
import type { ExprNode, RateNode, WithinNode } from '../tree/types';

export { temporalKey };

export interface WindowSpec {
  /** One window: its state key and its window (a within key is shared by its windows). */
  readonly id: string;
  /** The temporal_state key. */
  readonly key: string;
  readonly kind: 'within' | 'rate';
  readonly limit: number;
  readonly window: string;
  readonly windowMs: number;
  readonly condition: ExprNode;
  readonly rules: readonly string[];
}

/** A window's id: the state key and the window (a rate key already holds its window). */
function windowId(n: WithinNode | RateNode): string {
  return `${n.window} ${temporalKey(n)}`;
}

function visit(n: ExprNode, found: (n: WithinNode | RateNode) => void): void {
  if (n.node === 'within' || n.node === 'rate') found(n);
  if ('args' in n) for (const a of n.args) visit(a, found);
}

/** Every window the document uses, in the order rules first use them. */
export function windowsOf(document: CompiledDocument): WindowSpec[] {
  const byId = new Map<string, { spec: Omit<WindowSpec, 'rules'>; rules: string[] }>();
  for (const rule of document.rules) {
    const add = (n: WithinNode | RateNode) => {
      const id = windowId(n);
      let entry = byId.get(id);
      if (!entry) {
        entry = {
          spec: {
            id,
            key: temporalKey(n),
            kind: n.node,
            limit: n.node === 'rate' ? n.limit : 1,
            window: n.window,
            windowMs: windowMs(n),
            condition: n.args[0],
          },
          rules: [],
        };
        byId.set(id, entry);
      }
      if (!entry.rules.includes(rule.name)) entry.rules.push(rule.name);
    };
    visit(rule.when, add);
    if (rule.unless) visit(rule.unless, add);
  }
  return [...byId.values()].map((e) => ({ ...e.spec, rules: e.rules }));
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

/** Windows (`WindowSpec.id`) whose modifier held (was true) in this evaluation, read from the trace. */
export function keysAtLimit(
  trace: readonly RuleTrace[],
  rules: ReadonlyMap<string, CompiledRule>,
): Set<string> {
  const out = new Set<string>();
  const walk = (n: ExprNode, t: TraceNode | undefined) => {
    if (!t) return;
    if ((n.node === 'within' || n.node === 'rate') && t.value === true) out.add(windowId(n));
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
