import type { CompiledTree } from '../eval/nodes';
import type { ExprNode } from '../tree/types';
import { isBlockingDecision } from '../vocabulary/decisions';
import type { AnalysisRow } from './analysis-state';
import { and, type Bits, isEmpty } from './bits';
import type { RunnableRow } from './example-fact';
import { compileCell } from './probe';
import { cellField, type RowRegion } from './row-region';
import type { Box } from './uncovered';
import { collectLiterals, type Literals } from './value-classes';

/**
 * What the analysis reads of each row, computed once per row (cached by the objects that stay the
 * same while the row reads the same): its cells' fields, literals and identity, its runnable form,
 * its region's live boxes.
 */

/** A row for example checks; its tree is compiled on first use (most rows never need it). */
export function lazyRunnable(r: AnalysisRow): RunnableRow {
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

/** A row's cells as the analysis reads them: their fields, literals and JSON (its identity). */
export interface RowCells {
  readonly fields: readonly (string | null)[];
  /** Per cell, the literals it compares its field with (collectLiterals([cell], its field)). */
  readonly literals: readonly Literals[];
  readonly json: string;
  /** The last key made with these cells (rowKey), kept so the same text is the same string. */
  key: {
    readonly index: number;
    readonly rule: string;
    readonly then: string;
    readonly hash: string;
    readonly text: string;
  } | null;
}

export const NO_LITERALS: Literals = { numbers: new Set(), strings: [], booleans: false };

/**
 * Per cells list (the compiled row's `and` arguments: the same array while the row's cells read
 * the same, kernel/tree/row-cache.ts): what `run` reads of them, computed once. Trees are never
 * modified, so the entry stays true for the array it is keyed by.
 */
export const rowCellsCache = new WeakMap<readonly ExprNode[], RowCells>();

export function cellsOf(cells: readonly ExprNode[]): RowCells {
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
export function rowKey(r: AnalysisRow, cells: RowCells): string {
  const k = cells.key;
  // Compared part by part: no string is made for a row whose key is the one kept.
  if (k && k.index === r.index && k.rule === r.rule && k.then === r.then && k.hash === r.hash)
    return k.text;
  const text = `${r.index}\u0000${r.rule}\u0000${r.then}\u0000${r.hash}\u0000${cells.json}`;
  cells.key = { index: r.index, rule: r.rule, then: r.then, hash: r.hash, text };
  return text;
}

/** A row region's boxes cut to the live classes: where it may fire, surely fires, errors fire. */
export interface LiveBoxes {
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
export const liveBoxesCache = new WeakMap<RowRegion, LiveBoxes>();

export function liveBoxes(g: RowRegion, live: readonly Bits[]): LiveBoxes {
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
