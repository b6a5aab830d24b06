import { diagnostic } from '../diagnostics/codes';
import type { Diagnostic, Range } from '../diagnostics/diagnostic';
import type { CompiledDocument, CompiledRule } from '../document/compiled';
import type { EntrySource } from './entries';
import { fallbackName } from './names';
import { type GlossLang, SENTENCES } from './phrases';
import type { GlossRender } from './render';

/**
 * The gloss lint of a compiled document from its rules' renders (both languages) and its entries'
 * sources — pure bookkeeping, linear in the rules; docs/gloss.md "Lint".
 * - ERDL-W901 (G3): a field with no display name in a checked language, at the field;
 * - ERDL-W902 (G2): a stored `gloss` that is not render(tree), with a fix that writes the render;
 *   a text gloss may be in either language, a {zh, en} gloss is checked per language; a decision
 *   table's gloss is its row sentences joined ("；" / "; ");
 * - ERDL-I903 (G2): a rule without a stored gloss in a document whose other rules store one
 *   (ruling I-80: a document need not store gloss at all; only exported manifests carry it).
 * Ordered by position.
 */

/** Rule renders, index-aligned with `document.rules`. */
export type RuleRenders = Readonly<Record<GlossLang, readonly GlossRender[]>>;

const LANG_NAMES = {
  zh: { en: 'Chinese', zh: '中文' },
  en: { en: 'English', zh: '英文' },
  both: { en: 'Chinese or English', zh: '中文和英文' },
} as const;

export function lintGloss(
  document: CompiledDocument,
  entries: ReadonlyMap<string, EntrySource>,
  renders: RuleRenders,
  langs: readonly GlossLang[],
): Diagnostic[] {
  const out = unnamedFields(document, renders, langs);
  out.push(...storedGlosses(document, entries, renders));
  return out.sort((a, b) => a.range.start - b.range.start || a.range.end - b.range.end);
}

/** G3: one warning per field occurrence, naming the languages it lacks. */
function unnamedFields(
  document: CompiledDocument,
  renders: RuleRenders,
  langs: readonly GlossLang[],
): Diagnostic[] {
  const missing = new Map<string, { path: string; range: Range; langs: Set<GlossLang> }>();
  for (const lang of langs) {
    renders[lang].forEach((gloss, i) => {
      const rule = document.rules[i] as CompiledRule;
      for (const field of gloss.unnamed) {
        const range = document.sourceMap.get(field) ?? rule.range;
        const key = `${range.start}:${range.end}:${field.path}`;
        const entry = missing.get(key) ?? { path: field.path, range, langs: new Set() };
        entry.langs.add(lang);
        missing.set(key, entry);
      }
    });
  }
  const out: Diagnostic[] = [];
  for (const { path, range, langs: which } of missing.values()) {
    const both = which.size === 2;
    const only = [...which][0] as GlossLang;
    const lang = both ? LANG_NAMES.both : LANG_NAMES[only];
    // The message quotes the fallback itself: a Chinese fallback's own quotes (“user.is_vip”) go.
    const read = (l: GlossLang) => fallbackName(path, l).replace(/^“([^”]*)”$/, '$1');
    const fallback = both ? { en: read('en'), zh: read('zh') } : { en: read(only), zh: read(only) };
    out.push(diagnostic('ERDL-W901', range, { path, lang, fallback }));
  }
  return out;
}

/** G2: stored gloss = render(tree), per entry (a table's rows joined); I903 where none is stored. */
function storedGlosses(
  document: CompiledDocument,
  entries: ReadonlyMap<string, EntrySource>,
  renders: RuleRenders,
): Diagnostic[] {
  // Row sentences per entry, in rule order: one pass instead of a filter per entry.
  const texts = new Map<string, { zh: string[]; en: string[] }>();
  document.rules.forEach((rule, i) => {
    let t = texts.get(rule.entry);
    if (!t) {
      t = { zh: [], en: [] };
      texts.set(rule.entry, t);
    }
    t.zh.push((renders.zh[i] as GlossRender).text);
    t.en.push((renders.en[i] as GlossRender).text);
  });
  const rendered = (entry: string, lang: GlossLang): string =>
    (texts.get(entry)?.[lang] ?? []).join(SENTENCES.rowSeparator[lang]);
  const out: Diagnostic[] = [];
  const storesGloss = [...texts.keys()].some((entry) => entries.get(entry)?.gloss);
  for (const entry of texts.keys()) {
    const source = entries.get(entry);
    if (!source) continue;
    const stored = source.gloss;
    if (!stored) {
      if (storesGloss) out.push(diagnostic('ERDL-I903', source.nameRange, { name: entry }));
    } else if (stored.kind === 'text') {
      const expected = { zh: rendered(entry, 'zh'), en: rendered(entry, 'en') };
      if (stored.text === expected.zh || stored.text === expected.en) continue;
      const lang: GlossLang = /[\u3400-\u9fff]/.test(stored.text) ? 'zh' : 'en';
      out.push(mismatch(stored.range, expected[lang]));
    } else if (stored.kind === 'langs') {
      for (const { lang, text, range } of stored.values) {
        const expected = rendered(entry, lang);
        if (text !== expected) out.push(mismatch(range, expected));
      }
    }
  }
  return out;
}

function mismatch(range: Range, expected: string): Diagnostic {
  return diagnostic(
    'ERDL-W902',
    range,
    { expected },
    {
      title: { en: 'Write the rendered gloss', zh: '改为渲染结果' },
      edits: [{ range, newText: JSON.stringify(expected) }],
    },
  );
}
