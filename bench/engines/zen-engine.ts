/**
 * @gorules/zen-engine (Node binding over the Rust engine): each workload as a JDM decision graph,
 * input → one decision table (hit policy `first`; the last, empty row is the fallback) → output.
 * Numbers are decimals in zen, so the decimal workload is expressed exactly (the table's input
 * column is the expression). No batch call in the API: "batched" is many evaluate() calls in
 * flight at once (Promise.all), which the binding runs on its worker threads.
 */
import { ZenEngine } from '@gorules/zen-engine';
import type { Condition, Engine } from './workloads';

function cell(c: Condition): string {
  const v = JSON.stringify(c.value);
  switch (c.op) {
    case 'eq':
      return v;
    case 'starts_with':
      return `startsWith($, ${v})`;
    case 'not_starts_with':
      return `not startsWith($, ${v})`;
    case 'in':
      return (c.value as string[]).map((x) => JSON.stringify(x)).join(', ');
    case 'gt':
      return `> ${v}`;
    case 'gte':
      return `>= ${v}`;
    case 'lt':
      return `< ${v}`;
  }
}

const engine = new ZenEngine();
const at = { x: 0, y: 0 };

export const zenEngine: Engine = {
  name: 'zen-engine',
  prepare(w) {
    const m = w.margin;
    const fields = m
      ? [`(${m.price} - ${m.cost}) / ${m.price}`]
      : [...new Set(w.rules.flatMap((r) => r.when.map((c) => c.field)))];
    const inputs = fields.map((field, i) => ({ id: `i${i}`, name: field, field }));
    const rules = w.rules.map((r, n) => {
      const row: Record<string, string> = { _id: `r${n}`, o: JSON.stringify(r.then) };
      fields.forEach((f, i) => {
        const c = r.when.find((x) => x.field === f);
        row[`i${i}`] = m ? `< ${m.limit}` : c ? cell(c) : '';
      });
      return row;
    });
    const last: Record<string, string> = { _id: 'fallback', o: JSON.stringify(w.fallback) };
    for (const i of inputs) last[i.id] = '';
    const graph = {
      nodes: [
        { id: 'in', type: 'inputNode', name: 'fact', position: at },
        {
          id: 'table',
          type: 'decisionTableNode',
          name: w.name,
          position: at,
          content: {
            hitPolicy: 'first',
            inputs,
            outputs: [{ id: 'o', name: 'decision', field: 'decision' }],
            rules: [...rules, last],
          },
        },
        { id: 'out', type: 'outputNode', name: 'result', position: at },
      ],
      edges: [
        { id: 'e1', sourceId: 'in', targetId: 'table', type: 'edge' },
        { id: 'e2', sourceId: 'table', targetId: 'out', type: 'edge' },
      ],
    };
    const decision = engine.createDecision(graph);
    const decide = async (fact: unknown): Promise<string> =>
      ((await decision.evaluate(fact)).result as { decision: string }).decision;
    return {
      async: true,
      decide,
      batch: (facts) => Promise.all(facts.map(decide)),
    };
  },
};
