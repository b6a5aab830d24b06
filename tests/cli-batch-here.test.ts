/**
 * `erdl eval --facts FILE` on the command's own thread (src/cli/batch/in-process.ts): without
 * `--workers`, a regular file of at most one part (PART_CHARS bytes) — which one worker would take
 * whole, adding only its start-up — starts no worker, and prints what the workers print, byte for
 * byte; a larger file, standard input, or `--workers N` given uses workers as before.
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PART_CHARS } from '../src/cli/batch/prestart';
import { run } from '../src/cli/run';
import { workerCounts } from './batch-workers';
import { captureNodeIo, ROOT, spawnErdl } from './cli-support';

vi.mock('node:worker_threads', async (original) =>
  (await import('./batch-workers')).countedBatchWorkers(await original()),
);

const QUICKSTART = path.join(ROOT, 'tests/fixtures/cli/quickstart.erdl.yaml');
const odd = ['\u202Eevil', '\u009b2J', '\u001b[1A', '😀', '中文', '\uFEFFmark', 'é'];
const fact = (i: number) =>
  i % 97 === 5
    ? '{oops'
    : JSON.stringify({
        tool: { name: i % 3 ? 'issue_refund' : 'send_email', args: { amount: i * 7 } },
        context: { note: odd[i % odd.length] },
      });

let dir: string;
let small: string;
let large: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'erdl-here-'));
  small = path.join(dir, 'small.jsonl');
  writeFileSync(small, `${Array.from({ length: 500 }, (_, i) => fact(i)).join('\n')}\n`);
  large = path.join(dir, 'large.jsonl');
  writeFileSync(large, `${Array.from({ length: 6000 }, (_, i) => fact(i)).join('\n')}\n`);
  expect(statSync(small).size).toBeLessThanOrEqual(PART_CHARS);
  expect(statSync(large).size).toBeGreaterThan(PART_CHARS);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The in-process command's exit, lines, and the worker threads it started. */
async function evaluate(args: string[]) {
  const io = captureNodeIo();
  const before = workerCounts.started;
  const code = await run(['eval', QUICKSTART, ...args], io);
  return { code, stdout: io.stdout, stderr: io.stderr, workers: workerCounts.started - before };
}

describe('erdl eval --facts: a file of one part on the command’s own thread', () => {
  it('starts no worker, and prints what one worker prints', async () => {
    const here = await evaluate(['--facts', small]);
    const worker = await evaluate(['--facts', small, '--workers', '1']);
    expect(here.workers).toBe(0);
    expect(worker.workers).toBe(1);
    expect(here.code).toBe(2); // the `{oops` records
    expect(here.stdout).toHaveLength(500);
    expect(here).toEqual({ ...worker, workers: 0 });
  });

  it('a larger file, or --workers given, uses workers as before', async () => {
    expect((await evaluate(['--facts', large])).workers).toBeGreaterThan(0);
    expect((await evaluate(['--facts', small, '--workers', '2'])).workers).toBe(2);
  });

  it('the real command prints the same bytes on its own thread as on workers', async () => {
    const spawned = (extra: string[]) =>
      spawnErdl(['eval', QUICKSTART, '--facts', small, ...extra]);
    const [here, workers] = await Promise.all([spawned([]), spawned(['--workers', '2'])]);
    expect(here.code).toBe(2);
    expect(here.stdout.toString('utf8').split('\n')).toHaveLength(501);
    expect(here.stdout.equals(workers.stdout)).toBe(true);
    expect(here).toEqual(workers);
  }, 90_000);
});
