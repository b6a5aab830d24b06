import { useId, useState } from 'react';
import { uncoveredOutcome } from '../../../kernel/table-analysis/uncovered-outcome';
import { formatCell, type TableModel } from '../../../kernel/table-edit';
import { format, pick, useT } from '../../i18n/i18n';
import { AddScenarioFromExample } from '../../scenarios/AddScenarioFromExample';
import { VisibleText } from '../../shell/VisibleText';
import { useStudio } from '../../store';
import type { Analysis, Lang } from '../../store/types';
import { fieldName } from '../column-label';
import { runTableEdit } from '../run-table-edit';
import { gridStrings } from '../strings';
import { decisionWord, offGridSentences, outcomeSentence, regionInputs } from './band-wording';
import { bandStrings } from './strings';
import './band.css';

type Region = NonNullable<
  NonNullable<Analysis['diagnostics'][number]['uncovered']>['regions']
>[number];

/**
 * The uncovered-inputs band under a decision table (issue 15 §2, issue 36 §5, ruling I-93): when
 * the analysis of the current text finds inputs no row matches (ERDL-W511), it says what really
 * happens to them — the document's fallback decision decides them (unless another rule of the
 * document does), as a warning when that decision lets them through — and lists each region in
 * display names with an example a person writes. Every region has an action, failing closed (the
 * document's blocking fallback decision, else DENY, with a message), one edit and one undo step
 * each: the row that covers it, or — when no row of one condition per column does — the default
 * row. Derived from the analysis of the text on screen: while a newer text is being analysed, the
 * band is not shown (never an older gap).
 */
export function UncoveredBand({
  docId,
  table,
  analysis,
  editable,
  lang,
  onStatus,
}: {
  readonly docId: string;
  readonly table: TableModel;
  readonly analysis: Analysis | null;
  readonly editable: boolean;
  readonly lang: Lang;
  /** What an edit said besides its result, e.g. the rows it named by their numbers (I-90). */
  readonly onStatus?: (said: string) => void;
}) {
  const t = useT(bandStrings);
  const g = useT(gridStrings);
  const [refusal, setRefusal] = useState<string | null>(null);
  const id = useId();
  const current = useStudio((s) => {
    const entry = s.analyses[docId];
    return (
      entry !== undefined && entry.analysis === analysis && entry.text === s.documents[docId]?.text
    );
  });
  if (!analysis || !current) return null;
  const gap = analysis.diagnostics.find(
    (d) =>
      d.code === 'ERDL-W511' &&
      d.range.start >= table.range.start &&
      d.range.end <= table.range.end,
  );
  const uncovered = gap?.uncovered;
  if (!uncovered || uncovered.regions.length === 0) return null;
  const nameOf = (path: string) => fieldName(table, path, lang);
  // What decides these inputs (I-93): the document's other rules, then its fallback decision.
  const outcome = uncoveredOutcome(analysis.fallbackDecision, analysis.rules, table.entry);
  const said = outcomeSentence(outcome, lang, t);
  const decision = outcome.failClosed;
  const decisionText = decisionWord(decision, lang, t);

  const cellsOf = (region: Region) =>
    table.columns.map(
      (c) => region.cells?.find((x) => x.path === c.field)?.cell ?? { kind: 'any' as const },
    );

  const run = async (edit: Parameters<typeof runTableEdit>[2]) => {
    setRefusal(null);
    const result = await runTableEdit(docId, table.entry, edit);
    if (!result.ok) setRefusal(result.messages.map((m) => pick(m, lang)).join(' '));
    else onStatus?.(result.note ? pick(result.note, lang) : '');
  };
  const add = (region: Region) =>
    run({ kind: 'addRowForInputs', cells: cellsOf(region), then: decision, message: t.message });
  // The default row decides fail-closed too; the kernel reads the fallback from the text.
  const addDefault = () => run({ kind: 'addDefaultRow', lang });
  const defaultButton = (describedBy: string) => (
    <button
      type="button"
      className="button small"
      disabled={!editable}
      aria-describedby={describedBy}
      onClick={() => void addDefault()}
    >
      {format(t.addDefault, { name: decision })}
    </button>
  );
  const someInexpressible = uncovered.regions.some((r) => r.cells === null);

  return (
    <section
      className={`uncovered-band ${said.warning ? 'uncovered-band-warning' : 'uncovered-band-decided'}`}
      aria-label={t.title}
      data-testid="uncovered-band"
      data-warning={said.warning ? 'true' : 'false'}
    >
      <h4>
        <span className="badge badge-warning">{gap.code}</span> {t.title}
      </h4>
      <p className="uncovered-outcome" data-testid="uncovered-outcome" id={`${id}-outcome`}>
        {said.warning && (
          <span className="uncovered-warning-mark" aria-hidden="true">
            ⚠{' '}
          </span>
        )}
        <VisibleText
          text={
            said.warning && outcome.fallback !== null
              ? format(g.finding.twoSentences, { first: said.text, second: t.outcome.fix })
              : said.text
          }
        />
      </p>
      <ul>
        {uncovered.regions.map((region, k) => {
          const inputs = regionInputs(region, lang, t, g.finding, nameOf);
          const cells = region.cells
            ? cellsOf(region)
                .map((cell, i) => {
                  const column = table.columns[i];
                  const name = column ? nameOf(column.field) : '';
                  return cell.kind === 'any'
                    ? format(t.cellAny, { name })
                    : format(t.cellIs, { name, cell: formatCell(cell) });
                })
                .join(t.cellSeparator)
            : null;
          return (
            <li key={inputs} data-testid="uncovered-region">
              <p className="uncovered-fact" id={`${id}-${k}`}>
                <VisibleText text={format(t.region, { fact: inputs })} />
              </p>
              {offGridSentences(region, t, nameOf).map((s) => (
                <p key={s} className="muted">
                  {s}
                </p>
              ))}
              {cells === null ? (
                <div className="uncovered-action">
                  <span className="muted">{format(t.noSingleRow, { decision: decisionText })}</span>
                  {defaultButton(`${id}-${k}`)}
                </div>
              ) : (
                <div className="uncovered-action">
                  <span className="uncovered-row">
                    <VisibleText text={format(t.adds, { cells, decision: decisionText })} />
                  </span>
                  <button
                    type="button"
                    className="button small"
                    disabled={!editable}
                    aria-describedby={`${id}-${k}`}
                    onClick={() => void add(region)}
                  >
                    {t.add}
                  </button>
                  {!region.exact && <span className="muted uncovered-wider">{t.wider}</span>}
                </div>
              )}
              <div className="uncovered-action">
                <AddScenarioFromExample
                  docId={docId}
                  table={table}
                  fact={region.fact}
                  editable={editable}
                  lang={lang}
                  describedBy={`${id}-${k}`}
                />
              </div>
            </li>
          );
        })}
      </ul>
      {!uncovered.complete && <p className="muted">{t.more}</p>}
      {!someInexpressible && (
        <div className="uncovered-action uncovered-default">
          <span className="muted" id={`${id}-default`}>
            {format(t.defaultRow, { decision: decisionText })}
          </span>
          {defaultButton(`${id}-default`)}
        </div>
      )}
      {refusal && (
        <p role="alert" className="uncovered-refusal">
          <VisibleText text={refusal} multiline />
        </p>
      )}
    </section>
  );
}
