import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DECISION_MISTAKES, DECISIONS } from '../vocabulary/decisions';
import { planPaste, readDecisionCell, readTables } from './index';

const LOAN = readFileSync(new URL('./__fixtures__/loan-quoted.erdl.yaml', import.meta.url), 'utf8');

describe('a decision cell typed or pasted in the grid', () => {
  it('reads each of the 13 by its code in any case and by its word in either language', () => {
    for (const d of DECISIONS) {
      for (const text of [d.name, d.name.toLowerCase(), ` ${d.en} `, d.en.toUpperCase(), d.zh])
        expect(readDecisionCell(text), text).toEqual({ ok: true, decision: d.name });
    }
    expect(readDecisionCell('Block')).toEqual({ ok: true, decision: 'DENY' });
    expect(readDecisionCell('request-human')).toEqual({ ok: true, decision: 'REQUEST_HUMAN' });
    expect(readDecisionCell('ＤＥＮＹ')).toEqual({ ok: true, decision: 'DENY' });
  });

  it('never takes a word that is not one of the 13 for one: it names what it may mean', () => {
    const review = readDecisionCell('review');
    expect(review.ok).toBe(false);
    if (review.ok) return;
    expect(review.message.en).toMatch(
      /^"review" is not one of the 13 decisions — did you mean REQUEST_HUMAN \(request human adjudication\)\? Write a decision's code or word/,
    );
    expect(review.message.zh).toMatch(
      /^“review”不是 13 种决策之一——是否想写 REQUEST_HUMAN（请求人工裁决）？请写决策的代码或名称/,
    );
    for (const word of Object.keys(DECISION_MISTAKES).filter((w) => w !== 'BLOCK'))
      expect(readDecisionCell(word.toLowerCase()).ok, word).toBe(false);
  });

  it('refuses anything else with the 13 it accepts, in both languages', () => {
    const r = readDecisionCell('人工裁决');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    for (const d of DECISIONS) {
      expect(r.message.en).toContain(d.name);
      expect(r.message.zh).toContain(`${d.name}（${d.zh}）`);
    }
    expect(readDecisionCell('  ').ok).toBe(false);
  });

  it('a text that reads, reads as exactly one decision whose code or word it is (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (text) => {
        const r = readDecisionCell(text);
        if (!r.ok) return;
        const d = DECISIONS.find((x) => x.name === r.decision);
        const t = text.normalize('NFKC').trim().replace(/\s+/g, ' ');
        expect(
          t.toUpperCase().replace(/[- ]/g, '_') === d?.name ||
            t.toLowerCase() === d?.en ||
            t === d?.zh,
        ).toBe(true);
      }),
    );
  });

  it('a pasted decision is read the same way; one that does not read is refused with the 13', () => {
    const read = readTables(LOAN);
    if (!read.ok) throw new Error('does not read');
    const table = read.tables[0];
    if (!table) throw new Error('no table');
    const column = table.columns.length;
    const ok = planPaste(table, { row: 0, column }, [['Block'], ['拦截'], ['escalate']]);
    expect(ok.problems).toEqual([]);
    expect(ok.rows.map((r) => r.then)).toEqual(['DENY', 'DENY', 'ESCALATE']);
    const bad = planPaste(table, { row: 0, column }, [['review']]);
    expect(bad.problems.map((p) => p.message.en)).toEqual([
      expect.stringMatching(
        /^"review" is not one of the 13 decisions — did you mean REQUEST_HUMAN/,
      ),
    ]);
  });
});
