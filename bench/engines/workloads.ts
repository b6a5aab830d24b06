/**
 * The engine-comparison workloads, written once in a small engine-neutral form that every adapter
 * in this folder expresses natively (ERDL YAML, json-rules-engine rules, a zen decision graph, a
 * json-logic expression). Rules and facts come from fixed seeds, so every run measures the same.
 */
import { generateFacts, prng } from '../generate';

export type Op = 'eq' | 'starts_with' | 'not_starts_with' | 'in' | 'gt' | 'gte' | 'lt';
export type Value = string | number | readonly string[];
export interface Condition {
  readonly field: string;
  readonly op: Op;
  readonly value: Value;
}
/** A rule: all conditions hold (AND) → `then`. Rules are tried in order; the first match decides. */
export interface Rule {
  readonly name: string;
  readonly when: readonly Condition[];
  readonly then: string;
}
/** (price − cost) / price < limit, on decimals. */
export interface Margin {
  readonly price: string;
  readonly cost: string;
  readonly limit: string;
}
export interface Workload {
  readonly name: string;
  readonly description: string;
  /** `table`: one first-hit decision table whose rows are `rules`; `rules`: ordered rules. */
  readonly form: 'rules' | 'table';
  readonly rules: readonly Rule[];
  /** Only for the decimal workload: a single rule (`rules[0].then` when the margin is below). */
  readonly margin?: Margin;
  readonly fallback: string;
  readonly facts: readonly unknown[];
}

const TOOLS = ['read_file', 'write_file', 'delete_file', 'run_shell_command', 'issue_refund'];
const PATHS = ['/workspace/', '/etc/', '/tmp/', '/home/'];
const COMMANDS = ['ls -la', 'rm -rf / 42', 'curl http://x 7'];
const DECISIONS = ['DENY', 'REQUEST_HUMAN', 'ESCALATE', 'NOTIFY'];

/** (1) The §10.1 Quick Start rule: refunds over 5000 need a human. */
function quickStart(): Workload {
  const rnd = prng(11);
  return {
    name: 'quick_start',
    description: '§10.1 Quick Start rule',
    form: 'rules',
    rules: [
      {
        name: 'SEC-001-refund-limit',
        when: [
          { field: 'tool.name', op: 'eq', value: 'issue_refund' },
          { field: 'tool.args.amount', op: 'gt', value: 5000 },
        ],
        then: 'REQUEST_HUMAN',
      },
    ],
    fallback: 'ALLOW',
    facts: Array.from({ length: 1000 }, () => ({
      tool: {
        name: rnd() < 0.7 ? 'issue_refund' : 'send_email',
        args: { amount: Math.floor(rnd() * 10000) },
      },
    })),
  };
}

/** (2) 100 agent guard rules over tool name, path prefix, command and amount. */
function guard(count: number): Workload {
  const rnd = prng(3);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
  const rules: Rule[] = [];
  for (let i = 1; i <= count; i++) {
    const when: Condition[] = [{ field: 'tool.name', op: 'eq', value: pick(TOOLS) }];
    const k = i % 4;
    if (k !== 3)
      when.push({
        field: 'tool.args.path',
        op: pick(['starts_with', 'not_starts_with'] as const),
        value: pick(PATHS),
      });
    if (k === 1 || k === 3)
      when.push({ field: 'tool.args.command', op: 'in', value: [pick(COMMANDS), pick(COMMANDS)] });
    // Thresholds climb with the rule number, so most facts pass through many rules.
    when.push({
      field: 'tool.args.amount',
      op: 'gt',
      value: Math.floor(15000 + (i / count) * 5000 + rnd() * 200),
    });
    rules.push({ name: `GRD-${String(i).padStart(3, '0')}-guard`, when, then: pick(DECISIONS) });
  }
  return {
    name: 'guard_100_rules',
    description: `${count} guard rules, first match`,
    form: 'rules',
    rules,
    fallback: 'ALLOW',
    facts: generateFacts(1000).map((f) => {
      const fact = f as { tool: { args: { path: string } } };
      fact.tool.args.path = `${pick(PATHS)}x/${Math.floor(rnd() * 9)}`;
      return fact;
    }),
  };
}

/** (3) The 50-row decision table of bench/generate.ts generateTable(50), first hit. */
function table(rows: number): Workload {
  const countries = ['CN', 'US', 'DE', 'FR', 'JP'];
  const rules: Rule[] = [];
  for (let r = 0; r < rows - 1; r++) {
    const when: Condition[] = [
      { field: 'context.amount', op: 'gte', value: (rows - r) * 500 },
      { field: 'context.country', op: 'eq', value: countries[r % countries.length] as string },
    ];
    if (r % 3 !== 0) when.push({ field: 'context.channel', op: 'in', value: ['web', 'app'] });
    rules.push({ name: `row-${r + 1}`, when, then: r % 2 === 0 ? 'REQUEST_HUMAN' : 'NOTIFY' });
  }
  return {
    name: 'table_50_rows',
    description: `${rows}-row decision table, first hit`,
    form: 'table',
    rules,
    fallback: 'ALLOW',
    facts: generateFacts(1000),
  };
}

/** (4) Decimal arithmetic: (price − cost) / price < 0.15, prices and costs in cents. */
function decimalMargin(): Workload {
  const rnd = prng(5);
  return {
    name: 'decimal_margin',
    description: '(price − cost) / price < 0.15 on decimals',
    form: 'rules',
    rules: [{ name: 'FIN-001-low-margin', when: [], then: 'REQUEST_HUMAN' }],
    margin: { price: 'tool.args.price', cost: 'context.cost', limit: '0.15' },
    fallback: 'ALLOW',
    facts: Array.from({ length: 1000 }, (_, i) => {
      // Every fourth fact sits exactly on the boundary (cost = 0.85 × price), where binary
      // floating point and decimal arithmetic can disagree.
      const boundary = i % 4 === 0;
      const cents = boundary
        ? 20 * (5 + Math.floor(rnd() * 4995))
        : 100 + Math.floor(rnd() * 99900);
      const costCents = boundary ? (cents * 17) / 20 : Math.floor(cents * (0.7 + rnd() * 0.3));
      return {
        tool: { name: 'sell', args: { price: cents / 100 } },
        context: { cost: costCents / 100 },
      };
    }),
  };
}

export function workloads(): Workload[] {
  return [quickStart(), guard(100), table(50), decimalMargin()];
}

/** One workload made ready in one engine: a decision per fact (sync or async), maybe batched. */
export interface Prepared {
  readonly decide: (fact: unknown) => string | Promise<string>;
  readonly async: boolean;
  /** Many facts in one call, when the engine's API allows it. */
  readonly batch?: (facts: readonly unknown[]) => Promise<string[]>;
}
export interface Unsupported {
  readonly unsupported: string;
  readonly approximation?: Prepared;
}
export interface Engine {
  readonly name: 'erdl' | 'json-rules-engine' | 'zen-engine' | 'json-logic-js';
  /**
   * The workload in this engine, or why the engine cannot express it (with, optionally, the
   * nearest approximation, run through the differential check only to show the difference).
   */
  prepare(w: Workload): Prepared | Unsupported;
}
