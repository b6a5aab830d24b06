import { format, useT } from '../i18n/i18n';
import { useActiveAnalysis } from '../shell/use-analysis';
import { useStudio } from '../store';
import type { RuleSummary } from '../store/types';
import { DecisionBadge } from './decision-label';
import { panelStrings } from './strings';

/** Decision-table rules, grouped by their table entry: each row as it compiled. */
export function TablePanel() {
  const t = useT(panelStrings);
  const lang = useStudio((s) => s.lang);
  const revealAt = useStudio((s) => s.revealAt);
  const { docId, analysis, current } = useActiveAnalysis();
  const tables = new Map<string, RuleSummary[]>();
  for (const rule of analysis?.rules ?? []) {
    if (rule.form !== 'table') continue;
    const rows = tables.get(rule.entry) ?? [];
    rows.push(rule);
    tables.set(rule.entry, rows);
  }
  if (tables.size === 0) return <p className="muted">{t.table.none}</p>;
  return (
    <div className={current ? '' : 'stale'}>
      {[...tables].map(([entry, rows]) => (
        <table key={entry} className="data-table" data-testid="decision-table">
          <caption>{format(t.table.caption, { entry, n: rows.length })}</caption>
          <thead>
            <tr>
              <th scope="col">{t.table.row}</th>
              <th scope="col">{t.table.decision}</th>
              <th scope="col">{t.table.priority}</th>
              <th scope="col">{t.table.gloss}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.name}>
                <td>
                  <button
                    type="button"
                    className="link-button mono"
                    onClick={() => docId && revealAt(docId, row.start.line, row.start.column)}
                  >
                    {row.name}
                  </button>
                </td>
                <td>
                  <DecisionBadge decision={row.then} lang={lang} />
                </td>
                <td className="mono">{row.priority}</td>
                <td lang={lang === 'zh' ? 'zh-CN' : 'en'}>{row.gloss[lang]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </div>
  );
}
