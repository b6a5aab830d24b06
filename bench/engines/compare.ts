/**
 * The side-by-side comparison (issue 9 §1): this kernel against json-rules-engine, zen-engine and
 * json-logic-js, same process, same rules, same facts. A differential check runs first: an engine
 * that reaches a different decision on any fact is left out of that workload's timing.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { erdl } from './erdl';
import { jsonLogicJs } from './json-logic';
import { jsonRulesEngine } from './json-rules-engine';
import type { Engine, Prepared } from './workloads';
import { workloads } from './workloads';
import { zenEngine } from './zen-engine';

export interface Figures {
  evals_per_s: number;
  p50_us: number;
  p99_us: number;
}
type EngineFigures = Figures & { mode?: string; one_at_a_time?: Figures };

const RUNS = 5;
const RUN_MS = 100;
const LATENCY_SAMPLES = 2000;
const BATCH = 1000;

const round = (x: number) => Math.round(x * 100) / 100;
function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}
function percentiles(lat: number[]): { p50_us: number; p99_us: number } {
  lat.sort((a, b) => a - b);
  return {
    p50_us: round(lat[lat.length >> 1] as number),
    p99_us: round(lat[Math.floor(lat.length * 0.99)] as number),
  };
}

/** Decides `count` facts one after another, starting at fact `from`; elapsed ms. */
type Loop = (facts: readonly unknown[], count: number, from: number) => Promise<number>;

/**
 * The timing loop of one engine on one workload: its own copy of the same loop source (the
 * workload and engine named in a comment, so V8 compiles it apart, with its own type feedback and
 * optimised code), calling that engine's `decide` and nothing else — awaiting each decision for an
 * async engine — and reading each decision (its length summed, so no call can be dropped). One
 * loop shared by every engine calls several `decide` functions from one call site (polymorphic,
 * not inlined), which can cost the fastest engine most (in CPU time, 2026-12-07, it cost erdl
 * nothing measurable on the quick start); each engine's own loop takes that out of the comparison. Every engine gets the same shape, the same facts and the same warm-up.
 */
function timingLoop(workload: string, engine: string, p: Prepared): Loop {
  const call = p.async ? '(await decide' : '(decide';
  const source = `// ${JSON.stringify(`${workload} / ${engine}`)}
return async function loop(facts, count, from) {
  let read = 0;
  const t0 = now();
  for (let i = 0; i < count; i++) read += ${call}(facts[(from + i) % facts.length])).length;
  const ms = now() - t0;
  if (read === 0) throw new Error('no decision read');
  return ms;
};`;
  return new Function('decide', 'now', source)(p.decide, () => performance.now()) as Loop;
}

/** One at a time, warm-up: the sizing loop (≥ 100 ms); returns the count for a ~RUN_MS run. */
async function sizeSingle(loop: Loop, facts: readonly unknown[]): Promise<number> {
  let n = 64;
  let ms = await loop(facts, n, 0);
  while (ms < 100) {
    n *= 2;
    ms = await loop(facts, n, 0);
  }
  return Math.max(facts.length, Math.round((n * RUN_MS) / ms));
}

/** One at a time: per-evaluation latencies (LATENCY_SAMPLES, or at least 200 for an engine over 300 ms). */
async function latencies(p: Prepared, facts: readonly unknown[]) {
  const lat: number[] = [];
  const l0 = performance.now();
  for (let i = 0; i < LATENCY_SAMPLES && (i < 200 || performance.now() - l0 < 300); i++) {
    const fact = facts[i % facts.length];
    const t0 = performance.now();
    if (p.async) await p.decide(fact);
    else p.decide(fact);
    lat.push((performance.now() - t0) * 1000);
  }
  return percentiles(lat);
}

/** Batched: BATCH facts per call, for ~RUN_MS; the rate, and each batch's wall time per fact (µs). */
async function runBatched(batch: NonNullable<Prepared['batch']>, chunk: readonly unknown[]) {
  const perBatch: number[] = [];
  const start = performance.now();
  let done = 0;
  while (performance.now() - start < RUN_MS) {
    const b0 = performance.now();
    await batch(chunk);
    perBatch.push(((performance.now() - b0) * 1000) / BATCH);
    done += BATCH;
  }
  return { rate: done / ((performance.now() - start) / 1000), perBatch };
}

/**
 * Every agreeing engine of one workload, timed one at a time (and batched where it can be). Each
 * engine is warmed up and sized first; then the RUNS timed runs go round-robin — run 1 of every
 * engine, then run 2 of every engine, … — so that every engine sees the same machine load: on a
 * shared host, an engine timed alone a few seconds after another can see a different load, and
 * the ratio between them then measures the host, not the engines. The same for every engine.
 */
async function timeEngines(
  workload: string,
  prepared: ReadonlyMap<string, Prepared>,
  facts: readonly unknown[],
): Promise<Record<string, EngineFigures>> {
  const engines = [...prepared];
  const loops = new Map(engines.map(([name, p]) => [name, timingLoop(workload, name, p)]));
  const counts = new Map<string, number>();
  const chunk = Array.from({ length: BATCH }, (_, i) => facts[i % facts.length]);
  for (const [name, p] of engines) {
    counts.set(name, await sizeSingle(loops.get(name) as Loop, facts));
    if (p.batch) {
      const t0 = performance.now();
      while (performance.now() - t0 < 200) await p.batch(chunk); // warm-up
    }
  }
  const single = new Map<string, number[]>(engines.map(([name]) => [name, []]));
  const batched = new Map<string, { rates: number[]; perBatch: number[] }>(
    engines.map(([name]) => [name, { rates: [], perBatch: [] }]),
  );
  for (let run = 0; run < RUNS; run++)
    for (const [name, p] of engines) {
      const count = counts.get(name) as number;
      const ms = await (loops.get(name) as Loop)(facts, count, run * 97);
      (single.get(name) as number[]).push(count / (ms / 1000));
      if (p.batch) {
        const b = await runBatched(p.batch, chunk);
        const into = batched.get(name) as { rates: number[]; perBatch: number[] };
        into.rates.push(b.rate);
        into.perBatch.push(...b.perBatch);
      }
    }
  const figures: Record<string, EngineFigures> = {};
  for (const [name, p] of engines) {
    const one: Figures = {
      evals_per_s: Math.round(median(single.get(name) as number[])),
      ...(await latencies(p, facts)),
    };
    const b = batched.get(name) as { rates: number[]; perBatch: number[] };
    figures[name] = p.batch
      ? {
          evals_per_s: Math.round(median(b.rates)),
          ...percentiles(b.perBatch),
          mode: `batched, ${BATCH} in flight`,
          one_at_a_time: one,
        }
      : one;
  }
  return figures;
}

async function decisions(p: Prepared, facts: readonly unknown[]): Promise<string[]> {
  const out: string[] = [];
  for (const f of facts) out.push(await p.decide(f));
  return out;
}

export const ENGINES: readonly Engine[] = [erdl, jsonRulesEngine, zenEngine, jsonLogicJs];

export interface Comparison {
  engines: Record<string, string>;
  workloads: Record<string, Record<string, EngineFigures>>;
  excluded: Record<string, Record<string, string>>;
  differential: Record<
    string,
    { facts: number; agreeing: string[]; decisions: Record<string, number> }
  >;
  goals: { goal: string; met: boolean; detail: string }[];
}

function versions(): Record<string, string> {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  const dev = pkg.devDependencies as Record<string, string>;
  return {
    erdl: pkg.version,
    'json-rules-engine': dev['json-rules-engine'] ?? '?',
    'zen-engine': dev['@gorules/zen-engine'] ?? '?',
    'json-logic-js': dev['json-logic-js'] ?? '?',
  };
}

/** `only`: the names of the workloads to run (all when absent). */
export async function compareEngines(only?: readonly string[]): Promise<Comparison> {
  const result: Comparison = {
    engines: versions(),
    workloads: {},
    excluded: {},
    differential: {},
    goals: [],
  };
  console.log('\nengine comparison (same process, same rules, same facts)');
  for (const w of workloads()) {
    if (only && !only.includes(w.name)) continue;
    const figures: Record<string, EngineFigures> = {};
    const excluded: Record<string, string> = {};
    // Differential check first: the kernel's decisions are the reference.
    const prepared = new Map<string, Prepared>();
    for (const e of ENGINES) {
      const p = e.prepare(w);
      if ('unsupported' in p) {
        let why = `cannot express it: ${p.unsupported}`;
        if (p.approximation) {
          const ref = await decisions(prepared.get('erdl') as Prepared, w.facts);
          const got = await decisions(p.approximation, w.facts);
          const diff = got.filter((d, i) => d !== ref[i]).length;
          why += ` (its nearest approximation disagrees on ${diff} of ${w.facts.length} facts)`;
        }
        excluded[e.name] = why;
        continue;
      }
      prepared.set(e.name, p);
    }
    const reference = await decisions(prepared.get('erdl') as Prepared, w.facts);
    const tally: Record<string, number> = {};
    for (const d of reference) tally[d] = (tally[d] ?? 0) + 1;
    for (const [name, p] of prepared) {
      if (name === 'erdl') continue;
      const got = await decisions(p, w.facts);
      const bad = got.flatMap((d, i) => (d === reference[i] ? [] : [i]));
      if (p.batch) {
        const batched = await p.batch(w.facts);
        for (let i = 0; i < batched.length; i++)
          if (batched[i] !== reference[i] && !bad.includes(i)) bad.push(i);
      }
      if (bad.length > 0) {
        for (const i of bad.slice(0, 5))
          console.log(
            `  MISMATCH ${w.name} ${name} fact #${i}: erdl ${reference[i]}, ${name} ${got[i]} — ${JSON.stringify(w.facts[i])}`,
          );
        excluded[name] = `disagrees with erdl on ${bad.length} of ${w.facts.length} facts`;
        prepared.delete(name);
      }
    }
    result.differential[w.name] = {
      facts: w.facts.length,
      agreeing: [...prepared.keys()],
      decisions: tally,
    };
    const decisionMix = Object.entries(tally)
      .map(([d, n]) => `${d} ${n}`)
      .join(', ');
    console.log(
      `\n${w.name} — ${w.description}; differential check on ${w.facts.length} facts: ${[...prepared.keys()].join(', ')} agree (${decisionMix})`,
    );
    Object.assign(figures, await timeEngines(w.name, prepared, w.facts));
    const kernel = figures.erdl as Figures;
    const rows: [string, Figures][] = [];
    for (const [name, f] of Object.entries(figures)) {
      if (f.one_at_a_time) rows.push([`${name} (one at a time)`, f.one_at_a_time]);
      rows.push([f.mode ? `${name} (${f.mode})` : name, f]);
    }
    console.log(
      `  ${'engine'.padEnd(36)} ${'evals/s'.padStart(12)} ${'p50 µs'.padStart(9)} ${'p99 µs'.padStart(9)}  erdl is`,
    );
    for (const [label, f] of rows)
      console.log(
        `  ${label.padEnd(36)} ${f.evals_per_s.toLocaleString('en').padStart(12)} ${String(f.p50_us).padStart(9)} ${String(f.p99_us).padStart(9)}  ${label === 'erdl' ? '' : `${round(kernel.evals_per_s / f.evals_per_s)}×`}`,
      );
    for (const [name, why] of Object.entries(excluded)) console.log(`  left out: ${name} — ${why}`);
    result.workloads[w.name] = figures;
    if (Object.keys(excluded).length) result.excluded[w.name] = excluded;
  }

  const goal = (engine: string, label: string, ok: (ratio: number) => boolean, want: string) => {
    for (const [w, figures] of Object.entries(result.workloads)) {
      const peer = figures[engine];
      const kernel = figures.erdl as Figures;
      if (!peer) {
        result.goals.push({
          goal: `${label} on ${w}`,
          met: false,
          detail: `not measured: ${result.excluded[w]?.[engine] ?? ''}`,
        });
        continue;
      }
      const ratio = round(kernel.evals_per_s / peer.evals_per_s);
      result.goals.push({
        goal: `${label} on ${w}`,
        met: ok(ratio),
        detail: `${ratio}× (want ${want})`,
      });
    }
  };
  goal('json-rules-engine', '≥ 10× json-rules-engine', (r) => r >= 10, '≥ 10×');
  goal('zen-engine', '≥ 30× zen-engine (batched)', (r) => r >= 30, '≥ 30×');
  goal('json-logic-js', 'within 2× of json-logic-js', (r) => r >= 0.5, '≥ 0.5×');
  console.log('\ngoals:');
  for (const g of result.goals)
    console.log(
      `  ${g.goal.padEnd(52)} ${g.met ? 'met' : g.detail.startsWith('not measured') ? 'n/a' : 'NOT met'} — ${g.detail}`,
    );
  return result;
}
