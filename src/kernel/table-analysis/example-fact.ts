import type { Bilingual, DiagnosticExample } from '../diagnostics/diagnostic';
import type { CompiledTree } from '../eval/nodes';
import { groupedNumber } from '../util/sizes';
import { factWith, run } from './probe';
import type { Fact } from './region-types';
import type { FieldDomain } from './value-classes';

/** What the analysis knows of a row to run it on an example fact. */
export interface RunnableRow {
  readonly index: number;
  readonly rule: string;
  readonly then: string;
  /** E12: an evaluation error fires a blocking row (fail closed) and folds others to false. */
  readonly blocking: boolean;
  readonly compiled: CompiledTree;
}

export type { Fact } from './region-types';

/** The fact for a point of the class grid: each field holds its class's value. */
export function factAt(point: readonly number[], domains: readonly FieldDomain[]): Fact {
  return factWith(domains.map((d, i) => [d.path, d.classes[point[i] as number]?.value] as const));
}

/** The row that fires first for `fact` under row order, by evaluating the compiled rows. */
export function firstMatch(rows: readonly RunnableRow[], fact: Fact): RunnableRow | null {
  for (const r of rows) {
    const o = run(r.compiled, fact);
    if (o === true || (o === 'error' && r.blocking)) return r;
  }
  return null;
}

export function matches(row: RunnableRow, fact: Fact): boolean {
  return run(row.compiled, fact) === true;
}

/** `context.amount = 10000, context.region absent` in both languages. */
export function describeFact(point: readonly number[], domains: readonly FieldDomain[]): Bilingual {
  return describeValues(
    domains.map((d, i) => d.classes[point[i] as number]?.value),
    domains,
  );
}

/** `describeFact` of a fact holding a value (or nothing) at each domain's path. */
export function describeFactValues(fact: Fact, domains: readonly FieldDomain[]): Bilingual {
  return describeValues(
    domains.map((d) => valueAt(fact, d.path)),
    domains,
  );
}

function valueAt(fact: Fact, path: string): unknown {
  let v: unknown = fact;
  for (const key of path.split('.')) {
    if (v === null || typeof v !== 'object' || !Object.hasOwn(v, key)) return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

function describeValues(values: readonly unknown[], domains: readonly FieldDomain[]): Bilingual {
  const en: string[] = [];
  const zh: string[] = [];
  domains.forEach((d, i) => {
    const v = values[i];
    if (v === undefined) {
      en.push(`${d.path} absent`);
      zh.push(`${d.path} 缺失`);
    } else {
      // Numbers grouped as the gloss writes them (5,000; util/sizes.ts), the rest as JSON.
      const text = typeof v === 'number' ? groupedNumber(v) : JSON.stringify(v);
      en.push(`${d.path} = ${text}`);
      zh.push(`${d.path} = ${text}`);
    }
  });
  return { en: en.join(', '), zh: zh.join('，') };
}

export function example(
  fact: Fact,
  explanation: Bilingual,
  first: RunnableRow | null,
): DiagnosticExample {
  return {
    fact,
    explanation,
    firstMatch: first ? { row: first.index, rule: first.rule, decision: first.then } : null,
  };
}

/** "row 2" / "rows 1, 3 and 4" (at most five named). */
export function rowList(rows: readonly number[]): Bilingual {
  const shown = rows.slice(0, 5);
  const more = rows.length > shown.length;
  if (shown.length === 1) return { en: `row ${shown[0]}`, zh: `第 ${shown[0]} 行` };
  const head = shown.slice(0, -1).join(', ');
  const last = shown[shown.length - 1];
  return more
    ? { en: `rows ${shown.join(', ')} …`, zh: `第 ${shown.join('、')} 行等` }
    : { en: `rows ${head} and ${last}`, zh: `第 ${shown.join('、')} 行` };
}
