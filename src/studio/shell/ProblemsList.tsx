import { memo, useMemo, useState } from 'react';
import { revealText } from '../../kernel/util/visible-text';
import type { PositionedDiagnostic } from '../../worker/kernel-protocol';
import { format, useT } from '../i18n/i18n';
import { ShowMore } from '../panels/ShowMore';
import { studioStore, useStudio } from '../store';
import type { Lang } from '../store/types';
import { EDITOR_MARKER_LIMIT, type SeverityFilter, viewProblems } from './problem-order';
import { shellStrings } from './strings';
import { useShownAnalysis } from './use-analysis';
import { useProgressiveList } from './use-progressive-list';
import { VisibleText } from './VisibleText';

const NONE: readonly PositionedDiagnostic[] = [];

/**
 * The active document's diagnostics: errors, then warnings, then notes (folded while errors or
 * warnings are there), with a severity filter; a click moves the editor there, "Fix…" proposes
 * the fix. Long lists are rendered in steps ("Show more") — every diagnostic can be reached here,
 * also those beyond the editor's marker limit, which a note names.
 */
export function ProblemsList() {
  const t = useT(shellStrings);
  const lang = useStudio((s) => s.lang);
  const { docId, analysis, dimmed } = useShownAnalysis();
  const [filter, setFilter] = useState<SeverityFilter>('all');
  const [notesOpen, setNotesOpen] = useState(false);
  const diagnostics = analysis?.diagnostics ?? NONE;
  // Once per analysis and filter: the list re-renders (with what it showed) when the text moves on.
  const view = useMemo(() => viewProblems(diagnostics, filter), [diagnostics, filter]);
  // By the button only: the list sits beside the editor, and a scroll observer's check would run
  // on every frame while the user types.
  const steps = { onScroll: false };
  const mainSteps = useProgressiveList(view.main.length, `${docId}:${filter}`, steps);
  const noteSteps = useProgressiveList(view.notes.length, `${docId}:${filter}`, steps);
  const main = view.main.slice(0, mainSteps.shown);
  const notes = view.notes.slice(0, noteSteps.shown);
  // Keyed by what a row says and its rank among rows saying the same, not by offsets: an edit
  // moves every later diagnostic's offsets, and offset keys remounted each of those rows per
  // keystroke (the rows' line:column, which shows, is compared by the memo below).
  const seen = new Map<string, number>();
  const row = (d: PositionedDiagnostic) => {
    const said = `${d.severity}:${d.code}:${d.message.en}`;
    const nth = seen.get(said) ?? 0;
    seen.set(said, nth + 1);
    return <ProblemRow key={`${said}#${nth}`} d={d} docId={docId} lang={lang} />;
  };
  const more = (steps: typeof mainSteps, total: number) => (
    <ShowMore
      shown={steps.shown}
      total={total}
      more={steps.more}
      sentinel={steps.sentinel}
      text={t.problems.showMore}
    />
  );
  return (
    <section
      className={`problems dimmable${dimmed ? ' stale' : ''}`}
      aria-labelledby="problems-title"
    >
      <div className="problems-head">
        <h2 id="problems-title" className="section-title">
          {format(t.problems.heading, { n: diagnostics.length })}
        </h2>
        {diagnostics.length > 0 && (
          <label className="problems-filter">
            {t.problems.filter}{' '}
            <select
              value={filter}
              onChange={(e) => setFilter(e.target.value as SeverityFilter)}
              data-testid="problems-filter"
            >
              <option value="all">{t.problems.all}</option>
              <option value="error">{t.problems.errors}</option>
              <option value="warning">{t.problems.warnings}</option>
              <option value="info">{t.problems.notes}</option>
            </select>
          </label>
        )}
      </div>
      {diagnostics.length > EDITOR_MARKER_LIMIT && (
        <p className="muted" data-testid="problems-editor-limit">
          {format(t.problems.editorLimit, { limit: EDITOR_MARKER_LIMIT, n: diagnostics.length })}
        </p>
      )}
      {diagnostics.length === 0 ? (
        <p className="muted">{t.problems.none}</p>
      ) : (
        <>
          {main.length > 0 && (
            <ul className="problem-list" data-testid="problems">
              {main.map(row)}
            </ul>
          )}
          {more(mainSteps, view.main.length)}
          {notes.length > 0 &&
            (view.notesFolded ? (
              <details
                className="problem-notes"
                data-testid="problem-notes"
                open={notesOpen}
                onToggle={(e) => setNotesOpen(e.currentTarget.open)}
              >
                <summary>{format(t.problems.notesFolded, { n: view.notes.length })}</summary>
                {/* Folded notes are not rendered: on 1,000 rules that is 100 rows fewer to keep. */}
                {notesOpen && (
                  <>
                    <ul className="problem-list">{notes.map(row)}</ul>
                    {more(noteSteps, view.notes.length)}
                  </>
                )}
              </details>
            ) : (
              <>
                <ul className="problem-list" data-testid={main.length > 0 ? undefined : 'problems'}>
                  {notes.map(row)}
                </ul>
                {more(noteSteps, view.notes.length)}
              </>
            ))}
        </>
      )}
    </section>
  );
}

interface ProblemRowProps {
  readonly d: PositionedDiagnostic;
  readonly docId: string | null;
  readonly lang: Lang;
}

/** Rows re-render only when what they show (or the fix they propose) changes. */
function sameProblem(a: ProblemRowProps, b: ProblemRowProps): boolean {
  return (
    a.docId === b.docId &&
    a.lang === b.lang &&
    a.d.code === b.d.code &&
    a.d.severity === b.d.severity &&
    a.d.message.en === b.d.message.en &&
    a.d.start.line === b.d.start.line &&
    a.d.start.column === b.d.start.column &&
    (a.d.caused?.length ?? 0) === (b.d.caused?.length ?? 0) &&
    (a.d.fix === b.d.fix || JSON.stringify(a.d.fix) === JSON.stringify(b.d.fix))
  );
}

const ProblemRow = memo(function ProblemRow({ d, docId, lang }: ProblemRowProps) {
  const t = shellStrings[lang];
  const message = d.message[lang];
  const state = () => studioStore.getState();
  return (
    <li className="problem">
      <button
        type="button"
        className="link-button problem-go"
        title={format(t.problems.goTo, { ...d.start, message: revealText(message) })}
        onClick={() => docId && state().revealAt(docId, d.start.line, d.start.column)}
      >
        <span className={`severity severity-${d.severity}`}>{t.severity[d.severity]}</span>
        <span className="mono">
          {d.start.line}:{d.start.column}
        </span>
        <span className="mono muted">{d.code}</span>
        <span>
          <VisibleText text={message} multiline />
        </span>
        {d.caused && d.caused.length > 0 && (
          <span
            className="problem-caused muted"
            data-testid="problem-caused"
            title={format(t.problems.causedTitle, { n: d.caused.length })}
          >
            {format(t.problems.caused, { n: d.caused.length })}
          </span>
        )}
      </button>
      {d.fix && docId && (
        <button
          type="button"
          className="button small"
          aria-label={format(t.problems.fixLabel, { code: d.code, line: d.start.line })}
          onClick={() => state().proposeFix({ docId, code: d.code, fix: d.fix! })}
        >
          {t.problems.fix}
        </button>
      )}
    </li>
  );
}, sameProblem);
