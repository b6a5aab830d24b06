// What grid edits say: the paste preview's widening sentences, Delete and Delete row in the status
// line, fill down and the default row — in display names and formatted values, in both languages.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fillEdit, planPaste, readTables, type TableModel } from '../../../kernel/table-edit';
import { cellPhrase, groupDigits } from './cell-phrase';
import { blockWidenings, deletedRowText, fillAndDefault, planClear } from './edit-report';
import { widenedRows, wideningText } from './widening-text';

const LOAN = readFileSync(
  new URL('../../examples/loan-decision-table.erdl.yaml', import.meta.url),
  'utf8',
);

/** Sentences keep a no-break space between a symbol and its value; compared as plain spaces. */
const plain = (s: string | undefined) => s?.replaceAll('\u00a0', ' ');

function loan(): TableModel {
  const read = readTables(LOAN);
  if (!read.ok || !read.tables[0]) throw new Error('no table');
  return read.tables[0];
}

describe('cells and values as a person reads them', () => {
  it('groups thousands, keeps the digits as written', () => {
    expect(groupDigits('50000')).toBe('50,000');
    expect(groupDigits('-1234567.250')).toBe('-1,234,567.250');
    expect(groupDigits('580')).toBe('580');
    expect(groupDigits('1e5')).toBe('1e5');
  });

  it('writes a cell with symbols and formatted values, in both languages', () => {
    const t = loan();
    const cells = t.rows.slice(0, 4).flatMap((r) => r.cells);
    expect(cellPhrase(t.rows[0]?.cells[0] as never, 'en')).toBe('<\u00a0580');
    expect(cells.map((c) => plain(cellPhrase(c, 'en')))).toEqual([
      '< 580',
      'any value',
      '≥ 700',
      '≤ 20,000',
      '≥ 700',
      '> 20,000',
      '580 to 699',
      '≤ 5,000',
    ]);
    expect(cellPhrase(t.rows[3]?.cells[0] as never, 'zh')).toBe('580 至 699');
    expect(cellPhrase(t.rows[0]?.cells[1] as never, 'zh')).toBe('任意值');
  });
});

describe('what a paste widens, in sentences', () => {
  it('a blank over < 580: "widens row 1: it now matches any credit score, not only < 580"', () => {
    const t = loan();
    const plan = planPaste(t, { row: 0, column: 0 }, [[''], ['>= 650']]);
    const en = plan.widenings.map((w) => wideningText(w, t, 'en'));
    expect(en.map((w) => [w.mark, w.row, w.columns])).toEqual([
      ['widens', 0, [0]],
      ['widens', 1, [0]],
    ]);
    expect(plain(en[0]?.text)).toBe(
      'Widens row 1: it now matches any credit score, not only < 580. For example: credit score 580.',
    );
    expect(plain(en[1]?.text)).toMatch(
      /^Widens row 2: it now matches credit score ≥ 650, not only ≥ 700\./,
    );
    const zh = plan.widenings.map((w) => plain(wideningText(w, t, 'zh').text));
    expect(zh[0]).toBe('放宽第 1 行：现在匹配任意信用评分，而不只是 < 580。例如：信用评分 580。');
    expect(widenedRows(plan.widenings)).toBe(2);
  });

  it('loan amounts are written with thousands separators', () => {
    const t = loan();
    const plan = planPaste(t, { row: 1, column: 1 }, [['<= 30000']]);
    const w = plan.widenings[0];
    if (!w) throw new Error('no widening');
    expect(plain(wideningText(w, t, 'en').text)).toMatch(
      /^Widens row 2: it now matches loan amount ≤ 30,000, not only ≤ 20,000\. For example: credit score 700, loan amount 25,000\.$/,
    );
  });

  it('a less blocking decision, on a row and on a new row', () => {
    const t = loan();
    const plan = planPaste(t, { row: 3, column: 0 }, [
      ['between 580-699', '<= 5000', 'NOTIFY'],
      ['>= 800', '-', 'ALLOW'],
    ]);
    expect(plan.widenings.map((w) => wideningText(w, t, 'en').text)).toEqual([
      'Row 4 now decides “Notify” instead of “Escalate”, which blocks less.',
      'New row 5 decides “Allow” for inputs the default row decided “Block”, which blocks less.',
    ]);
    expect(wideningText(plan.widenings[0] as never, t, 'zh').text).toBe(
      '第 4 行的决策由“升级”改为“通知”，拦截程度降低。',
    );
  });
});

describe('Delete, Delete row and fill down say what they did', () => {
  it('Delete names the cleared cells by row and column label, and skips cells already any', () => {
    const t = loan();
    const plan = planClear(t, { top: 0, bottom: 1, left: 0, right: 1 }, 'en');
    expect(plan).toMatchObject({
      kind: 'clear',
      cells: 3,
      text: 'Cleared 3 cells to any value (row 1: credit score; row 2: credit score, loan amount). Ctrl+Z undoes it.',
    });
    expect(planClear(t, { top: 0, bottom: 1, left: 0, right: 1 }, 'zh')).toMatchObject({
      text: '已将 3 个单元格清空为任意值（第 1 行：信用评分；第 2 行：信用评分、贷款金额）。Ctrl+Z 可撤销。',
    });
    expect(planClear(t, { top: 0, bottom: 0, left: 1, right: 1 }, 'en')).toMatchObject({
      kind: 'nothing',
    });
    expect(planClear(t, { top: 1, bottom: 1, left: 2, right: 2 }, 'en')).toMatchObject({
      kind: 'nothing',
      text: expect.stringMatching(/^Nothing cleared: Delete clears condition cells/),
    });
    expect(planClear(t, { top: 4, bottom: 4, left: 0, right: 0 }, 'en')).toMatchObject({
      kind: 'nothing',
      text: expect.stringMatching(/^The default row has no conditions to clear/),
    });
    // The selection through the default row clears the rows above it only.
    expect(planClear(t, { top: 3, bottom: 4, left: 0, right: 0 }, 'en')).toMatchObject({
      kind: 'clear',
      bounds: { top: 3, bottom: 3 },
      cells: 1,
    });
  });

  it('Delete row says which row it deleted (by its name when it has one), not "Pasted 1 row"', () => {
    const t = loan();
    const unnamed = { ...t, rows: t.rows.map((r) => ({ ...r, name: null })) };
    expect(deletedRowText(unnamed, 3, 'en')).toBe('Deleted row 4 (Escalate). Ctrl+Z undoes it.');
    expect(deletedRowText(unnamed, 3, 'zh')).toBe('已删除第 4 行（升级）。Ctrl+Z 可撤销。');
    const named = { ...t, rows: t.rows.map((r, i) => ({ ...r, name: i === 3 ? 'fair' : null })) };
    expect(deletedRowText(named, 3, 'en')).toBe(
      'Deleted row 4 “fair” (Escalate). Ctrl+Z undoes it.',
    );
    expect(deletedRowText(named, 3, 'zh')).toBe('已删除第 4 行“fair”（升级）。Ctrl+Z 可撤销。');
  });

  it('a fill down that widens a row says so, as the paste preview would', () => {
    const t = loan();
    const fill = fillEdit(t, { top: 0, bottom: 1, left: 0, right: 0 }, 'down');
    if (!fill.ok) throw new Error(fill.message.en);
    expect(blockWidenings(t, fill.op, 'en').map(plain)).toEqual([
      'Widens row 2: it now matches credit score < 580, not only ≥ 700. For example: credit score 579, loan amount 19,999.',
    ]);
    const narrower = fillEdit(t, { top: 1, bottom: 2, left: 0, right: 0 }, 'down');
    if (!narrower.ok) throw new Error(narrower.message.en);
    expect(blockWidenings(t, narrower.op, 'en')).toEqual([]);
  });

  it('a fill down into the default row is refused, saying why; through it, the default row is skipped', () => {
    const t = loan();
    const into = fillAndDefault(t, { top: 3, bottom: 4, left: 0, right: 0 }, 'en');
    expect(into).toEqual({
      refused: expect.stringMatching(
        /^Nothing filled: a fill down into the default row \(row 5\) is refused\. The default row has no conditions/,
      ),
    });
    const through = fillAndDefault(t, { top: 2, bottom: 4, left: 0, right: 0 }, 'en');
    if (!('say' in through)) throw new Error('refused');
    expect(through.say('Filled 1 cell.')).toBe(
      'Filled 1 cell. The default row (row 5) was skipped: it has no conditions to fill; it decides whatever no row above matches.',
    );
    const above = fillAndDefault(t, { top: 1, bottom: 2, left: 0, right: 0 }, 'en');
    if (!('say' in above)) throw new Error('refused');
    expect(above.say('Filled 1 cell.')).toBe('Filled 1 cell.');
  });

  it('a fill right through the default row says it skipped it; on the default row alone it is refused', () => {
    const t = loan();
    const last = fillAndDefault(t, { top: 3, bottom: 4, left: 0, right: 1 }, 'en', 'right');
    if (!('say' in last)) throw new Error('refused');
    expect(last.say('Filled 1 cell.')).toMatch(
      /^Filled 1 cell\. The default row \(row 5\) was skipped/,
    );
    const only = fillAndDefault(t, { top: 4, bottom: 4, left: 0, right: 1 }, 'zh', 'right');
    expect(only).toEqual({ refused: expect.stringMatching(/^未填充任何内容：默认行（第 5 行）/) });
  });
});
