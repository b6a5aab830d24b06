/**
 * An evaluation explained, as plain JSON data (issue #40 point 1): the trace, and for every rule
 * that did not match the condition it failed at (in gloss), why (the reason's kind and operands),
 * and that reason worded in both languages — the one source of what the studio's Evaluate panel
 * shows and `erdl eval --explain` prints. Its JSON schema: public/schema/erdl-explanation.schema.json.
 */
import type { Bilingual } from '../diagnostics/diagnostic';
import type { CompiledDocument, CompiledRule } from '../document/compiled';
import { readEntries } from '../gloss/entries';
import { type ColumnLabels, type FieldDictionary, fieldDisplayName } from '../gloss/names';
import { renderGloss } from '../gloss/render';
import type { ExprNode } from '../tree/types';
import { enQuote, zhQuote } from '../util/quote';
import { fillTemplate } from '../util/template';
import { revealInline, revealText } from '../util/visible-text';
import type { Decision } from '../vocabulary/decisions';
import {
  type EvaluateOptions,
  type EvaluationResult,
  Evaluator,
  type RuleStatus,
  type RuleTrace,
} from './evaluate';
import { failingCondition, nodeAt, type TraceReason } from './explain';
import { EXPLANATION_STRINGS, type ExplanationStrings } from './explanation-strings';

type Lang = 'en' | 'zh';
const LANGS: readonly Lang[] = ['en', 'zh'];

/** The version of the explanation's shape (bumped when a field changes meaning or goes). */
export const EXPLANATION_VERSION = 1;

export interface ExplainOptions extends Omit<EvaluateOptions, 'trace' | 'outcomes' | 'hash'> {
  /** The user's field dictionary: the names the wording gives fields (G3), as the gloss does. */
  readonly dictionary?: FieldDictionary | undefined;
  /**
   * The document's source text: a table row's condition and reason name its fields by the
   * table's column labels, read from it (only when a row did not match). Without it (and without
   * `labels`) rows name their fields as other rules do.
   */
  readonly text?: string | undefined;
  /** A table entry's column labels by its name, instead of reading them from `text`. */
  readonly labels?: ((entry: string) => ColumnLabels | undefined) | undefined;
  /** An Evaluator of this document to reuse (its compiled closures); a new one otherwise. */
  readonly evaluator?: Evaluator | undefined;
  /** Condition glosses remembered across calls (a fact keystroke re-renders none). */
  readonly cache?: ExplanationCache | undefined;
}

/** How the decision came about. */
export interface Headline {
  /**
   * `decided`: a rule matched and decided; `failed_closed`: the deciding rule did not match, an
   * evaluation error failed it closed (E12); `default`: no rule decided, the document's fallback.
   */
  readonly kind: 'decided' | 'failed_closed' | 'default';
  /** The deciding rule (absent for `default`). */
  readonly rule?: string;
  /** `failed_closed`: what stopped the rule, when known. */
  readonly detail?: Bilingual;
  readonly text: Bilingual;
}

export interface MatchedRule {
  readonly rule: string;
  /** In matched_rules because an evaluation error failed it closed (E12): never evaluated. */
  readonly failed_closed: boolean;
  /** The name as listed (marked when it failed closed). */
  readonly text: Bilingual;
}

/** The condition a rule's reason is about, in gloss. */
export interface FailedCondition {
  /** Preorder id in the rule's `when` tree (as in the trace and TraceReason.node). */
  readonly node: number;
  /** The condition's gloss. */
  readonly text: Bilingual;
  /** The sentence shown: "Failed at: …." (or "Stopped at: …." when an error stopped it). */
  readonly line: Bilingual;
}

/** One rule of the trace (RuleTrace: status, node values, reason) with its explanation. */
export interface RuleExplanation extends RuleTrace {
  readonly status_text: Bilingual;
  /** The condition the reason is about (a false one, or one an error stopped). */
  readonly condition?: FailedCondition;
  /**
   * The display name of the reason's field (column label, field dictionary or built-in name, as
   * in the gloss); absent for an element path (`$.…`), which is shown as written.
   */
  readonly field_name?: Bilingual;
  /** Why the rule did not match, worded; absent when the condition says it all. */
  readonly why?: Bilingual;
}

export interface Explanation {
  readonly explanation_version: typeof EXPLANATION_VERSION;
  /** The evaluation instant. */
  readonly as_of: string;
  /** The evaluation result, as `erdl eval` prints it (with deciding_rule), without the trace. */
  readonly result: Omit<EvaluationResult, 'eval_trace'>;
  readonly headline: Headline;
  readonly matched_rules: readonly MatchedRule[];
  /** Every rule in evaluation order (ring, then priority), as in eval_trace. */
  readonly rules: readonly RuleExplanation[];
}

/** Condition glosses by node (the compiled document's, kept while its rule is unchanged). */
export class ExplanationCache {
  private readonly texts = new WeakMap<
    ExprNode,
    { dictionary: unknown; labels: unknown; text: Bilingual }
  >();
  /** Glosses rendered so far (cache misses; tests). */
  rendered = 0;

  gloss(node: ExprNode, dictionary: FieldDictionary | undefined, labels: ColumnLabels | undefined) {
    const hit = this.texts.get(node);
    if (hit && hit.dictionary === dictionary && hit.labels === labels) return hit.text;
    this.rendered++;
    const text = {
      en: renderGloss(node, { lang: 'en', dictionary, labels }),
      zh: renderGloss(node, { lang: 'zh', dictionary, labels }),
    };
    this.texts.set(node, { dictionary, labels, text });
    return text;
  }
}

/**
 * Evaluates `fact` against `document` with tracing and explains the result: the one function
 * behind the studio's Evaluate panel and `erdl eval --explain`. Plain JSON-serialisable data.
 */
export function explainEvaluation(
  document: CompiledDocument,
  fact: unknown,
  options: ExplainOptions,
): Explanation {
  const result = (options.evaluator ?? new Evaluator(document)).evaluate(fact, {
    as_of: options.as_of,
    ...(options.temporal_state ? { temporal_state: options.temporal_state } : {}),
    ...(options.guard ? { guard: true } : {}),
    trace: true,
  });
  return explanationOf(document, result, options);
}

/** The explanation of a traced evaluation of `document` (see explainEvaluation). */
function explanationOf(
  document: CompiledDocument,
  evaluation: EvaluationResult,
  options: ExplainOptions,
): Explanation {
  const { eval_trace, ...result } = evaluation;
  const byName = new Map(document.rules.map((r) => [r.name, r]));
  const cache = options.cache ?? new ExplanationCache();
  let entries: ((entry: string) => ColumnLabels | undefined) | undefined = options.labels;
  const labelsOf = (rule: CompiledRule): ColumnLabels | undefined => {
    if (rule.row === undefined) return undefined;
    if (!entries) {
      const read = options.text === undefined ? new Map() : readEntries(options.text);
      entries = (entry) => read.get(entry)?.labels;
    }
    return entries(rule.entry);
  };
  const rules = eval_trace.map((step) =>
    explainRule(step, byName.get(step.rule), options.dictionary, labelsOf, cache),
  );
  const closed = new Set(
    result.eval_warnings.filter((w) => w.code === 'error_fail_closed').map((w) => w.rule),
  );
  return {
    explanation_version: EXPLANATION_VERSION,
    as_of: options.as_of,
    result,
    headline: headline(evaluation, rules),
    matched_rules: result.matched_rules.map((rule) => ({
      rule,
      failed_closed: closed.has(rule),
      text: closed.has(rule)
        ? both((t) => fillTemplate(t.failedClosedMark, { rule }))
        : { en: rule, zh: rule },
    })),
    rules,
  };
}

function both(word: (t: ExplanationStrings, lang: Lang) => string): Bilingual {
  return { en: word(EXPLANATION_STRINGS.en, 'en'), zh: word(EXPLANATION_STRINGS.zh, 'zh') };
}

function explainRule(
  step: RuleTrace,
  rule: CompiledRule | undefined,
  dictionary: FieldDictionary | undefined,
  labelsOf: (rule: CompiledRule) => ColumnLabels | undefined,
  cache: ExplanationCache,
): RuleExplanation {
  const status_text = both((t) => t.status[step.status as RuleStatus]);
  if (!rule || !step.when) return { ...step, status_text };
  const failed = step.reason
    ? nodeAt(rule.when, step.reason.node)
    : step.status === 'false'
      ? failingCondition(rule.when, step.when)
      : null;
  if (!failed) return { ...step, status_text };
  const labels = labelsOf(rule);
  const text = cache.gloss(failed, dictionary, labels);
  const node = step.reason?.node ?? preorderId(rule.when, failed);
  const line = both((t, lang) =>
    conditionLine(step.reason?.kind === 'error' ? t.stoppedLine : t.failedLine, text[lang]),
  );
  // The reason names its field as the gloss does (G3), never by its raw path; an element path
  // (`$.…`, inside a list quantifier) has no display name and stays as written.
  const field = step.reason?.field;
  const field_name =
    field !== undefined && !field.startsWith('$')
      ? {
          en: fieldDisplayName(field, 'en', { dictionary, labels }).text,
          zh: fieldDisplayName(field, 'zh', { dictionary, labels }).text,
        }
      : undefined;
  const reason = step.reason;
  const words = reason
    ? LANGS.map((lang) => reasonText(reason, lang, step.then, field_name?.[lang]))
    : [null, null];
  return {
    ...step,
    status_text,
    condition: { node, text, line },
    ...(field_name ? { field_name } : {}),
    ...(words[0] !== null && words[1] !== null
      ? { why: { en: words[0] as string, zh: words[1] as string } }
      : {}),
  };
}

/** A node's preorder id in `tree`, found by identity (ids as in the trace). */
function preorderId(tree: ExprNode, target: ExprNode): number {
  let next = 0;
  let found = -1;
  const walk = (n: ExprNode): void => {
    if (found >= 0) return;
    if (n === target) found = next;
    next++;
    if ('args' in n) for (const a of n.args) walk(a);
  };
  walk(tree);
  return Math.max(found, 0);
}

function headline(result: EvaluationResult, rules: readonly RuleExplanation[]): Headline {
  const rule = result.deciding_rule;
  if (rule === null)
    return {
      kind: 'default',
      text: both((t) => fillTemplate(t.fallback, { decision: result.decision })),
    };
  const closed = result.eval_warnings.some(
    (w) => w.code === 'error_fail_closed' && w.rule === rule,
  );
  if (!closed)
    return { kind: 'decided', rule, text: both((t) => fillTemplate(t.decidedBy, { rule })) };
  const reason = rules.find((s) => s.rule === rule)?.reason;
  const warning = result.eval_warnings.find(
    (w) => w.rule === rule && w.code !== 'error_fail_closed' && w.code !== 'error_folded_false',
  );
  const detail: Bilingual | undefined = reason?.error
    ? both((t, lang) => errorDetail(reason, t, lang))
    : warning?.message;
  const values = { rule, decision: result.decision };
  return {
    kind: 'failed_closed',
    rule,
    ...(detail ? { detail } : {}),
    text: both((t, lang) =>
      detail
        ? fillTemplate(t.failedClosed, { ...values, detail: detail[lang] })
        : fillTemplate(t.failedClosedUnknown, values),
    ),
  };
}

const TYPES = [
  'string',
  'number',
  'boolean',
  'null',
  'list',
  'object',
  'date',
  'missing',
  'scalar',
];
type TypeKey = keyof ExplanationStrings['types'];
const typeKey = (type: string | undefined): TypeKey =>
  TYPES.includes(type ?? '') ? (type as TypeKey) : 'other';

/**
 * A value as the user would write it in the fact (JSON: strings quoted), hidden characters written
 * out (⟨U+202E⟩) so the line reads as the fact runs.
 */
function shown(value: unknown): string {
  return typeof value === 'string'
    ? enQuote(value)
    : revealText(JSON.stringify(value) ?? String(value));
}

/**
 * A fact value after a Chinese word, as the gloss writes it (docs/gloss.md rules 2 and 3): a string
 * in “”, next to the word; anything else as JSON, after a space.
 */
function shownZh(value: unknown): string {
  return typeof value === 'string' ? zhQuote(value) : ` ${shown(value)}`;
}

/** Sentences in a row: a space between English ones, none between Chinese ones. */
function sentences(lang: Lang, ...parts: string[]): string {
  return parts.join(lang === 'zh' ? '' : ' ');
}

/** What stopped a condition (a limit, with its numbers; else the kernel's message). */
function errorDetail(reason: TraceReason, t: ExplanationStrings, lang: Lang): string {
  const e = reason.error;
  if (!e) return '';
  const limit = e.limit ?? 0;
  switch (e.code) {
    case 'regex_input_limit':
      return e.size === undefined
        ? fillTemplate(t.why.regexLimitNoSize, { limit })
        : fillTemplate(t.why.regexLimit, { size: e.size, limit });
    case 'array_limit':
      return e.size === undefined
        ? fillTemplate(t.why.arrayLimitNoSize, { limit })
        : fillTemplate(t.why.arrayLimit, { size: e.size, limit });
    case 'step_limit':
      return fillTemplate(t.why.stepLimit, { limit });
    default:
      return e.message[lang];
  }
}

/**
 * The failing condition (a gloss fragment) as a sentence of its own: `line` is the string with
 * `{condition}`; the gloss's own closing punctuation, if any, is not doubled.
 */
function conditionLine(line: string, condition: string): string {
  return fillTemplate(line, { condition: condition.replace(/[。．.！!？?]$/u, '') });
}

/** An English sentence that opens with a display name ("the amount …") starts with a capital. */
function capitalized(lang: Lang, text: string): string {
  return lang === 'en' ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

/**
 * Why a rule did not match, in one or two sentences. `decision` is the rule's own (`then`), named
 * when it failed closed. `name` is the display name of the reason's field in `lang`; without one
 * the field's path is shown. Null when there is nothing to add to the failing condition itself.
 */
function reasonText(
  reason: TraceReason,
  lang: Lang,
  decision: Decision,
  name: string | undefined,
): string | null {
  const text = reasonSentences(reason, EXPLANATION_STRINGS[lang], lang, decision, name);
  return text !== null && name !== undefined ? capitalized(lang, text) : text;
}

function reasonSentences(
  reason: TraceReason,
  t: ExplanationStrings,
  lang: Lang,
  decision: string,
  name: string | undefined,
): string | null {
  const field =
    name ??
    (reason.field === undefined
      ? t.why.theValue
      : fillTemplate(t.why.rawField, { path: reason.field }));
  switch (reason.kind) {
    case 'type_mismatch': {
      const words = {
        field,
        type: t.types[typeKey(reason.type)],
        expected: t.types[typeKey(reason.expected)],
      };
      const text =
        'value' in reason
          ? fillTemplate(t.why.typeMismatch, {
              ...words,
              value:
                reason.exact !== undefined
                  ? `${lang === 'zh' ? ' ' : ''}${revealText(reason.exact)}`
                  : lang === 'zh'
                    ? shownZh(reason.value)
                    : shown(reason.value),
            })
          : fillTemplate(t.why.typeMismatchNoValue, words);
      return 'suggestion' in reason
        ? sentences(
            lang,
            text,
            fillTemplate(t.why.didYouMean, { suggestion: shown(reason.suggestion) }),
          )
        : text;
    }
    case 'missing':
      return fillTemplate(t.why.missing, { field });
    case 'null':
      return fillTemplate(t.why.null, { field });
    case 'false':
      return 'value' in reason && reason.field
        ? fillTemplate(t.why.false, {
            field,
            value: reason.exact !== undefined ? revealText(reason.exact) : shown(reason.value),
          })
        : null;
    case 'error': {
      const e = reason.error;
      if (!e) return null;
      const stopped = fillTemplate(t.why.notEvaluated, { detail: errorDetail(reason, t, lang) });
      const outcome =
        e.outcome === 'error_fail_closed'
          ? fillTemplate(t.why.failClosed, { decision })
          : t.why.folded;
      return sentences(lang, stopped, outcome);
    }
  }
}

/**
 * The explanation as plain text in one language, line by line (`erdl eval --explain`): the
 * decision and headline, the matched and exempted rules, the warnings, then each ring's rules with
 * their status and, for a rule that did not match, the condition it failed at and why. Names and
 * values show hidden characters as `⟨U+202E⟩` (I-88).
 */
export function explanationText(explanation: Explanation, lang: Lang): string[] {
  const t = EXPLANATION_STRINGS[lang];
  const r = explanation.result;
  const list = (names: readonly string[]) =>
    names.length === 0 ? t.text.none : names.map(revealInline).join(t.text.separator);
  const lines = [
    fillTemplate(t.text.decision, { decision: r.decision }),
    revealText(explanation.headline.text[lang]),
    fillTemplate(t.text.matched, {
      rules: list(explanation.matched_rules.map((m) => m.text[lang])),
    }),
    fillTemplate(t.text.exempted, { rules: list(r.unless_exemptions) }),
    fillTemplate(t.text.evaluated, { evaluated: r.total_evaluated, matched: r.total_matched }),
    ...r.eval_warnings.map((w) =>
      fillTemplate(t.text.warning, { code: w.code, message: revealText(w.message[lang]) }),
    ),
  ];
  let ring: number | undefined;
  for (const step of explanation.rules) {
    if (step.ring !== ring) {
      ring = step.ring;
      lines.push('', fillTemplate(t.text.ring, { ring }));
    }
    const note =
      step.note === undefined ? '' : ` ${fillTemplate(t.text.note, { note: step.note })}`;
    lines.push(
      `  ${fillTemplate(t.text.step, { rule: revealInline(step.rule), status: step.status_text[lang] })}${note}`,
    );
    if (step.condition) lines.push(`    ${revealInline(step.condition.line[lang])}`);
    if (step.why) lines.push(`    ${revealInline(step.why[lang])}`);
  }
  return lines;
}
