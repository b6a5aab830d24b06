// While the analysis of an edited text is on its way, a grid row that reads exactly as before keeps
// its findings from the previous analysis, marked stale; any other row shows none; the current
// analysis, once there, is what every row shows.
import { describe, expect, it } from 'vitest';
import { generateWideTable } from '../../../bench/generate-wide-table';
import { parseCell, patchRead, readTables, type TableModel } from '../../kernel/table-edit';
import { KernelService } from '../../worker/kernel-service';
import type { Analysis } from '../store/types';
import { rowAnalysis } from './carried-findings';
import { findingsIn } from './RowFindings';

const ENTRY = 'FIN-002-wide-matrix';
const service = new KernelService(() => 0);
const analyze = (text: string) =>
  service.analyze({ op: 'analyze', doc: 'carried', text, dictionary: '' }) as Analysis;
const tableOf = (text: string) => {
  const read = readTables(text);
  if (!read.ok) throw new Error('no table');
  return read.tables.find((t) => t.entry === ENTRY) as TableModel;
};
const gloss = (a: Analysis, rule: string) => a.rules.find((r) => r.name === rule)?.gloss.en;

function edited(text: string, row: number, cell: string) {
  const read = readTables(text);
  if (!read.ok) throw new Error('no table');
  const parsed = parseCell(cell);
  if (!parsed.ok) throw new Error(cell);
  const next = patchRead(text, read, ENTRY, {
    kind: 'setCell',
    row,
    column: 3,
    cell: parsed.cell,
  });
  if (!next) throw new Error('not patched');
  return next.text;
}

describe('findings carried over a grid edit until its analysis arrives', () => {
  const before = generateWideTable(40, 8, { defaultRow: true });
  const table = tableOf(before);
  const analysis = analyze(before);
  const previous = { text: before, analysis, table };
  const withFindings = table.rows.findIndex(
    (r) => findingsIn(analysis.diagnostics, r.range).length > 0,
  );

  it('has rows with findings to carry (not vacuous)', () => {
    expect(withFindings).toBeGreaterThan(0);
  });

  it('keeps, greyed, the findings of rows that read the same; none for the edited row', () => {
    const after = edited(before, withFindings - 1 >= 0 ? 0 : 1, '>= 77');
    const now = tableOf(after);
    for (let i = 0; i < now.rows.length; i++) {
      const shown = rowAnalysis(now, after, i, null, previous, gloss);
      const old = table.rows[i];
      const same =
        old !== undefined &&
        before.slice(old.range.start, old.range.end) ===
          after.slice(now.rows[i]!.range.start, now.rows[i]!.range.end);
      if (i === 0) expect(same).toBe(false);
      if (same) {
        expect(shown.stale).toBe(true);
        expect(shown.findings).toEqual(findingsIn(analysis.diagnostics, old.range));
        expect(shown.gloss).toBe(gloss(analysis, `${ENTRY}#${now.rows[i]!.index}`));
      } else expect(shown).toEqual({ findings: [], gloss: undefined, stale: false });
    }
    // Rows after the edit moved in the text; they still carry theirs.
    const last = now.rows.length - 2;
    expect(rowAnalysis(now, after, last, null, previous, gloss).stale).toBe(true);
  });

  it('shows the current analysis as soon as it is of the shown text', () => {
    const after = edited(before, 0, '>= 78');
    const now = tableOf(after);
    const current = analyze(after);
    for (let i = 0; i < now.rows.length; i++) {
      const shown = rowAnalysis(now, after, i, current, previous, gloss);
      expect(shown.stale).toBe(false);
      expect(shown.findings).toEqual(findingsIn(current.diagnostics, now.rows[i]!.range));
    }
  });

  it('carries nothing once rows were added or removed (rows may have moved)', () => {
    const fewer = generateWideTable(39, 8, { defaultRow: true });
    const now = tableOf(fewer);
    for (let i = 0; i < now.rows.length; i++)
      expect(rowAnalysis(now, fewer, i, null, previous, gloss).findings).toEqual([]);
  });

  it('carries nothing from another table', () => {
    const other = { ...previous, table: { ...table, entry: 'another' } };
    expect(rowAnalysis(table, before, withFindings, null, other, gloss).findings).toEqual([]);
  });
});
