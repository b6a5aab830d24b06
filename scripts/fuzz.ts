/**
 * `npm run fuzz -- [--runs N] [--seed S] [files…]`: runs every fast-check property in tests/fuzz
 * with N runs each (FUZZ_RUNS; default 10,000), prints one line per property and a total, and
 * exits 1 on any failure after printing its seed and counterexample (fast-check's report). Replay
 * a failure with `npm run fuzz -- --runs N --seed S tests/fuzz/<file>`. The properties are plain
 * vitest files (the same ones `npm test` runs with a small count), so this runs vitest.
 *
 * Every run of 10,000 runs or more appends one line per file to bench/results/fuzz.jsonl (date,
 * commit, runs, seed, file, properties passed / failed, seconds), so long runs — which may be
 * split by file across machines or days — are kept like the benchmark figures.
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface Assertion {
  readonly fullName: string;
  readonly status: string;
  readonly duration?: number | null;
  readonly failureMessages: readonly string[];
}
interface Report {
  readonly testResults: readonly {
    readonly name: string;
    readonly message?: string;
    readonly assertionResults: readonly Assertion[];
  }[];
}

function usage(problem: string): never {
  console.error(
    `fuzz: ${problem}\nusage: npm run fuzz -- [--runs N] [--seed S] [tests/fuzz/<file>…]`,
  );
  process.exit(2);
}

const args = process.argv.slice(2);
let runs = 10_000;
let seed: string | undefined;
const files: string[] = [];
for (let i = 0; i < args.length; i++) {
  const a = args[i] as string;
  if (a === '--runs' || a === '--seed') {
    const value = args[++i];
    if (value === undefined || !/^\d+$/.test(value)) usage(`${a} needs a whole number`);
    if (a === '--runs') runs = Number(value);
    else seed = value;
  } else if (a.startsWith('-')) usage(`unknown option ${a}`);
  else files.push(a);
}
if (runs < 1) usage('--runs must be at least 1');

const dir = mkdtempSync(join(tmpdir(), 'erdl-fuzz-'));
const out = join(dir, 'report.json');
const started = performance.now();
console.log(`fuzz: ${runs} runs per property${seed ? `, seed ${seed}` : ''}`);
const child = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    ...(files.length > 0 ? files : ['tests/fuzz']),
    '--reporter=json',
    `--outputFile=${out}`,
  ],
  {
    env: { ...process.env, FUZZ_RUNS: String(runs), ...(seed ? { FUZZ_SEED: seed } : {}) },
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);
const seconds = (performance.now() - started) / 1000;

let report: Report;
try {
  report = JSON.parse(readFileSync(out, 'utf8')) as Report;
} catch {
  console.error(`fuzz: vitest produced no report (exit ${child.status}); see the output above`);
  process.exit(1);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

/** Long runs are recorded (short ones are what `npm test` does anyway). */
const RECORD_FROM_RUNS = 10_000;
const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], {
  encoding: 'utf8',
}).stdout.trim();
const dirty = spawnSync('git', ['status', '--porcelain', '--', 'src', 'tests'], {
  encoding: 'utf8',
}).stdout.trim();

let passed = 0;
const failures: Assertion[] = [];
for (const file of report.testResults) {
  const name = file.name.replace(`${process.cwd()}/`, '');
  if (runs >= RECORD_FROM_RUNS) {
    const ok = file.assertionResults.filter((t) => t.status === 'passed').length;
    const record = {
      date: new Date().toISOString(),
      commit: dirty ? `${commit}+changes` : commit,
      runs,
      seed: seed ?? 'per property',
      file: name,
      passed: ok,
      failed: file.assertionResults.length - ok + (file.assertionResults.length === 0 ? 1 : 0),
      seconds: Math.round(
        file.assertionResults.reduce((sum, t) => sum + (t.duration ?? 0), 0) / 1000,
      ),
    };
    appendFileSync(
      new URL('../bench/results/fuzz.jsonl', import.meta.url),
      `${JSON.stringify(record)}\n`,
    );
  }
  if (file.assertionResults.length === 0 && file.message) {
    failures.push({ fullName: name, status: 'failed', failureMessages: [file.message] });
    console.log(`FAIL  ${name} (did not run)`);
  }
  for (const t of file.assertionResults) {
    const ms = t.duration == null ? '' : ` ${(t.duration / 1000).toFixed(1)}s`;
    console.log(`${t.status === 'passed' ? 'ok  ' : 'FAIL'}  ${name} › ${t.fullName}${ms}`);
    if (t.status === 'passed') passed++;
    else failures.push({ ...t, fullName: `${name} › ${t.fullName}` });
  }
}
for (const f of failures) {
  console.log(`\n--- ${f.fullName}`);
  // fast-check's message carries the seed, the path and the shrunk counterexample.
  for (const m of f.failureMessages) console.log(m.split('\n').slice(0, 40).join('\n'));
}
console.log(
  `\nfuzz: ${passed} passed, ${failures.length} failed, ${runs} runs each, ${seconds.toFixed(0)} s`,
);
process.exit(failures.length > 0 || child.status !== 0 ? 1 : 0);
