/**
 * An impact run over a fact set names every record it left out because it could not be read
 * (issue #35 §2) — by its line in the whole file, also when the set is split among workers.
 */
import { describe, expect, it } from 'vitest';
import { impactParts, mergeImpactOutcomes } from './impact-pool';
import { AML, EDITED, runAll } from './job-test-support';
import type { ImpactRequest } from './kernel-protocol';

const good = JSON.stringify({ context: { amount: 6000, country: 'IR', channel: 'wire' } });

describe('impactJob: records left out', () => {
  it('names each bad row by its line, whole or split among workers', () => {
    const lines = Array.from({ length: 3000 }, (_, i) => (i % 100 === 7 ? '[]' : good));
    const request: ImpactRequest = {
      op: 'impact',
      oldText: AML,
      newText: EDITED,
      facts: `${lines.join('\n')}\n`,
      format: 'jsonl',
    };
    const expected = Array.from({ length: 30 }, (_, k) => ({
      line: k * 100 + 8,
      lastLine: k * 100 + 8,
    }));
    const whole = runAll(request);
    if (whole.kind !== 'result') throw new Error(whole.kind);
    expect(whole.report.total).toBe(2970);
    expect(whole.skipped).toEqual(expected);
    const parts = impactParts(request, 3, 1000);
    expect(parts.length).toBe(3);
    const merged = mergeImpactOutcomes(parts.map(runAll));
    if (merged.kind !== 'result') throw new Error(merged.kind);
    expect(merged.skipped).toEqual(expected);
  });

  it('a CSV record that spans lines is named by its range; a clean set has no list', () => {
    const csv = 'context.amount,context.country\n6000,IR\n"6000,IR\n7000,IR\n"';
    const out = runAll({ op: 'impact', oldText: AML, newText: EDITED, facts: csv, format: 'csv' });
    if (out.kind !== 'result') throw new Error(out.kind);
    expect(out.skipped).toEqual([{ line: 3, lastLine: 5 }]);
    const clean = runAll({
      op: 'impact',
      oldText: AML,
      newText: EDITED,
      facts: good,
      format: 'jsonl',
    });
    expect(clean.kind === 'result' && clean.skipped).toBeUndefined();
  });
});
