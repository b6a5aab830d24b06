import '../grid/grid.css';
import { useRef } from 'react';
import type { PreviousAnalysis } from '../grid/carried-findings';
import { DecisionGrid } from '../grid/DecisionGrid';
import { NewTableForm } from '../grid/NewTableForm';
import { SimpleGroupTable } from '../grid/SimpleGroupTable';
import { gridStrings } from '../grid/strings';
import { useTables } from '../grid/use-tables';
import { format, pick, useT } from '../i18n/i18n';
import { VisibleText } from '../shell/VisibleText';
import { useStudio } from '../store';
import type { Analysis } from '../store/types';
import { ImportCsvButton } from '../table-import/ImportCsvButton';

/**
 * The Table panel: every decision table of the active document as a live, editable grid; groups
 * of Simple rules as read-only tables. While the YAML does not parse, the last good state stays
 * on screen read-only, with the reason.
 */
export function TablePanel() {
  const t = useT(gridStrings);
  const lang = useStudio((s) => s.lang);
  const view = useTables();
  const analysisEntry = useStudio((s) => (view.docId ? s.analyses[view.docId] : undefined));
  const { docId, good, problems, current } = view;
  // The last analysis shown as current, with its text and tables: rows that read as they did keep
  // their findings, greyed, until the edited text's analysis arrives (grid/carried-findings.ts).
  const shown = useRef<{
    docId: string;
    text: string;
    analysis: Analysis;
    tables: readonly PreviousAnalysis['table'][];
  }>(null);
  if (!docId) return null;
  // Not `current`: while a re-read is on its way the grid stays editable (edits re-read the text).
  const editable = good !== null && problems.length === 0;
  // Findings only for the text the grid shows (their ranges address that text).
  const analysis =
    analysisEntry && analysisEntry.text === view.goodText ? analysisEntry.analysis : null;
  const tables = good?.tables ?? [];
  if (analysis && view.goodText !== null && docId)
    shown.current = { docId, text: view.goodText, analysis, tables };
  const last = shown.current?.docId === docId && !analysis ? shown.current : null;
  return (
    <div className={current || problems.length === 0 ? '' : 'stale'} data-testid="table-panel">
      <div className="table-panel-actions">
        <NewTableForm docId={docId} tableCount={tables.length} />
        <ImportCsvButton docId={docId} tableCount={tables.length} />
      </div>
      {problems.length > 0 && (
        <div role="alert" className="grid-readonly-banner" data-testid="grid-readonly-banner">
          <p>{t.readOnlyBanner}</p>
          <ul>
            {problems.map((p) => (
              <li key={`${p.line}:${p.column}`}>
                <VisibleText
                  text={format(t.at, {
                    line: p.line,
                    column: p.column,
                    message: pick(p.message, lang),
                  })}
                  multiline
                />
              </li>
            ))}
          </ul>
        </div>
      )}
      {!good && problems.length === 0 && <p className="muted">{t.loading}</p>}
      {good && tables.length === 0 && <p className="muted">{t.none}</p>}
      {tables.map((table) => (
        <DecisionGrid
          key={table.entry}
          docId={docId}
          table={table}
          editable={editable}
          analysis={analysis}
          text={view.goodText ?? ''}
          previous={previousFor(last, table.entry)}
          lang={lang}
        />
      ))}
      {good && good.simpleGroups.length > 0 && <h3 className="section-title">{t.simpleHeading}</h3>}
      {good?.simpleGroups.map((g) => (
        <SimpleGroupTable key={g.rules.join('\n')} docId={docId} group={g} />
      ))}
    </div>
  );
}

function previousFor(
  last: { text: string; analysis: Analysis; tables: readonly PreviousAnalysis['table'][] } | null,
  entry: string,
): PreviousAnalysis | null {
  const table = last?.tables.find((t) => t.entry === entry);
  return last && table ? { text: last.text, analysis: last.analysis, table } : null;
}
