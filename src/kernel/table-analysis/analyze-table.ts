import type { ExprNode } from '../tree/types';
import { isBlockingDecision } from '../vocabulary/decisions';
import {
  type AnalysisRow,
  type AnalysisState,
  type AnalysisTable,
  beyondUpTo,
  GAP_SEARCHES,
  newState,
  SEARCH_STEPS,
  type TableAnalysis,
} from './analysis-state';
import { duplicateRow } from './duplicate-rows';
import type { RunnableRow } from './example-fact';
import { gaps } from './gaps';
import { overlaps } from './overlaps';
import { priorities } from './priorities';
import {
  type AnalysisMemo,
  beyondKey,
  type GapRecord,
  type RowRecord,
  type RowShape,
  unseen,
} from './reuse';
import {
  cellsOf,
  type LiveBoxes,
  lazyRunnable,
  liveBoxes,
  type RowCells,
  rowKey,
} from './row-inputs';
import { type RowRegion, rowRegion } from './row-region';
import { canFire, cellsExclude, firesOf } from './shadowing';
import { type Box, boxIntersects } from './uncovered';
import { hasTemporal, unknownTable } from './unknowns';
import { buildDomain, type FieldDomain, type Literals } from './value-classes';

export type { AnalysisRow, AnalysisTable, TableAnalysis } from './analysis-state';
export type { AnalysisMemo } from './reuse';

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

/** Adds a value to the set that is `this` (Set.forEach's callback, no closure per call). */
function addTo(this: Set<string>, value: string): void {
  this.add(value);
}

/**
 * One analysis: fills the state (domains, regions, boxes), reuses what `previous` found where the
 * edit cannot have changed it, and runs each analysis in order — per row shadowing
 * (shadowing.ts), duplicate rows (duplicate-rows.ts), overlaps (overlaps.ts); then gaps (gaps.ts)
 * and priorities (priorities.ts); what none can decide is unknown (unknowns.ts).
 */
class Analysis {
  private readonly s: AnalysisState;

  constructor(
    table: AnalysisTable,
    private readonly previous: AnalysisMemo | null,
  ) {
    this.s = newState(table);
  }

  run(): {
    analysis: TableAnalysis;
    memo: AnalysisMemo | null;
    reused: number;
    gapReused?: boolean;
    unseen?: number;
  } {
    const s = this.s;
    const none = () => ({ analysis: this.result(), memo: null, reused: 0 });
    const { rows } = s.table;
    const rowCells = rows.map((r) => cellsOf(r.cells));
    const cellFields = rowCells.map((c) => c.fields);
    // Every field a cell reads, in order of first appearance.
    const seen = new Set<string>();
    const paths: string[] = [];
    for (const fields of cellFields)
      for (const p of fields)
        if (p !== null && !seen.has(p)) {
          seen.add(p);
          paths.push(p);
        }
    if (paths.length === 0) return none();
    const nested = paths.find((p) => paths.some((q) => q.startsWith(`${p}.`)));
    if (nested !== undefined) {
      unknownTable(s, {
        en: `field ${nested} holds another column's field, so the columns are not independent`,
        zh: `字段 ${nested} 包含另一列的字段，各列并不相互独立`,
      });
      return none();
    }
    if (s.table.unless && hasTemporal(s.table.unless)) {
      unknownTable(s, {
        en: 'the entry’s unless counts within / rate events, which changes from row to row',
        zh: '该条目的 unless 含 within / rate 计数，逐行求值时会变化',
      });
      return none();
    }
    // The literals each path's cells compare it with, as collectLiterals(byPath cells, path) finds
    // them (per cell: a cell's comparisons are on its own field), merged from each row's cache.
    const literals = new Map<string, Literals>(
      paths.map((p) => [p, { numbers: new Set(), strings: [], booleans: false }]),
    );
    for (let i = 0; i < rows.length; i++) {
      const cached = rowCells[i] as RowCells;
      const fields = cached.fields;
      for (let j = 0; j < fields.length; j++) {
        const p = fields[j];
        if (p == null) continue;
        const into = literals.get(p) as Literals;
        const lits = cached.literals[j] as Literals;
        // forEach, not for…of: no iterator per cell (4,000 of them on a 500 × 8 table).
        if (lits.numbers.size > 0) lits.numbers.forEach(addTo, into.numbers);
        for (let t = 0; t < lits.strings.length; t++) into.strings.push(lits.strings[t] as string);
        if (lits.booleans) into.booleans = true;
      }
    }
    // Each path's cells, in row order: only for a domain that is built again (below).
    const cellsOfPath = (p: string): ExprNode[] => {
      const out: ExprNode[] = [];
      rows.forEach((r, i) => {
        const fields = (rowCells[i] as RowCells).fields;
        r.cells.forEach((c, j) => {
          if (fields[j] === p) out.push(c);
        });
      });
      return out;
    };
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
    const unlessKey = s.table.unless ? JSON.stringify(s.table.unless) : '';
    // The previous analysis is of the same domains (so its class bits mean the same): reuse.
    const before = this.previous?.domainKey === domainKey ? this.previous : null;
    // Otherwise an edit brought or took a literal (a new threshold typed into a column): only that
    // field's domain is built again. The others are the previous analysis's objects, so the cell
    // sets cached per domain (cell-set.ts) still serve their cells.
    s.domains = before
      ? [...before.domains]
      : paths.map(
          (p, i) =>
            this.previous?.domainsByKey.get(fieldKeys[i] as string) ??
            buildDomain(p, cellsOfPath(p)),
        );
    const domainsByKey = new Map(fieldKeys.map((key, i) => [key, s.domains[i] as FieldDomain]));
    const keys = rows.map((r, k) => rowKey(r, rowCells[k] as RowCells));
    const regionsByKey = new Map<string, RowRegion>();
    const runnableByKey = new Map<string, RunnableRow>();
    const live = s.domains.map((d) => d.live);
    s.runnable = rows.map((r, k) => {
      const key = keys[k] as string;
      // A row's compiled form does not depend on the domains: kept across domain changes too.
      const runnable =
        runnableByKey.get(key) ?? this.previous?.runnable.get(key) ?? lazyRunnable(r);
      runnableByKey.set(key, runnable);
      return runnable;
    });
    s.regions = rows.map((r, k) => {
      const key = keys[k] as string;
      const region =
        regionsByKey.get(key) ??
        before?.regions.get(key) ??
        rowRegion(r.cells, s.domains, isBlockingDecision(r.then));
      regionsByKey.set(key, region);
      return region;
    });
    const boxes = s.regions.map((g) => liveBoxes(g, live));
    s.over = boxes.map((b) => b.over);
    s.under = boxes.map((b) => b.under);
    let exact = true;
    let beyondSoFar: RowRegion['beyond'] = null;
    s.regions.forEach((g, k) => {
      s.firesEnd.push(s.fires.length);
      for (const box of (boxes[k] as LiveBoxes).fires) s.fires.push(box);
      exact &&= g.beyond === null && g.errorBoxes.length === 0;
      s.exactUpTo.push(exact);
      s.underAbove.push(s.underCoverers.length);
      if (!(boxes[k] as LiveBoxes).underEmpty) s.underCoverers.push(s.under[k] as Box);
      beyondSoFar = g.beyond ?? beyondSoFar;
      s.beyondAt.push(beyondSoFar);
    });
    s.firesEnd.push(s.fires.length);
    const firesOf = (k: number) => s.fires.slice(s.firesEnd[k], s.firesEnd[k + 1]);
    const fires = rows.map((_, k) => firesOf(k));
    const hashes = rows.map((r) => r.hash);

    const defaultRow = s.regions.findIndex((g) => g.unconditional);
    const same =
      before &&
      before.keys.length === rows.length &&
      before.unlessKey === unlessKey &&
      before.defaultRow === defaultRow
        ? before
        : null;
    // Rows whose identity changed, with where they may fire before and after the edit.
    const shapes = rows.map((r, k) => {
      const g = s.regions[k] as RowRegion;
      return {
        fires: fires[k] as Box[],
        under: s.under[k] as Box,
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
      const beyond = beyondKey(beyondUpTo(s, k));
      const exact = s.exactUpTo[k] === true;
      const old = same && keys[k] === same.keys[k] ? same.records[k] : undefined;
      const mine = fires[k] as Box[];
      // A changed row above meeting this one, but unseen by its analysis (see `unseen`).
      let hidden = false;
      if (
        old &&
        !old.limited &&
        old.exact === exact &&
        old.beyond === beyond &&
        s.tableSteps - old.spent >= SEARCH_STEPS &&
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
        for (const d of old.out) s.out.push(d.range === row.range ? d : { ...d, range: row.range });
        if (!(boxes[k] as LiveBoxes).firesNowhere && !s.firstWithHash.has(row.hash))
          s.firstWithHash.set(row.hash, k);
        s.tableSteps -= old.spent;
        records.push(old);
        reused++;
        continue;
      }
      const from = s.out.length;
      s.rowSpent = 0;
      s.rowLimited = false;
      this.row(k);
      records.push({
        out: s.out.slice(from),
        spent: s.rowSpent,
        limited: s.rowLimited,
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
        s.tableSteps >= GAP_SEARCHES * SEARCH_STEPS &&
        cells.every((c, k) => c === same.cells[k] && blocking[k] === same.blocking[k])
      ) {
        for (const d of old.out)
          s.out.push(d.range === s.table.range ? d : { ...d, range: s.table.range });
        s.tableSteps -= old.spent;
        gap = old;
        gapReused = true;
      } else {
        const from = s.out.length;
        const steps = s.tableSteps;
        gaps(s);
        // Recorded only when every search of it had its full budget (then the budget left is
        // no input of its result).
        if (steps >= GAP_SEARCHES * SEARCH_STEPS)
          gap = { out: s.out.slice(from), spent: steps - s.tableSteps };
      }
    }
    priorities(s);
    return {
      analysis: this.result(),
      memo: {
        domainKey,
        domains: s.domains,
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
    return { diagnostics: this.s.out, priorityExamples: this.s.priorityExamples };
  }

  /** Shadowing, duplicates, empty rows and overlaps for row k (0-based). */
  private row(k: number): void {
    const s = this.s;
    const fires = firesOf(s, k);
    if (cellsExclude(s, k, fires)) return;
    if (duplicateRow(s, k)) return;
    if (k === 0) return;
    if (!canFire(s, k, fires)) return;
    if (!s.regions[k]?.unconditional) overlaps(s, k);
  }
}
