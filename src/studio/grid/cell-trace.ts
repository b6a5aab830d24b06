import type { CellModel } from '../../kernel/table-edit';
import { simpleOperatorInfo } from '../../kernel/vocabulary/operators';

export type CellTruth = 'true' | 'false' | 'not-evaluated';

interface TraceNode {
  readonly node: string;
  readonly value?: unknown;
  readonly args?: readonly TraceNode[];
}

/** How many top-level nodes of the row's (flattened) `and` one cell compiles to (§5.2 mapping). */
function width(cell: CellModel): number {
  if (cell.kind !== 'condition') return 0;
  const kind = simpleOperatorInfo(cell.op)?.compile;
  return kind === 'guarded-not' || kind === 'guarded-length' || kind === 'guarded-count' ? 2 : 1;
}

/**
 * Each cell's truth for an evaluated fact, from the row rule's `when` trace: the row tree is the
 * AND of its cells in column order (E7 ⑤), flattened, so the cells map onto its arguments in order.
 * Null when the trace does not have that shape (then no cell is marked rather than a wrong one).
 */
export function cellTruths(
  cells: readonly CellModel[],
  when: TraceNode | undefined,
): (CellTruth | null)[] | null {
  if (!when) return null;
  const widths = cells.map(width);
  const total = widths.reduce((a, b) => a + b, 0);
  if (total === 0) return cells.map(() => null);
  const nodes = total === 1 && when.node !== 'and' ? [when] : (when.args ?? []);
  if (nodes.length !== total) return null;
  let at = 0;
  return widths.map((w) => {
    if (w === 0) return null;
    const mine = nodes.slice(at, at + w);
    at += w;
    if (mine.some((n) => n.value === false)) return 'false';
    if (mine.every((n) => n.value === true)) return 'true';
    return 'not-evaluated';
  });
}
