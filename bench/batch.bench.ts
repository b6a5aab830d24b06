/**
 * `npm run bench:batch` (and `npm run bench`, after the kernel figures): `erdl eval RULES --facts
 * FILE` — the command built from the current source into a temporary folder, as users run it — on
 * 200,000 facts of JSON Lines over the quick start's rules (issue #41's anchor) and a generated
 * 100-rule set, against the in-process ceiling measured in the same run: parse + evaluate + hash on
 * one thread, no worker, no output. Prints facts/s, the command's default output (every field,
 * result_hash included) as a % of the ceiling at 1 worker (goal ≥ 60 %), and 2 workers over 1
 * (goal ≥ 1.7× on a quiet machine) with the load average beside it: the machine may be shared.
 * The same facts as CSV (quoted cells included) over the quick start: the workers parse their
 * parts of whole records (issue #41 point 4), against the CSV ceiling.
 * `--csv`: the CSV figures only (on a loaded machine a whole run takes long).
 * Each command figure is the best of RUNS runs, wall clock including process and worker start-up,
 * the runs of 1 and 2 workers taken in turn; every run reads the same file (in the file cache
 * after the first) and writes to /dev/null. Beside the 2-worker figure, on Linux: the least CPU a
 * run took (all its threads) with 1 and 2 workers, which the load hardly moves, and from it the
 * most 2 workers can give over 1 on this machine's cores (cpuFigures); and, where `taskset` runs,
 * 1 worker held to one core with all its threads, and 2 workers over that.
 * Keeps the figures in bench/results/batch-latest.json.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { nodeSha256 } from '../src/cli/batch/node-sha256';
import {
  compileDocument,
  createFactSetParser,
  Evaluator,
  type FactSetFormat,
  setHostSha256,
} from '../src/kernel';
import { generateDocument, generateFacts } from './generate';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const FACTS = 200_000;
const RUNS = 2;
/** The command's instant without --as-of (src/cli/verbs/eval.ts). */
const DEFAULT_AS_OF = '1970-01-01T00:00:00.000Z';

const dir = mkdtempSync(path.join(tmpdir(), 'erdl-batch-bench-'));
// The command built from the source as it is now (lib/ may be older, and others may be building it).
const built = path.join(dir, 'lib');
execFileSync(
  process.execPath,
  [
    path.join(ROOT, 'node_modules/vite/bin/vite.js'),
    'build',
    '--config',
    'vite.lib.config.ts',
    '--outDir',
    built,
    '--logLevel',
    'error',
  ],
  { cwd: ROOT, stdio: 'inherit' },
);
const erdl = path.join(built, 'erdl.js');
// As installed: the package's package.json ("type": "module") is the one above lib/. Without one,
// Node reads each module's source once more to detect its format, in the command and in every
// worker (~8 ms a thread by --cpu-prof), which an installed command never does.
writeFileSync(path.join(dir, 'package.json'), '{ "type": "module" }\n');

const facts = path.join(dir, 'facts.jsonl');
const generated = generateFacts(FACTS) as {
  tool: { name: string; args: Record<string, string | number> };
  context: Record<string, string | number>;
}[];
writeFileSync(facts, `${generated.map((f) => JSON.stringify(f)).join('\n')}\n`);
const csvFacts = path.join(dir, 'facts.csv');
const CSV_HEADER =
  'tool.name,tool.args.amount,tool.args.price,tool.args.path,tool.args.command,context.amount,context.cost,context.country,context.channel';
writeFileSync(
  csvFacts,
  `${CSV_HEADER}\n${generated
    .map(({ tool: { name, args }, context: c }) =>
      [
        name,
        args.amount,
        args.price,
        `"${args.path}"`,
        `"${args.command}"`,
        c.amount,
        c.cost,
        c.country,
        c.channel,
      ].join(','),
    )
    .join('\n')}\n`,
);
const RULE_SETS = [
  {
    name: 'quick start (3 rules)',
    file: path.join(ROOT, 'tests/fixtures/cli/quickstart.erdl.yaml'),
  },
  { name: 'generated (100 rules)', file: path.join(dir, 'rules-100.erdl.yaml') },
];
writeFileSync(path.join(dir, 'rules-100.erdl.yaml'), generateDocument(100));

/** Parse + evaluate + hash on this thread, as a worker does it, without output. */
function ceiling(rules: string, format: FactSetFormat = 'jsonl'): number {
  setHostSha256(nodeSha256);
  const document = compileDocument(readFileSync(rules)).document;
  if (!document) throw new Error(`${rules} does not load`);
  const evaluator = new Evaluator(document);
  const text = readFileSync(format === 'csv' ? csvFacts : facts, 'utf8');
  let best = Infinity;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const parser = createFactSetParser(format);
    let n = 0;
    const take = (cases: ReturnType<typeof parser.push>['cases']) => {
      for (const c of cases) {
        if (evaluator.evaluate(c.fact, { as_of: c.as_of ?? DEFAULT_AS_OF }).result_hash) n++;
      }
    };
    for (let at = 0; at < text.length; at += 256 * 1024)
      take(parser.push(text.slice(at, at + 256 * 1024)).cases);
    take(parser.end().cases);
    if (n !== FACTS) throw new Error(`${n} facts evaluated, not ${FACTS}`);
    best = Math.min(best, performance.now() - t0);
  }
  setHostSha256(null);
  return FACTS / (best / 1000);
}

function command(rules: string, workers: number, fields?: string, file = facts): number {
  let best = Infinity;
  for (let i = 0; i < RUNS; i++) best = Math.min(best, once(rules, workers, fields, file));
  return FACTS / (best / 1000);
}

/** Clock ticks per second of /proc's CPU times. */
const TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100;
  } catch {
    return 100;
  }
})();

/**
 * CPU seconds (user + system, every thread) of the child processes this one has waited for, from
 * /proc/self/stat (Linux); null where there is none.
 */
function childrenCpu(): number | null {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / TICKS;
  } catch {
    return null;
  }
}

/**
 * 1 worker and 2 workers on the same file, taken in turn (1, 2, 1, 2, …), so a change of the
 * machine's load during the run weighs on both alike: facts/s, the best of RUNS runs each; and
 * the least CPU a run of each took (every thread of the command: its main thread, workers, V8's
 * GC and compiler threads), where the system tells it. The load hardly changes it: on one worker
 * the threads besides it run on the other cores, on 2 workers on 2 cores they take the workers'
 * time, and 2 workers take at least their CPU ÷ cores.
 * Taken in the same turns where ONE_CORE runs: 1 worker held to one core with every other thread
 * of the command, what one core alone gives (`pinned`). On 2 cores, 1 worker unpinned already has
 * the second core for its main thread and V8's compiler and GC threads; 2 workers over `pinned`
 * is what the second core adds.
 */
function oneAndTwo(
  rules: string,
  file = facts,
): { rates: [number, number]; pinned: number | null; cpu: [number, number] | null } {
  const best = [Infinity, Infinity];
  const cpu = [Infinity, Infinity];
  let pinned = Infinity;
  for (let i = 0; i < RUNS; i++) {
    for (const w of [1, 2]) {
      const before = childrenCpu();
      best[w - 1] = Math.min(best[w - 1] as number, once(rules, w, undefined, file));
      const after = childrenCpu();
      if (before !== null && after !== null)
        cpu[w - 1] = Math.min(cpu[w - 1] as number, after - before);
    }
    if (ONE_CORE) pinned = Math.min(pinned, once(rules, 1, undefined, file, true));
  }
  return {
    rates: [FACTS / ((best[0] as number) / 1000), FACTS / ((best[1] as number) / 1000)],
    pinned: Number.isFinite(pinned) ? FACTS / (pinned / 1000) : null,
    cpu: Number.isFinite(cpu[0]) && Number.isFinite(cpu[1]) ? (cpu as [number, number]) : null,
  };
}

/** The pinned figure as printed and kept (oneAndTwo's `pinned`), beside 2 workers' rate. */
function pinnedFigures(pinned: number | null, two: number) {
  if (pinned === null) return null;
  const ratio = Math.round((two / pinned) * 100) / 100;
  return {
    row: { default_1_worker_one_core: Math.round(pinned), speedup_2_over_1_one_core: ratio },
    line: `  1 worker held to one core (taskset -c 0, every thread): ${k(pinned)}; 2 workers = ${ratio}× that`,
  };
}

/**
 * oneAndTwo's CPU figures as printed and kept: each run's, what the second worker adds, and the
 * most 2 workers can give over 1 on this machine's cores. A run takes at least its CPU ÷ cores of
 * wall clock, so 2 workers over 1 is at most cores × (1 worker's wall clock) ÷ (2 workers' CPU):
 * the ceiling at the CPU they took, and the one they would have if the second worker cost no CPU
 * at all (2 workers' CPU = 1 worker's). On 2 cores one worker's run already has the second core
 * for its main thread and V8's compiler and GC threads, so the second is below 2 by that much.
 * From the best wall clock and the least CPU of the runs, so approximate.
 */
function cpuFigures(cpu: [number, number] | null, one: number) {
  if (!cpu) return null;
  const [cpu1, cpu2] = cpu.map((c) => Math.round(c * 100) / 100) as [number, number];
  const more = Math.round((cpu[1] / cpu[0] - 1) * 100);
  const wall1 = FACTS / one;
  const atCpu = Math.round(((cores * wall1) / cpu[1]) * 100) / 100;
  const free = Math.round(((cores * wall1) / cpu[0]) * 100) / 100;
  return {
    row: {
      cpu_1_worker_s: cpu1,
      cpu_2_workers_s: cpu2,
      most_2_over_1_at_that_cpu: atCpu,
      most_2_over_1_if_second_worker_free: free,
    },
    lines: [
      `  CPU per run (every thread): 1 worker ${cpu1} s, 2 workers ${cpu2} s (+${more} %)`,
      `  the most 2 workers can give over 1 on ${cores} cores (${cores} × 1 worker's wall clock ÷ CPU): ${atCpu}× at 2 workers' CPU; ${free}× were the second worker to cost no CPU`,
    ],
  };
}

/**
 * `taskset -c 0` where it runs (Linux, util-linux): a command held to one core, every thread of
 * it; null elsewhere.
 */
const ONE_CORE: readonly string[] | null = (() => {
  try {
    execFileSync('taskset', ['-c', '0', process.execPath, '-e', '0'], { stdio: 'ignore' });
    return ['taskset', '-c', '0'];
  } catch {
    return null;
  }
})();

/**
 * One run of the command, its output to /dev/null: milliseconds, wall clock. `oneCore`: held to
 * one core (ONE_CORE), main thread and V8's threads included.
 */
function once(
  rules: string,
  workers: number,
  fields: string | undefined,
  file: string,
  oneCore = false,
): number {
  const [program, ...leading] =
    oneCore && ONE_CORE ? [...ONE_CORE, process.execPath] : [process.execPath];
  const t0 = performance.now();
  execFileSync(
    program as string,
    [
      ...leading,
      erdl,
      'eval',
      rules,
      '--facts',
      file,
      '--workers',
      String(workers),
      ...(fields ? ['--fields', fields] : []),
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  return performance.now() - t0;
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const k = (rate: number) => `${Math.round(rate / 1000)} k/s`;
const cores = availableParallelism();
const out: Record<string, unknown>[] = [];
const csvOnly = process.argv.includes('--csv');
for (const set of csvOnly ? [] : RULE_SETS) {
  const loadBefore = load();
  const top = ceiling(set.file);
  const {
    rates: [one, two],
    pinned,
    cpu,
  } = oneAndTwo(set.file);
  const narrow = command(set.file, 1, 'decision,matched_rules');
  const used = cpuFigures(cpu, one);
  const alone = pinnedFigures(pinned, two);
  const row = {
    rules: set.name,
    ceiling_facts_per_s: Math.round(top),
    default_1_worker: Math.round(one),
    default_1_worker_pct_of_ceiling: Math.round((one / top) * 100),
    default_2_workers: Math.round(two),
    speedup_2_over_1: Math.round((two / one) * 100) / 100,
    decision_matched_1_worker: Math.round(narrow),
    ...alone?.row,
    ...used?.row,
    load_average: `${loadBefore} → ${load()}`,
  };
  out.push(row);
  console.log(`\nerdl eval --facts: ${FACTS} facts × ${set.name}, ${cores} core(s)`);
  console.log(`  in-process ceiling (parse + evaluate + hash, 1 thread): ${k(top)}`);
  console.log(
    `  default output, 1 worker:  ${k(one)} = ${row.default_1_worker_pct_of_ceiling} % of the ceiling (goal ≥ 60 %)`,
  );
  console.log(
    `  default output, 2 workers: ${k(two)} = ${row.speedup_2_over_1}× 1 worker (goal ≥ 1.7× on a quiet machine; load average ${row.load_average})`,
  );
  if (alone) console.log(alone.line);
  if (used) for (const line of used.lines) console.log(line);
  console.log(`  --fields decision,matched_rules, 1 worker: ${k(narrow)}`);
}

// CSV over the quick start: the workers parse their parts of whole records.
{
  const rules = (RULE_SETS[0] as (typeof RULE_SETS)[number]).file;
  const loadBefore = load();
  const top = ceiling(rules, 'csv');
  const {
    rates: [one, two],
    pinned,
    cpu,
  } = oneAndTwo(rules, csvFacts);
  const used = cpuFigures(cpu, one);
  const alone = pinnedFigures(pinned, two);
  const row = {
    rules: `${(RULE_SETS[0] as (typeof RULE_SETS)[number]).name}, CSV`,
    ceiling_facts_per_s: Math.round(top),
    default_1_worker: Math.round(one),
    default_1_worker_pct_of_ceiling: Math.round((one / top) * 100),
    default_2_workers: Math.round(two),
    speedup_2_over_1: Math.round((two / one) * 100) / 100,
    ...alone?.row,
    ...used?.row,
    load_average: `${loadBefore} → ${load()}`,
  };
  out.push(row);
  console.log(`\nerdl eval --facts: ${FACTS} facts as CSV × ${row.rules}, ${cores} core(s)`);
  console.log(`  in-process ceiling (parse CSV + evaluate + hash, 1 thread): ${k(top)}`);
  console.log(
    `  default output, 1 worker:  ${k(one)} = ${row.default_1_worker_pct_of_ceiling} % of the ceiling`,
  );
  console.log(
    `  default output, 2 workers: ${k(two)} = ${row.speedup_2_over_1}× 1 worker (load average ${row.load_average})`,
  );
  if (alone) console.log(alone.line);
  if (used) for (const line of used.lines) console.log(line);
}
rmSync(dir, { recursive: true, force: true });

const results = new URL('./results/', import.meta.url);
mkdirSync(results, { recursive: true });
writeFileSync(
  new URL(csvOnly ? 'batch-csv-latest.json' : 'batch-latest.json', results),
  `${JSON.stringify({ date: new Date().toISOString().slice(0, 10), node: process.version, cores, facts: FACTS, runs: out }, null, 2)}\n`,
);
