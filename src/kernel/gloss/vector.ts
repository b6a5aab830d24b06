import { compileDocument } from '../compile';
import type { ExprNode } from '../tree/types';
import { neverThrows, record, type VectorOutcome } from '../vectors/run-vector';
import { nodeInfo } from '../vocabulary/nodes';
import { glossDocument } from './document';
import { type FieldDictionary, parseFieldDictionary } from './names';
import { GLOSS_LANGS, type GlossLang } from './phrases';
import { renderGlossDetailed } from './render';

/**
 * The V-GLOSS vector runner (vectors/gloss/NNNN-slug.yaml; format in vectors/README.md "gloss/").
 * Pure: the caller reads and parses the file. A vector gives either
 * - `tree`: a canonical tree (docs/canonical-form.md §4 shapes) and `expect: {zh, en}`, its
 *   render(tree); or
 * - `document`: a rule document and `expect: {"<rule name>": {zh, en}}`, the rule sentences;
 * with optional `fields` (a field dictionary, as for `erdl gloss --fields`) and `expect_unnamed`
 * (the field paths that have no display name, sorted — the ERDL-W901 fields).
 */

const KEYS = new Set([
  'description',
  'spec',
  'tree',
  'document',
  'fields',
  'expect',
  'expect_unnamed',
]);

const NUMBER = /^-?\d+\.\d{14}$/;

/** A structurally valid tree, or what is wrong with it (so the renderer never sees junk). */
export function checkTree(value: unknown, where = 'tree'): ExprNode | string {
  const n = record(value);
  if (!n || typeof n.node !== 'string') return `${where}: a node is a mapping with "node"`;
  const name = n.node;
  if (name === 'field' || name === 'var')
    return typeof n.path === 'string' && n.path !== ''
      ? (n as unknown as ExprNode)
      : `${where}: path`;
  if (name === 'literal') {
    const problem = checkLiteral(n, where);
    return problem ?? (n as unknown as ExprNode);
  }
  const args = n.args;
  if (!Array.isArray(args)) return `${where}: ${name} needs "args"`;
  for (let i = 0; i < args.length; i++) {
    const checked = checkTree(args[i], `${where}.${name}[${i}]`);
    if (typeof checked === 'string') return checked;
  }
  // `fn` (function delegation, Appendix D) is not a kernel node; it is accepted here so the Grade C
  // mark can be checked with a hand-built tree.
  if (name === 'fn')
    return typeof n.name === 'string' ? (n as unknown as ExprNode) : `${where}: fn name`;
  const info = nodeInfo(name);
  if (!info) return `${where}: unknown node "${name}"`;
  const arity: Record<string, [number, number]> = {
    variadic: [1, 10_000],
    unary: [1, 1],
    binary: [2, 2],
    ternary: [3, 3],
    quantifier: [2, 2],
    round: [1, 1],
    date_add: [2, 2],
    date_part: [1, 1],
    aggregate: [1, 2],
    modifier: [1, 1],
  };
  const [lo, hi] = arity[info.syntax] ?? [0, 0];
  if (args.length < lo || args.length > hi) return `${where}: ${name} takes ${lo}–${hi} operands`;
  if (info.syntax === 'round' && !Number.isInteger(n.places)) return `${where}: round places`;
  if (info.syntax === 'date_part' && typeof n.part !== 'string') return `${where}: date_part part`;
  if (info.syntax === 'aggregate' && typeof n.fn !== 'string') return `${where}: aggregate fn`;
  if (info.syntax === 'modifier' && typeof n.window !== 'string') return `${where}: window`;
  if (name === 'rate' && !Number.isInteger(n.limit)) return `${where}: rate limit`;
  return n as unknown as ExprNode;
}

function checkLiteral(n: Record<string, unknown>, where: string): string | null {
  switch (n.type) {
    case 'null':
      return null;
    case 'boolean':
      return typeof n.value === 'boolean' ? null : `${where}: boolean value`;
    case 'string':
    case 'duration':
      return typeof n.value === 'string' ? null : `${where}: ${n.type} value`;
    case 'number':
      return typeof n.value === 'string' && NUMBER.test(n.value)
        ? null
        : `${where}: a number is a scale-14 decimal string such as "0.15000000000000"`;
    case 'list': {
      if (!Array.isArray(n.value)) return `${where}: list value`;
      for (const item of n.value) {
        const r = record(item);
        const problem = r ? checkLiteral(r, `${where}[]`) : `${where}: list item`;
        if (problem) return problem;
      }
      return null;
    }
    default:
      return `${where}: unknown literal type`;
  }
}

/** Checks one gloss vector. */
export const runGlossVector = neverThrows(check);

function langsOf(expect: Record<string, unknown>, where: string, failures: string[]) {
  const out: [GlossLang, string][] = [];
  for (const [k, v] of Object.entries(expect)) {
    if ((k === 'zh' || k === 'en') && typeof v === 'string') out.push([k, v]);
    else failures.push(`${where}: expected {zh, en} texts, got key "${k}"`);
  }
  if (out.length === 0) failures.push(`${where}: no expected text`);
  return out;
}

function check(vector: unknown): VectorOutcome {
  const v = record(vector);
  if (!v) return { passed: false, failures: ['a vector is a mapping'] };
  const failures: string[] = [];
  for (const k of Object.keys(v)) if (!KEYS.has(k)) failures.push(`unknown key "${k}"`);
  const expect = record(v.expect);
  if (!expect) failures.push('`expect` is required');
  if ((v.tree === undefined) === (v.document === undefined))
    failures.push('give exactly one of `tree` and `document`');
  let dictionary: FieldDictionary | undefined;
  if (v.fields !== undefined) {
    const parsed = parseFieldDictionary(v.fields);
    if (parsed.ok) dictionary = parsed.dictionary;
    else failures.push(...parsed.problems.map((p) => `fields: ${p.en}`));
  }
  if (failures.length > 0 || !expect) return { passed: false, failures };

  const unnamed = new Set<string>();
  if (v.tree !== undefined) {
    const tree = checkTree(v.tree);
    if (typeof tree === 'string') return { passed: false, failures: [tree] };
    for (const [lang, want] of langsOf(expect, 'expect', failures)) {
      const got = renderGlossDetailed(tree, { lang, dictionary });
      if (got.text !== want)
        failures.push(`${lang}: expected ${JSON.stringify(want)}, got ${JSON.stringify(got.text)}`);
    }
    // expect_unnamed lists the fields unnamed in either language, even if only one is expected.
    for (const lang of GLOSS_LANGS)
      for (const f of renderGlossDetailed(tree, { lang, dictionary }).unnamed) unnamed.add(f.path);
  } else {
    if (typeof v.document !== 'string')
      return { passed: false, failures: ['`document` is the rule document text'] };
    const compiled = compileDocument(v.document);
    if (!compiled.document) {
      const first = compiled.diagnostics.find((d) => d.severity === 'error');
      return {
        passed: false,
        failures: [`document does not load: ${first?.code} ${first?.message.en}`],
      };
    }
    const byLang = new Map(
      GLOSS_LANGS.map((lang) => [lang, glossDocument(compiled, { lang, dictionary }) ?? []]),
    );
    for (const rules of byLang.values())
      for (const r of rules) for (const f of r.gloss.unnamed) unnamed.add(f.path);
    for (const [name, texts] of Object.entries(expect)) {
      const want = record(texts);
      if (!want) {
        failures.push(`expect["${name}"]: expected {zh, en}`);
        continue;
      }
      for (const [lang, text] of langsOf(want, `expect["${name}"]`, failures)) {
        const got = byLang.get(lang)?.find((r) => r.name === name);
        if (!got) failures.push(`no rule named ${JSON.stringify(name)}`);
        else if (got.gloss.text !== text)
          failures.push(
            `${name} ${lang}: expected ${JSON.stringify(text)}, got ${JSON.stringify(got.gloss.text)}`,
          );
      }
    }
  }
  if (v.expect_unnamed !== undefined) {
    const got = [...unnamed].sort();
    const want = Array.isArray(v.expect_unnamed) ? v.expect_unnamed.map(String) : null;
    if (!want || JSON.stringify(want) !== JSON.stringify(got))
      failures.push(
        `expect_unnamed: expected ${JSON.stringify(v.expect_unnamed)}, got ${JSON.stringify(got)}`,
      );
  }
  return { passed: failures.length === 0, failures };
}
