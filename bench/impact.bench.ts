/**
 * `npm run bench` (issue #19 point 4): the impact of a change — a 100-rule document and the same
 * document with ten thresholds doubled — over 100,000 facts of JSON Lines, through the batch
 * worker's job (src/worker/impact-job.ts: the studio's code path, chunked parsing included), in
 * Node. Each fact is evaluated in both versions. Prints the time and facts/s (best of 3) and keeps
 * them in bench/results/impact-latest.json. The studio's goal is ≤ 3 s.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { impactJob } from '../src/worker/impact-job';
import { generateDocument, generateFacts } from './generate';

const FACTS = 100_000;
const RUNS = 3;

const before = generateDocument(100);
let changedThresholds = 0;
const after = before.replace(/value: (\d+)\b/g, (m, n: string) => {
  if (changedThresholds >= 10) return m;
  changedThresholds++;
  return `value: ${Number(n) * 2}`;
});
const facts = generateFacts(FACTS)
  .map((f) => JSON.stringify(f))
  .join('\n');

let best = Infinity;
let changed = 0;
for (let i = 0; i < RUNS; i++) {
  const t0 = performance.now();
  const job = impactJob(
    { op: 'impact', oldText: before, newText: after, facts, format: 'jsonl' },
    () => performance.now(),
  );
  let step = job.next();
  while (!step.done) step = job.next(false);
  const ms = performance.now() - t0;
  if (step.value.kind !== 'result') throw new Error(`impact bench: ${step.value.kind}`);
  changed = step.value.report.changed;
  best = Math.min(best, ms);
}
const result = {
  facts: FACTS,
  rules: 100,
  changed_thresholds: changedThresholds,
  changed_decisions: changed,
  best_ms: Math.round(best),
  facts_per_second: Math.round((FACTS / best) * 1000),
  goal_ms: 3000,
};
console.log(
  `impact: ${FACTS} facts × 100 rules, both versions: ${result.best_ms} ms (${result.facts_per_second} facts/s; ${changed} change decision; goal ≤ 3000 ms in the studio)`,
);
const out = new URL('./results/', import.meta.url);
mkdirSync(out, { recursive: true });
writeFileSync(new URL('impact-latest.json', out), `${JSON.stringify(result, null, 2)}\n`);
