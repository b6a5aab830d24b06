import {
  columnPlace,
  formatCell,
  readCell,
  type TableModel,
  type TableOp,
} from '../../../kernel/table-edit';
import { format } from '../../i18n/i18n';
import type { Lang } from '../../store/types';
import type { GridStatus } from '../use-grid-edits';
import { columnTypeStrings } from './strings';

/**
 * "Read as text" (ruling I-91): the column becomes a text column (`type: string`) and `text` is
 * written into the cell, as one grid edit — one undo step. What it did, or why the kernel refused
 * it, is said in the grid's status line.
 */
export async function readAsText(
  edits: {
    readonly run: (op: TableOp) => Promise<boolean>;
    readonly setStatus: (status: GridStatus | null) => void;
  },
  table: TableModel,
  column: number,
  row: number,
  text: string,
  lang: Lang,
): Promise<boolean> {
  const done = await edits.run({
    kind: 'setColumnType',
    column,
    type: 'string',
    cell: { row, text },
  });
  const c = table.columns[column];
  const read = readCell(text, 'string');
  if (done && c && read.ok)
    edits.setStatus({
      text: format(columnTypeStrings[lang].readAsTextDone, {
        column: columnPlace(c)[lang],
        cell: formatCell(read.cell),
      }),
      details: [],
    });
  return done;
}
