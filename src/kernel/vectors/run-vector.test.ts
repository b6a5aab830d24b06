// The V-ENGINE runner itself: it must fail loudly on wrong expectations and malformed vectors,
// never pass vacuously and never throw.
import { describe, expect, it } from 'vitest';
import { runVector, type VectorOutcome } from './run-vector';

/** A runner's reasons in one language. */
const reasons = (out: VectorOutcome, lang: 'en' | 'zh' = 'en') => out.failures.map((f) => f[lang]);

const document = [
  'protocol: "erdl/v2"',
  'version: "2.1.0"',
  'metadata:',
  '  name: "v"',
  '  decision: ALLOW',
  'rules:',
  '  - name: "RUN-001-rate"',
  '    description: "d"',
  '    priority: 1',
  '    when:',
  '      logic: AND',
  '      conditions:',
  '        - {field: "tool.name", operator: eq, value: "x", rate: "1/1h"}',
  '    then: DENY',
  '    message: "m"',
  '',
].join('\n');
const fact = { tool: { name: 'x' } };

describe('runVector', () => {
  it('passes a correct single-step vector', () => {
    const out = runVector({
      document,
      fact,
      as_of: '2026-09-03T00:00:00Z',
      expect: { decision: 'ALLOW', statuses: { 'RUN-001-rate': 'false' } },
    });
    expect(out).toEqual({ passed: true, failures: [] });
  });

  it('threads temporal_state through steps', () => {
    const step = (as_of: string, decision: string) => ({ fact, as_of, expect: { decision } });
    const out = runVector({
      document,
      steps: [step('2026-09-03T10:00:00Z', 'ALLOW'), step('2026-09-03T10:30:00Z', 'DENY')],
    });
    expect(out).toEqual({ passed: true, failures: [] });
  });

  it('reports every mismatch with the step', () => {
    const out = runVector({
      document,
      steps: [
        { fact, as_of: '2026-09-03T10:00:00Z', expect: { decision: 'DENY', total_matched: 1 } },
      ],
    });
    expect(out.passed).toBe(false);
    expect(reasons(out)).toEqual([
      'decision: expected "DENY", got "ALLOW"',
      'total_matched: expected 1, got 0',
    ]);
    expect(reasons(out, 'zh')).toEqual([
      'decision：预期“DENY”，实际“ALLOW”',
      'total_matched：预期 1，实际 0',
    ]);
  });

  it('refuses unknown expect fields instead of ignoring them', () => {
    const out = runVector({
      document,
      fact,
      as_of: '2026-09-03T00:00:00Z',
      expect: { decison: 'ALLOW' },
    });
    expect(reasons(out)).toEqual(['unknown expect field "decison"']);
    expect(reasons(out, 'zh')).toEqual(['expect 含有未知字段“decison”']);
  });

  it('checks expect_error', () => {
    const out = runVector({ document, expect_error: 'ERDL-E212' });
    expect(reasons(out)).toEqual(['expected load error ERDL-E212, got no errors']);
    expect(reasons(out, 'zh')).toEqual(['预期加载错误 ERDL-E212，实际没有错误']);
  });

  it('checks expect_hashes', () => {
    const out = runVector({
      document,
      expect_hashes: { 'RUN-001-rate': `sha256:${'0'.repeat(64)}` },
    });
    expect(out.passed).toBe(false);
    expect(reasons(out)[0]).toMatch(/^hash of RUN-001-rate: expected sha256:0{64}, got sha256:/);
    expect(reasons(out, 'zh')[0]).toMatch(/^RUN-001-rate 的哈希：预期 sha256:0{64}，实际 sha256:/);
  });

  it('reports malformed vectors and states, never throws', () => {
    expect(runVector(null).passed).toBe(false);
    expect(reasons(runVector({ fact }))).toEqual([
      '`document` (the rule document text) is required',
    ]);
    expect(
      reasons(
        runVector({ document, temporal_state: { version: 2 }, fact, as_of: 'x', expect: {} }),
      ),
    ).toEqual(['temporal_state.version must be 1']);
    expect(runVector({ document: 'protocol: [', fact, expect: {} }).passed).toBe(false);
  });
});
