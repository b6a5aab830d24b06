/** This kernel: each workload as an ERDL v2.1 document (JSON text, which is YAML), compiled once. */
import { compileDocument, Evaluator } from '../../src/kernel';
import type { Condition, Engine, Workload } from './workloads';

const AS_OF = { as_of: '2026-11-30T00:00:00Z', hash: false } as const;

function simple(c: Condition) {
  return { field: c.field, operator: c.op, value: c.value };
}

/** The workload as an ERDL document: Simple rules by priority, a decision table, or an expression. */
export function erdlDocument(w: Workload): unknown {
  const head = {
    protocol: 'erdl/v2',
    version: '2.1.0',
    metadata: {
      name: w.name,
      description: w.description,
      category: 'coding',
      decision: w.fallback,
    },
  };
  if (w.margin) {
    const m = w.margin;
    const when = {
      expr: {
        lt: [
          { div: [{ sub: [{ field: m.price }, { field: m.cost }] }, { field: m.price }] },
          Number(m.limit),
        ],
      },
    };
    return {
      ...head,
      rules: w.rules.map((r) => ({
        name: r.name,
        description: w.description,
        priority: 1,
        when,
        then: r.then,
        message: `${r.name}: ${r.then}`,
      })),
    };
  }
  if (w.form === 'table') {
    const fields = [...new Set(w.rules.flatMap((r) => r.when.map((c) => c.field)))];
    const rows = w.rules.map((r) => ({
      when: fields.map((f) => {
        const c = r.when.find((x) => x.field === f);
        return c ? [c.op, c.value] : '-';
      }),
      then: r.then,
      message: `${r.name}: ${r.then}`,
    }));
    return {
      ...head,
      rules: [
        {
          name: 'TBL-001-matrix',
          description: w.description,
          priority: 1,
          when: { kind: 'decision_table', columns: fields.map((field) => ({ field })), rows },
        },
      ],
    };
  }
  return {
    ...head,
    rules: w.rules.map((r, i) => ({
      name: r.name,
      description: r.name,
      priority: i + 1,
      when: { logic: 'AND', conditions: r.when.map(simple) },
      then: r.then,
      message: `${r.name}: ${r.then}`,
    })),
  };
}

export const erdl: Engine = {
  name: 'erdl',
  prepare(w) {
    const compiled = compileDocument(JSON.stringify(erdlDocument(w), null, 1));
    if (!compiled.document)
      throw new Error(
        `${w.name}: ERDL document does not load: ${compiled.diagnostics.map((d) => d.message.en).join('; ')}`,
      );
    const evaluator = new Evaluator(compiled.document);
    return { async: false, decide: (fact) => evaluator.evaluate(fact, AS_OF).decision };
  },
};
