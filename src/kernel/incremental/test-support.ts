import type { CompileResult } from '../compile';
import { childrenOf, type ExprNode } from '../tree/types';

/** Every tree node's source range, in a fixed walk order (tests compare compiles with it). */
export function sourceRanges(r: CompileResult): unknown[] {
  const out: unknown[] = [];
  const walk = (n: ExprNode) => {
    out.push(r.document?.sourceMap.get(n));
    for (const c of childrenOf(n)) walk(c);
  };
  for (const rule of r.document?.rules ?? []) {
    walk(rule.when);
    if (rule.unless) walk(rule.unless);
  }
  return out;
}

/** A compile result without its source map (a WeakMap, compared through `sourceRanges`). */
export const withoutMap = (r: CompileResult) => ({
  ...r,
  document: r.document && { ...r.document, sourceMap: null },
});
