import { describe, expect, it } from 'vitest';
import { compileDocument, DEFAULT_SUITE_AS_OF, Evaluator, parseSuite } from '../kernel';
import { impactParts, mergeImpactOutcomes } from './impact-pool';
import { AML, EDITED, runAll, SUITE } from './job-test-support';
import type { ImpactOutcome, ImpactRequest } from './kernel-protocol';
import { KernelService } from './kernel-service';

/** The direct kernel evaluation with tracing of `fact` in `text` at `asOf`. */
function direct(text: string, fact: unknown, asOf: string) {
  const doc = compileDocument(text).document;
  if (!doc) throw new Error('does not compile');
  return new Evaluator(doc).evaluate(fact, { as_of: asOf, trace: true });
}

/** Each sample of the run's report with both its traces, asked of a fresh service. */
function tracesOfSamples(request: ImpactRequest, out: ImpactOutcome) {
  if (out.kind !== 'result') throw new Error(out.kind);
  const samples = out.report.transitions.flatMap((t) => t.samples);
  expect(samples.length).toBeGreaterThan(0);
  const service = new KernelService(() => 0);
  return samples.map((s) => {
    const traces = service.impactTraces({
      ...request,
      op: 'impactTraces',
      index: s.index,
      name: s.name,
      dictionary: '',
    });
    if (traces.kind !== 'traces') throw new Error(traces.kind);
    return [s, traces] as const;
  });
}

describe('impactTraces (both traces of an impact sample, on demand)', () => {
  it('over a suite: each sample’s traces equal a direct evaluation with tracing in each version', () => {
    const request: ImpactRequest = {
      op: 'impact',
      oldText: AML,
      newText: EDITED,
      facts: SUITE,
      format: 'suite',
    };
    const out = runAll(request);
    if (out.kind !== 'result') throw new Error(out.kind);
    const suite = parseSuite(SUITE).suite;
    if (!suite) throw new Error('suite');
    for (const [s, traces] of tracesOfSamples(request, out)) {
      const c = suite.cases[s.index];
      if (!c) throw new Error('case');
      expect(traces.asOf).toBe(c.as_of ?? suite.as_of ?? DEFAULT_SUITE_AS_OF);
      if (traces.old.kind !== 'result' || traces.new.kind !== 'result') throw new Error('kind');
      expect(traces.old.result).toEqual(direct(AML, c.fact, traces.asOf));
      expect(traces.new.result).toEqual(direct(EDITED, c.fact, traces.asOf));
      // The traces agree with what the run reported for the sample.
      expect(traces.old.result.decision).toBe(s.old.decision);
      expect(traces.new.result.decision).toBe(s.new.decision);
      expect(traces.old.result.matched_rules).toEqual(s.old.matched_rules);
      expect(traces.new.result.matched_rules).toEqual(s.new.matched_rules);
      expect(traces.new.result.eval_trace.length).toBeGreaterThan(0);
    }
  });

  it('over JSON Lines split into parts: finds the merged index’s fact in the whole text', () => {
    const lines = Array.from({ length: 3000 }, (_, i) =>
      JSON.stringify({ context: { amount: (i * 37) % 20000, country: 'IR', channel: 'wire' } }),
    );
    // A bad row: the index counts facts read, not lines.
    lines.splice(5, 0, '{not json');
    const facts = `${lines.join('\n')}\n`;
    const request: ImpactRequest = {
      op: 'impact',
      oldText: AML,
      newText: EDITED,
      facts,
      format: 'jsonl',
    };
    const parts = impactParts(request, 3, 1000);
    expect(parts.length).toBe(3);
    const out = mergeImpactOutcomes(parts.map(runAll));
    if (out.kind !== 'result') throw new Error(out.kind);
    for (const [s, traces] of tracesOfSamples(request, out)) {
      if (traces.old.kind !== 'result' || traces.new.kind !== 'result') throw new Error('kind');
      expect(traces.old.result).toEqual(direct(AML, s.fact, traces.asOf));
      expect(traces.new.result).toEqual(direct(EDITED, s.fact, traces.asOf));
      expect(traces.new.result.decision).toBe(s.new.decision);
    }
  });

  it('fails closed when the facts are not the ones the run read', () => {
    const service = new KernelService(() => 0);
    const base = {
      op: 'impactTraces' as const,
      oldText: AML,
      newText: EDITED,
      format: 'suite' as const,
      dictionary: '',
    };
    expect(service.impactTraces({ ...base, facts: SUITE, index: 999, name: 'x' })).toEqual({
      kind: 'not-found',
    });
    expect(service.impactTraces({ ...base, facts: SUITE, index: 0, name: 'not its name' })).toEqual(
      { kind: 'not-found' },
    );
  });
});
