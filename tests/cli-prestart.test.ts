/**
 * `erdl eval RULES --facts FILE` starts its batch workers before it loads the rest of itself
 * (src/cli/batch/prestart.ts, from src/cli/main.ts): which arguments start how many, that the verb
 * adopts exactly those (no second set), that workers the verb does not use are ended, and that
 * the guess reads eval's options as the verb does.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  batchWorkersOf,
  defaultWorkers,
  EVAL_FLAGS,
  endPrestarted,
  PART_CHARS,
  prestartWorkers,
} from '../src/cli/batch/prestart';
import { run } from '../src/cli/run';
import { evalVerb } from '../src/cli/verbs/eval';
import { workerCounts as counts } from './batch-workers';
import { captureNodeIo, ROOT, spawnErdl } from './cli-support';

vi.mock('node:worker_threads', async (original) =>
  (await import('./batch-workers')).countedBatchWorkers(await original()),
);

const QUICKSTART = path.join(ROOT, 'tests/fixtures/cli/quickstart.erdl.yaml');
const fact = (i: number) =>
  JSON.stringify({ tool: { name: i % 3 ? 'issue_refund' : 'send_email', args: { amount: i } } });

let dir: string;
let large: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'erdl-prestart-'));
  large = path.join(dir, 'large.jsonl');
  writeFileSync(large, `${Array.from({ length: 8000 }, (_, i) => fact(i)).join('\n')}\n`);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const until = async (done: () => boolean) => {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe('which arguments start workers first (batchWorkersOf)', () => {
  const big = () => PART_CHARS + 1;
  const small = () => PART_CHARS;
  const cores = defaultWorkers();
  const cases: [string, string[], () => number, number][] = [
    ['a large file: one per core', ['eval', 'r.yaml', '--facts', 'f.jsonl'], big, cores],
    ['a file of one part: none', ['eval', 'r.yaml', '--facts', 'f.jsonl'], small, 0],
    ['--workers N: N', ['eval', 'r.yaml', '--facts', 'f.jsonl', '--workers', '3'], small, 3],
    ['--workers=N and --facts=F', ['eval', 'r.yaml', '--facts=f.csv', '--workers=2'], small, 2],
    ['after --lang', ['--lang', 'zh', '--lang=en', 'eval', 'r', '--facts', 'f.jsonl'], big, cores],
    ['standard input: none', ['eval', 'r.yaml', '--facts', '-', '--workers', '2'], big, 0],
    ['--explain: none', ['eval', 'r', 'x.json', '--facts', 'f.jsonl', '--explain'], big, 0],
    ['an unknown format: none', ['eval', 'r.yaml', '--facts', 'f.txt'], big, 0],
    ['--format csv of any name', ['eval', 'r', '--facts', 'f.txt', '--format', 'csv'], big, cores],
    ['a bad --workers: none', ['eval', 'r.yaml', '--facts', 'f.jsonl', '--workers', '0'], big, 0],
    ['--workers 64: 64', ['eval', 'r.yaml', '--facts', 'f.jsonl', '--workers', '64'], small, 64],
    ['over 64 workers: none', ['eval', 'r.yaml', '--facts', 'f.jsonl', '--workers', '65'], big, 0],
    ['an option twice: none', ['eval', 'r', '--facts', 'a.jsonl', '--facts', 'b.jsonl'], big, 0],
    ['after --: not options', ['eval', 'r.yaml', '--', '--facts', 'f.jsonl'], big, 0],
    ['another verb: none', ['check', 'r.yaml', '--facts', 'f.jsonl'], big, 0],
    ['--version: none', ['--version', 'eval', 'r', '--facts', 'f.jsonl'], big, 0],
    ['--explain= with a value', ['eval', 'r', '--explain=true', '--facts', 'f.jsonl'], big, 0],
  ];
  for (const [name, argv, sizeOf, expected] of cases)
    it(name, () => expect(batchWorkersOf(argv, sizeOf)).toBe(expected));

  it('knows which of eval’s options take no value, as the verb declares them', () => {
    const flags = (evalVerb.options ?? []).filter((o) => o.flag).map((o) => o.name);
    expect(new Set(flags)).toEqual(EVAL_FLAGS);
  });
});

describe('the verb adopts the workers started first', () => {
  it('starts no second set: the 2 started before the command are the 2 it evaluates on', async () => {
    const argv = ['eval', QUICKSTART, '--facts', large, '--workers', '2'];
    const before = { ...counts };
    prestartWorkers(argv);
    expect(counts.started - before.started).toBe(2);
    const io = captureNodeIo();
    const code = await run(argv, io);
    expect(code).toBe(0);
    expect(io.stdout).toHaveLength(8000);
    expect(counts.started - before.started).toBe(2);
    // The batch ends its workers when it is done.
    await until(() => counts.ended - before.ended === 2);

    // The same output as workers started by the verb itself.
    const plain = captureNodeIo();
    expect(await run(argv, plain)).toBe(0);
    expect(plain.stdout).toEqual(io.stdout);
  }, 60_000);

  it('ends the workers a refused command did not use', async () => {
    const argv = ['eval', QUICKSTART, '--facts', large, '--workers', '2', '--fields', 'bogus'];
    const before = { ...counts };
    prestartWorkers(argv);
    const io = captureNodeIo();
    expect(await run(argv, io)).toBe(2);
    expect(io.stderr.join('\n')).toContain('unknown field');
    endPrestarted();
    await until(() => counts.ended - before.ended === 2);
    expect(counts.started - before.started).toBe(2);
  }, 60_000);

  it('the real command: the same bytes with workers started first, and a refusal exits at once', async () => {
    const spawned = (extra: string[]) =>
      spawnErdl(['eval', QUICKSTART, '--facts', large, ...extra]);
    const [one, two, refused] = await Promise.all([
      spawned(['--workers', '1']),
      spawned(['--workers', '2']),
      spawned(['--workers', '2', '--format', 'xml']),
    ]);
    expect(one.code).toBe(0);
    expect(one.stdout.toString('utf8').split('\n')).toHaveLength(8001);
    expect(two).toEqual(one);
    // Refused, its prestarted workers keep no process alive: it exits (the timeout would kill it).
    expect(refused.code).toBe(2);
    expect(refused.stdout.length).toBe(0);
  }, 90_000);
});
