import { useEffect, useId, useState } from 'react';
import type { Bilingual, EvaluationResult, ImpactSample } from '../../../kernel';
import type { Outcome } from '../../../worker/kernel-client';
import type {
  EvaluateOutcome,
  ImpactRequest,
  ImpactTracesOutcome,
} from '../../../worker/kernel-protocol';
import { format, useT } from '../../i18n/i18n';
import { getBatchKernel } from '../../kernel/kernel-instance';
import { Trace } from '../../panels/EvaluatePanel';
import { VisibleText } from '../../shell/VisibleText';
import { studioStore, useStudio } from '../../store';
import type { Lang } from '../../store/types';
import { reviewStrings } from '../strings';
import { AboutText } from './AboutText';
import { sampleLabel } from './sample-label';

let traceRequests = 0;

/**
 * One sample fact of a transition, with a disclosure that evaluates it with tracing in both
 * versions (on demand, in the batch worker) and shows the two traces side by side. Opening is
 * refused once the run is out of date; traces already open are then marked as not current.
 */
export function SampleRows(props: {
  sample: ImpactSample;
  request: ImpactRequest;
  current: boolean;
}) {
  const { sample: s, request, current } = props;
  const t = useT(reviewStrings);
  const [open, setOpen] = useState(false);
  const panel = useId();
  return (
    <>
      <tr data-testid="impact-sample" data-name={s.name}>
        <td>
          <VisibleText text={sampleLabel(s, t.impactLine)} />
          <br />
          <code className="mono">
            <VisibleText text={s.exact ?? JSON.stringify(s.fact)} />
          </code>
          <br />
          <button
            type="button"
            className="link-button"
            aria-expanded={open}
            aria-controls={open ? panel : undefined}
            disabled={!open && !current}
            title={!open && !current ? t.impactStale : undefined}
            onClick={() => setOpen(!open)}
            data-testid="impact-show-traces"
          >
            {open ? t.impactHideTraces : t.impactShowTraces}
          </button>
        </td>
        <td>
          <VisibleText text={s.old.matched_rules.join(', ') || '—'} />
        </td>
        <td>
          <VisibleText text={s.new.matched_rules.join(', ') || '—'} />
        </td>
      </tr>
      {open && (
        <tr id={panel}>
          <td colSpan={3}>
            <SampleTraces sample={s} request={request} current={current} />
          </td>
        </tr>
      )}
    </>
  );
}

type TracesState =
  | { readonly kind: 'loading' }
  | { readonly kind: 'failed'; readonly message: Bilingual }
  | ImpactTracesOutcome;

/** Rules whose status differs between two traces (or that only one of them reached). */
function differingRules(a: EvaluationResult, b: EvaluationResult): string[] {
  const before = new Map(a.eval_trace.map((r) => [r.rule, r.status]));
  const after = new Map(b.eval_trace.map((r) => [r.rule, r.status]));
  const names = [...new Set([...before.keys(), ...after.keys()])];
  return names.filter((n) => before.get(n) !== after.get(n));
}

function SampleTraces(props: { sample: ImpactSample; request: ImpactRequest; current: boolean }) {
  const { sample, request, current } = props;
  const t = useT(reviewStrings);
  const lang = useStudio((s) => s.lang);
  const [state, setState] = useState<TracesState>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    setState({ kind: 'loading' });
    const dictionary = studioStore.getState().fieldDictionary;
    void getBatchKernel()
      .request(`impact-traces:${++traceRequests}`, {
        op: 'impactTraces',
        oldText: request.oldText,
        newText: request.newText,
        facts: request.facts,
        format: request.format,
        index: sample.index,
        name: sample.name,
        dictionary,
      })
      .then((o: Outcome<ImpactTracesOutcome>) => {
        if (!live || o.status === 'stale') return;
        setState(o.status === 'done' ? o.value : { kind: 'failed', message: o.message });
      });
    return () => {
      live = false;
    };
  }, [request, sample]);

  const body = (() => {
    if (state.kind === 'loading')
      return (
        <p role="status" className="muted">
          {t.impactTracesLoading}
        </p>
      );
    if (state.kind === 'failed')
      return (
        <p className="impact-error">
          <VisibleText text={format(t.impactTracesFailed, { reason: state.message[lang] })} />
        </p>
      );
    if (state.kind === 'not-found') return <p className="impact-error">{t.impactTracesNotFound}</p>;
    const { old: before, new: after } = state;
    const differs =
      before.kind === 'result' && after.kind === 'result'
        ? differingRules(before.result, after.result)
        : [];
    const highlight = new Set(differs);
    return (
      <>
        <p className="muted">{format(t.impactTracesAsOf, { asOf: state.asOf })}</p>
        <p data-testid="impact-traces-differ">
          <VisibleText text={format(t.impactTracesDiffer, { rules: differs.join(', ') || '—' })} />
        </p>
        <div className="impact-traces">
          {(['old', 'new'] as const).map((which) => (
            <TraceSide
              key={which}
              side={which === 'old' ? before : after}
              which={which}
              title={which === 'old' ? t.impactTraceOld : t.impactTraceNew}
              highlight={highlight}
              lang={lang}
              current={current}
            />
          ))}
        </div>
      </>
    );
  })();
  return (
    <AboutText
      testId="impact-traces"
      className="impact-traces-box"
      current={current}
      staleNote={t.impactTracesStale}
    >
      {body}
    </AboutText>
  );
}

function TraceSide(props: {
  side: EvaluateOutcome;
  which: 'old' | 'new';
  title: string;
  highlight: ReadonlySet<string>;
  lang: Lang;
  /** The run is about the current texts: the new version's rule names go to the rule. */
  current: boolean;
}) {
  const { side, which, title, highlight, lang, current } = props;
  const t = useT(reviewStrings);
  if (side.kind === 'document-invalid')
    return (
      <div data-testid={`impact-trace-${which}`}>
        <p className="impact-error">
          {format(which === 'old' ? t.impactOldInvalid : t.impactNewInvalid, {
            errors: side.errors,
          })}
        </p>
      </div>
    );
  if (side.kind === 'input-error')
    return (
      <div data-testid={`impact-trace-${which}`}>
        <p className="impact-error">
          <VisibleText text={format(t.impactTracesFailed, { reason: side.message[lang] })} />
        </p>
      </div>
    );
  return (
    <div data-testid={`impact-trace-${which}`}>
      <Trace
        trace={side.explanation.rules}
        title={format(title, { decision: side.result.decision })}
        linked={which === 'new' && current}
        highlight={highlight}
        highlightLabel={t.impactDiffers}
      />
    </div>
  );
}
