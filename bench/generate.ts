/**
 * Deterministic generated rule documents for benchmarks (a fixed-seed PRNG, so every run and
 * every machine measures the same text). Mix: Simple guards over tool names, paths, commands and
 * amounts; Expression rules with arithmetic; one decision table per 50 rules.
 */
export function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TOOLS = [
  'read_file',
  'write_file',
  'delete_file',
  'run_shell_command',
  'issue_refund',
  'send_email',
  'http_get',
];
const DECISIONS = ['DENY', 'REQUEST_HUMAN', 'ESCALATE', 'NOTIFY', 'ALLOW'];

export function generateDocument(ruleCount: number, seed = 1): string {
  const rnd = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
  const lines = [
    'protocol: "erdl/v2"',
    'version: "2.1.0"',
    'metadata:',
    `  name: "generated-${ruleCount}"`,
    '  description: "Generated benchmark rule set"',
    '  category: coding',
    '  decision: ALLOW',
    'rules:',
  ];
  for (let i = 1; i <= ruleCount; i++) {
    const id = String(i).padStart(3, '0');
    const then = pick(DECISIONS);
    const head = [
      `  - name: "GEN-${id}-rule"`,
      `    description: "Generated rule ${i}"`,
      `    priority: ${i}`,
    ];
    const tail = [`    then: ${then}`, `    message: "Generated rule ${i} decided ${then}"`];
    const kind = i % 50 === 0 ? 'table' : i % 5 === 0 ? 'expr' : 'simple';
    if (kind === 'simple') {
      const tool = pick(TOOLS);
      lines.push(
        ...head,
        '    when:',
        '      logic: AND',
        '      conditions:',
        '        - field: "tool.name"',
        '          operator: eq',
        `          value: "${tool}"`,
        '        - field: "tool.args.path"',
        '          operator: not_starts_with',
        `          value: "/workspace/${i}"`,
        '        - field: "tool.args.amount"',
        '          operator: gt',
        `          value: ${Math.floor(rnd() * 10000)}.${Math.floor(rnd() * 100)}`,
        '        - field: "tool.args.command"',
        '          operator: match',
        `          value: "^(rm|curl|wget) .*${i}$"`,
        ...tail,
      );
    } else if (kind === 'expr') {
      lines.push(
        ...head,
        '    when:',
        '      expr:',
        '        and:',
        `          - eq: [{ field: "tool.name" }, "${pick(TOOLS)}"]`,
        '          - lt:',
        '              - div:',
        '                  - sub: [{ field: "tool.args.price" }, { field: "context.cost" }]',
        '                  - field: "tool.args.price"',
        `              - 0.${Math.floor(rnd() * 90) + 10}`,
        ...tail,
      );
    } else {
      lines.push(
        ...head,
        '    when:',
        '      kind: decision_table',
        '      columns:',
        '        - field: "context.amount"',
        '          label: "amount"',
        '        - field: "context.country"',
        '          label: "country"',
        '      rows:',
      );
      for (let r = 0; r < 10; r++) {
        lines.push(
          `        - when: [["gte", ${(10 - r) * 1000}], ["in", ["CN", "US", "DE"]]]`,
          `          then: ${r < 3 ? 'REQUEST_HUMAN' : 'NOTIFY'}`,
          `          message: "Row ${r + 1}"`,
        );
      }
    }
  }
  return `${lines.join('\n')}\n`;
}

/** The §10.1 Quick Start document. */
export const QUICK_START = `protocol: "erdl/v2"
version: "2.1.0"
metadata:
  name: "refund-guard"
  description: "Refund amount control"
  category: coding
  decision: ALLOW
rules:
  - name: "SEC-001-refund-limit"
    description: "Refunds over 5000 require human approval"
    priority: 10
    when:
      logic: AND
      conditions:
        - field: "tool.name"
          operator: eq
          value: "issue_refund"
        - field: "tool.args.amount"
          operator: gt
          value: 5000
    then: REQUEST_HUMAN
    message: "Refund amount over 5000, human approval required"
`;

/** One decision table with `rows` rows over amount × country × channel. */
export function generateTable(rows: number): string {
  const lines = [
    'protocol: "erdl/v2"',
    'version: "2.1.0"',
    'metadata:',
    '  name: "table"',
    '  decision: ALLOW',
    'rules:',
    '  - name: "FIN-001-refund-matrix"',
    '    description: "Refund matrix"',
    '    priority: 1',
    '    when:',
    '      kind: decision_table',
    '      columns:',
    '        - field: "context.amount"',
    '        - field: "context.country"',
    '        - field: "context.channel"',
    '      rows:',
  ];
  const countries = ['CN', 'US', 'DE', 'FR', 'JP'];
  for (let r = 0; r < rows - 1; r++) {
    lines.push(
      `        - when: [["gte", ${(rows - r) * 500}], ["eq", "${countries[r % countries.length]}"], ${r % 3 === 0 ? '"-"' : `["in", ["web", "app"]]`}]`,
      `          then: ${r % 2 === 0 ? 'REQUEST_HUMAN' : 'NOTIFY'}`,
      `          message: "Row ${r + 1}"`,
    );
  }
  lines.push('        - when: []', '          then: ALLOW');
  return `${lines.join('\n')}\n`;
}

/** Facts for the guard and table workloads, from a fixed seed. */
export function generateFacts(count: number, seed = 7): unknown[] {
  const rnd = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
  return Array.from({ length: count }, () => ({
    tool: {
      name: pick(TOOLS),
      args: {
        amount: Math.floor(rnd() * 20000),
        price: 100 + Math.floor(rnd() * 900),
        path: pick(['/workspace/1/a.txt', '/etc/passwd', '/tmp/x']),
        command: pick(['ls -la', 'rm -rf / 42', 'curl http://x 7']),
      },
    },
    context: {
      amount: Math.floor(rnd() * 30000),
      cost: Math.floor(rnd() * 900),
      country: pick(['CN', 'US', 'DE', 'FR', 'JP', 'BR']),
      channel: pick(['web', 'app', 'phone']),
    },
  }));
}
