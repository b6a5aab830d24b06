import type { DiagnosticExample } from '../diagnostics/diagnostic';
import { type AnalysisState, factOf } from './analysis-state';
import { and, type Bits, firstBit, isEmpty } from './bits';
import { example, firstMatch, type RunnableRow } from './example-fact';
import { run } from './probe';

/** Priorities (W505): a fact on which row priority and row order choose different rows. */
export function priorities(s: AnalysisState): void {
  let previous: { value: number; k: number } | null = null;
  s.table.rows.forEach((row, k) => {
    if (!row.priority) return;
    if (previous && row.priority.value < previous.value) {
      const ex = priorityExample(s, previous.k, k);
      if (ex) s.priorityExamples.set(row.priority.range.start, ex);
    }
    previous = { value: row.priority.value, k };
  });
}

export function priorityExample(
  s: AnalysisState,
  j: number,
  k: number,
): DiagnosticExample | undefined {
  if (s.under.length === 0) return undefined;
  const both = (s.under[j] as Bits[]).map((b, d) => and(b, (s.under[k] as Bits[])[d] as Bits));
  if (both.some(isEmpty)) return undefined;
  const fact = factOf(s, both.map(firstBit));
  const byOrder = firstMatch(s.runnable, fact);
  const priorityOf = (i: number) => s.table.rows[i]?.priority?.value ?? s.table.entryPriority;
  let byPriority: { r: RunnableRow; i: number } | null = null;
  s.runnable.forEach((r, i) => {
    const o = run(r.compiled, fact);
    if (!(o === true || (o === 'error' && r.blocking))) return;
    if (!byPriority || priorityOf(i) < priorityOf(byPriority.i)) byPriority = { r, i };
  });
  const winner = byPriority as { r: RunnableRow; i: number } | null;
  if (!byOrder || !winner || winner.r.index === byOrder.index) return undefined;
  const p = priorityOf(winner.i);
  return example(
    fact,
    {
      en: `Row order applies row ${byOrder.index} (${byOrder.then}) to this fact; if row priorities decided (smaller first, §7.1), row ${winner.r.index} (${winner.r.then}, priority ${p}) would apply.`,
      zh: `按行序，该事实采用第 ${byOrder.index} 行（${byOrder.then}）；若按行 priority 决定（小者优先，§7.1），将采用第 ${winner.r.index} 行（${winner.r.then}，priority ${p}）。`,
    },
    byOrder,
  );
}
