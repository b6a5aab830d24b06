/**
 * Decision-table analysis figure (issue 6 §3): a 500-row × 8-column table, analysis time as the
 * worker runs it (inside compileDocument; the figure is compile with the analysis minus the same
 * compile of a table the analysis skips) and the analysis alone (analyzeTable on the compiled
 * rows). Target: analysis < 200 ms. Run: `npx tsx bench/table-analysis.bench.ts`.
 *
 * Also a grid edit's re-analysis (issue #15 point 6): the cell of column 3 in rows 1 … 9 set to
 * `[gte, k]` one after the other (bench:ui's grid probe), each analysed with the previous
 * analysis kept (`analyzeTableIncremental`) and afresh (`analyzeTable`), alternated in one run;
 * `edit_reused_rows` is how many rows' findings were reused (median). The same with a threshold
 * new to the column in every edit (`new_literal_edit_*`: its domain changes, nothing is reused but
 * the other columns' domains, cell sets and compiled rows). Kept in
 * bench/results/table-analysis-latest.json.
 */
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { compileDocument, createIncrementalCompiler } from '../src/kernel';
import type { CompileResult } from '../src/kernel/compile';
import { analyzeTable } from '../src/kernel/table-analysis';
import {
  type AnalysisMemo,
  analyzeTableIncremental,
} from '../src/kernel/table-analysis/analyze-table';
import { clearTableAnalysisMemos } from '../src/kernel/table-analysis/report';
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

/** The row's cells as written (`[a, b, …]` of the `- when:` line), split at top-level commas. */
function cellsOf(line: string): string[] {
  const inner = line.slice(line.indexOf('[') + 1, line.lastIndexOf(']'));
  const out: string[] = [];
  let depth = 0;
  let quoted = false;
  let cell = '';
  for (const c of inner) {
    if (c === '"') quoted = !quoted;
    if (!quoted && c === '[') depth++;
    if (!quoted && c === ']') depth--;
    if (!quoted && depth === 0 && c === ',') {
      out.push(cell.trim());
      cell = '';
    } else cell += c;
  }
  out.push(cell.trim());
  return out;
}

/** `text` with the cell of `column` in row `row` (0-based) set to `cell`. */
function withCell(text: string, row: number, column: number, cell: string): string {
  const lines = text.split('\n');
  let seen = -1;
  const i = lines.findIndex((l) => l.trimStart().startsWith('- when: [') && ++seen === row);
  const line = lines[i] as string;
  const cells = cellsOf(line);
  cells[column] = cell;
  lines[i] = `${line.slice(0, line.indexOf('['))}[${cells.join(', ')}]`;
  return lines.join('\n');
}

const EDITS = 9;

/**
 * The grid edits of bench:ui (`[gte, k]` into column 3, rows 1 … 9), or, with `newLiteral`, each
 * a threshold no cell of the column has yet (`[gte, 1000 + k]`): the column's domain changes with
 * every edit, so no row's findings can be reused, only the other columns' domains and cell sets.
 */
function gridEdits(text: string, newLiteral = false) {
  let memo: AnalysisMemo | null = analyzeTableIncremental(analysisTableOf(text), null).memo;
  const kept: number[] = [];
  const fresh: number[] = [];
  const reused: number[] = [];
  let current = text;
  for (let k = 0; k < EDITS; k++) {
    current = withCell(current, k, 3, `[gte, ${(newLiteral ? 1000 : 0) + k + 1}]`);
    const table = analysisTableOf(current);
    const t0 = performance.now();
    const next = analyzeTableIncremental(table, memo);
    const t1 = performance.now();
    const full = analyzeTable(table);
    fresh.push(performance.now() - t1);
    kept.push(t1 - t0);
    if (JSON.stringify(full.diagnostics) !== JSON.stringify(next.analysis.diagnostics))
      throw new Error(`edit ${k + 1}: the kept analysis differs from a fresh one`);
    reused.push(next.reused);
    memo = next.memo;
  }
  const prefix = newLiteral ? 'new_literal_edit' : 'edit';
  return {
    [`${prefix}_analysis_kept_ms`]: round(median(kept)),
    [`${prefix}_analysis_kept_max_ms`]: round(Math.max(...kept)),
    [`${prefix}_analysis_fresh_ms`]: round(median(fresh)),
    [`${prefix}_reused_rows`]: median(reused),
  };
}

/**
 * A grid edit through the editing path's compiler (issue #15 point 6): the incremental compiler
 * (as the worker runs it) on cell edits, with its per-row compile cache (tree/row-cache.ts) and
 * without (`rowCache: null`); each variant runs the same edit sequence from the same start (kept
 * analyses cleared), in rounds that alternate which goes first; process CPU time per edit.
 */
function compilerEdits(text: string) {
  const cpu = (f: () => unknown) => {
    const c0 = process.cpuUsage();
    f();
    const c = process.cpuUsage(c0);
    return (c.user + c.system) / 1000;
  };
  const run = (rowCache: boolean, out: number[]) => {
    clearTableAnalysisMemos();
    const compiler = createIncrementalCompiler(rowCache ? {} : { rowCache: null });
    compiler.compile(text);
    let current = text;
    for (let k = 0; k < EDITS; k++) {
      current = withCell(current, k + 20, 3, `[gte, ${k + 1}]`);
      const next = current;
      out.push(cpu(() => compiler.compile(next)));
    }
  };
  const cached: number[] = [];
  const uncached: number[] = [];
  for (let r = 0; r < 2; r++) {
    if (r % 2) {
      run(false, uncached);
      run(true, cached);
    } else {
      run(true, cached);
      run(false, uncached);
    }
  }
  return {
    edit_compile_row_cache_cpu_ms: round(median(cached)),
    edit_compile_no_row_cache_cpu_ms: round(median(uncached)),
  };
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
    ...gridEdits(text),
    ...gridEdits(text, true),
    ...compilerEdits(text),
    findings: counts(compiled),
  };
}
const json = JSON.stringify({ table_analysis: results }, null, 2);
console.log(json);
writeFileSync(new URL('./results/table-analysis-latest.json', import.meta.url), `${json}\n`);
