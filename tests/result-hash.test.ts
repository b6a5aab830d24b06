import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileDocument, Evaluator } from '../src/kernel';

/** docs/canonical-form.md §11: a third party recomputes result_hash from its documented preimage. */
const doc = readFileSync(new URL('../docs/canonical-form.md', import.meta.url), 'utf8');
const rules = readFileSync(new URL('./fixtures/cli/quickstart.erdl.yaml', import.meta.url), 'utf8');

describe('result hash (docs/canonical-form.md §11)', () => {
  const compiled = compileDocument(rules);
  const evaluator = new Evaluator(compiled.document!);
  const fact = { tool: { name: 'issue_refund', args: { amount: 8000 } } };

  it('equals sha256 of the documented preimage, computed without the kernel', () => {
    const result = evaluator.evaluate(fact, { as_of: '2026-09-03T00:00:00Z' });
    const preimage = JSON.stringify({
      as_of: '2026-09-03T00:00:00.000Z',
      decision: result.decision,
      fact: { tool: { args: { amount: 8000 }, name: 'issue_refund' } },
      matched_rules: result.matched_rules,
      ruleset_hash: result.ruleset_hash,
      temporal_state: { version: 1, windows: {} },
    });
    const hash = `sha256:${createHash('sha256').update(preimage, 'utf8').digest('hex')}`;
    expect(result.result_hash).toBe(hash);
    expect(doc).toContain(preimage);
    expect(doc).toContain(hash);
  });

  it('does not depend on key order, date spelling or NFC form of the fact', () => {
    const a = evaluator.evaluate(fact, { as_of: '2026-09-03' });
    const b = evaluator.evaluate(
      { tool: { args: { amount: 8000 }, name: 'issue_refund' } },
      { as_of: '2026-09-03T00:00:00.000Z' },
    );
    expect(a.result_hash).toBe(b.result_hash);
    const c = evaluator.evaluate({ ...fact, context: { who: 'e\u0301' } }, { as_of: '2026-09-03' });
    const d = evaluator.evaluate({ ...fact, context: { who: '\u00e9' } }, { as_of: '2026-09-03' });
    expect(c.result_hash).toBe(d.result_hash);
    expect(c.result_hash).not.toBe(a.result_hash);
  });
});
