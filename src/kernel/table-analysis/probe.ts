import { type CompiledTree, compileTree, type Env } from '../eval/nodes';
import { EMPTY_STATE, TemporalWork } from '../eval/temporal';
import type { Value } from '../eval/values';
import type { ExprNode } from '../tree/types';

/**
 * Runs table cells and rows with the kernel's own evaluator (eval/nodes.ts), so what the analysis
 * says about a value is what evaluation does with it. Cells carry no within / rate (E508), so no
 * clock or state is read.
 */
export type Outcome = true | false | 'error';

export function compileCell(tree: ExprNode): CompiledTree {
  return compileTree(tree);
}

export function run(tree: CompiledTree, fact: unknown): Outcome {
  const env: Env = {
    fact: fact as Value,
    element: undefined,
    asOf: null,
    temporal: new TemporalWork(EMPTY_STATE),
    warnings: [],
    rule: '',
    guardContext: false,
    factInvalid: null,
    trace: null,
    steps: 0,
  };
  try {
    return tree.fn(env) === true;
  } catch {
    return 'error';
  }
}

/** A fact holding `value` at `path` (nothing at all when value is undefined: the field is absent). */
export function factWith(assignments: readonly (readonly [string, unknown])[]): {
  [key: string]: unknown;
} {
  const root: { [key: string]: unknown } = {};
  for (const [path, value] of assignments) {
    if (value === undefined) continue;
    const segments = path.split('.');
    let at = root;
    const last = segments.length - 1;
    for (let i = 0; i < last; i++) {
      const s = segments[i] as string;
      const next = Object.hasOwn(at, s) ? at[s] : undefined;
      if (typeof next === 'object' && next !== null && !Array.isArray(next))
        at = next as { [key: string]: unknown };
      else {
        const child: { [key: string]: unknown } = {};
        defineOwn(at, s, child);
        at = child;
      }
    }
    defineOwn(at, segments[last] as string, value);
  }
  return root;
}

/** An own data property, also for "__proto__" (a field path is data, never an object's prototype). */
function defineOwn(o: { [key: string]: unknown }, key: string, value: unknown): void {
  // Only "__proto__" is an accessor on a plain object's prototype chain: every other key assigned
  // becomes an own data property, and assigning is several times cheaper than defineProperty.
  if (key === '__proto__')
    Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
  else o[key] = value;
}
