// Issue 36 §5 (ruling I-93): what happens to inputs no row of a table matches — the document's
// fallback decision, blocking or not as the one vocabulary says, and only "unless another rule
// decides" when another enabled rule of the document could.

import { describe, expect, it } from 'vitest';
import { DECISIONS } from '../vocabulary/decisions';
import { failClosedDecision, uncoveredOutcome } from './uncovered-outcome';

const rows = (entry: string, n: number) =>
  Array.from({ length: n }, () => ({ entry, enabled: true }));

describe('uncoveredOutcome', () => {
  it('every decision: blocking as decisions.ts says; a row added fails closed', () => {
    for (const d of DECISIONS) {
      const o = uncoveredOutcome(d.name, rows('T', 3), 'T');
      expect(o.fallback).toBe(d.name);
      expect(o.blocking).toBe(d.blocking);
      expect(o.failClosed).toBe(d.blocking ? d.name : 'DENY');
      expect(o.othersMayDecide).toBe(false);
    }
  });

  it('ALLOW lets the inputs through; DENY blocks them', () => {
    expect(uncoveredOutcome('ALLOW', [], 'T')).toMatchObject({
      blocking: false,
      failClosed: 'DENY',
    });
    expect(uncoveredOutcome('DENY', [], 'T')).toMatchObject({ blocking: true, failClosed: 'DENY' });
    expect(uncoveredOutcome('NOTIFY', [], 'T').blocking).toBe(false);
  });

  it('another enabled rule of the document may decide first; a disabled one never does', () => {
    expect(
      uncoveredOutcome('DENY', [...rows('T', 2), { entry: 'R', enabled: true }], 'T'),
    ).toMatchObject({ othersMayDecide: true });
    expect(
      uncoveredOutcome('DENY', [...rows('T', 2), { entry: 'R', enabled: false }], 'T'),
    ).toMatchObject({ othersMayDecide: false });
  });

  it('no fallback read (absent or not a decision): unknown, not blocking, rows fail closed', () => {
    for (const f of [null, 'BLOCK', '']) {
      const o = uncoveredOutcome(f, [], 'T');
      expect(o).toEqual({
        fallback: null,
        blocking: false,
        othersMayDecide: false,
        failClosed: 'DENY',
      });
    }
    expect(failClosedDecision('ESCALATE')).toBe('ESCALATE');
    expect(failClosedDecision('GUIDE')).toBe('DENY');
  });
});
