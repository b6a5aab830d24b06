// docs/expression-syntax.md must match the compiler exactly. Every ```yaml example followed by a
// ```json block is compiled (as a rule's `when`) and must give exactly that canonical tree (for a
// decision table: the list of row trees), with no error, no §2.3 format diagnostic and only the
// warnings named on a `# warns:` first line. Every ```yaml block whose first line is `# → CODES`
// must fail with exactly those error codes. Every node of the vocabulary must appear in at least
// one example tree, and every Simple operator in the mapping table.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileDocument } from '../compile';
import { NODES } from '../vocabulary/nodes';
import { SIMPLE_OPERATORS } from '../vocabulary/operators';
import { canonicalJson } from './canonical';
import { codes, ruleDocument, tableDocument } from './test-support';
import { childrenOf, type ExprNode } from './types';

const DOC = resolve(dirname(fileURLToPath(import.meta.url)), '../../../docs/expression-syntax.md');
const md = readFileSync(DOC, 'utf8');

const NOT_FENCE = '(?:(?!```)[\\s\\S])*?';
const PAIR = new RegExp(
  `\`\`\`yaml\\n(${NOT_FENCE})\`\`\`\\s*\`\`\`json\\n(${NOT_FENCE})\`\`\``,
  'g',
);
const REJECTED = new RegExp(`\`\`\`yaml\\n# → ([^\\n]*)\\n(${NOT_FENCE})\`\`\``, 'g');

/** The `when` body of an example: drops a `# warns:` line and the `when:` line, dedents by 2. */
function parseExample(yaml: string): { body: string; warns: string[]; table: boolean } {
  const lines = yaml.replace(/\n$/, '').split('\n');
  let warns: string[] = [];
  if (lines[0]?.startsWith('# warns:')) {
    warns = lines.shift()?.match(/ERDL-[EWI]\d{3}/g) ?? [];
  }
  expect(lines[0], `example must start with "when:"\n${yaml}`).toBe('when:');
  const body = lines
    .slice(1)
    .map((l) => {
      expect(l.startsWith('  ') || l === '', l).toBe(true);
      return l.slice(2);
    })
    .join('\n');
  return { body, warns, table: /^kind: decision_table$/m.test(body) };
}

function compileExample(body: string, table: boolean) {
  return table
    ? compileDocument(tableDocument(body, '    message: "needs review"'))
    : compileDocument(ruleDocument(body));
}

const pairs = [...md.matchAll(PAIR)].map((m) => ({ yaml: m[1] as string, json: m[2] as string }));
const rejected = [...md.matchAll(REJECTED)].map((m) => ({
  expected: (m[1] as string).split(/\s+/).filter(Boolean),
  yaml: m[2] as string,
}));

const nodesSeen = new Set<string>();
function collect(n: ExprNode): void {
  nodesSeen.add(n.node);
  for (const c of childrenOf(n)) collect(c);
}

describe('docs/expression-syntax.md', () => {
  it('has examples', () => {
    expect(pairs.length).toBeGreaterThanOrEqual(30);
    expect(rejected.length).toBeGreaterThan(20);
  });

  pairs.forEach(({ yaml, json }, i) => {
    it(`example ${i + 1} compiles to its JSON: ${yaml.trim().split('\n').slice(-1)[0]?.trim()}`, () => {
      const { body, warns, table } = parseExample(yaml);
      const r = compileExample(body, table);
      expect(codes(r, 'error')).toEqual([]);
      expect(r.diagnostics.filter((d) => d.category === 'format').map((d) => d.code)).toEqual([]);
      expect(codes(r, 'warning')).toEqual(warns);
      const rules = r.document?.rules ?? [];
      for (const rule of rules) collect(rule.when);
      const actual = table
        ? `[${rules.map((x) => canonicalJson(x.when)).join(',')}]`
        : canonicalJson(rules[0]?.when ?? null);
      // The doc's JSON with layout whitespace removed is byte-identical to the canonical form.
      expect(JSON.stringify(JSON.parse(json))).toBe(actual);
    });
  });

  rejected.forEach(({ expected, yaml }, i) => {
    it(`rejected example ${i + 1} fails with ${expected.join(' ')}`, () => {
      const { body, table } = parseExample(yaml);
      const r = compileExample(body, table);
      expect(r.ok).toBe(false);
      expect(codes(r, 'error')).toEqual(expected);
    });
  });

  it('every node appears in some example tree', () => {
    // Runs after the example tests (vitest runs a file's tests in order).
    const missing = NODES.map((x) => x.name).filter((name) => !nodesSeen.has(name));
    expect(missing).toEqual([]);
  });

  it('every Simple operator is in the mapping table', () => {
    const table = md.slice(md.indexOf('## 7. Simple operators'), md.indexOf('## 8. Decision'));
    for (const op of SIMPLE_OPERATORS) {
      // length_* / count_* are written as one row each: `length_gt/gte/lt/lte/eq`.
      const [, family, suffix] = /^(length|count)_(\w+)$/.exec(op.name) ?? [];
      const mentioned = family
        ? new RegExp(`\`${family}_(?:[a-z]+/)*${suffix}(?:/[a-z]+)*\``).test(table)
        : table.includes(`\`${op.name}\``);
      expect(mentioned, op.name).toBe(true);
    }
  });
});
