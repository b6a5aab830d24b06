import { compiledRowName, rowId } from '../../kernel/document/row-rule-name';
import type { RowModel, TableModel } from '../../kernel/table-edit';
import type { PositionedDiagnostic } from '../../worker/kernel-protocol';
import type { Analysis } from '../store/types';
import { findingsIn } from './RowFindings';

/**
 * The last analysis the grid showed as current, with the text it is of and the table as read from
 * that text: while the analysis of an edited text is on its way, a row that reads exactly as it
 * did keeps showing its findings from it, marked as about the previous text (greyed, busy) — not
 * removed and rebuilt a moment later, which cost the page a relayout of the whole grid twice per
 * cell edit, and made the findings flicker.
 */
export interface PreviousAnalysis {
  readonly text: string;
  readonly analysis: Analysis;
  readonly table: TableModel;
}

/** A row's findings and gloss, from the current analysis or carried over from the previous one. */
export interface RowAnalysis {
  readonly findings: readonly PositionedDiagnostic[];
  readonly gloss: string | undefined;
  /** True when they are of the previous text (the row reads the same in both). */
  readonly stale: boolean;
}

const NONE: RowAnalysis = { findings: [], gloss: undefined, stale: false };

/**
 * What row `index` of `table` (read from `text`) shows: the current analysis's findings when there
 * is one; else, when the previous analysis's table has a row at the same place with exactly the
 * same text (and the same number of rows, so rows have not moved), that row's findings, stale;
 * else nothing.
 */
export function rowAnalysis(
  table: TableModel,
  text: string,
  index: number,
  current: Analysis | null,
  previous: PreviousAnalysis | null,
  gloss: (analysis: Analysis, rule: string) => string | undefined,
): RowAnalysis {
  const row = table.rows[index];
  if (!row) return NONE;
  const rule = compiledRowName(table.entry, rowId(row));
  if (current)
    return {
      findings: findingsIn(current.diagnostics, row.range),
      gloss: gloss(current, rule),
      stale: false,
    };
  if (!previous || previous.table.entry !== table.entry) return NONE;
  if (previous.table.rows.length !== table.rows.length) return NONE;
  const before = previous.table.rows[index] as RowModel;
  if (rowText(previous.text, before) !== rowText(text, row)) return NONE;
  return {
    findings: findingsIn(previous.analysis.diagnostics, before.range),
    gloss: gloss(previous.analysis, rule),
    stale: true,
  };
}

function rowText(text: string, row: RowModel): string {
  return text.slice(row.range.start, row.range.end);
}
