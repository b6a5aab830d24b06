import { useId, useState } from 'react';
import { formatCell, type TableModel } from '../../../kernel/table-edit';
import { isBlockingDecision, isDecision } from '../../../kernel/vocabulary/decisions';
import { format, pick, useT } from '../../i18n/i18n';
import { VisibleText } from '../../shell/VisibleText';
import { useStudio } from '../../store';
import type { Analysis, Lang } from '../../store/types';
import { fieldName } from '../column-label';
import { describeExample } from '../finding-sentence';
import { runTableEdit } from '../run-table-edit';
import { gridStrings } from '../strings';
import { bandStrings } from './strings';
import './band.css';

type Region = NonNullable<
  NonNullable<Analysis['diagnostics'][number]['uncovered']>['regions']
>[number];

/**
 * The uncovered-inputs band under a decision table (issue 15 §2): when the analysis of the current
 * text finds inputs no row matches (ERDL-W511), each region in plain words and a button adding the
 * row that covers exactly it, failing closed (the document's blocking fallback decision, else
 * DENY, with a message) — one edit, one undo step. Derived from the analysis of the text on
 * screen: while a newer text is being analysed, the band is not shown (never an older gap).
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
  const fallback = analysis.fallbackDecision;
  const decision =
    fallback !== null && isDecision(fallback) && isBlockingDecision(fallback) ? fallback : 'DENY';

  const cellsOf = (region: Region) =>
    table.columns.map(
      (c) => region.cells?.find((x) => x.path === c.field)?.cell ?? { kind: 'any' as const },
    );

  const add = async (region: Region) => {
    setRefusal(null);
    const result = await runTableEdit(docId, table.entry, {
      kind: 'addRowForInputs',
      cells: cellsOf(region),
      then: decision,
      message: t.message,
    });
    if (!result.ok) setRefusal(result.messages.map((m) => pick(m, lang)).join(' '));
    else onStatus?.(result.note ? pick(result.note, lang) : '');
  };

  return (
    <section className="uncovered-band" aria-label={t.title} data-testid="uncovered-band">
      <h4>
        <span className="badge badge-warning">{gap.code}</span> {t.title}
      </h4>
      <p className="muted">{t.intro}</p>
      <ul>
        {uncovered.regions.map((region, k) => {
          const fact = describeExample(region.fact, lang, g.finding, nameOf);
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
            <li key={fact} data-testid="uncovered-region">
              <p className="uncovered-fact" id={`${id}-${k}`}>
                <VisibleText text={format(t.region, { fact })} />
              </p>
              {cells === null ? (
                <p className="muted">{t.noSingleRow}</p>
              ) : (
                <div className="uncovered-action">
                  <span className="uncovered-row">
                    <VisibleText text={format(t.adds, { cells, decision })} />
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
            </li>
          );
        })}
      </ul>
      {!uncovered.complete && <p className="muted">{t.more}</p>}
      {refusal && (
        <p role="alert" className="uncovered-refusal">
          <VisibleText text={refusal} multiline />
        </p>
      )}
    </section>
  );
}
