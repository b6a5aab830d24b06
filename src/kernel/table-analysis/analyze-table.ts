import { type DiagnosticCode, diagnostic, type Params } from '../diagnostics/codes';
import type { Bilingual, Diagnostic, DiagnosticExample, Range } from '../diagnostics/diagnostic';
import type { CompiledTree } from '../eval/nodes';
import type { ExprNode } from '../tree/types';
import { type Decision, isBlockingDecision } from '../vocabulary/decisions';
import { and, type Bits, firstBit, isEmpty } from './bits';
import {
  describeFact,
  describeFactValues,
  example,
  type Fact,
  factAt,
  firstMatch,
  matches,
  type RunnableRow,
  rowList,
} from './example-fact';
import { type UncoveredInputs, uncoveredRegions } from './gap-regions';
import { compileCell, run } from './probe';
import { cellField, type RowRegion, rowRegion } from './row-region';
import { type Box, Budget, boxIntersects, findUncovered, type SearchResult } from './uncovered';
import { buildDomain, collectLiterals, type FieldDomain, type Literals } from './value-classes';

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
const SEARCH_STEPS = 50_000;
const TABLE_STEPS = 2_000_000;
/** Searches `gaps` runs at most, each with at most SEARCH_STEPS. */
const GAP_SEARCHES = 2;
/** Earlier rows tried as an overlap partner of one row, and the steps for each try. */
const OVERLAP_CANDIDATES = 8;
const OVERLAP_STEPS = 1_000;

/**
 * The decision-table analysis (issue 6 §3, docs/table-analysis.md). Under first-match row order it
 * finds rows that can never fire (W509; W512 for repeated cells, W514 for cells that exclude each
 * other), rows that overlap an earlier row with another decision (W510), inputs no row matches
 * when there is no default row (W511), and gives W505 a fact on which priority and row order
 * disagree. A "can never fire" finding is proved over every fact; whatever the analysis cannot
 * decide is reported as unknown (I513), never guessed. Every example is checked by evaluation.
 */
export function analyzeTable(table: AnalysisTable): TableAnalysis {
  return new Analysis(table, null).run().analysis;
}

/**
 * The analysis of `table` reusing what `previous` (the analysis of an earlier version of the same
 * table, e.g. before a grid edit) found, where the edit cannot have changed it: exactly
 * `analyzeTable(table)` (the differential property in table-analysis-incremental.test.ts), at a cost
 * that follows the rows the edit can reach. The result's `memo` serves the next version.
 *
 * A row's findings are computed from its own region and the rows above it whose regions meet it
 * (every search, example fact and first-match evaluation for row k lies inside where row k may
 * fire, a row fires on a fact only inside where it may fire, and what a first-match evaluation
 * tells row k — "row k fires first" or "row j < k does" — never depends on the rows below it), from
 * the field domains, its hash's first occurrence above it, the exactness and "beyond" of the rows
 * above, and the search budget. So when the domains are the same, row k is unchanged, no changed
 * row above it (before or after the edit) meets it or shares its hash, and neither run's table
 * budget bound its searches, its findings are reused (marked at its current range). Anything else — another row count, other domains, `unless` or
 * default row, the table-wide findings (gaps, priorities) — is computed afresh.
 */
export function analyzeTableIncremental(
  table: AnalysisTable,
  previous: AnalysisMemo | null,
): {
  readonly analysis: TableAnalysis;
  readonly memo: AnalysisMemo | null;
  readonly reused: number;
  /** The gap search's findings were reused (tests). */
  readonly gapReused?: boolean;
  /** Rows reused although a changed row above met them (it was unseen by them; tests). */
  readonly unseen?: number;
} {
  return new Analysis(table, previous).run();
}

/** What one analysis keeps for the next (opaque outside this module). */
export interface AnalysisMemo {
  /** The domains' identity: paths in order and the literals each is cut at. */
  readonly domainKey: string;
  readonly domains: readonly FieldDomain[];
  /** Each domain by its field's key (path and literals), for an analysis whose domains differ. */
  readonly domainsByKey: ReadonlyMap<string, FieldDomain>;
  readonly unlessKey: string;
  readonly defaultRow: number;
  /** Per row: its identity (cells, decision, hash, name, number), where it may fire, its hash. */
  readonly keys: readonly string[];
  readonly fires: readonly (readonly Box[])[];
  readonly hashes: readonly string[];
  /** Per analysed row: what row(k) found and spent. */
  readonly records: readonly (RowRecord | undefined)[];
  /** Regions and runnable rows by row identity (domains unchanged: still valid). */
  readonly regions: ReadonlyMap<string, RowRegion>;
  readonly runnable: ReadonlyMap<string, RunnableRow>;
  /** Per row: its cells' JSON and whether its decision blocks (what the gap search reads of it). */
  readonly cells: readonly string[];
  readonly blocking: readonly boolean[];
  /** The gap search's findings (ranges of that text), when it ran and was not cut short. */
  readonly gap: GapRecord | null;
  /** Per row: what a row below reads of it (see `unseen`). */
  readonly shapes: readonly RowShape[];
}

/** What the analysis of a row below reads of a row above it, besides its number and hash. */
interface RowShape {
  /** Where it may fire: its `may` box, then its error boxes (live classes). */
  readonly fires: readonly Box[];
  readonly under: Box;
  /** Within the analysis: `must` = `may`, no error boxes (its evaluation is box membership). */
  readonly exact: boolean;
  readonly then: string;
  readonly unconditional: boolean;
}

/** What `gaps` found (W511 / I513 on the table, or nothing) and the steps it spent. */
interface GapRecord {
  readonly out: readonly Diagnostic[];
  readonly spent: number;
}

interface RowRecord {
  readonly out: readonly Diagnostic[];
  readonly spent: number;
  /** A search of the row got less than it asked for because the table budget ran low. */
  readonly limited: boolean;
  readonly exact: boolean;
  readonly beyond: string;
}

class Analysis {
  private readonly out: Diagnostic[] = [];
  private readonly priorityExamples = new Map<number, DiagnosticExample>();
  /** The first row (0-based) with each compiled-tree hash: a later one repeats its cells. */
  private readonly firstWithHash = new Map<string, number>();
  private tableSteps = TABLE_STEPS;
  private domains: FieldDomain[] = [];
  private regions: RowRegion[] = [];
  private runnable: RunnableRow[] = [];
  private over: Box[] = [];
  private under: Box[] = [];
  /** Where each row may fire: its `may` box and its error boxes, all rows in one list. */
  private fires: Box[] = [];
  /** fires[0 .. firesEnd[k]) are the boxes of rows 0 .. k-1. */
  private firesEnd: number[] = [];
  /** Rows 0 .. k are within the analysis (`must` = `may`, no error boxes). */
  private exactUpTo: boolean[] = [];
  /** The rows' `under` boxes that are not empty, in row order, and how many lie above row k. */
  private underCoverers: Box[] = [];
  private underAbove: number[] = [];
  /** The first cell beyond the analysis in rows 0 .. k (the nearest such row above k, or k). */
  private beyondAt: RowRegion['beyond'][] = [];
  /** Steps the current row's searches spent, and whether the table budget cut one short. */
  private rowSpent = 0;
  private rowLimited = false;

  constructor(
    private readonly table: AnalysisTable,
    private readonly previous: AnalysisMemo | null,
  ) {}

  run(): {
    analysis: TableAnalysis;
    memo: AnalysisMemo | null;
    reused: number;
    gapReused?: boolean;
    unseen?: number;
  } {
    const none = () => ({ analysis: this.result(), memo: null, reused: 0 });
    const { rows } = this.table;
    const rowCells = rows.map((r) => cellsOf(r.cells));
    const cellFields = rowCells.map((c) => c.fields);
    const paths = [...new Set(cellFields.flat().filter((p): p is string => p !== null))];
    if (paths.length === 0) return none();
    const nested = paths.find((p) => paths.some((q) => q.startsWith(`${p}.`)));
    if (nested !== undefined) {
      this.unknownTable({
        en: `field ${nested} holds another column's field, so the columns are not independent`,
        zh: `字段 ${nested} 包含另一列的字段，各列并不相互独立`,
      });
      return none();
    }
    if (this.table.unless && hasTemporal(this.table.unless)) {
      this.unknownTable({
        en: 'the entry’s unless counts within / rate events, which changes from row to row',
        zh: '该条目的 unless 含 within / rate 计数，逐行求值时会变化',
      });
      return none();
    }
    const byPath = new Map<string, ExprNode[]>(paths.map((p) => [p, []]));
    // The literals each path's cells compare it with, as collectLiterals(byPath cells, path) finds
    // them (per cell: a cell's comparisons are on its own field), merged from each row's cache.
    const literals = new Map<string, Literals>(
      paths.map((p) => [p, { numbers: new Set(), strings: [], booleans: false }]),
    );
    rows.forEach((r, i) => {
      const cached = rowCells[i] as RowCells;
      r.cells.forEach((c, j) => {
        const p = cellFields[i]?.[j];
        if (p == null) return;
        byPath.get(p)?.push(c);
        const into = literals.get(p) as Literals;
        const lits = cached.literals[j] as Literals;
        for (const n of lits.numbers) into.numbers.add(n);
        for (const t of lits.strings) into.strings.push(t);
        into.booleans ||= lits.booleans;
      });
    });
    // A field's domain is made from its path and the literals its cells compare it with, nothing
    // else (value-classes.ts buildDomain): this key identifies it.
    const fieldKeys = paths.map((p) => {
      const lits = literals.get(p) as Literals;
      return JSON.stringify([
        p,
        [...lits.numbers].sort(),
        [...new Set(lits.strings)].sort(),
        lits.booleans,
      ]);
    });
    const domainKey = fieldKeys.join('\u0000');
    const unlessKey = this.table.unless ? JSON.stringify(this.table.unless) : '';
    // The previous analysis is of the same domains (so its class bits mean the same): reuse.
    const before = this.previous?.domainKey === domainKey ? this.previous : null;
    // Otherwise an edit brought or took a literal (a new threshold typed into a column): only that
    // field's domain is built again. The others are the previous analysis's objects, so the cell
    // sets cached per domain (cell-set.ts) still serve their cells.
    this.domains = before
      ? [...before.domains]
      : paths.map(
          (p, i) =>
            this.previous?.domainsByKey.get(fieldKeys[i] as string) ??
            buildDomain(p, byPath.get(p) ?? []),
        );
    const domainsByKey = new Map(fieldKeys.map((key, i) => [key, this.domains[i] as FieldDomain]));
    const keys = rows.map((r, k) => rowKey(r, rowCells[k] as RowCells));
    const regionsByKey = new Map<string, RowRegion>();
    const runnableByKey = new Map<string, RunnableRow>();
    const live = this.domains.map((d) => d.live);
    this.runnable = rows.map((r, k) => {
      const key = keys[k] as string;
      // A row's compiled form does not depend on the domains: kept across domain changes too.
      const runnable =
        runnableByKey.get(key) ?? this.previous?.runnable.get(key) ?? lazyRunnable(r);
      runnableByKey.set(key, runnable);
      return runnable;
    });
    this.regions = rows.map((r, k) => {
      const key = keys[k] as string;
      const region =
        regionsByKey.get(key) ??
        before?.regions.get(key) ??
        rowRegion(r.cells, this.domains, isBlockingDecision(r.then));
      regionsByKey.set(key, region);
      return region;
    });
    const boxes = this.regions.map((g) => liveBoxes(g, live));
    this.over = boxes.map((b) => b.over);
    this.under = boxes.map((b) => b.under);
    let exact = true;
    let beyondSoFar: RowRegion['beyond'] = null;
    this.regions.forEach((g, k) => {
      this.firesEnd.push(this.fires.length);
      for (const box of (boxes[k] as LiveBoxes).fires) this.fires.push(box);
      exact &&= g.beyond === null && g.errorBoxes.length === 0;
      this.exactUpTo.push(exact);
      this.underAbove.push(this.underCoverers.length);
      if (!(boxes[k] as LiveBoxes).underEmpty) this.underCoverers.push(this.under[k] as Box);
      beyondSoFar = g.beyond ?? beyondSoFar;
      this.beyondAt.push(beyondSoFar);
    });
    this.firesEnd.push(this.fires.length);
    const firesOf = (k: number) => this.fires.slice(this.firesEnd[k], this.firesEnd[k + 1]);
    const fires = rows.map((_, k) => firesOf(k));
    const hashes = rows.map((r) => r.hash);

    const defaultRow = this.regions.findIndex((g) => g.unconditional);
    const same =
      before &&
      before.keys.length === rows.length &&
      before.unlessKey === unlessKey &&
      before.defaultRow === defaultRow
        ? before
        : null;
    // Rows whose identity changed, with where they may fire before and after the edit.
    const shapes = rows.map((r, k) => {
      const g = this.regions[k] as RowRegion;
      return {
        fires: fires[k] as Box[],
        under: this.under[k] as Box,
        exact: g.beyond === null && g.errorBoxes.length === 0,
        then: r.then as string,
        unconditional: g.unconditional,
      };
    });
    const changed: {
      row: number;
      boxes: Box[];
      hashes: string[];
      /** Both versions are exact rows with the same decision (see `unseen`). */
      shapes: readonly [RowShape, RowShape] | null;
    }[] = [];
    if (same)
      keys.forEach((key, k) => {
        if (key === same.keys[k]) return;
        const was = same.shapes[k] as RowShape;
        const now = shapes[k] as RowShape;
        changed.push({
          row: k,
          boxes: [...(same.fires[k] ?? []), ...(fires[k] ?? [])],
          hashes: [same.hashes[k] as string, hashes[k] as string],
          shapes:
            was.exact &&
            now.exact &&
            was.then === now.then &&
            was.unconditional === now.unconditional
              ? [was, now]
              : null,
        });
      });
    const records: (RowRecord | undefined)[] = [];
    let reused = 0;
    let unseenReuses = 0;
    for (let k = 0; k < rows.length; k++) {
      // Rows below an unconditional row are ERDL-W507 already.
      if (defaultRow !== -1 && k > defaultRow) break;
      const beyond = beyondKey(this.beyondUpTo(k));
      const exact = this.exactUpTo[k] === true;
      const old = same && keys[k] === same.keys[k] ? same.records[k] : undefined;
      const mine = fires[k] as Box[];
      // A changed row above meeting this one, but unseen by its analysis (see `unseen`).
      let hidden = false;
      if (
        old &&
        !old.limited &&
        old.exact === exact &&
        old.beyond === beyond &&
        this.tableSteps - old.spent >= SEARCH_STEPS &&
        !changed.some((c) => {
          if (c.row >= k) return false;
          if (c.hashes.includes(hashes[k] as string)) return true;
          if (!c.boxes.some((b) => mine.some((m) => boxIntersects(b, m)))) return false;
          if (c.shapes && unseen(c.shapes[0], c.shapes[1], mine)) {
            hidden = true;
            return false;
          }
          return true;
        })
      ) {
        if (hidden) unseenReuses++;
        // What row(k) would do: its findings (at its current range), its hash, its steps.
        const row = rows[k] as AnalysisRow;
        for (const d of old.out)
          this.out.push(d.range === row.range ? d : { ...d, range: row.range });
        if (!(boxes[k] as LiveBoxes).firesNowhere && !this.firstWithHash.has(row.hash))
          this.firstWithHash.set(row.hash, k);
        this.tableSteps -= old.spent;
        records.push(old);
        reused++;
        continue;
      }
      const from = this.out.length;
      this.rowSpent = 0;
      this.rowLimited = false;
      this.row(k);
      records.push({
        out: this.out.slice(from),
        spent: this.rowSpent,
        limited: this.rowLimited,
        exact,
        beyond,
      });
    }
    const cells = rowCells.map((c) => c.json);
    const blocking = rows.map((r) => isBlockingDecision(r.then));
    let gap: GapRecord | null = null;
    let gapReused = false;
    if (defaultRow === -1) {
      // The gap search reads the domains, every row's regions and runnable rows (all fixed by its
      // cells and whether it blocks, the domains being the same), the table budget left, and the
      // beyond cell of the rows (fixed by their cells too). Unchanged: its findings are reused, at
      // the table's current range (e.g. after an edit of a decision within the same kind, a
      // message, a row name or a priority). See the differential property test.
      const old = same?.gap;
      if (
        old &&
        same.defaultRow === -1 &&
        this.tableSteps >= GAP_SEARCHES * SEARCH_STEPS &&
        cells.every((c, k) => c === same.cells[k] && blocking[k] === same.blocking[k])
      ) {
        for (const d of old.out)
          this.out.push(d.range === this.table.range ? d : { ...d, range: this.table.range });
        this.tableSteps -= old.spent;
        gap = old;
        gapReused = true;
      } else {
        const from = this.out.length;
        const steps = this.tableSteps;
        this.gaps();
        // Recorded only when every search of it had its full budget (then the budget left is
        // no input of its result).
        if (steps >= GAP_SEARCHES * SEARCH_STEPS)
          gap = { out: this.out.slice(from), spent: steps - this.tableSteps };
      }
    }
    this.priorities();
    return {
      analysis: this.result(),
      memo: {
        domainKey,
        domains: this.domains,
        domainsByKey,
        unlessKey,
        defaultRow,
        keys,
        fires,
        hashes,
        records,
        regions: regionsByKey,
        runnable: runnableByKey,
        cells,
        blocking,
        gap,
        shapes,
      },
      reused,
      gapReused,
      unseen: unseenReuses,
    };
  }

  private result(): TableAnalysis {
    return { diagnostics: this.out, priorityExamples: this.priorityExamples };
  }

  private report(
    code: DiagnosticCode,
    range: Range,
    params: Params,
    ex?: DiagnosticExample,
    uncovered?: UncoveredInputs,
  ) {
    const d = diagnostic(code, range, params);
    this.out.push({ ...d, ...(ex ? { example: ex } : {}), ...(uncovered ? { uncovered } : {}) });
  }

  private search(
    box: Box,
    coverers: readonly Box[],
    count = coverers.length,
    steps = SEARCH_STEPS,
  ): SearchResult {
    if (this.tableSteps < steps) this.rowLimited = true;
    const budget = new Budget(Math.min(steps, this.tableSteps));
    const before = budget.steps;
    const r = findUncovered(box, coverers, budget, count);
    const spent = before - Math.max(budget.steps, 0);
    this.tableSteps -= spent;
    this.rowSpent += spent;
    return r;
  }

  private fact(point: readonly number[]): Fact {
    return factAt(point, this.domains);
  }

  /** Searches `box` minus where rows 0 .. k-1 may fire. */
  private searchBefore(box: Box, k: number, steps = SEARCH_STEPS): SearchResult {
    return this.search(box, this.fires, this.firesEnd[k], steps);
  }

  /** Shadowing, duplicates, empty rows and overlaps for row k (0-based). */
  private row(k: number): void {
    const row = this.table.rows[k] as AnalysisRow;
    const fires = this.fires.slice(this.firesEnd[k], this.firesEnd[k + 1]);
    if (fires.every((box) => box.some(isEmpty))) {
      this.report('ERDL-W514', row.range, { row: row.index });
      return;
    }
    const duplicate = this.firstWithHash.get(row.hash);
    if (duplicate === undefined) this.firstWithHash.set(row.hash, k);
    else {
      this.duplicateOf(k, duplicate);
      return;
    }
    if (k === 0) return;
    const under = this.under[k] as Bits[];
    // The non-empty `under` boxes of rows 0 .. k-1, in row order.
    const results = fires.map((box) =>
      this.search(box, this.underCoverers, this.underAbove[k] as number),
    );
    if (results.some((r) => r.kind === 'budget')) {
      this.unknownRow(k, null);
      return;
    }
    const witness = results.find((r) => r.kind === 'found');
    if (!witness) {
      this.shadowed(k);
      return;
    }
    // Some fact may fire the row; make sure one does (else say unknown). Within the analysis,
    // the witness already is such a fact.
    const sure =
      this.exactUpTo[k] === true
        ? witness
        : under.some(isEmpty)
          ? ({ kind: 'covered' } as const)
          : this.searchBefore(under, k);
    const reachable =
      sure.kind === 'found' ||
      (witness.kind === 'found' &&
        firstMatch(this.runnable, this.fact(witness.point))?.index === row.index);
    if (!reachable) {
      this.unknownRow(k, this.beyondUpTo(k));
      return;
    }
    if (!this.regions[k]?.unconditional) this.overlaps(k);
  }

  private duplicateOf(k: number, j: number): void {
    const row = this.table.rows[k] as AnalysisRow;
    const earlier = this.table.rows[j] as AnalysisRow;
    const shadow = this.shadowExample(k);
    if (shadow === false) return;
    const ex = shadow && { ...shadow, takenBy: rowList([earlier.index]) };
    const decision: Bilingual =
      earlier.then === row.then
        ? { en: ' (same decision)', zh: '（决策相同）' }
        : {
            en: `, but decides ${row.then} instead of ${earlier.then}`,
            zh: `，但决策为 ${row.then}，而非 ${earlier.then}`,
          };
    this.report('ERDL-W512', row.range, { row: row.index, earlier: earlier.index, decision }, ex);
  }

  private shadowed(k: number): void {
    const row = this.table.rows[k] as AnalysisRow;
    const over = this.over[k] as Bits[];
    // The rows above whose `under` box meets this row's `over` box, in order.
    const by: number[] = [];
    for (let j = 0; j < k; j++) {
      if (boxIntersects(this.under[j] as Box, over))
        by.push((this.table.rows[j] as AnalysisRow).index);
    }
    const shadow = this.shadowExample(k);
    if (shadow === false) return;
    const rows = rowList(by);
    this.report(
      'ERDL-W509',
      row.range,
      { row: row.index, rows },
      shadow && { ...shadow, takenBy: rows },
    );
  }

  /**
   * A fact the row matches, showing which earlier row fires first. `false` when evaluation says
   * the row itself fires (the finding would be wrong: it is then not reported).
   */
  private shadowExample(k: number): DiagnosticExample | undefined | false {
    const row = this.table.rows[k] as AnalysisRow;
    const under = this.under[k] as Bits[];
    if (under.some(isEmpty)) return undefined;
    const point = under.map(firstBit);
    const fact = this.fact(point);
    const first = firstMatch(this.runnable, fact);
    if (!first || first.index >= row.index) return false;
    return example(
      fact,
      {
        en: `This fact matches row ${row.index} (${row.then}), but row ${first.index} (${first.then}) fires first.`,
        zh: `该事实匹配第 ${row.index} 行（${row.then}），但第 ${first.index} 行（${first.then}）先触发。`,
      },
      first,
    );
  }

  private overlaps(k: number): void {
    const row = this.table.rows[k] as AnalysisRow;
    const runK = this.runnable[k] as RunnableRow;
    const under = this.under[k] as Bits[];
    if (under.some(isEmpty)) return;
    let tried = 0;
    for (let j = 0; j < k && tried < OVERLAP_CANDIDATES; j++) {
      const earlier = this.table.rows[j] as AnalysisRow;
      if (earlier.then === row.then || this.regions[j]?.unconditional) continue;
      // Some side of the intersection is empty exactly when the boxes do not meet.
      if (!boxIntersects(this.under[j] as Box, under)) continue;
      const both = (this.under[j] as Bits[]).map((b, d) => and(b, under[d] as Bits));
      tried++;
      const r = this.searchBefore(both, j, OVERLAP_STEPS);
      if (r.kind !== 'found') continue;
      // The point lies where no earlier row may fire, so row j fires first; both rows are run on
      // the fact to make sure the example shows what the message says.
      const fact = this.fact(r.point);
      const first = this.runnable[j] as RunnableRow;
      if (!matches(first, fact) || !matches(runK, fact)) continue;
      const ex = example(
        fact,
        {
          en: `This fact matches rows ${earlier.index} (${earlier.then}) and ${row.index} (${row.then}); row order applies row ${earlier.index}.`,
          zh: `该事实同时匹配第 ${earlier.index} 行（${earlier.then}）和第 ${row.index} 行（${row.then}）；按行序采用第 ${earlier.index} 行。`,
        },
        first,
      );
      this.report(
        'ERDL-W510',
        row.range,
        { row: row.index, decision: row.then, earlier: earlier.index, other: earlier.then },
        ex,
      );
      return;
    }
  }

  /** Inputs of the columns' kinds that no row matches (only without a default row). */
  private gaps(): void {
    const box = this.domains.map((d) => and(d.typed, d.live));
    const sure = this.search(box, this.fires);
    if (sure.kind === 'found') {
      const found = this.fact(sure.point);
      if (firstMatch(this.runnable, found) !== null) return;
      const uncovered = uncoveredRegions({
        domains: this.domains,
        box,
        fires: this.fires,
        under: this.under,
        unmatched: (f) => firstMatch(this.runnable, f) === null,
      });
      // The example the band shows first (a value a person writes, region-example.ts), else the
      // search's own point.
      const shown = uncovered.regions[0]?.fact;
      const fact = shown ?? found;
      const described = shown
        ? describeFactValues(shown, this.domains)
        : describeFact(sure.point, this.domains);
      this.report(
        'ERDL-W511',
        this.table.range,
        { example: described },
        example(
          fact,
          {
            en: `No row of the table matches this fact, so the document's other rules or, when none matches, its fallback decision decide it (${described.en}).`,
            zh: `该表没有任何行匹配该事实，因此由文档的其他规则决策；若都不匹配，则由兜底决策决定（${described.zh}）。`,
          },
          null,
        ),
        uncovered,
      );
      return;
    }
    const possible =
      sure.kind === 'budget'
        ? sure
        : this.search(
            box,
            this.under.filter((b) => !b.some(isEmpty)),
          );
    if (possible.kind === 'covered') return;
    this.report('ERDL-I513', this.table.range, {
      question: { en: 'some input matches no row', zh: '是否存在不匹配任何行的输入' },
      reason:
        possible.kind === 'budget'
          ? BUDGET_REASON
          : reasonOf(this.beyondUpTo(this.regions.length - 1)),
    });
  }

  /** W505 (row priority against row order): a fact on which the two orders disagree. */
  private priorities(): void {
    let previous: { value: number; k: number } | null = null;
    this.table.rows.forEach((row, k) => {
      if (!row.priority) return;
      if (previous && row.priority.value < previous.value) {
        const ex = this.priorityExample(previous.k, k);
        if (ex) this.priorityExamples.set(row.priority.range.start, ex);
      }
      previous = { value: row.priority.value, k };
    });
  }

  private priorityExample(j: number, k: number): DiagnosticExample | undefined {
    if (this.under.length === 0) return undefined;
    const both = (this.under[j] as Bits[]).map((b, d) =>
      and(b, (this.under[k] as Bits[])[d] as Bits),
    );
    if (both.some(isEmpty)) return undefined;
    const fact = this.fact(both.map(firstBit));
    const byOrder = firstMatch(this.runnable, fact);
    const priorityOf = (i: number) =>
      this.table.rows[i]?.priority?.value ?? this.table.entryPriority;
    let byPriority: { r: RunnableRow; i: number } | null = null;
    this.runnable.forEach((r, i) => {
      const o = run(r.compiled, fact);
      if (!(o === true || (o === 'error' && r.blocking))) return;
      if (!byPriority || priorityOf(i) < priorityOf(byPriority.i)) byPriority = { r, i };
    });
    const winner = byPriority as { r: RunnableRow; i: number } | null;
    if (!byOrder || !winner || winner.r.index === byOrder.index) return undefined;
    const p = priorityOf(winner.i);
    return example(
      fact,
      {
        en: `Row order applies row ${byOrder.index} (${byOrder.then}) to this fact; if row priorities decided (smaller first, §7.1), row ${winner.r.index} (${winner.r.then}, priority ${p}) would apply.`,
        zh: `按行序，该事实采用第 ${byOrder.index} 行（${byOrder.then}）；若按行 priority 决定（小者优先，§7.1），将采用第 ${winner.r.index} 行（${winner.r.then}，priority ${p}）。`,
      },
      byOrder,
    );
  }

  /** The first cell beyond the analysis in rows 0..k. */
  private beyondUpTo(k: number): RowRegion['beyond'] {
    return this.beyondAt[Math.min(k, this.beyondAt.length - 1)] ?? null;
  }

  private unknownRow(k: number, beyond: RowRegion['beyond']): void {
    const row = this.table.rows[k] as AnalysisRow;
    this.report('ERDL-I513', row.range, {
      question: { en: `row ${row.index} can ever fire`, zh: `第 ${row.index} 行是否可能触发` },
      reason: beyond ? reasonOf(beyond) : BUDGET_REASON,
    });
  }

  private unknownTable(reason: Bilingual): void {
    this.report('ERDL-I513', this.table.range, {
      question: {
        en: 'rows can fire or inputs go unmatched',
        zh: '各行能否触发、是否存在未覆盖的输入',
      },
      reason,
    });
  }
}

const BUDGET_REASON: Bilingual = {
  en: 'the search reached its step limit',
  zh: '搜索已达步数上限',
};

/** `beyondUpTo`'s answer as text, to compare two analyses. */
function beyondKey(beyond: RowRegion['beyond']): string {
  return beyond ? `${beyond.path}\u0000${beyond.operator}` : '';
}

function reasonOf(beyond: RowRegion['beyond']): Bilingual {
  if (!beyond) return BUDGET_REASON;
  return {
    en: `a cell on ${beyond.path} uses ${beyond.operator}, whose matches the analysis does not enumerate`,
    zh: `${beyond.path} 列的单元格使用了 ${beyond.operator}，分析无法穷举其匹配值`,
  };
}

/** A row for example checks; its tree is compiled on first use (most rows never need it). */
function lazyRunnable(r: AnalysisRow): RunnableRow {
  let compiled: CompiledTree | null = null;
  return {
    index: r.index,
    rule: r.rule,
    then: r.then,
    blocking: isBlockingDecision(r.then),
    get compiled() {
      compiled ??= compileCell(r.when);
      return compiled;
    },
  };
}

function hasTemporal(n: ExprNode): boolean {
  return n.node === 'within' || n.node === 'rate' || ('args' in n && n.args.some(hasTemporal));
}

/** A row's cells as the analysis reads them: their fields, literals and JSON (its identity). */
interface RowCells {
  readonly fields: readonly (string | null)[];
  /** Per cell, the literals it compares its field with (collectLiterals([cell], its field)). */
  readonly literals: readonly Literals[];
  readonly json: string;
  /** The last key made with these cells (rowKey), kept so the same text is the same string. */
  key: { readonly of: string; readonly text: string } | null;
}

const NO_LITERALS: Literals = { numbers: new Set(), strings: [], booleans: false };

/**
 * Per cells list (the compiled row's `and` arguments: the same array while the row's cells read
 * the same, kernel/tree/row-cache.ts): what `run` reads of them, computed once. Trees are never
 * modified, so the entry stays true for the array it is keyed by.
 */
const rowCellsCache = new WeakMap<readonly ExprNode[], RowCells>();

function cellsOf(cells: readonly ExprNode[]): RowCells {
  const hit = rowCellsCache.get(cells);
  if (hit) return hit;
  const fields = cells.map(cellField);
  const out: RowCells = {
    fields,
    literals: cells.map((c, j) => {
      const p = fields[j];
      return p == null ? NO_LITERALS : collectLiterals([c], p);
    }),
    json: JSON.stringify(cells),
    key: null,
  };
  rowCellsCache.set(cells, out);
  return out;
}

/**
 * A row's identity for reuse: its number, rule, decision, hash and cells. The same string object
 * while they are the same (its hash is computed once; equal keys compare by identity first).
 */
function rowKey(r: AnalysisRow, cells: RowCells): string {
  const of = `${r.index}\u0000${r.rule}\u0000${r.then}\u0000${r.hash}`;
  if (cells.key?.of !== of) cells.key = { of, text: `${of}\u0000${cells.json}` };
  return cells.key.text;
}

/** A row region's boxes cut to the live classes: where it may fire, surely fires, errors fire. */
interface LiveBoxes {
  readonly over: Box;
  readonly under: Box;
  /** `over`, then each error box. */
  readonly fires: readonly Box[];
  /** `under` has an empty side (the row surely fires nowhere). */
  readonly underEmpty: boolean;
  /** Every box of `fires` has an empty side (the row fires nowhere). */
  readonly firesNowhere: boolean;
}

/**
 * Per region (computed against one set of domains, whose `live` bits are what it is cut with:
 * a region object never meets another domain), its live boxes, computed once.
 */
const liveBoxesCache = new WeakMap<RowRegion, LiveBoxes>();

function liveBoxes(g: RowRegion, live: readonly Bits[]): LiveBoxes {
  const hit = liveBoxesCache.get(g);
  if (hit) return hit;
  const cut = (box: readonly Bits[]): Box => box.map((b, d) => and(b, live[d] as Bits));
  const over = cut(g.may);
  const under = cut(g.must);
  const fires = [over, ...g.errorBoxes.map(cut)];
  const out: LiveBoxes = {
    over,
    under,
    fires,
    underEmpty: under.some(isEmpty),
    firesNowhere: fires.every((box) => box.some(isEmpty)),
  };
  liveBoxesCache.set(g, out);
  return out;
}

/**
 * True when a row's change (from `was` to `now`, both exact, same decision, same number and
 * neither or both unconditional) cannot be seen by the analysis of a row below it, whose fires
 * boxes are `mine`: every box the row has cuts each of `mine` the same before and after. Every
 * search of that analysis ranges over a part of one of `mine` (where it may fire, where it surely
 * fires, their intersections with another row's), and a search only reads of a covering box its
 * intersection with the searched part, side by side (`leaves`: meets, ⊆, minus, and); every fact
 * it evaluates lies in one of `mine`, where an exact row fires exactly on its box; the overlap
 * and shadow checks read `under` ∩ `mine` side by side too. So each search, each evaluation and
 * each check gives what it gave, and the row's findings, examples and spent steps are the same
 * (property-tested: table-analysis-incremental.test.ts).
 */
function unseen(was: RowShape, now: RowShape, mine: readonly Box[]): boolean {
  if (was.fires.length !== now.fires.length) return false;
  for (const m of mine) {
    if (!sameCut(was.under, now.under, m)) return false;
    for (let i = 0; i < was.fires.length; i++)
      if (!sameCut(was.fires[i] as Box, now.fires[i] as Box, m)) return false;
  }
  return true;
}

/** `a` ∩ `m` and `b` ∩ `m` are the same, side by side — or both empty (they meet nothing of `m`). */
function sameCut(a: Box, b: Box, m: Box): boolean {
  let equal = true;
  let aEmpty = false;
  let bEmpty = false;
  for (let d = 0; d < m.length; d++) {
    const x = a[d] as Bits;
    const y = b[d] as Bits;
    const z = m[d] as Bits;
    let ax = 0;
    let by = 0;
    for (let w = 0; w < z.length; w++) {
      const p = (x[w] as number) & (z[w] as number);
      const q = (y[w] as number) & (z[w] as number);
      if (p !== q) equal = false;
      ax |= p;
      by |= q;
    }
    if (ax === 0) aEmpty = true;
    if (by === 0) bEmpty = true;
  }
  return equal || (aEmpty && bEmpty);
}
