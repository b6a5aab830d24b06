import type { Range } from '../diagnostics/diagnostic';
import { SourceText } from '../diagnostics/source-text';
import { load } from '../document/load';
import { get, isMap, isScalar, isSeq, type YMap, type YNode } from '../document/ynode';
import { ANY_CELL } from '../tree/compile-table';
import { isTableColumnType } from '../vocabulary/document';
import { cellValueOf } from './cell-text';
import type {
  CellModel,
  ColumnModel,
  RowModel,
  RowText,
  RowTextKey,
  SimpleGroupModel,
  TableModel,
  TablesRead,
} from './model';

/**
 * Reads every decision table of a document (and the groups of Simple rules that could be one)
 * with the kernel's loader. Tables with problems inside are still read — cells the grid cannot
 * show become `invalid` and the compiler's diagnostics explain them; only a document that does
 * not load at all is refused.
 */
export function readTables(text: string): TablesRead {
  const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const loaded = load(text);
  const errors = loaded.diagnostics.filter((d) => d.severity === 'error');
  if (!loaded.root || (errors.length > 0 && !loaded.root)) {
    return { ok: false, problems: problemsOf(text, errors, bom) };
  }
  if (errors.length > 0) return { ok: false, problems: problemsOf(text, errors, bom) };
  const shift = (r: Range): Range => ({ start: r.start + bom, end: r.end + bom });
  const rules = get(loaded.root, 'rules');
  const tables: TableModel[] = [];
  const simpleGroups: SimpleGroupModel[] = [];
  if (!isSeq(rules)) return { ok: true, tables, simpleGroups };
  let group: SimpleRow[] = [];
  const closeGroup = () => {
    if (group.length > 0) simpleGroups.push(groupModel(group));
    group = [];
  };
  rules.items.forEach((item, ruleIndex) => {
    const name = isMap(item) ? get(item, 'name') : undefined;
    const entry = isScalar(name) && typeof name.value === 'string' ? name.value : null;
    const when = isMap(item) ? get(item, 'when') : undefined;
    if (!entry || !isMap(item) || !isMap(when)) {
      closeGroup();
      return;
    }
    const kind = get(when, 'kind');
    if (isScalar(kind) && kind.value === 'decision_table') {
      closeGroup();
      const table = tableModel(entry, ruleIndex, when, shift);
      const description = stringOf(get(item, 'description'));
      if (table) tables.push(description === null ? table : { ...table, description });
      return;
    }
    const simple = simpleRow(entry, item, when, shift);
    if (simple) group.push(simple);
    else closeGroup();
  });
  closeGroup();
  return { ok: true, tables, simpleGroups };
}

function problemsOf(
  text: string,
  errors: readonly { message: { en: string; zh: string }; range: Range }[],
  bom: number,
) {
  const source = new SourceText(text);
  const list = errors.length > 0 ? errors : [];
  return list.slice(0, 3).map((d) => ({
    message: d.message,
    ...source.position(d.range.start + bom),
  }));
}

const stringOf = (n: YNode | undefined) =>
  isScalar(n) && typeof n.value === 'string' ? n.value : null;
const numberOf = (n: YNode | undefined) =>
  isScalar(n) && typeof n.value === 'number' ? n.value : null;

function tableModel(
  entry: string,
  ruleIndex: number,
  when: YMap,
  shift: (r: Range) => Range,
): TableModel | null {
  const columnsNode = get(when, 'columns');
  const rowsNode = get(when, 'rows');
  if (!isSeq(columnsNode) || !isSeq(rowsNode)) return null;
  const columns: ColumnModel[] = columnsNode.items.map((c) => {
    const field = isMap(c) ? (stringOf(get(c, 'field')) ?? '') : '';
    const labelNode = isMap(c) ? get(c, 'label') : undefined;
    let label: ColumnModel['label'];
    if (isScalar(labelNode) && typeof labelNode.value === 'string') label = labelNode.value;
    else if (isMap(labelNode)) {
      const zh = stringOf(get(labelNode, 'zh'));
      const en = stringOf(get(labelNode, 'en'));
      label = { ...(zh === null ? {} : { zh }), ...(en === null ? {} : { en }) };
    }
    const typeNode = isMap(c) ? get(c, 'type') : undefined;
    const type = isScalar(typeNode) && isTableColumnType(typeNode.value) ? typeNode.value : null;
    return {
      field,
      ...(label === undefined ? {} : { label }),
      ...(type === null ? {} : { type }),
      range: shift(c.range),
    };
  });
  const rows: RowModel[] = rowsNode.items.map((r, i) => {
    const cellsNode = isMap(r) ? get(r, 'when') : undefined;
    const cells: CellModel[] = isSeq(cellsNode)
      ? cellsNode.items.map((c) => cellModel(c, shift))
      : [];
    return {
      index: i + 1,
      name: isMap(r) ? stringOf(get(r, 'name')) : null,
      cells,
      isDefault: isSeq(cellsNode) && cellsNode.items.length === 0,
      then: isMap(r) ? stringOf(get(r, 'then')) : null,
      priority: isMap(r) ? numberOf(get(r, 'priority')) : null,
      message: isMap(r) ? stringOf(get(r, 'message')) : null,
      range: shift(r.range),
      whenRange: cellsNode ? shift(cellsNode.range) : null,
      thenRange: rangeOf(r, 'then', shift),
      priorityRange: rangeOf(r, 'priority', shift),
      texts: rowTexts(r, shift),
    };
  });
  const structural =
    !columnsNode.flow &&
    !rowsNode.flow &&
    columnsNode.items.every((c) => isMap(c) && !c.flow) &&
    rowsNode.items.every((r) => isMap(r) && !r.flow);
  return { entry, ruleIndex, range: shift(when.range), columns, rows, structural };
}

function rowTexts(r: YNode, shift: (r: Range) => Range): RowModel['texts'] {
  const text = (key: RowTextKey): RowText | null => {
    const node = isMap(r) ? get(r, key) : undefined;
    if (!node) return null;
    const range = shift(node.range);
    if (isScalar(node) && typeof node.value === 'string')
      return { value: node.value, editable: true, range };
    if (isMap(node)) {
      const zh = stringOf(get(node, 'zh'));
      const en = stringOf(get(node, 'en'));
      return {
        value: JSON.stringify({ ...(zh === null ? {} : { zh }), ...(en === null ? {} : { en }) }),
        editable: false,
        range,
      };
    }
    return { value: isScalar(node) ? node.source : '…', editable: false, range };
  };
  return {
    message: text('message'),
    instruction: text('instruction'),
    explanation: text('explanation'),
    correction: text('correction'),
  };
}

function rangeOf(r: YNode, key: string, shift: (r: Range) => Range): Range | null {
  const node = isMap(r) ? get(r, key) : undefined;
  return node ? shift(node.range) : null;
}

function cellModel(c: YNode, shift: (r: Range) => Range): CellModel {
  const range = shift(c.range);
  if (isScalar(c) && c.value === ANY_CELL) return { kind: 'any', range };
  if (isSeq(c) && c.items.length >= 1 && c.items.length <= 2) {
    const op = stringOf(c.items[0]);
    const value = c.items[1] === undefined ? undefined : cellValueOf(c.items[1]);
    if (op !== null && value !== null) {
      return value === undefined
        ? { kind: 'condition', op, range }
        : { kind: 'condition', op, value, range };
    }
  }
  return { kind: 'invalid', source: isScalar(c) ? c.source : '…', range };
}

interface SimpleRow {
  readonly rule: string;
  readonly conditions: readonly { field: string; cell: CellModel }[];
  readonly then: string | null;
  readonly priority: number | null;
}

/** A Simple `when` of flat conditions joined by AND (the shape a table row can take). */
function simpleRow(
  rule: string,
  item: YMap,
  when: YMap,
  shift: (r: Range) => Range,
): SimpleRow | null {
  const logic = stringOf(get(when, 'logic'));
  const conditions = get(when, 'conditions');
  if ((logic !== null && logic !== 'AND') || !isSeq(conditions) || conditions.items.length === 0)
    return null;
  const out: { field: string; cell: CellModel }[] = [];
  for (const c of conditions.items) {
    if (!isMap(c)) return null;
    const field = stringOf(get(c, 'field'));
    const op = stringOf(get(c, 'operator'));
    if (field === null || op === null || c.items.some((p) => p.key === 'conditions')) return null;
    const valueNode = get(c, 'value');
    const value = valueNode ? cellValueOf(valueNode) : undefined;
    if (value === null) return null;
    const range = shift(c.range);
    out.push({
      field,
      cell:
        value === undefined
          ? { kind: 'condition', op, range }
          : { kind: 'condition', op, value, range },
    });
  }
  return {
    rule,
    conditions: out,
    then: stringOf(get(item, 'then')),
    priority: numberOf(get(item, 'priority')),
  };
}

function groupModel(rows: readonly SimpleRow[]): SimpleGroupModel {
  const fields: string[] = [];
  for (const r of rows)
    for (const c of r.conditions) if (!fields.includes(c.field)) fields.push(c.field);
  return {
    rules: rows.map((r) => r.rule),
    fields,
    rows: rows.map((r) => ({
      rule: r.rule,
      cells: fields.map((f) => r.conditions.find((c) => c.field === f)?.cell ?? null),
      then: r.then,
      priority: r.priority,
    })),
  };
}
