/**
 * Decision-table analysis figure (issue 6 §3): a 500-row × 8-column table, analysis time as the
 * worker runs it (inside compileDocument; the figure is compile with the analysis minus the same
 * compile of a table the analysis skips) and the analysis alone (analyzeTable on the compiled
 * rows). Target: analysis < 200 ms. Run: `npx tsx bench/table-analysis.bench.ts`.
 */
import { performance } from 'node:perf_hooks';
import { compileDocument } from '../src/kernel';
import type { CompileResult } from '../src/kernel/compile';
import { analyzeTable } from '../src/kernel/table-analysis';
import { analysisTableOf } from '../src/kernel/table-analysis/test-support';
import { generateWideTable } from './generate-wide-table';

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

const round = (x: number) => Math.round(x * 100) / 100;

/** Wall-clock and process CPU time (the CPU figure is steadier on a shared machine). */
function time<T>(
  runs: number,
  f: () => T,
): { median_ms: number; min_ms: number; cpu_median_ms: number; last: T } {
  let last = f();
  f();
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    last = f();
    times.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  return {
    median_ms: round(median(times)),
    min_ms: round(Math.min(...times)),
    cpu_median_ms: round(median(cpu)),
    last,
  };
}

function counts(r: CompileResult): Record<string, number> {
  const out: Record<string, number> = {};
  for (const d of r.diagnostics) out[d.code] = (out[d.code] ?? 0) + 1;
  return out;
}

const results: Record<string, unknown> = {};
for (const withDefault of [false, true]) {
  const text = generateWideTable(500, 8, { defaultRow: withDefault });
  const compiled = compileDocument(text);
  if (!compiled.ok) throw new Error('generated table does not load');
  const table = analysisTableOf(text);
  const analysis = time(15, () => analyzeTable(table));
  const compile = time(7, () => compileDocument(text));
  results[withDefault ? '500x8_with_default_row' : '500x8_no_default_row'] = {
    analysis_ms: analysis.median_ms,
    analysis_min_ms: analysis.min_ms,
    analysis_cpu_median_ms: analysis.cpu_median_ms,
    compile_with_analysis_ms: compile.median_ms,
    findings: counts(compiled),
  };
}
console.log(JSON.stringify({ table_analysis: results }, null, 2));
