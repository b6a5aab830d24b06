import type { CompileResult } from '../compile';
import type { Diagnostic } from '../diagnostics/diagnostic';
import type { CompiledDocument, CompiledRule } from '../document/compiled';
import { type EntrySource, readEntries } from './entries';
import { lintGloss } from './lint';
import type { FieldDictionary } from './names';
import { GLOSS_LANGS, type GlossLang } from './phrases';
import { type GlossOptions, type GlossRender, type GlossRule, renderRuleDetailed } from './render';

/**
 * Gloss over a whole compiled document: rule sentences with decision-table column labels, and the
 * gloss lint (G2 stored gloss = render(tree), G3 display names). The compiled document keeps
 * neither the column labels nor a rule's stored `gloss`, so both are read back from the source
 * (entries.ts): here from the whole text with the kernel's own loader; the editing path reads them
 * per rule item instead (incremental/gloss.ts) and passes them in.
 */

export interface DocumentGlossOptions {
  readonly dictionary?: FieldDictionary | undefined;
  readonly builtins?: FieldDictionary | undefined;
}

export interface GlossLintOptions extends DocumentGlossOptions {
  /** Languages whose display names are checked (G3); both by default. */
  readonly langs?: readonly GlossLang[];
}

export interface RuleGloss {
  /** The compiled rule's name (`<entry>#<n>` for a table row). */
  readonly name: string;
  readonly rule: CompiledRule;
  readonly gloss: GlossRender;
}

/** Both languages' rule glosses and the lint, from one read of the entries and one render each. */
export interface DocumentGloss {
  readonly zh: readonly RuleGloss[];
  readonly en: readonly RuleGloss[];
  readonly lint: readonly Diagnostic[];
}

/** What the one pass reads, when the caller has it already (the editing path). */
export interface GlossSources {
  /** The entries' sources by name, ranges in the compiled text (default: read from the text). */
  readonly entries?: ReadonlyMap<string, EntrySource>;
  /** Renders a rule (default: `renderRuleDetailed`; the editing path passes a RenderCache). */
  readonly render?: (rule: GlossRule, options: GlossOptions) => GlossRender;
}

/**
 * The gloss of every rule of a loaded document, in definition order (table rows expanded), in one
 * language. Null when the document did not load.
 */
export function glossDocument(
  result: CompileResult,
  options: DocumentGlossOptions & { readonly lang: GlossLang },
): RuleGloss[] | null {
  const document = result.document;
  if (!document) return null;
  return runSteps(
    glossRules(document, readEntries(result.source.text), options, renderRuleDetailed),
  );
}

/**
 * The gloss lint of a loaded document (lint.ts: W901, W902, I903), ordered by position; [] when
 * the document did not load.
 */
export function glossLint(result: CompileResult, options: GlossLintOptions = {}): Diagnostic[] {
  return [...(glossAll(result, options)?.lint ?? [])];
}

/**
 * `glossDocument` in both languages and `glossLint`, exactly, in one pass: the entries are read
 * once and every rule is rendered once per language. Null when the document did not load.
 */
export function glossAll(
  result: CompileResult,
  options: GlossLintOptions = {},
  sources: GlossSources = {},
): DocumentGloss | null {
  return runSteps(glossAllSteps(result, options, sources));
}

/**
 * `glossAll` in steps: the generator pauses after every rule rendered (in each language), so a
 * caller can spread the work over several turns of its event loop (the kernel worker runs the
 * studio's gloss phase as a background job between edits). Run to its end, it returns exactly
 * what `glossAll` returns — `glossAll` is this generator run without pausing.
 */
export function* glossAllSteps(
  result: CompileResult,
  options: GlossLintOptions = {},
  sources: GlossSources = {},
): Generator<void, DocumentGloss | null, void> {
  const document = result.document;
  if (!document) return null;
  const entries = sources.entries ?? readEntries(result.source.text);
  const render = sources.render ?? renderRuleDetailed;
  const zh = yield* glossRules(document, entries, { ...options, lang: 'zh' }, render);
  const en = yield* glossRules(document, entries, { ...options, lang: 'en' }, render);
  const renders = { zh: zh.map((g) => g.gloss), en: en.map((g) => g.gloss) };
  const lint = lintGloss(document, entries, renders, options.langs ?? GLOSS_LANGS);
  return { zh, en, lint };
}

/** Runs a generator of steps to its end, without pausing. */
export function runSteps<T>(steps: Generator<void, T, void>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

function* glossRules(
  document: CompiledDocument,
  entries: ReadonlyMap<string, EntrySource>,
  options: DocumentGlossOptions & { readonly lang: GlossLang },
  render: (rule: GlossRule, options: GlossOptions) => GlossRender,
): Generator<void, RuleGloss[], void> {
  const glosses: RuleGloss[] = [];
  for (const rule of document.rules) {
    glosses.push({
      name: rule.name,
      rule,
      gloss: render(rule, {
        lang: options.lang,
        dictionary: options.dictionary,
        builtins: options.builtins,
        labels: entries.get(rule.entry)?.labels,
      }),
    });
    yield;
  }
  return glosses;
}
