import { type DiagnosticCode, diagnostic, type Params } from '../diagnostics/codes';
import type { Diagnostic, DiagnosticExample, Range } from '../diagnostics/diagnostic';
import type { ExprNode } from '../tree/types';
import type { Decision } from '../vocabulary/decisions';
import { type Fact, factAt, type RunnableRow } from './example-fact';
import type { UncoveredInputs } from './gap-regions';
import type { RowRegion } from './row-region';
import { type Box, Budget, findUncovered, type SearchResult } from './uncovered';
import type { FieldDomain } from './value-classes';

/** One compiled row, as the rule assembler (document/validate-rule.ts) has it. */
export interface AnalysisRow {
  /** 1-based row number. */
  readonly index: number;
  /** The row's cell conditions in column order ("-" cells left out; [] for the default row). */
  readonly cells: readonly ExprNode[];
  /** The row's compiled `when` (what evaluation runs). */
  readonly when: ExprNode;
  readonly then: Decision;
  readonly rule: string;
  readonly hash: string;
  /** Where findings about the row are marked (its `when` cells). */
  readonly range: Range;
  readonly priority: { readonly value: number; readonly range: Range } | null;
}

export interface AnalysisTable {
  readonly rows: readonly AnalysisRow[];
  /** The entry's priority, which rows without their own share. */
  readonly entryPriority: number;
  /** Where table-wide findings (gaps, unknowns) are marked. */
  readonly range: Range;
  /** The entry's `unless`, evaluated before every row. */
  readonly unless: ExprNode | null;
}

export interface TableAnalysis {
  readonly diagnostics: readonly Diagnostic[];
  /** Counterexamples for ERDL-W505 (priority against row order), by the priority's range start. */
  readonly priorityExamples: ReadonlyMap<number, DiagnosticExample>;
}

/** Search steps for one question, and for a whole table (deterministic bounds, no clock). */
export const SEARCH_STEPS = 50_000;
export const TABLE_STEPS = 2_000_000;
/** Searches `gaps` runs at most, each with at most SEARCH_STEPS. */
export const GAP_SEARCHES = 2;
/** Earlier rows tried as an overlap partner of one row, and the steps for each try. */
export const OVERLAP_CANDIDATES = 8;
export const OVERLAP_STEPS = 1_000;

/**
 * What one analysis of a table has built and found so far, which every analysis (shadowing,
 * duplicate rows, overlaps, gaps, priorities, unknowns) reads and adds to; analyze-table.ts fills
 * it and runs them in order. Plain data: each analysis is a module of functions over it.
 */
export interface AnalysisState {
  readonly table: AnalysisTable;
  readonly out: Diagnostic[];
  readonly priorityExamples: Map<number, DiagnosticExample>;
  /** The first row (0-based) with each compiled-tree hash: a later one repeats its cells. */
  readonly firstWithHash: Map<string, number>;
  /** Search steps left for the whole table. */
  tableSteps: number;
  domains: FieldDomain[];
  regions: RowRegion[];
  runnable: RunnableRow[];
  over: Box[];
  under: Box[];
  /** Where each row may fire: its `may` box and its error boxes, all rows in one list. */
  readonly fires: Box[];
  /** fires[0 .. firesEnd[k]) are the boxes of rows 0 .. k-1. */
  readonly firesEnd: number[];
  /** Rows 0 .. k are within the analysis (`must` = `may`, no error boxes). */
  readonly exactUpTo: boolean[];
  /** The rows' `under` boxes that are not empty, in row order, and how many lie above row k. */
  readonly underCoverers: Box[];
  readonly underAbove: number[];
  /** The first cell beyond the analysis in rows 0 .. k (the nearest such row above k, or k). */
  readonly beyondAt: RowRegion['beyond'][];
  /** Steps the current row's searches spent, and whether the table budget cut one short. */
  rowSpent: number;
  rowLimited: boolean;
}

export function newState(table: AnalysisTable): AnalysisState {
  return {
    table,
    out: [],
    priorityExamples: new Map(),
    firstWithHash: new Map(),
    tableSteps: TABLE_STEPS,
    domains: [],
    regions: [],
    runnable: [],
    over: [],
    under: [],
    fires: [],
    firesEnd: [],
    exactUpTo: [],
    underCoverers: [],
    underAbove: [],
    beyondAt: [],
    rowSpent: 0,
    rowLimited: false,
  };
}

/** Reports a finding (with its example and, for W511, the uncovered inputs). */
export function report(
  s: AnalysisState,
  code: DiagnosticCode,
  range: Range,
  params: Params,
  ex?: DiagnosticExample,
  uncovered?: UncoveredInputs,
) {
  const d = diagnostic(code, range, params);
  s.out.push({ ...d, ...(ex ? { example: ex } : {}), ...(uncovered ? { uncovered } : {}) });
}

/** Searches `box` minus `coverers[0 .. count)`, within the search and the table budgets. */
export function search(
  s: AnalysisState,
  box: Box,
  coverers: readonly Box[],
  count = coverers.length,
  steps = SEARCH_STEPS,
): SearchResult {
  if (s.tableSteps < steps) s.rowLimited = true;
  const budget = new Budget(Math.min(steps, s.tableSteps));
  const before = budget.steps;
  const r = findUncovered(box, coverers, budget, count);
  const spent = before - Math.max(budget.steps, 0);
  s.tableSteps -= spent;
  s.rowSpent += spent;
  return r;
}

/** The fact at a point of the domains' classes. */
export function factOf(s: AnalysisState, point: readonly number[]): Fact {
  return factAt(point, s.domains);
}

/** Searches `box` minus where rows 0 .. k-1 may fire. */
export function searchBefore(
  s: AnalysisState,
  box: Box,
  k: number,
  steps = SEARCH_STEPS,
): SearchResult {
  return search(s, box, s.fires, s.firesEnd[k], steps);
}

/** The first cell beyond the analysis in rows 0..k. */
export function beyondUpTo(s: AnalysisState, k: number): RowRegion['beyond'] {
  return s.beyondAt[Math.min(k, s.beyondAt.length - 1)] ?? null;
}
