import { memo } from 'react';
import type { EvaluationResult, Explanation, RuleExplanation, Text, TraceNode } from '../../kernel';
import { revealInline } from '../../kernel/util/visible-text';
import { format, useT } from '../i18n/i18n';
import { useProgressiveList } from '../shell/use-progressive-list';
import { VisibleText } from '../shell/VisibleText';
import { EvidenceActions } from '../signing/EvidenceActions';
import { selectActive, studioStore, useStudio } from '../store';
import type { Lang, StudioDocument } from '../store/types';
import { SuitePanel } from '../suites/SuitePanel';
import { AddFactField } from './AddFactField';
import { DecisionBadge } from './decision-label';
import { evaluationCurrent } from './evaluate-explain';
import { CopyCommand } from './fact-tools/CopyCommand';
import { FactInput } from './fact-tools/FactInput';
import { ShowMore } from './ShowMore';
import { panelStrings } from './strings';

/** An instant `as_of` can hold: ISO 8601 in UTC with milliseconds. */
function nowUtc(): string {
  return new Date().toISOString();
}

/** Evaluates the document's sample fact in the worker as either changes. */
export function EvaluatePanel() {
  const t = useT(panelStrings);
  const doc = useStudio(selectActive);
  const update = useStudio((s) => s.updateDocument);
  const entry = useStudio((s) => (s.activeId ? s.evaluations[s.activeId] : undefined));
  const lang = useStudio((s) => s.lang);
  const readFields = useStudio((s) =>
    s.activeId ? s.analyses[s.activeId]?.analysis.fields : undefined,
  );
  if (!doc) return null;
  const outcome = entry?.outcome ?? null;
  // Derived from what the result is of, not from a flag: a result of an earlier text or fact is
  // marked the moment the text or fact changes, before the next evaluation is even sent.
  const current = evaluationCurrent(entry, doc);
  const earlier = outcome !== null && !current;
  return (
    <div className="evaluate">
      <FactInput doc={doc} />
      <AddFactField docId={doc.id} />
      <div className="field-row">
        <label className="field">
          <span>{t.evaluate.asOf}</span>
          <input
            className="mono"
            value={doc.asOf}
            onChange={(e) => update(doc.id, { asOf: e.target.value })}
            aria-describedby="as-of-help"
            data-testid="as-of-input"
          />
        </label>
        <button
          type="button"
          className="button small"
          onClick={() => update(doc.id, { asOf: nowUtc() })}
        >
          {t.evaluate.now}
        </button>
      </div>
      <p id="as-of-help" className="muted">
        {t.evaluate.asOfHelp}
      </p>
      <label className="field">
        <span>{t.evaluate.state}</span>
        <textarea
          className="mono"
          rows={3}
          spellCheck={false}
          value={doc.temporalState}
          onChange={(e) => update(doc.id, { temporalState: e.target.value })}
        />
      </label>
      <div className="field-row">
        <button
          type="button"
          className="button small"
          onClick={() => update(doc.id, { temporalState: '' })}
          disabled={doc.temporalState === ''}
        >
          {t.evaluate.resetState}
        </button>
        {outcome?.kind === 'result' && outcome.result.temporal_state && (
          <CarryState doc={doc} state={outcome.result.temporal_state} />
        )}
      </div>
      <section
        aria-labelledby="result-title"
        aria-busy={!current}
        data-testid="evaluation"
        data-current={current}
      >
        <h3 id="result-title" className="section-title">
          {t.evaluate.result}{' '}
          {!current && (
            <span className="muted" data-testid="evaluating">
              {t.evaluate.pending}
            </span>
          )}
        </h3>
        {earlier && (
          <p className="muted" role="status" data-testid="evaluation-earlier">
            {t.evaluate.earlierResult}
          </p>
        )}
        {outcome?.kind === 'document-invalid' && (
          <p role="status">{format(t.evaluate.invalid, { n: outcome.errors })}</p>
        )}
        {outcome?.kind === 'input-error' && outcome.empty && (
          <p role="status" className="muted" data-testid="fact-empty">
            {t.evaluate.writeFact}
            {readFields && readFields.length > 0 && (
              <>
                {lang === 'zh' ? '' : ' '}
                <VisibleText
                  text={format(t.evaluate.rulesRead, {
                    fields: listFields(readFields, t.evaluate.fieldList),
                  })}
                />
              </>
            )}
          </p>
        )}
        {outcome?.kind === 'input-error' && !outcome.empty && (
          <p role="alert" className="notice notice-error" data-testid="input-error">
            <VisibleText
              text={format(t.evaluate.inputError, {
                input: t.evaluate.inputName[outcome.input],
                message: outcome.message[lang],
              })}
              multiline
            />
          </p>
        )}
        {outcome?.kind === 'result' && (
          // Greyed and marked (styles.css: the decision and ruleset hash say "earlier result")
          // while it is of earlier inputs; the memoized card itself is not rendered again for it.
          <div className={`dimmable${earlier ? ' stale' : ''}`} data-testid="result-wrap">
            <ResultCard result={outcome.result} explanation={outcome.explanation} lang={lang} />
          </div>
        )}
        {outcome?.kind === 'result' && <EvidenceActions doc={doc} />}
        {outcome?.kind === 'result' && <CopyCommand key={doc.id} doc={doc} />}
      </section>
      <SuitePanel />
    </div>
  );
}

/** The fields the rules read, as an empty fact's hint: the first few, in the order given. */
function listFields(fields: readonly string[], t: { separator: string; etc: string }): string {
  const shown = fields.slice(0, 6).join(t.separator);
  return fields.length > 6 ? `${shown}${t.etc}` : shown;
}

function CarryState({ doc, state }: { doc: StudioDocument; state: unknown }) {
  const t = useT(panelStrings);
  const update = useStudio((s) => s.updateDocument);
  return (
    <button
      type="button"
      className="button small"
      onClick={() => update(doc.id, { temporalState: JSON.stringify(state, null, 2) })}
    >
      {t.evaluate.useState}
    </button>
  );
}

function text(value: Text | null, lang: Lang): string | null {
  if (value === null) return null;
  return typeof value === 'string' ? value : (value[lang] ?? value.en ?? value.zh ?? null);
}

/**
 * The result and its explanation as the kernel words them (explainEvaluation: headline, matched
 * rules, each rule's failed condition and why). Memoized: a keystroke in the fact re-renders the
 * panel, not the last result's trace.
 */
const ResultCard = memo(function ResultCard({
  result,
  explanation,
  lang,
}: {
  result: EvaluationResult;
  explanation: Explanation;
  lang: Lang;
}) {
  const t = useT(panelStrings);
  const primary: [string, string | null][] = [
    [t.evaluate.primary.instruction, result.primary_instruction],
    [t.evaluate.primary.reason, result.primary_reason],
    [t.evaluate.primary.explanation, text(result.primary_explanation, lang)],
    [t.evaluate.primary.correction, result.primary_correction],
  ];
  return (
    <div className="result-card">
      <p className="result-decision" data-testid="decision" data-earlier={t.evaluate.earlierMark}>
        <span>
          {t.evaluate.decision}
          {t.evaluate.colon}
        </span>
        <DecisionBadge decision={result.decision} lang={lang} />
      </p>
      <p data-testid="decision-headline">
        <VisibleText text={explanation.headline.text[lang]} multiline />
      </p>
      <dl className="result-fields">
        <dt>{t.evaluate.matched}</dt>
        <dd className="mono" data-testid="matched-rules">
          <VisibleText
            text={explanation.matched_rules.map((m) => m.text[lang]).join(', ') || t.evaluate.none}
          />
        </dd>
        <dt>{t.evaluate.exempted}</dt>
        <dd className="mono">
          <VisibleText text={result.unless_exemptions.join(', ') || t.evaluate.none} />
        </dd>
        {primary
          .filter(([, v]) => v !== null)
          .map(([label, value]) => (
            <div key={label} className="dl-row">
              <dt>{label}</dt>
              <dd>
                <VisibleText text={value ?? ''} multiline />
              </dd>
            </div>
          ))}
        <dt>{t.evaluate.rulesetHash}</dt>
        <dd
          className="mono hash-cell"
          data-testid="ruleset-hash"
          data-earlier={t.evaluate.earlierMark}
        >
          {result.ruleset_hash}
        </dd>
        <dt>{t.evaluate.resultHash}</dt>
        <dd className="mono hash-cell">{result.result_hash}</dd>
      </dl>
      <p className="muted">
        {format(t.evaluate.evaluated, {
          evaluated: result.total_evaluated,
          matched: result.total_matched,
        })}
      </p>
      {result.eval_warnings.length > 0 && (
        <>
          <h4>{t.evaluate.warnings}</h4>
          <ul>
            {result.eval_warnings.map((w) => (
              <li key={`${w.code}:${w.rule}:${w.message.en}`}>
                <span className="mono">{w.code}</span>{' '}
                {w.rule && (
                  <span className="mono">
                    <VisibleText text={w.rule} />
                  </span>
                )}{' '}
                <VisibleText text={w.message[lang]} multiline />
              </li>
            ))}
          </ul>
        </>
      )}
      <Trace trace={explanation.rules} />
    </div>
  );
});

/**
 * One node of a rule's condition tree with what the evaluation made of it: its value (a literal's
 * too, `null` included), "missing" for a field the fact lacks (never shown as null), the error
 * raised at it (`error`: the kernel's message, which names the field), or not evaluated — stopped
 * by an error in an argument, or never needed.
 */
function TraceTree({ node, error }: { node: TraceNode; error: string | undefined }) {
  const t = useT(panelStrings);
  // `exact`: the value with every digit, when plain JSON would lose some (9007199254740993).
  const [text, state] =
    'value' in node
      ? [node.exact ?? JSON.stringify(node.value), 'value']
      : node.missing
        ? [t.evaluate.traceMissing, 'missing']
        : node.error?.at
          ? [
              error === undefined
                ? node.error.code
                : format(t.evaluate.traceError, {
                    // The node is named on the line already: "days_between = error: date … is missing".
                    message: error.startsWith(`${node.node}${t.evaluate.colon}`)
                      ? error.slice(`${node.node}${t.evaluate.colon}`.length)
                      : error,
                  }),
              'error',
            ]
          : node.error
            ? [t.evaluate.traceStopped, 'stopped']
            : [t.evaluate.notEvaluated, 'not-evaluated'];
  return (
    <li>
      <span data-node-state={state}>
        <span className="mono">
          <VisibleText text={node.path === undefined ? node.node : `${node.node} ${node.path}`} />
        </span>{' '}
        <span className={state === 'value' ? 'mono' : state === 'error' ? 'trace-error' : 'muted'}>
          = <VisibleText text={text} />
        </span>
      </span>
      {node.args && node.args.length > 0 && (
        <ul className="trace-tree">
          {node.args.map((child, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: arguments are positional
            <TraceTree key={i} node={child} error={error} />
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * Why a rule did not match, as the kernel's explanation words it: the condition (in gloss) and
 * the reason for it, two sentences; the reason names its field by its display name.
 */
function WhyNot({ step }: { step: RuleExplanation }) {
  const lang = useStudio((s) => s.lang);
  const condition = step.condition?.line[lang];
  const why = step.why?.[lang];
  if (!condition && !why) return null;
  return (
    <div className="trace-failed" data-testid="failed-condition">
      {condition && (
        <div>
          <VisibleText text={condition} multiline />
        </div>
      )}
      {why && (
        <div className="trace-why" data-testid="failed-reason">
          <VisibleText text={why} multiline />
        </div>
      )}
    </div>
  );
}

/**
 * An evaluation's trace, ring by ring (the Evaluate panel; also both traces of an impact sample).
 * `linked` (default): rule names go to the rule in the active document — off for a trace of
 * another text. `highlight`: rules marked, with `highlightLabel` after their status.
 */
export function Trace({
  trace,
  title,
  linked = true,
  highlight,
  highlightLabel,
}: {
  /** The explanation's rules (its trace, with each rule's failed condition and why). */
  trace: readonly RuleExplanation[];
  title?: string;
  linked?: boolean;
  highlight?: ReadonlySet<string>;
  highlightLabel?: string;
}) {
  const t = useT(panelStrings);
  const lang = useStudio((s) => s.lang);
  const revealAt = useStudio((s) => s.revealAt);
  const docId = useStudio((s) => s.activeId);
  const rules = useStudio((s) => (s.activeId ? s.analyses[s.activeId]?.analysis.rules : undefined));
  // A 1,000-rule document's trace is ~1,000 steps: rendered in steps, like the gloss list.
  const { shown, more, sentinel } = useProgressiveList(trace.length, docId);
  const rings = new Map<number, RuleExplanation[]>();
  for (const step of trace.slice(0, shown)) {
    const list = rings.get(step.ring) ?? [];
    list.push(step);
    rings.set(step.ring, list);
  }
  const reveal = (name: string) => {
    const rule = rules?.find((r) => r.name === name);
    if (rule && docId) revealAt(docId, rule.start.line, rule.start.column);
  };
  return (
    <section aria-label={title ?? t.evaluate.trace}>
      <h4>{title ?? t.evaluate.trace}</h4>
      {[...rings].map(([ring, steps]) => (
        <div key={ring}>
          <h5>{format(t.evaluate.ring, { ring })}</h5>
          <ol className="trace" data-testid="trace">
            {steps.map((step) => (
              <li
                key={step.rule}
                className={`trace-step trace-${step.status}${highlight?.has(step.rule) ? ' trace-differs' : ''}`}
                data-status={step.status}
                data-rule={step.rule}
                data-differs={highlight ? highlight.has(step.rule) : undefined}
              >
                {linked ? (
                  <button
                    type="button"
                    className="link-button mono"
                    aria-label={format(t.evaluate.goTo, { name: revealInline(step.rule) })}
                    onClick={() => reveal(step.rule)}
                  >
                    <VisibleText text={step.rule} />
                  </button>
                ) : (
                  <code className="mono">
                    <VisibleText text={step.rule} />
                  </code>
                )}{' '}
                <span className="trace-status">{t.evaluate.status[step.status]}</span>
                {highlight?.has(step.rule) && highlightLabel && (
                  <strong className="trace-differs-label"> {highlightLabel}</strong>
                )}
                {linked && step.rule.includes('#') && docId && (
                  <>
                    {' '}
                    <button
                      type="button"
                      className="link-button"
                      onClick={() => studioStore.getState().showInGrid(docId, step.rule)}
                    >
                      {t.evaluate.showInTable}
                    </button>
                  </>
                )}
                {step.note && (
                  <span className="muted">
                    {' '}
                    — <VisibleText text={step.note} multiline />
                  </span>
                )}
                <WhyNot step={step} />
                {(step.when || step.unless) && (
                  <details>
                    <summary>{t.evaluate.nodeValues}</summary>
                    <ul className="trace-tree">
                      {step.unless && <TraceTree node={step.unless} error={undefined} />}
                      {step.when && (
                        <TraceTree node={step.when} error={step.reason?.error?.message[lang]} />
                      )}
                    </ul>
                  </details>
                )}
              </li>
            ))}
          </ol>
        </div>
      ))}
      <ShowMore shown={shown} total={trace.length} more={more} sentinel={sentinel} />
    </section>
  );
}
