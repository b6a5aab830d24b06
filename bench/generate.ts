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
