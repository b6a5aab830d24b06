/**
 * json-rules-engine: each rule a json-rules-engine rule (facts `tool` / `context`, JSONPath paths),
 * with strictly decreasing priorities and engine.stop() on the first success to emulate first
 * match; a decision table is its rows as rules the same way. Prefix tests are custom operators
 * (the engine's extension point). It has no arithmetic in conditions, so no decimal workload.
 */
import { type RuleProperties, Engine as RulesEngine } from 'json-rules-engine';
import type { Condition, Engine } from './workloads';

const OPERATOR = {
  eq: 'equal',
  starts_with: 'startsWith',
  not_starts_with: 'notStartsWith',
  in: 'in',
  gt: 'greaterThan',
  gte: 'greaterThanInclusive',
  lt: 'lessThan',
} as const;

function condition(c: Condition) {
  const [fact, ...rest] = c.field.split('.');
  return {
    fact: fact as string,
    path: `$.${rest.join('.')}`,
    operator: OPERATOR[c.op],
    value: typeof c.value === 'object' ? [...c.value] : c.value,
  };
}

export const jsonRulesEngine: Engine = {
  name: 'json-rules-engine',
  prepare(w) {
    if (w.margin)
      return {
        unsupported:
          'no arithmetic in its conditions; a fact computed in JavaScript would be binary floating point, not the engine',
      };
    const rules: RuleProperties[] = w.rules.map((r, i) => ({
      name: r.name,
      priority: w.rules.length - i,
      conditions: { all: r.when.map(condition) },
      event: { type: r.then },
    }));
    const engine = new RulesEngine(rules, { allowUndefinedFacts: true });
    engine.addOperator<string, string>(
      'startsWith',
      (a, b) => typeof a === 'string' && a.startsWith(b),
    );
    engine.addOperator<string, string>(
      'notStartsWith',
      (a, b) => typeof a === 'string' && !a.startsWith(b),
    );
    engine.on('success', () => {
      engine.stop();
    });
    return {
      async: true,
      decide: async (fact) => {
        const { events } = await engine.run(fact as Record<string, unknown>);
        return events[0]?.type ?? w.fallback;
      },
    };
  },
};
