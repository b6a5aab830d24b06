import './review.css';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import {
  type Bilingual,
  decisionInfo,
  type EvaluationResult,
  factSetFormat,
  type ImpactReport,
  type ImpactSample,
} from '../../kernel';
import { revealInline } from '../../kernel/util/visible-text';
import { type ImpactPoolRun, poolSize, runImpactPool } from '../../worker/impact-pool';
import type { Outcome } from '../../worker/kernel-client';
import type {
  EvaluateOutcome,
  ImpactOutcome,
  ImpactRequest,
  ImpactTracesOutcome,
} from '../../worker/kernel-protocol';
import { format, useT } from '../i18n/i18n';
import { formatTime } from '../i18n/time';
import { getBatchKernel, getBatchPool } from '../kernel/kernel-instance';
import { Trace } from '../panels/EvaluatePanel';
import { VisibleText } from '../shell/VisibleText';
import { SIGNED_VERSION } from '../signing/compare';
import { useSigning } from '../signing/signing-instance';
import { studioStore, useStudio } from '../store';
import type { Lang, StudioDocument } from '../store/types';
import { SkippedRecords } from '../suites/SkippedRecords';
import { reviewStrings } from './strings';

let runs = 0;

/**
 * Export → Impact of a change: another version (a workspace document, or the text a verified
 * signature file signed) against the current text, over the document's suite or an imported
 * JSON Lines / CSV fact set, in the batch worker with progress and cancel.
 */
export function ImpactSection({ doc }: { readonly doc: StudioDocument }) {
  const t = useT(reviewStrings);
  const id = useId();
  const lang = useStudio((s) => s.lang);
  const order = useStudio((s) => s.order);
  const documents = useStudio((s) => s.documents);
  const verification = useSigning((s) => s.verifications[doc.id]);
  const others = order.flatMap((d) => {
    const other = documents[d];
    return d !== doc.id && other ? [other] : [];
  });
  const signedText =
    verification?.report.signature === 'valid' && verification.report.manifest
      ? { text: verification.text, at: verification.report.manifest.signed_at }
      : null;
  const [against, setAgainst] = useState('');
  const [imported, setImported] = useState<{ name: string; text: string } | null>(null);
  const [source, setSource] = useState<'suite' | 'file'>('suite');
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [running, setRunning] = useState<ImpactPoolRun | null>(null);
  const [cancelling, setCancelling] = useState(false);
  /** The last run's outcome, with what it compared (to tell when it is about an older text). */
  const [shown, setShown] = useState<Shown | null>(null);
  const chosen = against || (signedText ? SIGNED_VERSION : (others[0]?.id ?? ''));
  const oldText =
    chosen === SIGNED_VERSION ? signedText?.text : others.find((o) => o.id === chosen)?.text;
  const facts =
    source === 'file' && imported
      ? { text: imported.text, format: factSetFormat(imported.name) ?? 'jsonl' }
      : doc.suite?.trim()
        ? { text: doc.suite, format: 'suite' as const }
        : null;
  const current = shown
    ? shown.request.oldText === oldText &&
      shown.request.newText === doc.text &&
      shown.request.facts === facts?.text &&
      shown.request.format === facts?.format
    : false;
  // A run still going when the section closes is stopped: nobody would see its result.
  const runningRef = useRef<ImpactPoolRun | null>(null);
  runningRef.current = running;
  useEffect(() => () => runningRef.current?.cancel(), []);

  const run = async () => {
    if (oldText === undefined || !facts) return;
    const name = `impact:${doc.id}:${++runs}`;
    setShown(null);
    setProgress(null);
    setCancelling(false);
    const request: ImpactRequest = {
      op: 'impact',
      oldText,
      newText: doc.text,
      facts: facts.text,
      format: facts.format,
    };
    const started = performance.now();
    const pool = getBatchPool(poolSize(navigator.hardwareConcurrency));
    let last = { done: 0, total: 0 };
    const handle = runImpactPool(pool, name, request, (done, total) => {
      last = { done, total };
      setProgress(last);
    });
    setRunning(handle);
    const result = await handle.outcome;
    setRunning(null);
    setProgress(null);
    setCancelling(false);
    if (result.status === 'done') {
      const seconds = (performance.now() - started) / 1000;
      setShown({
        request,
        outcome: result.value,
        progress: last,
        seconds,
        workers: handle.workers,
      });
    } else if (result.status !== 'stale') studioStore.getState().notify('error', result.message);
  };

  const importFacts = async (file: File | undefined) => {
    if (!file) return;
    setImported({ name: file.name, text: await file.text() });
    setSource('file');
  };

  return (
    <section aria-labelledby={`${id}-title`} data-testid="impact">
      <h3 id={`${id}-title`} className="section-title">
        {t.impactHeading}
      </h3>
      <p className="muted">{t.impactHelp}</p>
      {oldText === undefined && !signedText && others.length === 0 ? (
        <p className="muted">{t.impactNothing}</p>
      ) : (
        <>
          <label className="field">
            <span>{t.impactOld}</span>
            <select value={chosen} onChange={(e) => setAgainst(e.target.value)}>
              {signedText && (
                <option value={SIGNED_VERSION}>
                  {revealInline(format(t.impactSigned, { at: formatTime(signedText.at, lang) }))}
                </option>
              )}
              {others.map((o) => (
                <option key={o.id} value={o.id}>
                  {revealInline(o.name)}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>{t.impactFacts}</span>
            <select
              value={source}
              onChange={(e) => setSource(e.target.value as 'suite' | 'file')}
              data-testid="impact-facts"
            >
              <option value="suite">{t.impactSuite}</option>
              {imported && (
                <option value="file">
                  {format(t.impactFile, { file: revealInline(imported.name) })}
                </option>
              )}
            </select>
          </label>
          <p className="field-row">
            <label className="button">
              {t.impactImport}
              <input
                type="file"
                accept=".jsonl,.ndjson,.csv"
                hidden
                data-testid="impact-import"
                onChange={(e) => void importFacts(e.target.files?.[0])}
              />
            </label>
            <button
              type="button"
              className="button"
              disabled={running !== null || oldText === undefined || !facts}
              onClick={() => void run()}
            >
              {t.impactRun}
            </button>
            {running !== null && (
              <button
                type="button"
                className="button"
                disabled={cancelling}
                onClick={() => {
                  setCancelling(true);
                  running.cancel();
                }}
              >
                {t.impactCancel}
              </button>
            )}
          </p>
          {!facts && <p className="muted">{t.impactNoFacts}</p>}
          {running !== null && (
            <p role="status" data-testid="impact-progress">
              <progress value={progress?.done ?? 0} max={progress?.total || 1} />{' '}
              {cancelling ? t.impactCancelling : progress ? format(t.impactProgress, progress) : ''}
            </p>
          )}
          {shown && <ImpactShown shown={shown} current={current} lang={lang} />}
        </>
      )}
    </section>
  );
}

interface Shown {
  readonly request: ImpactRequest;
  readonly outcome: ImpactOutcome;
  /** The last progress the run reported (where a cancelled run stopped). */
  readonly progress: { readonly done: number; readonly total: number };
  readonly seconds: number;
  readonly workers: number;
}

/** A finished run: its outcome, marked when it is about an older text than the one shown now. */
function ImpactShown({ shown, current, lang }: { shown: Shown; current: boolean; lang: Lang }) {
  const t = useT(reviewStrings);
  const { outcome } = shown;
  if (outcome.kind === 'result' && outcome.cancelled)
    return (
      <p role="status" data-testid="impact-cancelled" data-state="cancelled">
        {format(t.impactCancelled, shown.progress)}
      </p>
    );
  return (
    <AboutText testId="impact-outcome" current={current} staleNote={t.impactStale}>
      <ImpactOutcomeView outcome={outcome} lang={lang} request={shown.request} current={current} />
      {outcome.kind === 'result' && outcome.skipped && (
        <SkippedRecords skipped={outcome.skipped} problems={0} listed={0} />
      )}
      {outcome.kind === 'result' && (
        <p className="muted" data-testid="impact-took">
          {format(t.impactTook, { seconds: shown.seconds.toFixed(1), workers: shown.workers })}
        </p>
      )}
    </AboutText>
  );
}

function ImpactOutcomeView({
  outcome,
  lang,
  request,
  current,
}: {
  outcome: ImpactOutcome;
  lang: Lang;
  request: ImpactRequest;
  current: boolean;
}) {
  const t = useT(reviewStrings);
  if (outcome.kind === 'document-invalid')
    return (
      <p className="impact-error">
        {format(outcome.which === 'old' ? t.impactOldInvalid : t.impactNewInvalid, {
          errors: outcome.errors,
        })}
      </p>
    );
  if (outcome.kind === 'facts-invalid')
    return (
      <p className="impact-error">
        <VisibleText
          text={format(t.impactFactsInvalid, {
            reason: outcome.problems
              .slice(0, 3)
              .map((p) => `${p.line}:${p.column} ${p.message[lang]}`)
              .join('; '),
          })}
          multiline
        />
      </p>
    );
  return (
    <ImpactReportView report={outcome.report} lang={lang} request={request} current={current} />
  );
}

function DecisionName({ name, lang }: { name: string; lang: Lang }) {
  const info = decisionInfo(name);
  return (
    <span title={info?.[lang]}>
      <code>{name}</code>
      {info ? ` ${info[lang]}` : ''}
    </span>
  );
}

function ImpactReportView(props: {
  report: ImpactReport;
  lang: Lang;
  /** What the run compared: a sample's traces are of exactly these texts. */
  request: ImpactRequest;
  /** False when the document, the other version or the facts changed since the run. */
  current: boolean;
}) {
  const { report, lang, request, current } = props;
  const t = useT(reviewStrings);
  return (
    <div data-testid="impact-result">
      <p role="status" data-testid="impact-summary">
        {format(t.impactSummary, {
          total: report.total,
          changed: report.changed,
          unchanged: report.total - report.changed,
        })}
      </p>
      <table className="data-table" data-testid="impact-matrix">
        <thead>
          <tr>
            <th>{t.impactFrom}</th>
            <th>{t.impactTo}</th>
            <th>{t.impactCount}</th>
          </tr>
        </thead>
        <tbody>
          {report.matrix.map((c) => (
            <tr key={`${c.from}>${c.to}`} data-from={c.from} data-to={c.to}>
              <td>
                <DecisionName name={c.from} lang={lang} />
              </td>
              <td>
                {c.from === c.to ? (
                  <span className="muted">{t.impactUnchanged}</span>
                ) : (
                  <DecisionName name={c.to} lang={lang} />
                )}
              </td>
              <td className="num">{c.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {report.transitions.map((tr) => (
        <div key={`${tr.from}>${tr.to}`} data-testid="impact-samples">
          <h4>{format(t.impactSamples, { from: tr.from, to: tr.to })}</h4>
          <table className="data-table">
            <thead>
              <tr>
                <th>{t.impactFact}</th>
                <th>{t.impactOldRules}</th>
                <th>{t.impactNewRules}</th>
              </tr>
            </thead>
            <tbody>
              {tr.samples.map((s) => (
                <SampleRows key={s.index} sample={s} request={request} current={current} />
              ))}
            </tbody>
          </table>
        </div>
      ))}
      {report.causes.length > 0 && (
        <>
          <h4>{t.impactCauses}</h4>
          <table className="data-table" data-testid="impact-causes">
            <thead>
              <tr>
                <th />
                <th>{t.impactOnlyOld}</th>
                <th>{t.impactOnlyNew}</th>
              </tr>
            </thead>
            <tbody>
              {report.causes.map((c) => (
                <tr key={c.rule}>
                  <td>
                    <code>
                      <VisibleText text={c.rule} />
                    </code>
                  </td>
                  <td className="num">{c.only_old}</td>
                  <td className="num">{c.only_new}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </div>
  );
}

let traceRequests = 0;

/**
 * One sample fact of a transition, with a disclosure that evaluates it with tracing in both
 * versions (on demand, in the batch worker) and shows the two traces side by side. Opening is
 * refused once the run is out of date; traces already open are then marked as not current.
 */
function SampleRows(props: { sample: ImpactSample; request: ImpactRequest; current: boolean }) {
  const { sample: s, request, current } = props;
  const t = useT(reviewStrings);
  const [open, setOpen] = useState(false);
  const panel = useId();
  return (
    <>
      <tr data-testid="impact-sample" data-name={s.name}>
        <td>
          <VisibleText text={caseLabel(s.name, t.impactLine)} />
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
          <TraceSide
            side={before}
            which="old"
            title={t.impactTraceOld}
            highlight={highlight}
            lang={lang}
            current={current}
          />
          <TraceSide
            side={after}
            which="new"
            title={t.impactTraceNew}
            highlight={highlight}
            lang={lang}
            current={current}
          />
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

/**
 * A box of results about the texts of a run: when they are no longer the texts shown, it is
 * marked (`data-current="false"`, the stale style) and says so first (`<testId>-stale`, or
 * `impact-stale` for the outcome, the name the journeys read).
 */
function AboutText(props: {
  testId: 'impact-outcome' | 'impact-traces';
  className?: string;
  current: boolean;
  staleNote: string;
  children: ReactNode;
}) {
  const { testId, current } = props;
  const classes = [props.className, current ? '' : 'impact-stale'].filter(Boolean).join(' ');
  return (
    <div data-testid={testId} data-current={current} className={classes}>
      {!current && (
        <p
          role="status"
          className="impact-error"
          data-testid={testId === 'impact-outcome' ? 'impact-stale' : 'impact-traces-stale'}
        >
          {props.staleNote}
        </p>
      )}
      {props.children}
    </div>
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
        trace={side.result.eval_trace}
        failed={side.failedConditions}
        fields={side.reasonFields}
        title={format(title, { decision: side.result.decision })}
        linked={which === 'new' && current}
        highlight={highlight}
        highlightLabel={t.impactDiffers}
      />
    </div>
  );
}

/** A fact read from a file is named `line N` by the kernel (as `erdl impact` prints it); shown in the UI language. */
function caseLabel(name: string, template: string): string {
  const line = /^line (\d+)$/.exec(name);
  return line ? format(template, { n: line[1] ?? '' }) : name;
}
