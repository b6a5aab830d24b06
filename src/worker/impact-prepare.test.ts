import { describe, expect, it } from 'vitest';
import { generateDocument, generateFacts } from '../../bench/generate';
import { forgetReadAhead, impactJob, impactPrepareJob } from './impact-job';
import { impactParts, type PrepareClient, prepareImpactPool } from './impact-pool';
import type { ImpactOutcome, ImpactPrepareRequest, ImpactRequest } from './kernel-protocol';

const BEFORE = generateDocument(30, 2);
const AFTER = BEFORE.replace(/value: (\d+)\b/g, (_m, v: string) => `value: ${Number(v) * 2}`);
const LINES = generateFacts(600, 5).map((f) => JSON.stringify(f));
// A bad row and a blank line in the middle, a bad row near the end, no final line break.
LINES.splice(300, 0, '{"tool": ', '');
LINES.splice(590, 0, '[1, 2]');
const JSONL: ImpactRequest = {
  op: 'impact',
  oldText: BEFORE,
  newText: AFTER,
  facts: LINES.join('\n'),
  format: 'jsonl',
};
const CSV: ImpactRequest = {
  ...JSONL,
  facts: `tool.name,context.amount\n${Array.from({ length: 700 }, (_, i) => `t${i % 7},${i}`).join('\n')}\nx,"open\n`,
  format: 'csv',
};
const prepareOf = ({ op: _op, ...rest }: ImpactRequest): ImpactPrepareRequest => ({
  ...rest,
  op: 'impactPrepare',
});

/** A run to its end (or asked to stop after `stopAfter` steps), with the progress it reported. */
function run(request: ImpactRequest, stopAfter = Number.POSITIVE_INFINITY) {
  const job = impactJob(request, () => 0);
  const progress: [number, number][] = [];
  let step = job.next();
  while (!step.done) {
    progress.push([step.value.done, step.value.total]);
    step = job.next(progress.length >= stopAfter);
  }
  return { outcome: step.value, progress };
}

/** Everything a run shows but its time. */
const shown = (r: { outcome: ImpactOutcome; progress: [number, number][] }) =>
  JSON.stringify({ ...r, outcome: { ...r.outcome, elapsedMs: 0 } });

/** Read-ahead run for `steps` steps (all when not given): as a run taking over would stop it. */
function prepare(request: ImpactRequest, steps = Number.POSITIVE_INFINITY): number | null {
  const job = impactPrepareJob(prepareOf(request));
  let step = job.next();
  for (let i = 1; !step.done; i++) {
    if (i >= steps) return null;
    step = job.next();
  }
  return step.value.facts;
}

describe('impact read-ahead (impactPrepareJob)', () => {
  for (const request of [JSONL, CSV])
    it(`gives the run the outcome and progress of a worker that read nothing ahead (${request.format})`, () => {
      forgetReadAhead();
      const cold = run(request);
      if (cold.outcome.kind !== 'result') throw new Error(cold.outcome.kind);
      expect(cold.outcome.problems.length).toBeGreaterThan(0);
      const stopped = run(request, 1);
      expect(stopped.outcome.kind === 'result' && stopped.outcome.cancelled).toBe(true);

      // Read wholly ahead: the same facts as the run reads, then the same run, twice.
      forgetReadAhead();
      expect(prepare(request)).toBe(cold.outcome.report.total);
      expect(shown(run(request))).toBe(shown(cold));
      expect(shown(run(request))).toBe(shown(cold));
      expect(shown(run(request, 1))).toBe(shown(stopped));

      // Read partly ahead (a run took over), or after a run was stopped: the run reads on.
      for (const steps of [2, 3]) {
        forgetReadAhead();
        expect(prepare(request, steps)).toBeNull();
        expect(shown(run(request))).toBe(shown(cold));
      }
      forgetReadAhead();
      expect(shown(run(request, 1))).toBe(shown(stopped));
      expect(shown(run(request))).toBe(shown(cold));
      expect(prepare(request)).toBe(cold.outcome.report.total);
    });

  it('reads another part, a changed text or another format afresh', () => {
    forgetReadAhead();
    const part = { ...JSONL, facts: LINES.slice(0, 300).join('\n'), part: { offset: 9, line: 4 } };
    const coldPart = shown(run(part));
    const coldWhole = shown(run({ ...JSONL, facts: LINES.slice(0, 300).join('\n') }));
    expect(coldPart).not.toBe(coldWhole);
    prepare(part);
    expect(shown(run({ ...JSONL, facts: LINES.slice(0, 300).join('\n') }))).toBe(coldWhole);
    prepare(part);
    expect(shown(run(part))).toBe(coldPart);
    const edited = { ...part, facts: `${part.facts.slice(0, -1)}9` };
    expect(shown(run(edited))).not.toBe(coldPart);
  });

  it('compiles only for a suite, and reads nothing ahead for it', () => {
    expect(prepare({ ...JSONL, facts: 'cases: []', format: 'suite' })).toBe(0);
  });
});

describe('prepareImpactPool', () => {
  it('sends each worker the part its run will get, on a channel of its own', async () => {
    const min = Math.floor(JSONL.facts.length / 3);
    const sent: [string, ImpactPrepareRequest][] = [];
    const client: PrepareClient = {
      request: async (channel, request) => {
        sent.push([channel, request]);
        return { status: 'done', value: { facts: 1 } };
      },
    };
    const read = await prepareImpactPool([client, client, client], 'prep', JSONL, JSONL, min);
    expect(read).toBe(3);
    expect(sent.map(([c]) => c)).toEqual(['prep#0', 'prep#1', 'prep#2']);
    expect(sent.map(([, r]) => r)).toEqual(impactParts(JSONL, 3, min).map(prepareOf));
    // No part for a worker (a suite), or no facts chosen yet: it compiles both versions only.
    const compileOnly = prepareOf({ ...JSONL, facts: '', format: 'suite' });
    sent.length = 0;
    await prepareImpactPool([client, client], 'prep', JSONL, {
      facts: 'cases: []',
      format: 'suite',
    });
    expect(sent.map(([c, r]) => [c, r])).toEqual([
      ['prep#0', prepareOf({ ...JSONL, facts: 'cases: []', format: 'suite' })],
      ['prep#1', compileOnly],
    ]);
    sent.length = 0;
    await prepareImpactPool([client, client], 'prep', JSONL, null);
    expect(sent.map(([, r]) => r)).toEqual([compileOnly, compileOnly]);
  });
});
