import { isScalar, type YMap, type YNode } from '../document/ynode';
import { DECISION_TABLE_KIND, WHEN_TRUE } from '../vocabulary/document';
import { compileExpression } from './compile-expression';
import { compileSimple } from './compile-simple';
import { type CompiledTable, compileTable } from './compile-table';
import { type CompileContext, reportUnknownKey } from './context';
import { normalize } from './normalize';
import { type ExprNode, TRUE_NODE } from './types';

export type WhenForm = 'simple' | 'expression' | 'true';

export type CompiledWhen =
  | { readonly form: WhenForm; readonly tree: ExprNode }
  | { readonly form: 'table'; readonly table: CompiledTable };

/**
 * Decides which writing form a `when` (or `unless`) is and compiles it. An object that is none of
 * the forms is an error, never a silent catch-all (§5.1, E5).
 */
export function compileWhen(
  ctx: CompileContext,
  y: YNode,
  allowTable: boolean,
): CompiledWhen | null {
  if (isScalar(y)) {
    if (y.value === WHEN_TRUE) return { form: 'true', tree: TRUE_NODE };
    if (y.value === true) {
      ctx.report(
        'ERDL-I318',
        y.range,
        {},
        {
          title: { en: 'Write "true"', zh: '改为 "true"' },
          edits: [{ range: y.range, newText: '"true"' }],
        },
      );
      return { form: 'true', tree: TRUE_NODE };
    }
    ctx.report('ERDL-E301', y.range);
    return null;
  }
  if (y.kind !== 'map') {
    ctx.report('ERDL-E301', y.range);
    return null;
  }
  const keys = new Set(y.items.map((p) => p.key));
  if (keys.has('kind')) {
    const kind = y.items.find((p) => p.key === 'kind')?.value;
    if (allowTable && kind && isScalar(kind) && kind.value === DECISION_TABLE_KIND) {
      const table = compileTable(ctx, y);
      return table && { form: 'table', table };
    }
    const isTable = kind && isScalar(kind) && kind.value === DECISION_TABLE_KIND;
    ctx.report(isTable ? 'ERDL-E321' : 'ERDL-E301', kind?.range ?? y.range);
    return null;
  }
  if (keys.has('expr')) {
    if (keys.has('conditions') || keys.has('logic')) {
      ctx.report('ERDL-E212', y.range);
      return null;
    }
    return expressionWhen(ctx, y);
  }
  if (keys.has('conditions') || keys.has('logic')) {
    const tree = compileSimple(ctx, y);
    return tree && { form: 'simple', tree };
  }
  ctx.report('ERDL-E301', y.range);
  return null;
}

function expressionWhen(ctx: CompileContext, y: YMap): CompiledWhen | null {
  let ok = true;
  for (const p of y.items) {
    if (p.key !== 'expr') {
      reportUnknownKey(ctx, y, p, ['expr'], { en: 'expression when', zh: '表达式 when ' });
      ok = false;
    }
  }
  const expr = y.items.find((p) => p.key === 'expr')?.value;
  const tree = expr ? compileExpression(ctx, expr) : null;
  if (!ok || !tree || !expr) return null;
  // An expression that is the constant true is when: "true" (§7.4 applies: no blocking decision).
  const n = normalize(tree);
  if (n.node === 'literal' && n.type === 'boolean' && n.value === true) {
    ctx.report('ERDL-I318', expr.range);
    return { form: 'true', tree: TRUE_NODE };
  }
  return { form: 'expression', tree };
}
