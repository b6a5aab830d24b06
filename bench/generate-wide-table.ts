import { prng } from './generate';

/**
 * A wide decision table for the table-analysis bench and tests: `columns` columns cycling through
 * numeric ranges, value sets, equalities and booleans, `rows` rows from a fixed seed (mostly
 * distinct, some overlapping, a few repeated), optionally ending in a default row.
 */
export function generateWideTable(
  rows: number,
  columns: number,
  options: { defaultRow?: boolean; seed?: number } = {},
): string {
  const rnd = prng(options.seed ?? 11);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
  const kinds = ['range', 'set', 'eq', 'gte', 'bool', 'not_in', 'between', 'lt'] as const;
  const cols = Array.from({ length: columns }, (_, i) => ({
    kind: kinds[i % kinds.length] as (typeof kinds)[number],
    field: `context.c${i}`,
  }));
  const countries = ['CN', 'US', 'DE', 'FR', 'JP', 'GB', 'BR', 'IN'];
  const cell = (kind: (typeof kinds)[number]): string => {
    if (rnd() < 0.35) return '"-"';
    switch (kind) {
      case 'range': {
        const lo = Math.floor(rnd() * 40) * 250;
        return `[between, [${lo}, ${lo + 250 * (1 + Math.floor(rnd() * 4))}]]`;
      }
      case 'set':
        return `[in, ["${pick(countries)}", "${pick(countries)}"]]`;
      case 'eq':
        return `[eq, "${pick(['web', 'app', 'api', 'pos'])}"]`;
      case 'gte':
        return `[gte, ${Math.floor(rnd() * 100)}]`;
      case 'bool':
        return `[eq, ${rnd() < 0.5}]`;
      case 'not_in':
        return `[not_in, ["${pick(countries)}"]]`;
      case 'between': {
        const lo = Math.floor(rnd() * 90);
        return `[between, [${lo}, ${lo + 10}]]`;
      }
      default:
        return `[lt, ${(Math.floor(rnd() * 1000) / 10).toFixed(1)}]`;
    }
  };
  const lines = [
    'protocol: "erdl/v2"',
    'version: "2.1.0"',
    'metadata:',
    '  name: "wide-table"',
    '  decision: ALLOW',
    'rules:',
    '  - name: "FIN-002-wide-matrix"',
    '    description: "Wide decision matrix"',
    '    priority: 1',
    '    when:',
    '      kind: decision_table',
    '      columns:',
    ...cols.map((c) => `        - field: "${c.field}"`),
    '      rows:',
  ];
  const made: string[] = [];
  for (let r = 0; r < rows - (options.defaultRow ? 1 : 0); r++) {
    const cells =
      made.length > 0 && rnd() < 0.02
        ? (made[Math.floor(rnd() * made.length)] as string)
        : `[${cols.map((c) => cell(c.kind)).join(', ')}]`;
    made.push(cells);
    lines.push(
      `        - when: ${cells}`,
      `          then: ${pick(['NOTIFY', 'REQUEST_HUMAN', 'ESCALATE', 'NOTIFY'])}`,
      `          message: "Row ${r + 1}"`,
    );
  }
  if (options.defaultRow) lines.push('        - when: []', '          then: ALLOW');
  return `${lines.join('\n')}\n`;
}
