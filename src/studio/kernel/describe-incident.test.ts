import { describe, expect, it } from 'vitest';
import { describeIncident } from './describe-incident';

const names = (id: string) => (id === 'doc-1' ? 'refund-guard' : undefined);

describe('describeIncident', () => {
  it('names the document, what ran, and the case a long job was at', () => {
    const m = describeIncident(
      {
        op: 'suite',
        channel: 'suite:doc-1',
        budgetMs: 15_000,
        reason: 'timeout',
        at: 'case "row 17"',
        message: { en: 'raw', zh: 'raw' },
      },
      names,
    );
    expect(m.en).toBe(
      'Running the fact suite of "refund-guard" (case "row 17") took longer than 15 s, so the kernel was restarted. The document and the results so far are kept.',
    );
    expect(m.zh).toContain('“refund-guard”');
    expect(m.zh).toContain('重新启动');
  });

  it('falls back to the client’s message for unknown channels or documents', () => {
    const raw = { en: 'raw', zh: '原文' };
    const base = { op: 'spin' as const, budgetMs: 300, reason: 'timeout' as const, message: raw };
    expect(describeIncident({ ...base, channel: 'spin' }, names)).toBe(raw);
    expect(describeIncident({ ...base, channel: 'evaluate:doc-9' }, names)).toBe(raw);
  });
});
