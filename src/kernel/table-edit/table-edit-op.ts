import type { Bilingual, TextEdit } from '../diagnostics/diagnostic';
import { applyTextEdits } from './apply';
import { columnTypeAsExpected } from './column-type-op';
import { editTable, type RejectedCell, type TableOp } from './edit-table';
import type { TableModel, TablesRead } from './model';
import { catchAllProblem, defaultRowIndex, matchesEverything, planPaste } from './paste-plan';
import { readTables } from './read-tables';
import { isStructureOp, structureAsExpected } from './structure-ops';

export type TableEditOutcome =
  | {
      readonly ok: true;
      readonly edits: readonly TextEdit[];
      readonly rejected: readonly RejectedCell[];
      /** The edited text, read again (the worker keeps it for the next `tables` request). */
      readonly after: { readonly text: string; readonly read: TablesRead };
      /** Said with the edit: e.g. which rows it gave their numbers as names (I-90). */
      readonly note?: Bilingual;
    }
  | { readonly ok: false; readonly message: Bilingual };

const NOT_FOUND: Bilingual = {
  en: 'the table is no longer in the document (it was renamed or removed)',
  zh: '文档中已没有这张决策表（已改名或删除）',
};

/**
 * One grid operation on the table of rule entry `entry` in `text`, checked before it is returned:
 * the edited text must still load and still hold the table with the expected number of rows and
 * columns. An edit that would break the YAML is refused, never applied.
 */
export function tableEdit(
  text: string,
  entry: string,
  op: TableOp,
  read: (text: string) => TablesRead = readTables,
): TableEditOutcome {
  const before = read(text);
  if (!before.ok) {
    return {
      ok: false,
      message: {
        en: 'the YAML does not parse; fix it before editing the grid',
        zh: 'YAML 无法解析；请先修复再编辑表格',
      },
    };
  }
  const table = before.tables.find((t) => t.entry === entry);
  if (!table) return { ok: false, message: NOT_FOUND };
  const result = editTable(text, table, op);
  if (!result.ok) return result;
  const edited = applyTextEdits(text, result.edits);
  const after = edited === null ? null : read(edited);
  const changed = after?.ok ? after.tables.find((t) => t.ruleIndex === table.ruleIndex) : undefined;
  if (edited === null || !after || !changed || !shapeAsExpected(table, changed, op)) {
    return {
      ok: false,
      message: {
        en: 'this edit would not give a valid table here; make it in the YAML instead',
        zh: '在这里做这项修改得不到有效的决策表；请改在 YAML 中修改',
      },
    };
  }
  // Row identity (I-90): every row keeps its compiled name (one the edit deletes aside).
  if (!rowsKeepNames(table, changed, op)) {
    return {
      ok: false,
      message: {
        en: 'this edit would change the names other rows compile to; make it in the YAML instead',
        zh: '这项修改会改变其他行编译后的名称；请改在 YAML 中修改',
      },
    };
  }
  // Fail closed: no edit may leave a new row that matches every input above the default row with
  // another decision (it would widen what the table allows).
  const wasCatchAll = catchAllRows(table);
  const now = catchAllRows(changed);
  if (now.length > wasCatchAll.length) {
    const n = now.find((x) => !wasCatchAll.includes(x)) ?? (now[0] as number);
    const problem = catchAllProblem(changed, n, changed.rows[n - 1]?.then ?? null);
    if (problem) return { ok: false, message: problem };
  }
  return {
    ok: true,
    edits: result.edits,
    rejected: result.rejected,
    after: { text: edited, read: after },
    ...(result.note ? { note: result.note } : {}),
  };
}

/** Whether every row of `before` is still there as `<entry>#<its name or number>` in `after`. */
function rowsKeepNames(before: TableModel, after: TableModel, op: TableOp): boolean {
  const id = (r: TableModel['rows'][number]) => r.name ?? String(r.index);
  const now = new Set(after.rows.map(id));
  const gone =
    op.kind === 'deleteRow'
      ? op.row
      : (op.kind as string) === 'removeDefaultRow'
        ? defaultRowIndex(before)
        : -1;
  return before.rows.every((r, i) => i === gone || now.has(id(r)));
}

/** 1-based numbers of the rows matching everything above the default row with another decision. */
function catchAllRows(table: TableModel): number[] {
  const d = defaultRowIndex(table);
  const def = table.rows[d];
  if (!def) return [];
  return table.rows
    .slice(0, d)
    .filter((r) => matchesEverything(r.cells) && r.then !== def.then)
    .map((r) => r.index);
}

function shapeAsExpected(before: TableModel, after: TableModel, op: TableOp): boolean {
  if (isStructureOp(op)) return structureAsExpected(before, after, op);
  if (op.kind === 'setColumnType' && !columnTypeAsExpected(after, op)) return false;
  let rows = before.rows.length;
  let columns = before.columns.length;
  if (op.kind === 'addRow' || op.kind === 'duplicateRow' || op.kind === 'addRowForInputs')
    rows += 1;
  if (op.kind === 'deleteRow') rows -= 1;
  if (op.kind === 'addColumn') columns += 1;
  if (op.kind === 'deleteColumn') columns -= 1;
  if (op.kind === 'paste') rows += planPaste(before, op, op.cells, op.selection).newRows;
  return after.rows.length === rows && after.columns.length === columns;
}
