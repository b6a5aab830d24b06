import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileDocument, parseSuite, runSuite, type Suite } from '../../kernel';
import { readTables, type TableModel } from '../../kernel/table-edit';
import type { SuiteRunEntry } from '../store/types';
import { MAX_SHEET_SUITE_CHARS, sheetModel } from './sheet-model';

const EXAMPLES = new URL('../examples/', import.meta.url);
const LOAN = readFileSync(new URL('loan-decision-table.erdl.yaml', EXAMPLES), 'utf8');
const SUITE = readFileSync(new URL('loan-decision-table.facts.yaml', EXAMPLES), 'utf8');

function tableOf(text: string): TableModel {
  const read = readTables(text);
  if (!read.ok || !read.tables[0]) throw new Error('no table');
  return read.tables[0];
}

function suiteOf(text: string): Suite {
  const suite = parseSuite(text).suite;
  if (!suite) throw new Error('no suite');
  return suite;
}

/** The suite run the Tests badge reads, of `text` and `suite`. */
function runOf(text: string, suite: string, extra: Partial<SuiteRunEntry> = {}): SuiteRunEntry {
  const document = compileDocument(text).document;
  if (!document) throw new Error('does not compile');
  return {
    source: 'suite',
    pending: false,
    progress: null,
    text,
    suite,
    outcome: {
      kind: 'result',
      result: runSuite(document, suiteOf(suite)),
      problems: [],
      cancelled: false,
      elapsedMs: 1,
    },
    ...extra,
  };
}

describe('the sheet under a table', () => {
  const table = tableOf(LOAN);

  it('says when there is no suite, a suite it cannot read, or one too large to read here', () => {
    expect(sheetModel(table, '', null, undefined, false).kind).toBe('no-suite');
    expect(sheetModel(table, 'cases: [', null, undefined, false).kind).toBe('problems');
    const large = `# ${'x'.repeat(MAX_SHEET_SUITE_CHARS)}\n${SUITE}`;
    expect(sheetModel(table, large, null, undefined, false)).toEqual({
      kind: 'too-large',
      chars: large.length,
    });
  });

  it('shows each case in the columns with the current run: decided, the row that fired, pass', () => {
    const model = sheetModel(table, SUITE, suiteOf(SUITE), runOf(LOAN, SUITE), true);
    if (model.kind !== 'cases') throw new Error(model.kind);
    expect(model.state).toBe('current');
    expect(model.total).toBe(6);
    expect(model.rows.map((r) => r.values)).toEqual([
      [540, 1000],
      [760, 15000],
      [720, 35000],
      [640, 4000],
      [640, 12000],
      [700, 20000],
    ]);
    expect(model.rows.map((r) => r.result?.row)).toEqual([0, 1, 2, 3, 4, 1]);
    expect(model.rows.every((r) => r.result?.status === 'pass')).toBe(true);
    expect(model.rows[0]?.expectedRows).toEqual([{ id: table.rows[0]?.name ?? '1', row: 0 }]);
    expect(model.rows[5]?.expectedRows).toEqual([]);
  });

  it('a case whose expected row is gone shows it as no such row, and fails', () => {
    // The first case's expected row, renamed to a row the table does not have.
    const renamed = SUITE.replace(/"FIN-201-loan-decision#[^"]+"/, '"FIN-201-loan-decision#gone"');
    const model = sheetModel(table, renamed, suiteOf(renamed), runOf(LOAN, renamed), true);
    if (model.kind !== 'cases') throw new Error(model.kind);
    expect(model.rows[0]?.expectedRows).toEqual([{ id: 'gone', row: null }]);
    expect(model.rows[0]?.result?.status).toBe('fail');
  });

  it('while the suite runs again after an edit: checking, a case keeps only its own result', () => {
    const before = runOf(LOAN, SUITE);
    // The second case renamed and a case added at the front: positions and names moved.
    const edited = SUITE.replace('good score, small loan: approved', 'renamed case');
    const model = sheetModel(table, edited, suiteOf(edited), before, false);
    if (model.kind !== 'cases') throw new Error(model.kind);
    expect(model.state).toBe('checking');
    expect(model.rows[0]?.result?.decision).toBe('DENY');
    expect(model.rows[1]?.result).toBeNull();
    // A pending run of the same text is being checked too.
    const pending = sheetModel(table, SUITE, suiteOf(SUITE), { ...before, pending: true }, false);
    expect(pending.kind === 'cases' && pending.state).toBe('checking');
  });

  it('an imported fact set in the Evaluate panel: no results for the suite’s own cases', () => {
    const imported = { ...runOf(LOAN, SUITE), source: 'import' as const };
    const model = sheetModel(table, SUITE, suiteOf(SUITE), imported, true);
    if (model.kind !== 'cases') throw new Error(model.kind);
    expect(model.state).toBe('imported');
    expect(model.rows.every((r) => r.result === null)).toBe(true);
  });

  it('a case decided by a rule outside the table (another ring) says so, with the row that fired', () => {
    const withGuard = LOAN.replace(
      'rules:\n',
      'rules:\n  - name: "FIN-100-halt-minors"\n    description: "minors"\n    priority: 1\n    ring: 1\n    when: { logic: AND, conditions: [{ field: "context.age", operator: lt, value: 18 }] }\n    then: DENY\n    message: "Applicant is a minor"\n',
    );
    const suite =
      'cases:\n  - name: "minor"\n    fact: { context: { age: 16, credit_score: 760, amount: 100 } }\n';
    const model = sheetModel(
      tableOf(withGuard),
      suite,
      suiteOf(suite),
      runOf(withGuard, suite),
      true,
    );
    if (model.kind !== 'cases') throw new Error(model.kind);
    expect(model.rows[0]?.result?.decidedElsewhere).toBe('FIN-100-halt-minors');
    expect(model.rows[0]?.result?.row).toBe(1);
  });
});
