/**
 * `npm run bench` (after the kernel figures): `erdl eval RULES --facts FILE` — the built command,
 * as users run it — on a 100-rule document and 200,000 facts of JSON Lines, at 1 and 2 workers
 * and one per core. Prints facts/s and the parallel efficiency (speed-up ÷ workers; 1.0 = linear)
 * and keeps them in bench/results/batch-latest.json. Each figure is the best of 3 runs, wall clock
 * including process and worker start-up.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { generateDocument, generateFacts } from './generate';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const FACTS = 200_000;
const RUNS = 3;

// The command as installed: lib/ is built by `prepare` (npm ci); build it if it is missing.
try {
  execFileSync(process.execPath, [path.join(ROOT, 'bin/erdl.js'), '--help'], { stdio: 'ignore' });
} catch {
  execFileSync('npm', ['run', '--silent', 'build:lib'], { cwd: ROOT, stdio: 'inherit' });
}

const dir = mkdtempSync(path.join(tmpdir(), 'erdl-batch-bench-'));
const rules = path.join(dir, 'rules.erdl.yaml');
const facts = path.join(dir, 'facts.jsonl');
writeFileSync(rules, generateDocument(100));
writeFileSync(
  facts,
  `${generateFacts(FACTS)
    .map((f) => JSON.stringify(f))
    .join('\n')}\n`,
);

function run(workers: number): number {
  let best = Infinity;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    execFileSync(
      process.execPath,
      [
        path.join(ROOT, 'bin/erdl.js'),
        'eval',
        rules,
        '--facts',
        facts,
        '--workers',
        String(workers),
        '--fields',
        'decision,matched_rules',
      ],
      { stdio: ['ignore', 'ignore', 'inherit'], maxBuffer: 1 << 30 },
    );
    best = Math.min(best, performance.now() - t0);
  }
  return FACTS / (best / 1000);
}

const cores = availableParallelism();
const counts = [...new Set([1, 2, cores])].sort((a, b) => a - b);
const rows: { workers: number; facts_per_s: number; speedup: number; efficiency: number }[] = [];
for (const workers of counts) {
  const rate = run(workers);
  const base = rows[0]?.facts_per_s ?? rate;
  rows.push({
    workers,
    facts_per_s: Math.round(rate),
    speedup: Math.round((rate / base) * 100) / 100,
    efficiency: Math.round((rate / base / workers) * 100) / 100,
  });
}
rmSync(dir, { recursive: true, force: true });

console.log(`\nerdl eval --facts: ${FACTS} facts × 100 rules, ${cores} core(s)`);
console.table(rows);
const out = new URL('./results/', import.meta.url);
mkdirSync(out, { recursive: true });
writeFileSync(
  new URL('batch-latest.json', out),
  `${JSON.stringify({ date: new Date().toISOString().slice(0, 10), node: process.version, cores, facts: FACTS, rules: 100, runs: rows }, null, 2)}\n`,
);
