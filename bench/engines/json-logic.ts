/** json-logic-js: each workload as one json-logic expression (an if/else-if chain, first match). */
import jsonLogic, { type RulesLogic } from 'json-logic-js';
import type { Condition, Engine } from './workloads';

function condition(c: Condition): RulesLogic {
  const v = { var: c.field };
  switch (c.op) {
    case 'eq':
      return { '===': [v, c.value as string | number] };
    case 'starts_with':
      return { '===': [{ substr: [v, 0, (c.value as string).length] }, c.value as string] };
    case 'not_starts_with':
      return { '!==': [{ substr: [v, 0, (c.value as string).length] }, c.value as string] };
    case 'in':
      return { in: [v, [...(c.value as string[])]] };
    case 'gt':
      return { '>': [v, c.value as number] };
    case 'gte':
      return { '>=': [v, c.value as number] };
    case 'lt':
      return { '<': [v, c.value as number] };
  }
}

export const jsonLogicJs: Engine = {
  name: 'json-logic-js',
  prepare(w) {
    const chain: RulesLogic[] = [];
    for (const r of w.rules) {
      if (w.margin) {
        // Binary floating point: json-logic has no decimal numbers (the differential check shows
        // where that changes the decision).
        const { price, cost, limit } = w.margin;
        chain.push({
          '<': [{ '/': [{ '-': [{ var: price }, { var: cost }] }, { var: price }] }, Number(limit)],
        });
      } else chain.push({ and: r.when.map(condition) });
      chain.push(r.then);
    }
    chain.push(w.fallback);
    const logic = { if: chain } as RulesLogic;
    const prepared = {
      async: false,
      decide: (fact: unknown) => jsonLogic.apply(logic, fact as Record<string, unknown>) as string,
    };
    return w.margin
      ? {
          unsupported:
            'no decimal numbers: json-logic arithmetic is binary floating point (e.g. (1.00 − 0.85) / 1.00 = 0.15000000000000002)',
          approximation: prepared,
        }
      : prepared;
  },
};
