import { describe, expect, it } from 'vitest';
import { generateDocument, generateFacts } from '../../bench/generate';
import { impactJob } from './impact-job';
import {
  countLines,
  impactParts,
  MIN_PART_CHARS,
  mergeImpactOutcomes,
  type PoolClient,
  poolSize,
  runImpactPool,
} from './impact-pool';
import type { ImpactOutcome, ImpactRequest } from './kernel-protocol';

const BEFORE = generateDocument(30, 2);
const AFTER = BEFORE.replace(/value: (\d+)\b/g, (_m, v: string) => `value: ${Number(v) * 2}`);
const LINES = generateFacts(4000, 3).map((f) => JSON.stringify(f));
// A bad row and a blank line in the middle: positions and names must be those of the whole file.
LINES.splice(2100, 0, '{"tool": ', '');
const FACTS = `${LINES.join('\n')}\n`;
const REQUEST: ImpactRequest = {
  op: 'impact',
  oldText: BEFORE,
  newText: AFTER,
  facts: FACTS,
  format: 'jsonl',
};

/** A client that runs each job in this thread, a batch at a time, as batch-worker.ts does. */
class InlineClient implements PoolClient {
  private readonly stop = new Set<string>();
  progressCalls = 0;
  async request(
    channel: string,
    request: ImpactRequest,
    _budget: undefined,
    onProgress: (done: number, total: number) => void,
  ) {
    const job = impactJob(request, () => 0);
    let step = job.next();
    while (!step.done) {
      onProgress(step.value.done, step.value.total);
      this.progressCalls++;
      await Promise.resolve();
      step = job.next(this.stop.has(channel));
    }
    return { status: 'done' as const, value: step.value };
  }
  cancel(channel: string): void {
    this.stop.add(channel);
  }
}

function whole(): ImpactOutcome {
  const job = impactJob(REQUEST, () => 0);
  let step = job.next();
  while (!step.done) step = job.next(false);
  return step.value;
}

const bytes = (o: ImpactOutcome) =>
  o.kind === 'result' ? JSON.stringify(o.report) : `not a result: ${o.kind}`;

describe('runImpactPool', () => {
  it('gives the single job’s report bytes with any number of workers', async () => {
    const min = Math.floor(FACTS.length / 5);
    const one = whole();
    if (one.kind !== 'result') throw new Error(one.kind);
    expect(one.report.changed).toBeGreaterThan(0);
    expect(one.problems.map((p) => p.line)).toEqual([2101]);
    for (const workers of [1, 2, 3, 4]) {
      const clients = Array.from({ length: workers }, () => new InlineClient());
      expect(impactParts(REQUEST, workers, min)).toHaveLength(workers);
      const out = await runImpactPool(clients, 'impact:t', REQUEST, undefined, min).outcome;
      if (out.status !== 'done') throw new Error(out.status);
      expect(bytes(out.value)).toBe(bytes(one));
      if (out.value.kind !== 'result') throw new Error(out.value.kind);
      expect(out.value.problems.map((p) => [p.line, p.column, p.code])).toEqual(
        one.problems.map((p) => [p.line, p.column, p.code]),
      );
      expect(out.value.cancelled).toBe(false);
    }
  });

  it('sums progress over the parts, in lines, up to the whole set', async () => {
    const clients = [new InlineClient(), new InlineClient()];
    const seen: [number, number][] = [];
    const run = runImpactPool(
      clients,
      'impact:p',
      REQUEST,
      (done, total) => seen.push([done, total]),
      1000,
    );
    await run.outcome;
    expect(clients.every((c) => c.progressCalls > 0)).toBe(true);
    expect(seen.every(([, total]) => total === countLines(FACTS))).toBe(true);
    const dones = seen.map(([done]) => done);
    expect(dones).toEqual([...dones].sort((a, b) => a - b));
    expect(dones.at(-1)).toBeLessThanOrEqual(countLines(FACTS));
  });

  it('stops every part when cancelled and says so', async () => {
    const clients = [new InlineClient(), new InlineClient(), new InlineClient()];
    const run = runImpactPool(clients, 'impact:c', REQUEST, undefined, 1000);
    run.cancel();
    const out = await run.outcome;
    if (out.status !== 'done' || out.value.kind !== 'result') throw new Error('no result');
    expect(out.value.cancelled).toBe(true);
    expect(out.value.report.total).toBeLessThan(4000);
  });

  it('keeps a small set, a CSV set and a suite in one job', () => {
    expect(impactParts(REQUEST, 4)).toHaveLength(Math.floor(FACTS.length / MIN_PART_CHARS));
    const small = { ...REQUEST, facts: LINES.slice(0, 50).join('\n') };
    expect(impactParts(small, 4)).toEqual([small]);
    const csv = { ...REQUEST, format: 'csv' as const };
    expect(impactParts(csv, 4)).toEqual([csv]);
  });
});

describe('mergeImpactOutcomes', () => {
  const diag = (line: number) => ({
    code: 'factset-json',
    severity: 'error' as const,
    message: { en: 'x', zh: 'x' },
    range: { start: 0, end: 1 },
    line,
    column: 1,
  });
  it('says the facts do not read only when no part read a fact', () => {
    const bad: ImpactOutcome = { kind: 'facts-invalid', problems: [diag(1)] };
    const bad2: ImpactOutcome = { kind: 'facts-invalid', problems: [diag(9)] };
    expect(mergeImpactOutcomes([bad, bad2])).toEqual({
      kind: 'facts-invalid',
      problems: [diag(1), diag(9)],
    });
    const one = whole();
    const merged = mergeImpactOutcomes([bad, one]);
    expect(merged.kind).toBe('result');
    expect(bytes(merged)).toBe(bytes(one));
  });
  it('names the version that does not load first', () => {
    const out = mergeImpactOutcomes([
      whole(),
      { kind: 'document-invalid', which: 'new', errors: 2 },
    ]);
    expect(out).toEqual({ kind: 'document-invalid', which: 'new', errors: 2 });
  });
});

describe('poolSize', () => {
  it('is the core count, at least 1 and at most 8', () => {
    expect(poolSize(undefined)).toBe(1);
    expect(poolSize(0)).toBe(1);
    expect(poolSize(2)).toBe(2);
    expect(poolSize(64)).toBe(8);
  });
});
