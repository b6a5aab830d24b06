import { compileDocument } from '../compile';
import type { Bilingual } from '../diagnostics/diagnostic';
import type { ExprNode } from '../tree/types';
import { zhQuote } from '../util/quote';
import {
  doesNotLoad,
  json,
  named,
  neverThrows,
  record,
  type VectorOutcome,
} from '../vectors/run-vector';
import { say } from '../vectors/vector-strings';
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

/** What is wrong with a tree (`checkTree`), in both languages. */
export const isTreeProblem = (checked: ExprNode | Bilingual): checked is Bilingual =>
  !('node' in checked);

/** A structurally valid tree, or what is wrong with it (so the renderer never sees junk). */
export function checkTree(value: unknown, where = 'tree'): ExprNode | Bilingual {
  const n = record(value);
  if (!n || typeof n.node !== 'string') return say('nodeShape', { where });
  const name = n.node;
  if (name === 'field' || name === 'var')
    return typeof n.path === 'string' && n.path !== ''
      ? (n as unknown as ExprNode)
      : say('path', { where });
  if (name === 'literal') {
    const problem = checkLiteral(n, where);
    return problem ?? (n as unknown as ExprNode);
  }
  const args = n.args;
  if (!Array.isArray(args)) return say('needsArgs', { where, name });
  for (let i = 0; i < args.length; i++) {
    const checked = checkTree(args[i], `${where}.${name}[${i}]`);
    if (isTreeProblem(checked)) return checked;
  }
  // `fn` (function delegation, Appendix D) is not a kernel node; it is accepted here so the Grade C
  // mark can be checked with a hand-built tree.
  if (name === 'fn')
    return typeof n.name === 'string' ? (n as unknown as ExprNode) : say('fnName', { where });
  const info = nodeInfo(name);
  if (!info) return say('unknownNode', { where, name: named(name) });
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
  if (args.length < lo || args.length > hi) return say('arity', { where, name, lo, hi });
  if (info.syntax === 'round' && !Number.isInteger(n.places)) return say('roundPlaces', { where });
  if (info.syntax === 'date_part' && typeof n.part !== 'string') return say('datePart', { where });
  if (info.syntax === 'aggregate' && typeof n.fn !== 'string') return say('aggregateFn', { where });
  if (info.syntax === 'modifier' && typeof n.window !== 'string') return say('window', { where });
  if (name === 'rate' && !Number.isInteger(n.limit)) return say('rateLimit', { where });
  return n as unknown as ExprNode;
}

function checkLiteral(n: Record<string, unknown>, where: string): Bilingual | null {
  switch (n.type) {
    case 'null':
      return null;
    case 'boolean':
      return typeof n.value === 'boolean' ? null : say('booleanValue', { where });
    case 'string':
    case 'duration':
      return typeof n.value === 'string' ? null : say('textValue', { where, type: n.type });
    case 'number':
      return typeof n.value === 'string' && NUMBER.test(n.value)
        ? null
        : say('numberValue', { where });
    case 'list': {
      if (!Array.isArray(n.value)) return say('listValue', { where });
      for (const item of n.value) {
        const r = record(item);
        const problem = r ? checkLiteral(r, `${where}[]`) : say('listItem', { where });
        if (problem) return problem;
      }
      return null;
    }
    default:
      return say('literalType', { where });
  }
}

/** Checks one gloss vector. */
export const runGlossVector = neverThrows(check);

function langsOf(expect: Record<string, unknown>, where: string, failures: Bilingual[]) {
  const out: [GlossLang, string][] = [];
  for (const [k, v] of Object.entries(expect)) {
    if ((k === 'zh' || k === 'en') && typeof v === 'string') out.push([k, v]);
    else failures.push(say('expectedTexts', { where, key: named(k) }));
  }
  if (out.length === 0) failures.push(say('noExpectedText', { where }));
  return out;
}

/** A gloss language as a reason names it: its code in English, 英文 / 中文 in Chinese. */
const langName = (lang: GlossLang) => say(lang === 'en' ? 'english' : 'chinese');

/** An expected gloss and the one rendered, as a reason shows them. */
const wantAndGot = (want: string, got: string) => ({
  want: { en: JSON.stringify(want), zh: zhQuote(want) },
  got: { en: JSON.stringify(got), zh: zhQuote(got) },
});

function check(vector: unknown): VectorOutcome {
  const v = record(vector);
  if (!v) return { passed: false, failures: [say('notMapping')] };
  const failures: Bilingual[] = [];
  for (const k of Object.keys(v))
    if (!KEYS.has(k)) failures.push(say('unknownKey', { key: named(k) }));
  const expect = record(v.expect);
  if (!expect) failures.push(say('expectRequired'));
  if ((v.tree === undefined) === (v.document === undefined)) failures.push(say('treeOrDocument'));
  let dictionary: FieldDictionary | undefined;
  if (v.fields !== undefined) {
    const parsed = parseFieldDictionary(v.fields);
    if (parsed.ok) dictionary = parsed.dictionary;
    else failures.push(...parsed.problems.map((problem) => say('fields', { problem })));
  }
  if (failures.length > 0 || !expect) return { passed: false, failures };

  const unnamed = new Set<string>();
  if (v.tree !== undefined) {
    const tree = checkTree(v.tree);
    if (isTreeProblem(tree)) return { passed: false, failures: [tree] };
    for (const [lang, want] of langsOf(expect, 'expect', failures)) {
      const got = renderGlossDetailed(tree, { lang, dictionary });
      if (got.text !== want)
        failures.push(say('treeGloss', { lang: langName(lang), ...wantAndGot(want, got.text) }));
    }
    // expect_unnamed lists the fields unnamed in either language, even if only one is expected.
    for (const lang of GLOSS_LANGS)
      for (const f of renderGlossDetailed(tree, { lang, dictionary }).unnamed) unnamed.add(f.path);
  } else {
    if (typeof v.document !== 'string') return { passed: false, failures: [say('documentText')] };
    const compiled = compileDocument(v.document);
    if (!compiled.document) return doesNotLoad(compiled);
    const byLang = new Map(
      GLOSS_LANGS.map((lang) => [lang, glossDocument(compiled, { lang, dictionary }) ?? []]),
    );
    for (const rules of byLang.values())
      for (const r of rules) for (const f of r.gloss.unnamed) unnamed.add(f.path);
    for (const [name, texts] of Object.entries(expect)) {
      const want = record(texts);
      const where = `expect["${name}"]`;
      if (!want) {
        failures.push(say('expectEntry', { where }));
        continue;
      }
      for (const [lang, text] of langsOf(want, where, failures)) {
        const got = byLang.get(lang)?.find((r) => r.name === name);
        if (!got)
          failures.push(
            say('noRuleNamed', { name: { en: JSON.stringify(name), zh: zhQuote(name) } }),
          );
        else if (got.gloss.text !== text)
          failures.push(
            say('ruleGloss', { name, lang: langName(lang), ...wantAndGot(text, got.gloss.text) }),
          );
      }
    }
  }
  if (v.expect_unnamed !== undefined) {
    const got = [...unnamed].sort();
    const want = Array.isArray(v.expect_unnamed) ? v.expect_unnamed.map(String) : null;
    if (!want || JSON.stringify(want) !== JSON.stringify(got))
      failures.push(say('unnamed', { want: json(v.expect_unnamed), got: json(got) }));
  }
  return { passed: failures.length === 0, failures };
}
