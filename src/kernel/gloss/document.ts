import type { CompileResult } from '../compile';
import { diagnostic } from '../diagnostics/codes';
import type { Diagnostic, Range } from '../diagnostics/diagnostic';
import type { CompiledRule } from '../document/compiled';
import { load } from '../document/load';
import { isScalar, type YMap, type YNode, type YScalar } from '../document/ynode';
import { DECISION_TABLE_KIND } from '../vocabulary/document';
import { type DisplayName, type FieldDictionary, fallbackName } from './names';
import { GLOSS_LANGS, type GlossLang, SENTENCES } from './phrases';
import { type GlossRender, renderRuleDetailed } from './render';

/**
 * Gloss over a whole compiled document: rule sentences with decision-table column labels, and the
 * gloss lint (G2 stored gloss = render(tree), G3 display names). The compiled document keeps
 * neither the column labels nor a rule's stored `gloss`, so both are read back from the source
 * text with the kernel's own loader.
 */

export interface DocumentGlossOptions {
  readonly dictionary?: FieldDictionary | undefined;
  readonly builtins?: FieldDictionary | undefined;
}

interface EntrySource {
  /** Column labels of a decision table (field path → label; the first column of a path wins). */
  readonly labels: Map<string, DisplayName | string>;
  /** The stored `gloss` value, when the rule has one. */
  readonly gloss?: YNode;
  /** The rule's `name` value (where "no stored gloss" is reported). */
  readonly nameRange: Range;
}

function str(n: YNode | undefined): string | undefined {
  return isScalar(n) && typeof n.value === 'string' ? n.value.normalize('NFC') : undefined;
}

function get(map: YMap, key: string): YNode | undefined {
  return map.items.find((p) => p.key === key)?.value;
}

function labelOf(n: YNode | undefined): DisplayName | string | undefined {
  const s = str(n);
  if (s !== undefined) return s;
  if (n?.kind !== 'map') return undefined;
  const out: { zh?: string; en?: string } = {};
  for (const p of n.items) {
    const v = str(p.value);
    if ((p.key === 'zh' || p.key === 'en') && v !== undefined) out[p.key] = v;
  }
  return out;
}

/** Per rule entry (by name): its table column labels and its stored gloss. */
function readEntries(result: CompileResult): Map<string, EntrySource> {
  const entries = new Map<string, EntrySource>();
  const root = load(result.source.text).root;
  const rules = root && get(root, 'rules');
  if (rules?.kind !== 'seq') return entries;
  for (const rule of rules.items) {
    if (rule.kind !== 'map') continue;
    const nameNode = get(rule, 'name');
    const name = str(nameNode);
    if (name === undefined || entries.has(name)) continue;
    const labels = new Map<string, DisplayName | string>();
    const when = get(rule, 'when');
    const columns = when?.kind === 'map' && str(get(when, 'kind')) === DECISION_TABLE_KIND;
    const cols = columns ? get(when, 'columns') : undefined;
    if (cols?.kind === 'seq') {
      for (const c of cols.items) {
        if (c.kind !== 'map') continue;
        const path = str(get(c, 'field'));
        const label = labelOf(get(c, 'label'));
        if (path !== undefined && label !== undefined && !labels.has(path)) labels.set(path, label);
      }
    }
    const gloss = get(rule, 'gloss');
    entries.set(name, {
      labels,
      ...(gloss ? { gloss } : {}),
      nameRange: (nameNode as YScalar).range,
    });
  }
  return entries;
}

export interface RuleGloss {
  /** The compiled rule's name (`<entry>#<n>` for a table row). */
  readonly name: string;
  readonly rule: CompiledRule;
  readonly gloss: GlossRender;
}

/**
 * The gloss of every rule of a loaded document, in definition order (table rows expanded), in one
 * language. Null when the document did not load.
 */
export function glossDocument(
  result: CompileResult,
  options: DocumentGlossOptions & { readonly lang: GlossLang },
): RuleGloss[] | null {
  return result.document ? glossRules(result, readEntries(result), options) : null;
}

function glossRules(
  result: CompileResult,
  entries: ReadonlyMap<string, EntrySource>,
  options: DocumentGlossOptions & { readonly lang: GlossLang },
): RuleGloss[] {
  return (result.document?.rules ?? []).map((rule) => ({
    name: rule.name,
    rule,
    gloss: renderRuleDetailed(rule, {
      lang: options.lang,
      dictionary: options.dictionary,
      builtins: options.builtins,
      labels: entries.get(rule.entry)?.labels,
    }),
  }));
}

const LANG_NAMES = {
  zh: { en: 'Chinese', zh: '中文' },
  en: { en: 'English', zh: '英文' },
  both: { en: 'Chinese or English', zh: '中文和英文' },
} as const;

export interface GlossLintOptions extends DocumentGlossOptions {
  /** Languages whose display names are checked (G3); both by default. */
  readonly langs?: readonly GlossLang[];
}

/**
 * The gloss lint of a loaded document:
 * - ERDL-W901 (G3): a field with no display name in a checked language, at the field;
 * - ERDL-W902 (G2): a stored `gloss` that is not render(tree), with a fix that writes the render;
 *   a text gloss may be in either language, a {zh, en} gloss is checked per language; a decision
 *   table's gloss is its row sentences joined ("；" / "; ");
 * - ERDL-I903 (G2): a rule without a stored gloss (information: the studio shows the live render).
 * Returns [] when the document did not load. Ordered by position.
 */
export function glossLint(result: CompileResult, options: GlossLintOptions = {}): Diagnostic[] {
  const document = result.document;
  if (!document) return [];
  const langs = options.langs ?? GLOSS_LANGS;
  const out: Diagnostic[] = [];
  const entries = readEntries(result);
  const glosses = new Map<GlossLang, RuleGloss[]>();
  for (const lang of GLOSS_LANGS)
    glosses.set(lang, glossRules(result, entries, { ...options, lang }));

  // G3: one warning per field occurrence, naming the languages it lacks.
  const missing = new Map<string, { path: string; range: Range; langs: Set<GlossLang> }>();
  for (const lang of langs) {
    for (const { rule, gloss } of glosses.get(lang) ?? []) {
      for (const field of gloss.unnamed) {
        const range = document.sourceMap.get(field) ?? rule.range;
        const key = `${range.start}:${range.end}:${field.path}`;
        const entry = missing.get(key) ?? { path: field.path, range, langs: new Set() };
        entry.langs.add(lang);
        missing.set(key, entry);
      }
    }
  }
  for (const { path, range, langs: which } of missing.values()) {
    const both = which.size === 2;
    const only = [...which][0] as GlossLang;
    const lang = both ? LANG_NAMES.both : LANG_NAMES[only];
    const fallback = both
      ? { en: fallbackName(path, 'en'), zh: fallbackName(path, 'zh') }
      : { en: fallbackName(path, only), zh: fallbackName(path, only) };
    out.push(diagnostic('ERDL-W901', range, { path, lang, fallback }));
  }

  // G2: stored gloss = render(tree).
  const rendered = (entry: string, lang: GlossLang): string =>
    (glosses.get(lang) ?? [])
      .filter((g) => g.rule.entry === entry)
      .map((g) => g.gloss.text)
      .join(SENTENCES.rowSeparator[lang]);
  const seen = new Set<string>();
  for (const rule of document.rules) {
    if (seen.has(rule.entry)) continue;
    seen.add(rule.entry);
    const source = entries.get(rule.entry);
    if (!source) continue;
    const stored = source.gloss;
    if (!stored) {
      out.push(diagnostic('ERDL-I903', source.nameRange, { name: rule.entry }));
      continue;
    }
    const text = str(stored);
    if (text !== undefined && isScalar(stored)) {
      const expected = { zh: rendered(rule.entry, 'zh'), en: rendered(rule.entry, 'en') };
      if (text === expected.zh || text === expected.en) continue;
      const lang: GlossLang = /[\u3400-\u9fff]/.test(text) ? 'zh' : 'en';
      out.push(mismatch(stored, expected[lang]));
    } else if (stored.kind === 'map') {
      for (const p of stored.items) {
        if (p.key !== 'zh' && p.key !== 'en') continue;
        const expected = rendered(rule.entry, p.key);
        if (str(p.value) !== expected && isScalar(p.value)) out.push(mismatch(p.value, expected));
      }
    }
  }
  return out.sort((a, b) => a.range.start - b.range.start || a.range.end - b.range.end);
}

function mismatch(node: YScalar, expected: string): Diagnostic {
  return diagnostic(
    'ERDL-W902',
    node.range,
    { expected },
    {
      title: { en: 'Write the rendered gloss', zh: '改为渲染结果' },
      edits: [{ range: node.range, newText: JSON.stringify(expected) }],
    },
  );
}
