import type { ExprNode } from '../tree/types';
import { type Refusal, reason } from './refusal';
import {
  conditionValueYV,
  type LiteralWriter,
  type OperatorSpelling,
  type SimpleCondition,
  simpleFromTree,
} from './to-simple';
import { plain, seq, str, type YV } from './yaml-out';

/**
 * Projection C from trees: a sequence of rule trees (in resolution order) as the rows of one
 * decision table (§5.4). A row compiles to the AND of its cells in column order (E7 ①), so a
 * tree can be a row only when it is an AND of Simple conditions without modifiers, one per field,
 * in the column order. Literal true is the default row `when: []` (§5.4 ③).
 */

export interface RowSource {
  /** The rule name, for refusals. */
  readonly rule: string;
  readonly when: ExprNode;
}

export interface TablePlan {
  /** Column field paths, in order. */
  readonly columns: readonly string[];
  /** Per row, one cell per column (`null` = "-"), or `[]` for an unconditional row. */
  readonly rows: readonly (readonly (SimpleCondition | null)[])[];
}

export type TablePlanResult =
  | { readonly ok: true; readonly plan: TablePlan }
  | { readonly ok: false; readonly refusals: readonly Refusal[] };

const isTrue = (n: ExprNode) => n.node === 'literal' && n.type === 'boolean' && n.value === true;

/** Each row's conditions, or the reasons rows cannot be table rows. */
function rowConditions(
  rows: readonly RowSource[],
): { ok: true; value: (readonly SimpleCondition[] | null)[] } | { ok: false; refusals: Refusal[] } {
  const refusals: Refusal[] = [];
  const out: (readonly SimpleCondition[] | null)[] = [];
  for (const row of rows) {
    if (isTrue(row.when)) {
      out.push(null);
      continue;
    }
    const s = simpleFromTree(row.when);
    const refuse = (code: Refusal['code'], en: string, zh: string) =>
      refusals.push({ rule: row.rule, part: 'when', ...reason(code, en, zh) });
    if (!s.ok) {
      refusals.push({ rule: row.rule, part: 'when', ...s.reason });
      continue;
    }
    if (s.when.kind === 'true') {
      out.push(null);
      continue;
    }
    const { conditions } = s.when;
    if (s.when.logic === 'OR') {
      refuse(
        'table/or-logic',
        `the condition is an OR of ${conditions.length} conditions; a table row is the AND of its cells (§5.4 ①) — write one row per alternative in separate rules first`,
        `该条件是 ${conditions.length} 个条件的 OR；决策表的一行是其单元格的 AND（§5.4 ①）——请先把每个备选条件拆成单独的规则`,
      );
      continue;
    }
    const modified = conditions.find((c) => c.modifier);
    if (modified?.modifier) {
      refuse(
        'table/modifier',
        `the condition on ${modified.field} carries ${modified.modifier.kind}; table cells cannot carry within / rate (ERDL-E508)`,
        `${modified.field} 上的条件带有 ${modified.modifier.kind}；决策表单元格不能带 within / rate（ERDL-E508）`,
      );
      continue;
    }
    const seen = new Set<string>();
    const repeated = conditions.find((c) => {
      if (seen.has(c.field)) return true;
      seen.add(c.field);
      return false;
    });
    if (repeated) {
      const ops = conditions
        .filter((c) => c.field === repeated.field)
        .map((c) => c.operator)
        .join(', ');
      refuse(
        'table/repeated-field',
        `the field ${repeated.field} is tested ${conditions.filter((c) => c.field === repeated.field).length} times (${ops}); a table row has one cell per column`,
        `字段 ${repeated.field} 被测试了 ${conditions.filter((c) => c.field === repeated.field).length} 次（${ops}）；决策表每行每列只有一个单元格`,
      );
      continue;
    }
    out.push(conditions);
  }
  return refusals.length ? { ok: false, refusals } : { ok: true, value: out };
}

/**
 * The column order: every row's fields must appear in it in the row's order. Fields are taken in
 * first-appearance order whenever the rows allow it (a topological order of the rows' "a before b"
 * constraints, ties broken by first appearance), so the result is deterministic.
 */
function columnOrder(
  rows: readonly RowSource[],
  conditions: readonly (readonly SimpleCondition[] | null)[],
): { ok: true; columns: string[] } | { ok: false; refusal: Refusal } {
  const first: string[] = [];
  const after = new Map<string, Set<string>>();
  const indegree = new Map<string, number>();
  for (const row of conditions) {
    if (!row) continue;
    row.forEach((c, i) => {
      if (!after.has(c.field)) {
        first.push(c.field);
        after.set(c.field, new Set());
        indegree.set(c.field, 0);
      }
      const prev = row[i - 1];
      if (prev) {
        const succ = after.get(prev.field) as Set<string>;
        if (!succ.has(c.field)) {
          succ.add(c.field);
          indegree.set(c.field, (indegree.get(c.field) ?? 0) + 1);
        }
      }
    });
  }
  const columns: string[] = [];
  const done = new Set<string>();
  while (columns.length < first.length) {
    const next = first.find((f) => !done.has(f) && indegree.get(f) === 0);
    if (next === undefined) break;
    columns.push(next);
    done.add(next);
    for (const s of after.get(next) ?? []) indegree.set(s, (indegree.get(s) ?? 0) - 1);
  }
  if (columns.length === first.length) return { ok: true, columns };
  return {
    ok: false,
    refusal: orderConflict(
      rows,
      conditions,
      first.filter((f) => !done.has(f)),
    ),
  };
}

function orderConflict(
  rows: readonly RowSource[],
  conditions: readonly (readonly SimpleCondition[] | null)[],
  cycle: readonly string[],
): Refusal {
  const position = (i: number, f: string) => conditions[i]?.findIndex((c) => c.field === f) ?? -1;
  for (let i = 0; i < rows.length; i++) {
    for (let j = i + 1; j < rows.length; j++) {
      for (const a of conditions[i] ?? []) {
        for (const b of conditions[i] ?? []) {
          const [ai, bi, aj, bj] = [
            position(i, a.field),
            position(i, b.field),
            position(j, a.field),
            position(j, b.field),
          ];
          if (ai < bi && aj >= 0 && bj >= 0 && aj > bj) {
            const r1 = (rows[i] as RowSource).rule;
            const r2 = (rows[j] as RowSource).rule;
            return {
              rule: r2,
              code: 'table/column-order',
              part: 'when',
              message: {
                en: `${r1} tests ${a.field} before ${b.field}, ${r2} tests ${b.field} before ${a.field}; a row's cells are ANDed in column order, so no column order gives both rules their trees`,
                zh: `${r1} 先测 ${a.field} 后测 ${b.field}，${r2} 先测 ${b.field} 后测 ${a.field}；行内单元格按列顺序组成 AND，没有任何列顺序能同时保持两条规则的树`,
              },
            };
          }
        }
      }
    }
  }
  const rule = (rows.find((_, i) => conditions[i]?.some((c) => cycle.includes(c.field))) ?? rows[0])
    ?.rule;
  return {
    rule: rule ?? '',
    code: 'table/column-order',
    part: 'when',
    message: {
      en: `the rules test ${cycle.join(', ')} in orders no single column order satisfies (a row's cells are ANDed in column order)`,
      zh: `这些规则测试 ${cycle.join('、')} 的先后顺序互相矛盾，没有任何列顺序能同时满足（行内单元格按列顺序组成 AND）`,
    },
  };
}

/** Plans one table for the given rows (resolution order), or says why it cannot be made. */
export function planTable(rows: readonly RowSource[]): TablePlanResult {
  const conds = rowConditions(rows);
  if (!conds.ok) return { ok: false, refusals: conds.refusals };
  if (conds.value.every((r) => r === null)) {
    const first = rows[0];
    return {
      ok: false,
      refusals: [
        {
          rule: first?.rule ?? '',
          code: 'table/no-columns',
          part: 'when',
          message: {
            en: 'no rule to merge tests a field (every one is when: "true"); a decision table needs at least one column (ERDL-E501)',
            zh: '要合并的规则都没有测试任何字段（全部是 when: "true"）；决策表至少需要一列（ERDL-E501）',
          },
        },
      ],
    };
  }
  const order = columnOrder(rows, conds.value);
  if (!order.ok) return { ok: false, refusals: [order.refusal] };
  const { columns } = order;
  const cells = conds.value.map((row) =>
    row === null ? [] : columns.map((f) => row.find((c) => c.field === f) ?? null),
  );
  return { ok: true, plan: { columns, rows: cells } };
}

/** The "any" cell of a column the row does not test. */
export const ANY = '-';

/** A cell: `[operator, value]`, `[exists]` / `[not_exists]`, or `"-"`. */
export function cellYV(c: SimpleCondition | null, lit?: LiteralWriter, operator?: string): YV {
  if (c === null) return str(ANY);
  const v = conditionValueYV(c, lit);
  const op = plain(operator ?? c.operator);
  return seq(v ? [op, v] : [op], 'flow');
}

/** A row's `when`: its cells, or `[]` for the default row. */
export function rowWhenYV(
  cells: readonly (SimpleCondition | null)[],
  lit?: LiteralWriter,
  operators?: OperatorSpelling,
): YV {
  let k = 0;
  return seq(
    cells.map((c) => cellYV(c, lit, c ? operators?.(k++) : undefined)),
    'flow',
  );
}
