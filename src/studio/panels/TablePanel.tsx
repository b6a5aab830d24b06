import '../grid/grid.css';
import { DecisionGrid } from '../grid/DecisionGrid';
import { ImportCsvButton } from '../grid/ImportCsvButton';
import { NewTableForm } from '../grid/NewTableForm';
import { SimpleGroupTable } from '../grid/SimpleGroupTable';
import { gridStrings } from '../grid/strings';
import { useTables } from '../grid/use-tables';
import { format, pick, useT } from '../i18n/i18n';
import { useStudio } from '../store';

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
  if (!docId) return null;
  // Not `current`: while a re-read is on its way the grid stays editable (edits re-read the text).
  const editable = good !== null && problems.length === 0;
  // Findings only for the text the grid shows (their ranges address that text).
  const analysis =
    analysisEntry && analysisEntry.text === view.goodText ? analysisEntry.analysis : null;
  const tables = good?.tables ?? [];
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
                {format(t.at, { line: p.line, column: p.column, message: pick(p.message, lang) })}
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
