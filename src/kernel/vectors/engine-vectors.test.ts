// Hygiene and coverage of the V-ENGINE vectors (vectors/engine/<group>/NNNN-slug.yaml, §10.3):
// each file is one well-formed case that states what it checks, and the set covers the 34 nodes ×
// 4 scenarios, the 30 Simple operators and E1–E12. Whether each vector passes is
// vectors/engine.test.ts.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = fileURLToPath(new URL('../../../vectors/engine/', import.meta.url));
const schema = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../../vectors/schema.json', import.meta.url)), 'utf8'),
) as {
  properties: Record<string, unknown>;
  definitions: { expect: { properties: Record<string, unknown> } };
};

interface Vector {
  file: string;
  group: string;
  name: string;
  data: Record<string, unknown>;
}
const vectors: Vector[] = readdirSync(root)
  .filter((g) => statSync(join(root, g)).isDirectory())
  .sort()
  .flatMap((group) =>
    readdirSync(join(root, group))
      .sort()
      .map((name) => ({
        file: `${group}/${name}`,
        group,
        name,
        data: parse(readFileSync(join(root, group, name), 'utf8')) as Record<string, unknown>,
      })),
  );

const NODE_GROUPS: Record<string, string[]> = {
  value: ['field', 'var', 'literal'],
  logic: ['and', 'or', 'not'],
  comparison: ['eq', 'ne', 'gt', 'gte', 'lt', 'lte'],
  set: ['in'],
  string: ['contains', 'match', 'starts_with', 'ends_with'],
  existence: ['exists', 'length', 'between'],
  quantifier: ['all', 'any', 'none'],
  arithmetic: ['add', 'sub', 'mul', 'div', 'round'],
  time: ['days_between', 'epoch_ms', 'date_add', 'date_part', 'month_last_day'],
  aggregate: ['aggregate'],
};
const SIMPLE_OPERATORS = [
  'eq',
  'ne',
  'gt',
  'gte',
  'lt',
  'lte',
  'in',
  'not_in',
  'contains',
  'not_contains',
  'match',
  'starts_with',
  'ends_with',
  'not_starts_with',
  'not_ends_with',
  'exists',
  'not_exists',
  'length_gt',
  'length_gte',
  'length_lt',
  'length_lte',
  'length_eq',
  'between',
  'not_between',
  'count_gt',
  'count_gte',
  'count_lt',
  'count_lte',
];

describe('V-ENGINE vector files', () => {
  it('exist in every required group', () => {
    const groups = new Set(vectors.map((v) => v.group));
    for (const g of [
      ...Object.keys(NODE_GROUPS),
      'simple',
      'constraints',
      'resolution',
      'temporal',
      'table',
    ])
      expect(groups, g).toContain(g);
  });

  it('are numbered 0001, 0002, … in each group, with a slug', () => {
    const byGroup = new Map<string, string[]>();
    for (const v of vectors) byGroup.set(v.group, [...(byGroup.get(v.group) ?? []), v.name]);
    for (const [group, names] of byGroup) {
      names.forEach((name, i) => {
        expect(name, group).toMatch(/^\d{4}-[a-z0-9]+(?:-[a-z0-9]+)*\.yaml$/);
        expect(Number(name.slice(0, 4)), `${group}/${name}`).toBe(i + 1);
      });
    }
  });

  it.each(vectors.map((v) => [v.file, v] as const))('%s is well formed', (_file, v) => {
    const d = v.data;
    const keys = Object.keys(schema.properties);
    for (const k of Object.keys(d)) expect(keys, `unknown key ${k}`).toContain(k);
    expect(typeof d.description).toBe('string');
    expect(d.spec).toMatch(/§|E\d|I-\d/);
    expect(['normal', 'boundary', 'error', 'null']).toContain(d.scenario);
    expect(typeof d.document).toBe('string');
    const expects = [
      d.expect,
      ...((d.steps as { expect: unknown }[] | undefined) ?? []).map((s) => s.expect),
    ].filter((e) => e !== undefined) as Record<string, unknown>[];
    if (d.expect_error === undefined) expect(expects.length, 'an expect').toBeGreaterThan(0);
    const expectKeys = Object.keys(schema.definitions.expect.properties);
    for (const e of expects) {
      for (const k of Object.keys(e)) expect(expectKeys, `unknown expect key ${k}`).toContain(k);
      expect(e, 'decision').toHaveProperty('decision');
      expect('matched_rules' in e || 'statuses' in e, 'matched_rules or statuses').toBe(true);
    }
  });
});

describe('V-ENGINE coverage (§10.3)', () => {
  it('has the 34 nodes × 4 scenarios (normal / boundary / error / null)', () => {
    let count = 0;
    for (const [group, nodes] of Object.entries(NODE_GROUPS)) {
      for (const node of nodes) {
        for (const scenario of ['normal', 'boundary', 'error', 'null']) {
          const slug = `${node.replaceAll('_', '-')}-${scenario}.yaml`;
          const hit = vectors.find((v) => v.group === group && v.name.slice(5) === slug);
          expect(hit, `${group}/NNNN-${slug}`).toBeDefined();
          expect(hit?.data.scenario).toBe(scenario);
          count++;
        }
      }
    }
    expect(count).toBe(34 * 4);
  });

  it('has each of the 30 Simple operators in the simple group', () => {
    const texts = vectors.filter((v) => v.group === 'simple').map((v) => String(v.data.document));
    for (const op of SIMPLE_OPERATORS)
      expect(
        texts.some((t) => t.includes(`operator: ${op},`) || t.includes(`operator: ${op}}`)),
        op,
      ).toBe(true);
    expect(
      texts.some((t) => /within: "/.test(t)),
      'within',
    ).toBe(true);
    expect(
      texts.some((t) => /rate: "/.test(t)),
      'rate',
    ).toBe(true);
  });

  it('has every constraint E1–E12', () => {
    const names = vectors.filter((v) => v.group === 'constraints').map((v) => v.name);
    for (let i = 1; i <= 12; i++) {
      const has = names.some((n) => n.slice(5).startsWith(`e${i}-`));
      // E7 lives with the Simple operator twins too, E8 with the quantifiers; each has its own file.
      expect(has, `E${i}`).toBe(true);
    }
  });
});
