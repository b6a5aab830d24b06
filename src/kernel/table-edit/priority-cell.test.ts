import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planPaste, readPriorityCell, readTables } from './index';

const LOAN = readFileSync(new URL('./__fixtures__/loan-quoted.erdl.yaml', import.meta.url), 'utf8');

describe('a priority cell typed or pasted in the grid', () => {
  it('reads a whole number, full-width digits too, and empty as no priority', () => {
    expect(readPriorityCell(' 10 ')).toMatchObject({ ok: true, value: 10 });
    expect(readPriorityCell('１０')).toMatchObject({ ok: true, value: 10 });
    expect(readPriorityCell('－５')).toMatchObject({ ok: true, value: -5 });
    expect(readPriorityCell('-0')).toMatchObject({ ok: true, value: 0 });
    expect(readPriorityCell('')).toMatchObject({
      ok: true,
      value: null,
      description: { en: 'no priority', zh: '无优先级' },
    });
  });

  it('refuses anything else, saying what is accepted, never the nearest number', () => {
    for (const text of ['1.5', '10a', '1e3', '99999999999999999999', '+', 'ten']) {
      const r = readPriorityCell(text);
      expect(r.ok, text).toBe(false);
      if (r.ok) continue;
      expect(r.message.en).toBe(
        `priority ${JSON.stringify(text)} is not a whole number; write a whole number (10, -5), or leave it empty for no priority`,
      );
      expect(r.message.zh).toContain('不是整数；请写整数（10、-5），或留空表示无优先级');
    }
  });

  it('what reads is the integer written (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (n) => {
        expect(readPriorityCell(String(n))).toMatchObject({ ok: true, value: n === 0 ? 0 : n });
      }),
    );
  });

  it('a pasted priority is read the same way', () => {
    const read = readTables(LOAN);
    if (!read.ok) throw new Error('does not read');
    const table = read.tables[0];
    if (!table) throw new Error('no table');
    const column = table.columns.length + 1;
    const plan = planPaste(table, { row: 0, column }, [['１０'], ['1.5']]);
    expect(plan.rows[0]?.priority).toEqual({ value: 10 });
    expect(plan.problems.map((p) => p.message.en)).toEqual([
      'priority "1.5" is not a whole number; write a whole number (10, -5), or leave it empty for no priority',
    ]);
  });
});
