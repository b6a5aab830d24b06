/**
 * The Evaluate panel's words for an evaluation: the headline (who decided, and how) and why each
 * rule did not match, from the result fields and the kernel's trace reasons (TraceReason). Pure:
 * the strings come in, so both languages are tested the same way.
 */
import type { EvaluationResult, TraceReason } from '../../kernel';
import { enQuote, zhQuote } from '../../kernel/util/quote';
import { revealText } from '../../kernel/util/visible-text';
import { format } from '../i18n/i18n';
import type { EvaluationEntry, Lang, StudioDocument } from '../store/types';
import type { panelStrings } from './strings';

type EvaluateStrings = (typeof panelStrings)['zh']['evaluate'];

/**
 * Whether the shown evaluation is of the inputs on screen (the document text, the fact, as_of and
 * the temporal state, compared by identity): derived from what the result was computed for, never
 * from a remembered "pending" flag, so a result of an earlier text or fact is never shown as
 * current — not even in the moments before the next evaluation is sent.
 */
export function evaluationCurrent(
  entry: EvaluationEntry | undefined,
  doc: Pick<StudioDocument, 'text' | 'fact' | 'asOf' | 'temporalState'>,
): boolean {
  const of = entry?.of;
  return (
    of !== undefined &&
    of.text === doc.text &&
    of.fact === doc.fact &&
    of.asOf === doc.asOf &&
    of.temporalState === doc.temporalState
  );
}

/** How the decision came about, checked against the result fields. */
export type Headline =
  /** A rule matched and decided. */
  | { readonly kind: 'decided'; readonly rule: string }
  /** The deciding rule did not match: an evaluation error failed it closed (E12). */
  | { readonly kind: 'failed-closed'; readonly rule: string; readonly detail: string | null }
  /** No rule decided: the document's fallback decision (metadata.decision). */
  | { readonly kind: 'default' };

export function headline(result: EvaluationResult, t: EvaluateStrings, lang: Lang): Headline {
  const rule = result.deciding_rule;
  if (rule === null) return { kind: 'default' };
  const closed = result.eval_warnings.some(
    (w) => w.code === 'error_fail_closed' && w.rule === rule,
  );
  if (!closed) return { kind: 'decided', rule };
  const reason = result.eval_trace.find((s) => s.rule === rule)?.reason;
  const detail = reason?.error
    ? errorDetail(reason, t, lang)
    : (result.eval_warnings.find(
        (w) => w.rule === rule && w.code !== 'error_fail_closed' && w.code !== 'error_folded_false',
      )?.message[lang] ?? null);
  return { kind: 'failed-closed', rule, detail };
}

export function headlineText(result: EvaluationResult, t: EvaluateStrings, lang: Lang): string {
  const h = headline(result, t, lang);
  switch (h.kind) {
    case 'decided':
      return format(t.decidedBy, { rule: h.rule });
    case 'default':
      return format(t.fallback, { decision: result.decision });
    case 'failed-closed':
      return h.detail === null
        ? format(t.failedClosedUnknown, { rule: h.rule, decision: result.decision })
        : format(t.failedClosed, { rule: h.rule, detail: h.detail, decision: result.decision });
  }
}

/**
 * matched_rules as shown: a rule there because an evaluation error failed it closed (E12) is
 * marked so, since its condition was never evaluated.
 */
export function matchedRules(result: EvaluationResult, mark: string): string[] {
  const closed = new Set(
    result.eval_warnings.filter((w) => w.code === 'error_fail_closed').map((w) => w.rule),
  );
  return result.matched_rules.map((rule) => (closed.has(rule) ? format(mark, { rule }) : rule));
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
type TypeKey = keyof EvaluateStrings['types'];
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
function errorDetail(reason: TraceReason, t: EvaluateStrings, lang: Lang): string {
  const e = reason.error;
  if (!e) return '';
  const limit = e.limit ?? 0;
  switch (e.code) {
    case 'regex_input_limit':
      return e.size === undefined
        ? format(t.why.regexLimitNoSize, { limit })
        : format(t.why.regexLimit, { size: e.size, limit });
    case 'array_limit':
      return e.size === undefined
        ? format(t.why.arrayLimitNoSize, { limit })
        : format(t.why.arrayLimit, { size: e.size, limit });
    case 'step_limit':
      return format(t.why.stepLimit, { limit });
    default:
      return e.message[lang];
  }
}

/**
 * The failing condition (a gloss fragment) as a sentence of its own: `line` is the string with
 * `{condition}`; the gloss's own closing punctuation, if any, is not doubled.
 */
export function conditionLine(line: string, condition: string): string {
  return format(line, { condition: condition.replace(/[。．.！!？?]$/u, '') });
}

/** An English sentence that opens with a display name ("the amount …") starts with a capital. */
function capitalized(lang: Lang, text: string): string {
  return lang === 'en' ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

/**
 * Why a rule did not match, in one or two sentences. `decision` is the rule's own (`then`), named
 * when it failed closed. `name` is the display name of the reason's field in `lang` (column label,
 * field dictionary or built-in, as in the gloss); without one the field's path is shown. Null when
 * there is nothing to add to the failing condition itself.
 */
export function reasonText(
  reason: TraceReason,
  t: EvaluateStrings,
  lang: Lang,
  decision: string,
  name?: string,
): string | null {
  const text = reasonSentences(reason, t, lang, decision, name);
  return text !== null && name !== undefined ? capitalized(lang, text) : text;
}

function reasonSentences(
  reason: TraceReason,
  t: EvaluateStrings,
  lang: Lang,
  decision: string,
  name: string | undefined,
): string | null {
  const field =
    name ??
    (reason.field === undefined ? t.why.theValue : format(t.why.rawField, { path: reason.field }));
  switch (reason.kind) {
    case 'type_mismatch': {
      const type = typeKey(reason.type);
      const expected = typeKey(reason.expected);
      const words = {
        field,
        type: t.types[type],
        expected: t.types[expected],
      };
      const text =
        'value' in reason
          ? format(t.why.typeMismatch, {
              ...words,
              value:
                reason.exact !== undefined
                  ? `${lang === 'zh' ? ' ' : ''}${revealText(reason.exact)}`
                  : lang === 'zh'
                    ? shownZh(reason.value)
                    : shown(reason.value),
            })
          : format(t.why.typeMismatchNoValue, words);
      return 'suggestion' in reason
        ? sentences(lang, text, format(t.why.didYouMean, { suggestion: shown(reason.suggestion) }))
        : text;
    }
    case 'missing':
      return format(t.why.missing, { field });
    case 'null':
      return format(t.why.null, { field });
    case 'false':
      return 'value' in reason && reason.field
        ? format(t.why.false, {
            field,
            value: reason.exact !== undefined ? revealText(reason.exact) : shown(reason.value),
          })
        : null;
    case 'error': {
      const e = reason.error;
      if (!e) return null;
      const stopped = format(t.why.notEvaluated, { detail: errorDetail(reason, t, lang) });
      const outcome =
        e.outcome === 'error_fail_closed' ? format(t.why.failClosed, { decision }) : t.why.folded;
      return sentences(lang, stopped, outcome);
    }
  }
}
