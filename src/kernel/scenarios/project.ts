/**
 * A fact seen through a decision table's columns (the scenario sheet, docs/fact-suites.md "The
 * test cases of a table"): the value each column's field holds, read as the evaluator reads a
 * field path (eval/nodes.ts resolvePath: dotted segments, a list by its index).
 */
import { isList, isRecord, type Value } from '../eval/values';

/** What a fact holds at a path: undefined when the field is absent (E11 "missing"). */
export function valueAt(fact: Value, path: string): Value {
  let v: Value = fact;
  for (const s of path.split('.')) {
    if (isList(v)) {
      if (!/^\d+$/.test(s)) return undefined;
      v = v[Number(s)];
    } else if (isRecord(v)) {
      if (!Object.hasOwn(v, s)) return undefined;
      v = v[s];
    } else return undefined;
  }
  return v;
}

/** The fact's value in each column, in column order (undefined where the field is absent). */
export function projectFact(
  fact: Value,
  columns: readonly { readonly field: string }[],
): readonly Value[] {
  return columns.map((c) => valueAt(fact, c.field));
}
