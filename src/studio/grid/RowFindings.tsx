import { stringify } from 'yaml';
import type { RowModel, TableModel } from '../../kernel/table-edit';
import { revealText } from '../../kernel/util/visible-text';
import type { PositionedDiagnostic } from '../../worker/kernel-protocol';
import { format, pick, useT } from '../i18n/i18n';
import { VisibleText } from '../shell/VisibleText';
import { studioStore, useStudio } from '../store';
import { fieldName } from './column-label';
import { findingMessage, findingSentence } from './finding-sentence';
import { gridStrings } from './strings';

/**
 * The kernel's diagnostics that fall inside a row, as badges (message on hover); a finding with a
 * counterexample can send it to the Evaluate panel as the sample fact.
 */
export function RowFindings({
  docId,
  table,
  row,
  findings,
}: {
  readonly docId: string;
  readonly table: TableModel;
  readonly row: RowModel;
  readonly findings: readonly PositionedDiagnostic[];
}) {
  const t = useT(gridStrings);
  const lang = useStudio((s) => s.lang);
  const shown = shownFindings(findings);
  if (shown.length === 0) return null;
  // Display names: the column's label, else the field dictionary's built-in names.
  const nameOf = (path: string) => fieldName(table, path, lang);
  const fields = table.columns.map((c) => c.field);
  return (
    <ul className="row-findings">
      {shown.map((d, i) => {
        const example = d.example;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: findings are positional per analysis
          <li key={i}>
            <span className={`badge badge-${d.severity}`} title={revealText(pick(d.message, lang))}>
              {d.code}
            </span>
            <span className="finding-sentence">
              {' '}
              <VisibleText
                text={
                  findingSentence(d, lang, t.finding, nameOf) ??
                  findingMessage(d, lang, fields, nameOf)
                }
                multiline
              />
            </span>
            {example && (
              <button
                type="button"
                className="button small"
                title={revealText(pick(example.explanation, lang))}
                aria-label={format(t.sendExampleLabel, { code: d.code, row: row.index })}
                onClick={() => {
                  const state = studioStore.getState();
                  state.updateDocument(docId, { fact: stringify(example.fact) });
                  state.setPanel('evaluate');
                }}
              >
                {t.sendExample}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The findings a row shows: warnings, errors and anything with a counterexample (notes — format
 * hints and the like — stay in the editor).
 */
export function shownFindings(findings: readonly PositionedDiagnostic[]): PositionedDiagnostic[] {
  return findings.filter((d) => d.severity !== 'info' || d.example);
}

/** The diagnostics starting inside `range` (the analysis keeps them sorted by start). */
export function findingsIn(
  diagnostics: readonly PositionedDiagnostic[],
  range: { readonly start: number; readonly end: number },
): PositionedDiagnostic[] {
  let lo = 0;
  let hi = diagnostics.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((diagnostics[mid] as PositionedDiagnostic).range.start < range.start) lo = mid + 1;
    else hi = mid;
  }
  const out: PositionedDiagnostic[] = [];
  for (let i = lo; i < diagnostics.length; i++) {
    const d = diagnostics[i] as PositionedDiagnostic;
    if (d.range.start > range.end) break;
    out.push(d);
  }
  return out;
}
