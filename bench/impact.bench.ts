/**
 * `npm run bench` (issue #19 point 4, #41 point 5): the impact of a change — a 100-rule document
 * and the same document with ten thresholds doubled — over 100,000 facts of JSON Lines. Goal: ≤ 1 s
 * in the studio (bench/impact-ui.bench.ts measures it there).
 *
 * - where the time goes, on one thread: reading the facts (JSON Lines → facts), evaluating each
 *   version alone — with the rule index, as impact evaluates (ImpactRun), and the old one also
 *   without it, the reference —, and the impact loop (both versions, the new one reusing the
 *   outcomes of the rules it shares with the old one, plus the bookkeeping);
 * - single thread: the batch worker's job (src/worker/impact-job.ts, the studio's code path)
 *   in this thread, best of 2;
 * - pool: the studio's worker pool (src/worker/impact-pool.ts: split, KernelClient per worker,
 *   kernel merge) on Node worker threads running the studio's batch-worker.ts — one per core
 *   (availableParallelism, as the studio uses navigator.hardwareConcurrency) and one alone —
 *   warm workers, best of 3. The pool's report must be byte-identical to the single thread's.
 *
 * - `erdl impact`'s pool (src/cli/batch/impact-pool.ts): the CLI's batch workers on every core,
 *   started per run as the command starts them, against the verb's one thread.
 *
 * Results in bench/results/impact-latest.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { impactOnPool } from '../src/cli/batch/impact-pool';
import { compileDocument, createFactSetParser, Evaluator, ImpactRun } from '../src/kernel';
import { impactJob } from '../src/worker/impact-job';
import { poolSize, runImpactPool } from '../src/worker/impact-pool';
import { KernelClient, type WorkerLike } from '../src/worker/kernel-client';
import type { BatchOps, ImpactOutcome, ImpactRequest } from '../src/worker/kernel-protocol';
import { generateDocument, generateFacts } from './generate';

const FACTS = 100_000;
const AS_OF = '2026-01-01T00:00:00Z';

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
const request: ImpactRequest = {
  op: 'impact',
  oldText: before,
  newText: after,
  facts,
  format: 'jsonl',
};
const ms = (t0: number) => Math.round(performance.now() - t0);

// Where the time goes, one thread.
const oldDoc = compileDocument(before).document;
const newDoc = compileDocument(after).document;
if (!oldDoc || !newDoc) throw new Error('impact bench: the generated documents do not load');
let t0 = performance.now();
const parser = createFactSetParser('jsonl');
const cases = [...parser.push(facts).cases, ...parser.end().cases];
const readMs = ms(t0);
const alone = (e: Evaluator) => {
  const t = performance.now();
  for (const c of cases) e.evaluate(c.fact, { as_of: AS_OF, hash: false });
  return ms(t);
};
const oldMs = alone(new Evaluator(oldDoc));
const oldUnindexedMs = alone(new Evaluator(oldDoc, { index: false }));
const newMs = alone(new Evaluator(newDoc));
t0 = performance.now();
const loop = new ImpactRun(oldDoc, newDoc);
for (const c of cases) loop.add(c);
loop.report();
const loopMs = ms(t0);
console.log(
  `impact: where the time goes (one thread): read ${readMs} ms, old version alone ${oldMs} ms (${oldUnindexedMs} ms without the rule index), new version alone ${newMs} ms, impact loop (both, indexed, shared outcomes) ${loopMs} ms; load average ${loadavg()[0]?.toFixed(1)}`,
);

// Single thread: the batch worker's job, as one worker runs it.
function single(): { ms: number; outcome: ImpactOutcome } {
  const t = performance.now();
  const job = impactJob(request, () => performance.now());
  let step = job.next();
  while (!step.done) step = job.next(false);
  return { ms: ms(t), outcome: step.value };
}
let singleBest = Infinity;
let reference = '';
let changed = 0;
for (let i = 0; i < 2; i++) {
  const run = single();
  if (run.outcome.kind !== 'result') throw new Error(`impact bench: ${run.outcome.kind}`);
  reference = JSON.stringify(run.outcome.report);
  changed = run.outcome.report.changed;
  singleBest = Math.min(singleBest, run.ms);
}
console.log(`impact: ${FACTS} facts × 100 rules, single thread: ${singleBest} ms`);

// The studio's pool on Node worker threads.
function nodeWorker(): WorkerLike {
  const worker = new Worker(new URL('./impact-worker.mjs', import.meta.url));
  const like: WorkerLike = {
    postMessage: (message) => worker.postMessage(message),
    terminate: () => void worker.terminate(),
    onmessage: null,
    onerror: null,
  };
  worker.on('message', (data) => like.onmessage?.({ data } as MessageEvent));
  worker.on('error', (e) => like.onerror?.({ message: e.message } as ErrorEvent));
  return like;
}

async function pool(size: number): Promise<number> {
  const clients = Array.from(
    { length: size },
    () => new KernelClient<BatchOps>({ createWorker: nodeWorker, onIncident: () => {} }),
  );
  let best = Infinity;
  try {
    for (let i = 0; i < 3; i++) {
      const t = performance.now();
      const out = await runImpactPool(clients, `bench:${i}`, request).outcome;
      const took = ms(t);
      if (out.status !== 'done' || out.value.kind !== 'result')
        throw new Error(`impact bench: pool ${out.status}`);
      if (JSON.stringify(out.value.report) !== reference)
        throw new Error(`impact bench: the ${size}-worker pool's report differs from one thread's`);
      best = Math.min(best, took);
    }
  } finally {
    for (const c of clients) c.dispose();
  }
  return best;
}
const cores = availableParallelism();
const size = poolSize(cores);
const poolBest = await pool(size);
const poolOne = size > 1 ? await pool(1) : poolBest;
console.log(
  `impact: ${FACTS} facts × 100 rules, pool of ${size} worker(s): ${poolBest} ms (1 worker: ${poolOne} ms; same report bytes; goal ≤ 1000 ms in the studio; load average ${loadavg()[0]?.toFixed(1)} on ${cores} cores)`,
);

// The CLI's pool (`erdl impact` on a large JSON Lines set): the batch workers, started per run as
// the command starts them (here from source, through tsx), against the verb's one thread (read +
// impact loop above).
async function cliPool(workers: number): Promise<number> {
  const bytes = (text: string) => new TextEncoder().encode(text);
  let best = Infinity;
  for (let i = 0; i < 2; i++) {
    const t = performance.now();
    const r = await impactOnPool(bytes(before), bytes(after), facts, workers);
    const took = ms(t);
    if (!r.report || JSON.stringify(r.report) !== reference)
      throw new Error(`impact bench: erdl impact's ${workers}-worker pool differs from one thread`);
    best = Math.min(best, took);
  }
  return best;
}
const cliOneThread = readMs + loopMs;
const cliBest = await cliPool(cores);
console.log(
  `impact: ${FACTS} facts × 100 rules, erdl impact's pool (taken on 3 cores or more) on ${cores} batch worker(s): ${cliBest} ms, worker start-up included (one thread: read + impact loop ${cliOneThread} ms = ${(cliOneThread / cliBest).toFixed(2)}×; same report bytes; load average ${loadavg()[0]?.toFixed(1)})`,
);

const result = {
  facts: FACTS,
  rules: 100,
  changed_thresholds: changedThresholds,
  changed_decisions: changed,
  where_the_time_goes_ms: {
    read_facts: readMs,
    old_version_alone: oldMs,
    old_version_alone_unindexed: oldUnindexedMs,
    new_version_alone: newMs,
    impact_loop_shared_outcomes: loopMs,
  },
  single_thread_ms: singleBest,
  pool_workers: size,
  pool_ms: poolBest,
  pool_one_worker_ms: poolOne,
  facts_per_second: Math.round((FACTS / poolBest) * 1000),
  cli_pool_ms: cliBest,
  cli_one_thread_ms: cliOneThread,
  cores,
  load_average: Number(loadavg()[0]?.toFixed(2)),
  goal_ms: 1000,
};
const out = new URL('./results/', import.meta.url);
mkdirSync(out, { recursive: true });
writeFileSync(new URL('impact-latest.json', out), `${JSON.stringify(result, null, 2)}\n`);
