import type { Range } from '../diagnostics/diagnostic';
import { describe, isScalar, type YMap, type YNode, type YScalar } from '../document/ynode';
import { zhQuote } from '../util/quote';
import { suggest } from '../util/suggest';
import { stripHidden } from '../util/visible-text';
import {
  isTableColumnType,
  rowNameProblem,
  rowNumberOfName,
  TABLE_COLUMN_FIELDS,
  TABLE_COLUMN_TYPE_MISTAKES,
  TABLE_COLUMN_TYPE_NAMES,
  TABLE_COLUMN_TYPES,
  TABLE_ROW_FIELDS,
  type TableColumnType,
} from '../vocabulary/document';
import { type CellLiteral, cellFitsType } from './column-type';
import { compileCondition, fieldNode, resolveOperator } from './compile-simple';
import { type CompileContext, reportUnknownKey } from './context';
import { cachedRowTree } from './row-cache';
import { type ExprNode, type FieldNode, TRUE_NODE } from './types';

/** The "any" cell: the row does not test this column (DMN's "-"). */
export const ANY_CELL = '-';

export interface TableColumn {
  readonly field: FieldNode;
  /** `label` as written: a string, or {zh, en}. */
  readonly label?: { readonly zh?: string; readonly en?: string } | string;
  /** The declared `type` (I-91): checked against the cells, never part of the tree. */
  readonly type?: TableColumnType;
  readonly range: Range;
}

export interface TableRow {
  /** 1-based row number; the compiled rule is `<entry name>#<n>` when the row has no name. */
  readonly index: number;
  /** The row's `name` (I-75): the compiled rule is then `<entry name>#<name>`. */
  readonly name?: string;
  readonly when: ExprNode;
  /** The row map (its then / priority / message … are read by the rule assembler). */
  readonly source: YMap;
  readonly range: Range;
}

export interface CompiledTable {
  readonly columns: readonly TableColumn[];
  readonly rows: readonly TableRow[];
}

/**
 * Projection C (§5.4): `{kind: decision_table, columns, rows}`. Each row's cells compile, in column
 * order, through the same condition compiler as Simple (so a row's tree is the hand-written tree,
 * E7 ⑤); `when: []` is the literal true. Row order is precedence; row priorities are checked for
 * contradiction only (ruling in docs/interpretations.md).
 */
export function compileTable(ctx: CompileContext, when: YMap): CompiledTable | null {
  let ok = true;
  for (const p of when.items) {
    if (p.key !== 'kind' && p.key !== 'columns' && p.key !== 'rows') {
      reportUnknownKey(ctx, when, p, ['kind', 'columns', 'rows'], {
        en: 'decision table',
        zh: '决策表',
      });
      ok = false;
    }
  }
  const columnsNode = when.items.find((p) => p.key === 'columns')?.value;
  const rowsNode = when.items.find((p) => p.key === 'rows')?.value;
  if (columnsNode?.kind !== 'seq' || columnsNode.items.length === 0) {
    ctx.report('ERDL-E501', columnsNode?.range ?? when.range);
    return null;
  }
  if (rowsNode?.kind !== 'seq' || rowsNode.items.length === 0) {
    ctx.report('ERDL-E502', rowsNode?.range ?? when.range);
    return null;
  }
  const columns: TableColumn[] = [];
  for (const c of columnsNode.items) {
    const col = column(ctx, c);
    if (col) columns.push(col);
    else ok = false;
  }
  if (!ok) return null;
  const typed = columns.some((c) => c.type !== undefined);

  const rows: TableRow[] = [];
  const names = new Map<string, number>();
  /** The names as seen: hidden characters removed (I-88). */
  const seen = new Map<string, { readonly row: number; readonly name: string }>();
  let previousPriority: { value: number; row: number } | null = null;
  let unconditional: number | null = null;
  /** Rows without a `name` key (they are `<entry>#<n>`), and the named rows' names as seen. */
  const unnamed = new Set<number>();
  const numbered: { readonly node: YNode; readonly name: string; readonly row: number }[] = [];
  rowsNode.items.forEach((r, i) => {
    const index = i + 1;
    if (r.kind !== 'map') {
      ctx.report('ERDL-E108', r.range, {
        field: `rows[${index}]`,
        expected: { en: 'a mapping {when, then}', zh: '映射 {when, then}' },
      });
      ok = false;
      return;
    }
    for (const p of r.items) {
      if (!(TABLE_ROW_FIELDS as readonly string[]).includes(p.key)) {
        reportUnknownKey(ctx, r, p, TABLE_ROW_FIELDS, { en: 'table row', zh: '决策表行' });
        ok = false;
      }
    }
    const nameNode = r.items.find((p) => p.key === 'name')?.value;
    const name = nameNode ? rowName(ctx, nameNode, index, names, seen) : undefined;
    if (name === null) ok = false;
    if (!nameNode) unnamed.add(index);
    else if (typeof name === 'string') numbered.push({ node: nameNode, name, row: index });
    const cells = r.items.find((p) => p.key === 'when')?.value;
    const tree = cachedRowTree(ctx, columns, cells, () => rowTree(ctx, columns, cells, index, r));
    if (!tree) {
      ok = false;
      return;
    }
    // Outside the row cache (its key holds no column type): every compile checks the cells.
    if (typed && !cellsFitTypes(ctx, columns, cells, index)) ok = false;
    if (unconditional !== null)
      ctx.report('ERDL-W507', r.range, { row: index, earlier: unconditional });
    if (tree === TRUE_NODE && unconditional === null) unconditional = index;

    const pr = r.items.find((p) => p.key === 'priority')?.value;
    if (pr && isScalar(pr) && typeof pr.value === 'number') {
      if (previousPriority && pr.value < previousPriority.value) {
        ctx.report('ERDL-W505', pr.range, {
          row: index,
          priority: pr.source,
          previous: previousPriority.value,
        });
      }
      previousPriority = { value: pr.value, row: index };
    }
    rows.push(
      typeof name === 'string'
        ? { index, name, when: tree, source: r, range: r.range }
        : { index, when: tree, source: r, range: r.range },
    );
  });
  // A name of digits must not be the number of an unnamed row (I-90): both would be <entry>#<n>.
  for (const { node, name } of numbered) {
    const n = rowNumberOfName(stripHidden(name));
    if (n === null || !unnamed.has(n)) continue;
    ctx.report('ERDL-E517', node.range, {
      name,
      row: n,
      reason: {
        en: `row ${n} of this table has no name, so it is <entry>#${n} already; name that row too, or choose another name`,
        zh: `本表第 ${n} 行没有行名，已是 <规则名>#${n}；请也给该行起名，或另选行名`,
      },
    });
    ok = false;
  }
  return ok ? { columns, rows } : null;
}

/**
 * A row's `name` (I-75, I-90): a non-empty string, no `#`, digits without leading zeros, unique in
 * the table (that a name of digits is not an unnamed row's number is checked once every row is
 * read). Returns the name, or null after reporting why it cannot be one. What is seen decides
 * (I-88): a name that is empty or a number with leading zeros once its hidden characters are
 * removed is refused as such, and one that differs from an earlier row's only in hidden characters
 * is ERDL-E519.
 */
function rowName(
  ctx: CompileContext,
  node: YNode,
  row: number,
  names: Map<string, number>,
  seen: Map<string, { readonly row: number; readonly name: string }>,
): string | null {
  if (!isScalar(node) || typeof node.value !== 'string') {
    ctx.report('ERDL-E515', node.range, { row });
    return null;
  }
  const name = node.value;
  const visible = stripHidden(name);
  const problem = rowNameProblem(visible);
  if (problem === 'empty') ctx.report('ERDL-E515', node.range, { row });
  else if (problem === 'hash') ctx.report('ERDL-E516', node.range, { name });
  else if (problem === 'leading-zero') {
    const n = visible.replace(/^0+(?=[0-9])/, '');
    ctx.report('ERDL-E517', node.range, {
      name,
      row: n,
      reason: {
        en: `write it without leading zeros ("${n}"), or add a letter`,
        zh: `请去掉前导零（写作“${n}”），或加上字母`,
      },
    });
  }
  if (problem) return null;
  const first = names.get(name);
  if (first !== undefined) {
    ctx.report('ERDL-E518', node.range, { name, first });
    return null;
  }
  names.set(name, row);
  const lookalike = seen.get(visible);
  if (lookalike !== undefined) {
    ctx.report('ERDL-E519', node.range, {
      name,
      firstName: lookalike.name,
      first: lookalike.row,
    });
    return null;
  }
  seen.set(visible, { row, name });
  return name;
}

function column(ctx: CompileContext, c: YNode): TableColumn | null {
  if (c.kind !== 'map') {
    ctx.report('ERDL-E108', c.range, {
      field: 'columns[]',
      expected: { en: 'a mapping {field, label}', zh: '映射 {field, label}' },
    });
    return null;
  }
  let ok = true;
  for (const p of c.items) {
    if (!(TABLE_COLUMN_FIELDS as readonly string[]).includes(p.key)) {
      reportUnknownKey(ctx, c, p, TABLE_COLUMN_FIELDS, { en: 'table column', zh: '决策表列' });
      ok = false;
    }
  }
  const field = fieldNode(ctx, c.items.find((p) => p.key === 'field')?.value, c.range);
  const labelNode = c.items.find((p) => p.key === 'label')?.value;
  let label: TableColumn['label'];
  if (labelNode) {
    if (isScalar(labelNode) && typeof labelNode.value === 'string') label = labelNode.value;
    else if (
      labelNode.kind === 'map' &&
      labelNode.items.every(
        (p) =>
          (p.key === 'zh' || p.key === 'en') &&
          isScalar(p.value) &&
          typeof p.value.value === 'string',
      )
    ) {
      label = Object.fromEntries(
        labelNode.items.map((p) => [p.key, (p.value as YScalar).value as string]),
      );
    } else {
      ctx.report('ERDL-E214', labelNode.range, { field: 'label' });
      ok = false;
    }
  }
  const typeNode = c.items.find((p) => p.key === 'type')?.value;
  let type: TableColumnType | undefined;
  if (typeNode) {
    if (isScalar(typeNode) && isTableColumnType(typeNode.value)) type = typeNode.value;
    else {
      const written = isScalar(typeNode) ? String(typeNode.value) : describe(typeNode).en;
      const s = suggest(
        written,
        TABLE_COLUMN_TYPE_NAMES,
        typeNode.range,
        TABLE_COLUMN_TYPE_MISTAKES,
      );
      ctx.report('ERDL-E520', typeNode.range, { value: written, ...s.params }, s.fix);
      ok = false;
    }
  }
  if (!field || !ok) return null;
  return {
    field,
    ...(label === undefined ? {} : { label }),
    ...(type === undefined ? {} : { type }),
    range: c.range,
  };
}

/** The scalar values of a cell's value node (a list's items), or undefined for no value. */
function literalsOf(value: YNode | undefined): CellLiteral[] | undefined {
  if (value === undefined) return undefined;
  const items = value.kind === 'seq' ? value.items : [value];
  return items.flatMap((n) =>
    isScalar(n) && (n.value === null || ['string', 'number', 'boolean'].includes(typeof n.value))
      ? [n.value as CellLiteral]
      : [],
  );
}

/** A cell's value as a message shows it: strings quoted ("gold", “gold” in Chinese), lists in []. */
function valueText(value: YNode | undefined, zh: boolean): string {
  if (value === undefined) return '';
  if (value.kind === 'seq') return `[${value.items.map((v) => valueText(v, zh)).join(', ')}]`;
  if (!isScalar(value)) return describe(value)[zh ? 'zh' : 'en'];
  if (typeof value.value === 'string')
    return zh ? zhQuote(value.value) : JSON.stringify(value.value);
  return value.source;
}

/**
 * Checks a compiled row's cells against the columns' declared types (I-91): a cell that does not
 * fit is ERDL-E521. True when every cell fits.
 */
function cellsFitTypes(
  ctx: CompileContext,
  columns: readonly TableColumn[],
  cells: YNode | undefined,
  row: number,
): boolean {
  if (cells?.kind !== 'seq' || cells.items.length !== columns.length) return true;
  let ok = true;
  cells.items.forEach((cell, i) => {
    const type = (columns[i] as TableColumn).type;
    if (type === undefined || cell.kind !== 'seq') return;
    const [opNode, value] = cell.items;
    const op = isScalar(opNode) && typeof opNode.value === 'string' ? opNode.value : null;
    if (op === null || cellFitsType(op, literalsOf(value), type)) return;
    const name = TABLE_COLUMN_TYPES.find((t) => t.name === type) as { en: string; zh: string };
    ctx.report('ERDL-E521', cell.range, {
      row,
      field: (columns[i] as TableColumn).field.path,
      op,
      value: { en: valueText(value, false), zh: valueText(value, true) },
      type,
      name: { en: name.en, zh: name.zh },
    });
    ok = false;
  });
  return ok;
}

function rowTree(
  ctx: CompileContext,
  columns: readonly TableColumn[],
  cells: YNode | undefined,
  row: number,
  owner: YMap,
): ExprNode | null {
  if (cells?.kind !== 'seq') {
    ctx.report('ERDL-E108', cells?.range ?? owner.range, {
      field: `rows[${row}].when`,
      expected: { en: 'a list of cells ([] for the default row)', zh: '单元格列表（默认行用 []）' },
    });
    return null;
  }
  if (cells.items.length === 0) return TRUE_NODE;
  if (cells.items.length !== columns.length) {
    ctx.report('ERDL-E503', cells.range, {
      row,
      count: cells.items.length,
      columns: columns.length,
    });
    return null;
  }
  const conditions: ExprNode[] = [];
  let ok = true;
  cells.items.forEach((cell, i) => {
    const col = columns[i] as TableColumn;
    if (isScalar(cell) && cell.value === ANY_CELL) return;
    if (cell.kind !== 'seq' || cell.items.length < 1 || cell.items.length > 2) {
      ctx.report('ERDL-E504', cell.range, { value: describe(cell).en });
      ok = false;
      return;
    }
    const [opNode, value] = cell.items;
    if (isScalar(opNode) && (opNode.value === 'within' || opNode.value === 'rate')) {
      ctx.report('ERDL-E508', opNode.range);
      ok = false;
      return;
    }
    const op = resolveOperator(ctx, opNode, cell.range);
    // A fresh field node per cell: the source map points each at its own column header.
    const field = op && ({ ...col.field } as FieldNode);
    const cond =
      op && field && compileCondition(ctx, ctx.at(field, col.range), op, value, cell.range);
    if (cond) conditions.push(cond);
    else ok = false;
  });
  if (!ok) return null;
  if (conditions.length === 0) return TRUE_NODE;
  return ctx.at({ node: 'and', args: conditions }, cells.range);
}
