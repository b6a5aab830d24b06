import type { ExprNode } from '../tree/types';
import { and, type Bits, isEmpty } from './bits';
import { cellSet } from './cell-set';
import type { FieldDomain } from './value-classes';

/**
 * A row as a box: for each field of the table, the classes its cells allow (all of them where the
 * row has "-"). `must` holds the values on which the row surely matches, `may` those on which it
 * may; `errorBoxes` are where an evaluation error may fire a blocking row anyway (E12 fail-closed).
 */
export interface RowRegion {
  readonly must: readonly Bits[];
  readonly may: readonly Bits[];
  readonly errorBoxes: readonly (readonly Bits[])[];
  /** The first cell beyond the analysis: its field and operator. */
  readonly beyond: { readonly path: string; readonly operator: string } | null;
  /** True for `when: []` and rows of "-" only. */
  readonly unconditional: boolean;
}

/** The field a cell tests: every field node in a cell is its column's field. */
export function cellField(cell: ExprNode): string | null {
  if (cell.node === 'field') return cell.path;
  if ('args' in cell)
    for (const a of cell.args) {
      const p = cellField(a);
      if (p !== null) return p;
    }
  return null;
}

export function rowRegion(
  cells: readonly ExprNode[],
  domains: readonly FieldDomain[],
  blocking: boolean,
): RowRegion {
  // Bit sets are shared and never modified: a field without a cell keeps the domain's full set.
  const must = domains.map((d) => d.full);
  const may = domains.map((d) => d.full);
  const errorBoxes: Bits[][] = [];
  let beyond: RowRegion['beyond'] = null;
  for (const cell of cells) {
    const path = cellField(cell);
    const at = domains.findIndex((d) => d.path === path);
    const domain = domains[at];
    if (!domain) continue;
    const set = cellSet(cell, domain);
    must[at] = must[at] === domain.full ? set.must : and(must[at] as Bits, set.must);
    may[at] = may[at] === domain.full ? set.may : and(may[at] as Bits, set.may);
    if (set.beyond && !beyond) beyond = { path: domain.path, operator: set.beyond.operator };
    // Other cells may be evaluated first or not at all: the error box spans every other value.
    if (blocking && !isEmpty(set.error)) {
      const box = domains.map((d) => d.full);
      box[at] = set.error;
      errorBoxes.push(box);
    }
  }
  return { must, may, errorBoxes, beyond, unconditional: cells.length === 0 };
}
