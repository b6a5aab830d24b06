/**
 * The batch workers' pool (src/cli/batch/run-batch.ts, issue #41 point 4): workers started with the
 * rules only (before the rest of `erdl eval`'s setup is known) and configured before their first part give
 * the in-process output part for part; each worker holds the part it evaluates and the next one,
 * so it never waits for the main thread between parts; and `erdl eval --facts`, whose workers start
 * before the rules are known to load and tell whether they do, stops them when they do not (or when
 * --state cannot be read), and answers as before.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { evaluatePart, type LinesJob } from '../src/cli/batch/evaluate-lines';
import { RESULT_FIELDS } from '../src/cli/batch/fields';
import { type Pool, startWorkers } from '../src/cli/batch/run-batch';
import { run } from '../src/cli/run';
import { QUICKSTART, quickStart } from './batch-support';
import { captureNodeIo, ROOT } from './cli-support';

// The batch workers start from lib/ when it is up to date (tests/batch-workers.ts).
vi.mock('node:worker_threads', async (original) =>
  (await import('./batch-workers')).builtBatchWorkers(await original()),
);

const setup = { asOf: '2026-01-01T00:00:00.000Z', fields: [...RESULT_FIELDS] };
const FACT = (amount: number) =>
  JSON.stringify({ tool: { name: 'issue_refund', args: { amount } }, context: {} });
/** Six parts of three lines each (one not a fact), numbered as in one file. */
const PARTS = Array.from({ length: 6 }, (_, p) =>
  [FACT(p * 1000), '{"tool": ', FACT(p * 1000 + 6000)].map((l) => `${l}\n`).join(''),
);
const job = (seq: number, bytesOut: boolean): LinesJob => ({
  kind: 'lines',
  seq,
  text: new TextEncoder().encode(PARTS[seq]),
  line: 1 + 3 * seq,
  bytesOut,
});

let pool: Pool;
let dir: string;
let facts: string;
beforeAll(() => {
  pool = startWorkers({ rules: quickStart().rules }, 2);
  dir = mkdtempSync(path.join(tmpdir(), 'erdl-batch-pool-'));
  facts = path.join(dir, 'facts.jsonl');
  writeFileSync(facts, Array.from({ length: 40 }, (_, i) => `${FACT(i * 250)}\n`).join(''));
});
afterAll(async () => {
  await pool.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the batch pool', () => {
  it('configured after it starts, every worker holding two parts: the in-process output', async () => {
    pool.configure({ rules: quickStart().rules, ...setup });
    const replies = PARTS.map((_, seq) => pool.run(job(seq, seq % 2 === 0)));
    // Two parts posted to each worker at once; the other two wait for room.
    expect(pool.held).toEqual([2, 2]);
    const { evaluator, rules } = quickStart();
    for (const [seq, reply] of (await Promise.all(replies)).entries()) {
      const expected = evaluatePart(evaluator, { rules, ...setup }, job(seq, false));
      expect(reply.seq).toBe(seq);
      expect(reply.rejected).toBe(1);
      const out = reply.bytes ? new TextDecoder().decode(reply.bytes) : `${reply.out}\n`;
      expect(out).toBe(`${expected.out}\n`);
    }
    expect(pool.held).toEqual([0, 0]);
  });
});

describe('erdl eval --facts starts its workers before the rules are compiled', () => {
  it('learns from them whether the rules load (they compile them; the command does not again)', async () => {
    expect(await pool.rulesLoad).toBe(true);
    const brokenRules = readFileSync(path.join(ROOT, 'tests/fixtures/cli/broken.erdl.yaml'));
    const broken = startWorkers({ rules: brokenRules }, 2);
    try {
      expect(await broken.rulesLoad).toBe(false);
    } finally {
      await broken.close();
    }
  });

  it('stops them when the rules do not load or --state cannot be read, and answers as before', async () => {
    const broken = captureNodeIo();
    const brokenRules = path.join(ROOT, 'tests/fixtures/cli/broken.erdl.yaml');
    expect(await run(['eval', brokenRules, '--facts', facts, '--workers', '2'], broken)).toBe(1);
    expect(broken.stdout).toEqual([]);
    expect(broken.stderr.join('\n')).toContain('greater_than');
    const noState = captureNodeIo();
    const args = ['eval', QUICKSTART, '--facts', facts, '--state', path.join(ROOT, 'no-such')];
    expect(await run(args, noState)).toBe(2);
    expect(noState.stdout).toEqual([]);
    expect(noState.stderr.join('\n')).toContain('no-such');
  });

  it('evaluates the facts with them', async () => {
    const io = captureNodeIo();
    expect(await run(['eval', QUICKSTART, '--facts', facts, '--workers', '2'], io)).toBe(0);
    const decisions = io.stdout.map((l) => JSON.parse(l).decision);
    // Refunds over 5000 (i × 250 for i > 20) need a human: the quick start's one rule.
    expect(decisions).toEqual(
      Array.from({ length: 40 }, (_, i) => (i > 20 ? 'REQUEST_HUMAN' : 'ALLOW')),
    );
  });
});
