import { type ChangeEvent, useRef, useState } from 'react';
import {
  addCaseToSuiteText,
  type CaseStatus,
  factSetFormat,
  filterOutcomes,
  readFact,
  type SuiteResult,
} from '../../kernel';
import { format, useT } from '../i18n/i18n';
import { getBatchKernel } from '../kernel/kernel-instance';
import { DecisionBadge } from '../panels/decision-label';
import { VisibleText } from '../shell/VisibleText';
import { studioStore, useStudio } from '../store';
import type { Lang, SuiteRunEntry } from '../store/types';
import { SequenceTimeline } from './SequenceTimeline';
import { PROBLEMS_LISTED, SkippedRecords } from './SkippedRecords';
import { selectSuiteRunCurrent } from './SuiteBadge';
import { suiteStrings } from './strings';
import { run } from './suite-controller';

/** Case rows rendered at once; the filter narrows large imported sets. */
const MAX_ROWS = 200;

/** The document's fact suite: edit it, run it, import large fact sets, read the results. */
export function SuitePanel() {
  const t = useT(suiteStrings);
  const lang = useStudio((s) => s.lang);
  const docId = useStudio((s) => s.activeId);
  const suite = useStudio((s) => (s.activeId ? (s.documents[s.activeId]?.suite ?? '') : ''));
  const entry = useStudio((s) => (s.activeId ? s.suiteRuns[s.activeId] : undefined));
  const update = useStudio((s) => s.updateDocument);
  const fileInput = useRef<HTMLInputElement>(null);
  if (!docId) return null;

  const importFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const text = await file.text();
    const factSet = factSetFormat(file.name);
    if (factSet) {
      await run(
        studioStore,
        getBatchKernel(),
        docId,
        { source: 'import', name: file.name },
        text,
        factSet,
      );
    } else {
      update(docId, { suite: text });
    }
  };

  return (
    <section className="suite" aria-labelledby="suite-title" data-testid="suite-panel">
      <h3 id="suite-title" className="section-title">
        {t.heading}
      </h3>
      <p className="muted">{t.help}</p>
      <label className="field">
        <span>{t.suiteText}</span>
        <textarea
          className="mono"
          rows={8}
          spellCheck={false}
          value={suite}
          onChange={(e) => update(docId, { suite: e.target.value })}
          data-testid="suite-input"
        />
      </label>
      <div className="field-row suite-actions">
        <SaveCaseButton docId={docId} />
        <button type="button" className="button small" onClick={() => fileInput.current?.click()}>
          {t.import}
        </button>
        <input
          ref={fileInput}
          type="file"
          hidden
          accept=".yaml,.yml,.json,.jsonl,.ndjson,.csv"
          data-testid="suite-file"
          onChange={(e) => void importFile(e)}
        />
        <button
          type="button"
          className="button small"
          onClick={() =>
            download(
              `${studioStore.getState().documents[docId]?.name ?? 'rules'}.facts.yaml`,
              suite,
            )
          }
          disabled={suite.trim() === ''}
        >
          {t.export}
        </button>
        {entry?.source === 'import' && !entry.pending && (
          <button
            type="button"
            className="button small"
            onClick={() =>
              void run(studioStore, getBatchKernel(), docId, { source: 'suite' }, suite, 'suite')
            }
          >
            {t.backToSuite}
          </button>
        )}
      </div>
      {entry && <RunView entry={entry} docId={docId} lang={lang} />}
    </section>
  );
}

function download(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/yaml' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

function SaveCaseButton({ docId }: { docId: string }) {
  const t = useT(suiteStrings);
  const save = () => {
    const state = studioStore.getState();
    const doc = state.documents[docId];
    const outcome = state.evaluations[docId]?.outcome;
    if (!doc) return;
    if (outcome?.kind !== 'result') {
      state.notify('warning', { en: suiteStrings.en.noResult, zh: suiteStrings.zh.noResult });
      return;
    }
    // As the Evaluate panel read it (the kernel's one fact reader: exact numbers, mappings only).
    const fact = readFact(doc.fact, { format: 'yaml' });
    if (!fact.ok) {
      state.notify('error', fact.message);
      return;
    }
    const existing = (doc.suite ?? '').match(/^\s*- name:/gm)?.length ?? 0;
    const name = format(suiteStrings[state.lang].caseName, { n: existing + 1 });
    const added = addCaseToSuiteText(doc.suite ?? '', {
      name,
      fact: fact.fact,
      as_of: doc.asOf,
      expect: {
        decision: outcome.result.decision,
        matched_rules: [...outcome.result.matched_rules],
      },
    });
    if (!added.ok) {
      state.notify('error', added.message);
      return;
    }
    state.updateDocument(docId, { suite: added.text });
    state.notify('info', {
      en: format(suiteStrings.en.savedCase, { name, decision: outcome.result.decision }),
      zh: format(suiteStrings.zh.savedCase, { name, decision: outcome.result.decision }),
    });
  };
  return (
    <button type="button" className="button small" onClick={save} data-testid="save-case">
      {t.saveCase}
    </button>
  );
}

function RunView({ entry, docId, lang }: { entry: SuiteRunEntry; docId: string; lang: Lang }) {
  const t = useT(suiteStrings);
  const outcome = entry.outcome;
  const current = useStudio(selectSuiteRunCurrent);
  return (
    <div className="suite-run" aria-busy={entry.pending}>
      {!entry.pending && !current && outcome && (
        <p className="muted" role="status" data-testid="suite-outdated">
          {t.outdated}
        </p>
      )}
      {entry.source === 'import' && entry.name && (
        <p className="muted">
          <VisibleText text={format(t.importedFrom, { name: entry.name })} />
        </p>
      )}
      {entry.pending && (
        <div className="field-row" role="status" data-testid="suite-progress">
          <progress
            value={entry.progress?.done ?? 0}
            max={entry.progress?.total || 1}
            aria-label={t.heading}
          />
          <span>
            {entry.progress
              ? format(t.running, { done: entry.progress.done, total: entry.progress.total })
              : format(t.running, { done: 0, total: '…' })}
          </span>
          <button
            type="button"
            className="button small"
            onClick={() => getBatchKernel().cancel(`suite:${docId}`)}
          >
            {t.cancel}
          </button>
        </div>
      )}
      {outcome?.kind === 'document-invalid' && (
        <p role="status">{format(t.invalidDocument, { n: outcome.errors })}</p>
      )}
      {(outcome?.kind === 'suite-invalid' ||
        (outcome?.kind === 'result' && outcome.problems.length > 0)) && (
        <div className={outcome.kind === 'suite-invalid' ? 'notice notice-error' : ''} role="alert">
          <strong>{t.problems}</strong>
          <ul data-testid="suite-problems">
            {outcome.problems.slice(0, PROBLEMS_LISTED).map((p) => (
              <li key={`${p.code}:${p.range.start}`}>
                <span className="mono">
                  {p.line}:{p.column}
                </span>{' '}
                <VisibleText text={p.message[lang]} multiline />
              </li>
            ))}
          </ul>
        </div>
      )}
      {(outcome?.kind === 'suite-invalid' || outcome?.kind === 'result') && (
        <SkippedRecords
          skipped={(outcome.kind === 'result' && outcome.skipped) || []}
          problems={outcome.problems.length}
          listed={Math.min(outcome.problems.length, PROBLEMS_LISTED)}
        />
      )}
      {outcome?.kind === 'result' && (
        <>
          {outcome.cancelled && <p className="muted">{t.cancelled}</p>}
          <Results result={outcome.result} lang={lang} />
        </>
      )}
    </div>
  );
}

function Results({ result, lang }: { result: SuiteResult; lang: Lang }) {
  const t = useT(suiteStrings);
  const [status, setStatus] = useState<CaseStatus | ''>('');
  const [text, setText] = useState('');
  const shown = filterOutcomes(result.cases, { ...(status ? { status } : {}), text });
  const max = Math.max(1, ...result.distribution.map((d) => d.count));
  return (
    <>
      <p data-testid="suite-totals">{format(t.totals, { ...result.totals })}</p>
      <div className="field-row">
        <label className="field">
          <span>{t.filterStatus}</span>
          <select value={status} onChange={(e) => setStatus(e.target.value as CaseStatus | '')}>
            <option value="">{t.all}</option>
            <option value="fail">{t.fail}</option>
            <option value="pass">{t.pass}</option>
            <option value="unchecked">{t.unchecked}</option>
          </select>
        </label>
        <label className="field">
          <span>{t.filterText}</span>
          <input value={text} onChange={(e) => setText(e.target.value)} />
        </label>
      </div>
      <table className="data-table" data-testid="suite-cases">
        <caption>
          {format(t.shown, { shown: Math.min(shown.length, MAX_ROWS), total: shown.length })}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t.status}</th>
            <th scope="col">{t.caseColumn}</th>
            <th scope="col">{t.decision}</th>
            <th scope="col">{t.expected}</th>
            <th scope="col">{t.why}</th>
          </tr>
        </thead>
        <tbody>
          {shown.slice(0, MAX_ROWS).map((i) => {
            const c = result.cases[i]!;
            return (
              <tr key={i} className={`case-${c.status}`} data-status={c.status}>
                <td className="nowrap">{t.statusLabel[c.status]}</td>
                <td>
                  <VisibleText text={c.name} />
                </td>
                <td>
                  <DecisionBadge decision={c.decision} lang={lang} />
                </td>
                <td className="mono">
                  <VisibleText text={c.expect?.decision ?? '—'} />
                </td>
                <td>
                  <VisibleText
                    text={c.mismatches.map((m) => m[lang]).join(lang === 'zh' ? '；' : '; ')}
                    multiline
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {result.sequences.length > 0 && <SequenceTimeline sequences={result.sequences} lang={lang} />}
      <h4>{t.distribution}</h4>
      <ul className="distribution" data-testid="suite-distribution">
        {result.distribution.map((d) => (
          <li key={d.decision}>
            <span className="mono distribution-label">{d.decision}</span>
            <span className="distribution-bar" style={{ width: `${(d.count / max) * 100}%` }} />
            <span className="mono">{d.count}</span>
          </li>
        ))}
      </ul>
      <h4>{t.coverage}</h4>
      <p data-testid="suite-uncovered">
        {result.uncovered.length > 0 ? (
          <VisibleText text={format(t.uncovered, { rules: result.uncovered.join(', ') })} />
        ) : (
          t.allCovered
        )}
      </p>
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">{t.rule}</th>
            <th scope="col">{t.matched}</th>
            <th scope="col">{t.decided}</th>
          </tr>
        </thead>
        <tbody>
          {result.rules.map((r) => (
            <tr key={r.rule}>
              <td className="mono">
                <VisibleText text={r.rule} />
              </td>
              <td className="mono">{r.matched}</td>
              <td className="mono">{r.decided}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
