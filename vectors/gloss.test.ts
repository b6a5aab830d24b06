// Runner for the V-GLOSS vectors (vectors/gloss/NNNN-slug.yaml; format in vectors/README.md
// "gloss/"): every case goes through the kernel's pure runGlossVector. The hygiene checks below keep
// the set complete: every §5.5 template (34 nodes, 5 aggregate functions, within/rate) and every
// decision appears in some case, in both languages.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  AGGREGATE_FUNCTIONS,
  compileDocument,
  DECISION_NAMES,
  NODES,
  runGlossVector,
} from '../src/kernel';

const root = fileURLToPath(new URL('./gloss/', import.meta.url));
const files = readdirSync(root)
  .filter((f) => f.endsWith('.yaml'))
  .sort();
const vectors = files.map((f) => ({
  file: f,
  v: parse(readFileSync(join(root, f), 'utf8')) as Record<string, unknown>,
}));

/** Every node kind (and aggregate function) in a tree. */
function kinds(t: unknown, out: Set<string>): Set<string> {
  if (typeof t !== 'object' || t === null) return out;
  const n = t as { node?: unknown; fn?: unknown; args?: unknown };
  if (typeof n.node === 'string') out.add(n.node);
  if (n.node === 'aggregate' && typeof n.fn === 'string') out.add(`aggregate(${n.fn})`);
  if (Array.isArray(n.args)) for (const a of n.args) kinds(a, out);
  return out;
}

describe('V-GLOSS vectors', () => {
  it('are well-formed: NNNN-slug names, numbered without gaps, description and spec', () => {
    expect(files.length).toBeGreaterThanOrEqual(80);
    files.forEach((f, i) => {
      expect(f).toMatch(/^\d{4}-[a-z0-9]+(?:-[a-z0-9]+)*\.yaml$/);
      expect(Number(f.slice(0, 4)), f).toBe(i + 1);
    });
    for (const { file, v } of vectors) {
      expect(typeof v.description, file).toBe('string');
      expect(typeof v.spec, file).toBe('string');
    }
  });

  it('cover every §5.5 template and every decision, each in zh and en', () => {
    const seen = new Set<string>();
    const decisions = new Set<string>();
    for (const { file, v } of vectors) {
      if (v.tree !== undefined) {
        kinds(v.tree, seen);
        expect(Object.keys(v.expect as object).sort(), file).toEqual(['en', 'zh']);
      } else {
        const doc = compileDocument(String(v.document)).document;
        for (const r of doc?.rules ?? []) {
          kinds(r.when, seen);
          if (r.unless) kinds(r.unless, seen);
          decisions.add(r.then);
        }
        for (const texts of Object.values(v.expect as Record<string, object>))
          expect(Object.keys(texts).sort(), file).toEqual(['en', 'zh']);
      }
    }
    for (const n of NODES) expect(seen, n.name).toContain(n.name);
    for (const fn of AGGREGATE_FUNCTIONS) expect(seen, fn.name).toContain(`aggregate(${fn.name})`);
    expect([...decisions].sort()).toEqual([...DECISION_NAMES].sort());
  });

  for (const { file, v } of vectors) {
    it(file, () => {
      const outcome = runGlossVector(v);
      expect(outcome.failures).toEqual([]);
      expect(outcome.passed).toBe(true);
    });
  }
});
