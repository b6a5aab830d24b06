import type { TableModel } from './model';

/**
 * The header row of a block pasted from a spreadsheet: its first row when every one of its cells
 * names the grid column it lands on, and rows follow it — a condition column by its field path, its
 * label (either language) or the CSV export's header (`field {"zh": …, "en": …}`), the decision
 * column as `then`, `decision` or `决策`, the priority as `priority` or `优先级` (case, spacing and
 * full-width forms aside). Only a paste is read this way (a fill writes what it copies). Returns
 * the header's cells, or null when the first row is data.
 */
export function pastedHeader(
  table: TableModel,
  column: number,
  block: readonly (readonly string[])[],
): readonly string[] | null {
  const first = block[0];
  if (block.length < 2 || !first || first.length === 0) return null;
  const conditions = table.columns.length;
  const names = (col: number): string[] => {
    if (col === conditions) return ['then', 'decision', '决策'];
    if (col === conditions + 1) return ['priority', '优先级'];
    const c = table.columns[col];
    if (!c) return [];
    const label = c.label;
    const labels =
      label === undefined
        ? []
        : typeof label === 'string'
          ? [label]
          : [label.en, label.zh].filter((l): l is string => l !== undefined);
    return [
      c.field,
      ...labels,
      ...(label === undefined ? [] : [`${c.field} ${JSON.stringify(label)}`]),
    ];
  };
  const named = (cell: string, i: number) =>
    normal(cell) !== '' &&
    names(column + i)
      .map(normal)
      .includes(normal(cell));
  return first.every(named) ? first : null;
}

const normal = (text: string) => text.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
