/**
 * `npm run bench`: kernel figures printed and kept in bench/results/ (latest.json and <date>.json),
 * so regressions are visible over time. Targets (issues): 1,000 rules load+validate+compile+hash
 * in < 50 ms.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { compileDocument } from '../src/kernel';
import { generateDocument } from './generate';

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

function timeCompile(text: string, runs: number): { median_ms: number; min_ms: number } {
  for (let i = 0; i < 3; i++) compileDocument(text); // warm-up
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const r = compileDocument(text);
    times.push(performance.now() - t0);
    if (!r.ok)
      throw new Error(
        `generated document does not load: ${r.diagnostics.find((d) => d.severity === 'error')?.message.en}`,
      );
  }
  return { median_ms: round(median(times)), min_ms: round(Math.min(...times)) };
}

const round = (x: number) => Math.round(x * 100) / 100;

const compile: Record<string, { rules: number; bytes: number; median_ms: number; min_ms: number }> =
  {};
for (const n of [100, 1000]) {
  const text = generateDocument(n);
  const t = timeCompile(text, n >= 1000 ? 15 : 30);
  compile[`${n}_rules`] = { rules: n, bytes: text.length, ...t };
  console.log(
    `compile ${String(n).padStart(5)} rules (${(text.length / 1024).toFixed(0)} KB): median ${t.median_ms} ms, min ${t.min_ms} ms`,
  );
}

const date = new Date().toISOString().slice(0, 10);
const results = { date, node: process.version, compile };
const dir = new URL('./results/', import.meta.url);
mkdirSync(dir, { recursive: true });
writeFileSync(new URL(`${date}.json`, dir), `${JSON.stringify(results, null, 2)}\n`);
writeFileSync(new URL('latest.json', dir), `${JSON.stringify(results, null, 2)}\n`);
console.log(
  `target: 1,000 rules < 50 ms → ${(compile['1000_rules']?.median_ms ?? Infinity) < 50 ? 'met' : 'NOT met'}`,
);
