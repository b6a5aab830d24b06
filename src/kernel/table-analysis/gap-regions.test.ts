// The uncovered-inputs band's kernel side (issue 15 §2): ERDL-W511 lists the regions no row
// matches, each with the cells of a row covering exactly that region. Adding that row (the grid's
// `addRowForInputs` edit) makes the region's counterexample reach the new row, takes no other
// region's inputs and no input an earlier row decided, and the re-analysis lists the rest.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type CompileResult, compileDocument } from '../compile';
import type { Diagnostic } from '../diagnostics/diagnostic';
import { Evaluator } from '../eval/evaluate';
import { applyTextEdits, formatCell, readTables, type TableModel, tableEdit } from '../table-edit';
import type { CellInput } from '../table-edit/cell-text';
import type { UncoveredRegion } from './gap-regions';

const AS_OF = '2025-01-01T00:00:00Z';
const EXAMPLE = new URL('../../studio/examples/loan-decision-table.erdl.yaml', import.meta.url);

/** The shipped loan table without its default row: two regions reach no row. */
const LOAN_NO_DEFAULT = readFileSync(EXAMPLE, 'utf8').replace(
  /\n {8}# Default row[^\n]*\n {8}- name: "default"\n {10}when: \[\]\n[^\n]*\n[^\n]*\n?/,
  '\n',
);

function tableOf(text: string): TableModel {
  const read = readTables(text);
  if (!read.ok) throw new Error('does not read');
  return read.tables[0] as TableModel;
}

const w511 = (r: CompileResult) => r.diagnostics.find((d) => d.code === 'ERDL-W511');

function firstMatched(r: CompileResult, fact: unknown): string | null {
  if (!r.document) throw new Error('no document');
  const result = new Evaluator(r.document).evaluate(fact, { as_of: AS_OF, hash: false });
  return result.matched_rules[0] ?? null;
}

/** The region's cells in column order ("-" where it does not test a column). */
function rowCells(table: TableModel, region: UncoveredRegion): CellInput[] {
  return table.columns.map(
    (c) => region.cells?.find((x) => x.path === c.field)?.cell ?? { kind: 'any' },
  );
}

const cellTexts = (d: Pick<Diagnostic, 'uncovered'> | undefined) =>
  d?.uncovered?.regions.map((g) =>
    g.cells ? g.cells.map((c) => `${c.path} ${formatCell(c.cell)}`).join(', ') : null,
  );

function addRowFor(text: string, region: UncoveredRegion): string {
  const table = tableOf(text);
  const outcome = tableEdit(text, table.entry, {
    kind: 'addRowForInputs',
    cells: rowCells(table, region),
    then: 'DENY',
    message: 'Inputs no row covered, declined',
  });
  if (!outcome.ok) throw new Error(outcome.message.en);
  return applyTextEdits(text, outcome.edits) as string;
}

/** Facts around every literal of the loan table, both fields present, one absent. */
function probeFacts(): unknown[] {
  const scores = [0, 579, 579.5, 580, 600, 698.9, 699, 699.5, 699.99, 700, 701, 900];
  const amounts = [0, 4999, 5000, 5000.5, 5001, 19999, 20000, 20000.01, 20001, 1e9];
  const out: unknown[] = [];
  for (const s of scores) {
    for (const a of amounts) out.push({ context: { credit_score: s, amount: a } });
    out.push({ context: { credit_score: s } });
  }
  for (const a of amounts) out.push({ context: { amount: a } });
  return out;
}

describe('W511 lists the uncovered regions with a row for each', () => {
  const before = compileDocument(LOAN_NO_DEFAULT);
  const gap = w511(before);

  it('the loan table without its default row: the two regions, in single conditions', () => {
    expect(before.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(gap?.uncovered?.complete).toBe(true);
    // 699 < score < 700 (any amount): `> 699` is looser, but rows 2 and 3 take score >= 700 first.
    expect(cellTexts(gap)).toEqual([
      'context.credit_score > 699',
      'context.credit_score between [580, 699], context.amount > 5000',
    ]);
    // Every region's fact reaches no row (JSON: it crosses the worker boundary).
    // The first row is wider than its region (rows above take the rest), the second exact.
    expect(gap?.uncovered?.regions.map((g) => g.exact)).toEqual([false, true]);
    for (const g of gap?.uncovered?.regions ?? []) {
      expect(JSON.parse(JSON.stringify(g))).toEqual(g);
      expect(firstMatched(before, g.fact)).toBeNull();
    }
  });

  it('the added row fires on exactly its region: its fact, no other region, nothing decided', () => {
    const regions = gap?.uncovered?.regions ?? [];
    expect(regions.length).toBe(2);
    regions.forEach((region, k) => {
      const after = addRowFor(LOAN_NO_DEFAULT, region);
      const r = compileDocument(after);
      expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      const table = tableOf(after);
      const added = table.rows[table.rows.length - 1];
      expect(added?.then).toBe('DENY');
      expect(added?.texts.message?.value).toBe('Inputs no row covered, declined');
      const rule = `${table.entry}#${added?.name}`;
      // The counterexample now reaches the new row; the other region's does not.
      expect(firstMatched(r, region.fact)).toBe(rule);
      for (const other of regions.filter((_, j) => j !== k))
        expect(firstMatched(r, other.fact)).toBeNull();
      // No fact an earlier row decided changes; the new row takes only facts no row matched.
      for (const fact of probeFacts()) {
        const was = firstMatched(before, fact);
        const now = firstMatched(r, fact);
        if (was !== null) expect(now).toBe(was);
        else if (now !== null) expect(now).toBe(rule);
      }
      // The re-analysis lists the other region only.
      const rest = regions.filter((_, j) => j !== k);
      expect(cellTexts(w511(r))).toEqual(
        cellTexts({ uncovered: { regions: rest, complete: true } }),
      );
    });
  });

  it('both rows added: no input of the columns’ kinds reaches no row', () => {
    let text = LOAN_NO_DEFAULT;
    for (const region of gap?.uncovered?.regions ?? []) text = addRowFor(text, region);
    const r = compileDocument(text);
    expect(w511(r)).toBeUndefined();
    for (const fact of probeFacts()) {
      const c = (fact as { context: Record<string, unknown> }).context;
      if (c.credit_score !== undefined && c.amount !== undefined)
        expect(firstMatched(r, fact)).not.toBeNull();
    }
  });
});

describe('regions on strings and booleans', () => {
  const doc = (rows: string) =>
    [
      'protocol: "erdl/v2"',
      'version: "2.1.0"',
      'metadata: { name: "t", decision: DENY }',
      'rules:',
      '  - name: "FIN-001-region"',
      '    description: "by region"',
      '    priority: 10',
      '    when:',
      '      kind: decision_table',
      '      columns:',
      '        - field: "context.region"',
      '        - field: "context.vip"',
      '      rows:',
      rows,
    ].join('\n');

  it('any other string: a not_in row', () => {
    const text = doc(
      [
        '        - when: [[in, ["eu", "us"]], [eq, true]]',
        '          then: ALLOW',
        '        - when: [[eq, "cn"], "-"]',
        '          then: NOTIFY',
        '          message: "cn"',
        '        - when: [[in, ["eu", "us"]], [eq, false]]',
        '          then: NOTIFY',
        '          message: "not vip"',
      ].join('\n'),
    );
    const r = compileDocument(text);
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const gap = w511(r);
    expect(cellTexts(gap)).toEqual(['context.region not_in ["cn", "eu", "us"]']);
    let after = text;
    for (const region of gap?.uncovered?.regions ?? []) after = addRowFor(after, region);
    const again = compileDocument(after);
    expect(w511(again)).toBeUndefined();
    expect(firstMatched(again, { context: { region: 'fr', vip: true } })).toMatch(
      /^FIN-001-region#/,
    );
    expect(firstMatched(again, { context: { region: 'eu', vip: true } })).toBe('FIN-001-region#1');
  });
});
