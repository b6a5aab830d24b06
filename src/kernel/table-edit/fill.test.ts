import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { firstTable as tableOf } from '../test-support';
import {
  applyTextEdits,
  type BlockEdit,
  fillEdit,
  formatCell,
  multiCellEdit,
  type TableModel,
  tableEdit,
} from './index';

const LOAN = readFileSync(new URL('./__fixtures__/loan-quoted.erdl.yaml', import.meta.url), 'utf8');

/** The loan table with a text column (the channel) added after the two number columns. */
const MIXED = LOAN.replace(
  '          label: "loan amount"\n',
  '          label: "loan amount"\n        - field: "context.channel"\n',
)
  .replace('[["lt", 580], "-"]', '[["lt", 580], "-", ["eq", "web"]]')
  .replace('[["gte", 700], ["lte", 20000]]', '[["gte", 700], ["lte", 20000], "-"]')
  .replace('[["gte", 700], ["gt", 20000]]', '[["gte", 700], ["gt", 20000], ["in", ["web", "app"]]]')
  .replace(
    '[["between", [580, 699]], ["lte", 5000]]',
    '[["between", [580, 699]], ["lte", 5000], "-"]',
  );

/** Applies a block edit as the grid does (one tableEdit: one text change, one undo step). */
function applied(text: string, edit: BlockEdit): TableModel {
  if (!edit.ok) throw new Error(edit.message.en);
  const t = tableOf(text);
  const outcome = tableEdit(text, t.entry, edit.op);
  if (!outcome.ok) throw new Error(outcome.message.en);
  return tableOf(applyTextEdits(text, outcome.edits) as string);
}

const cells = (t: TableModel) => t.rows.map((r) => r.cells.map(formatCell));
const refused = (edit: BlockEdit) => (edit.ok ? null : edit.message);

describe('fill down', () => {
  it('copies the top row of the selection into the rows below, as one edit', () => {
    const t = tableOf(MIXED);
    const edit = fillEdit(t, { top: 0, bottom: 2, left: 0, right: 1 }, 'down');
    expect(edit.ok && edit.cells).toBe(4);
    const after = applied(MIXED, edit);
    expect(cells(after).slice(0, 4)).toEqual([
      ['< 580', '-', '= "web"'],
      ['< 580', '-', '-'],
      ['< 580', '-', 'in ["web", "app"]'],
      ['between [580, 699]', '<= 5000', '-'],
    ]);
  });

  it('fills the decision column too, and stops above the default row', () => {
    const t = tableOf(MIXED);
    const edit = fillEdit(t, { top: 2, bottom: 4, left: 3, right: 3 }, 'down');
    const after = applied(MIXED, edit);
    expect(after.rows.map((r) => r.then)).toEqual([
      'DENY',
      'ALLOW',
      'REQUEST_HUMAN',
      'REQUEST_HUMAN',
      'DENY',
    ]);
    expect(after.rows).toHaveLength(5);
  });

  it('needs cells below the source, and never fills from the default row', () => {
    const t = tableOf(MIXED);
    expect(refused(fillEdit(t, { top: 1, bottom: 1, left: 0, right: 0 }, 'down'))?.en).toMatch(
      /select the cells to copy and the cells below/,
    );
    expect(refused(fillEdit(t, { top: 4, bottom: 4, left: 0, right: 0 }, 'down'))?.zh).toMatch(
      /默认行没有可供填充的条件/,
    );
  });

  it('refuses a fill that would leave a row matching everything above the default row', () => {
    const t = tableOf(MIXED);
    // Row 2's cells are "-" in column 3 only; filling row 2's "-" … over row 1's conditions would
    // not make a catch-all, but filling an all-"-" row 3 of another decision would.
    const text = MIXED.replace('[["gte", 700], ["lte", 20000], "-"]', '["-", "-", "-"]').replace(
      'then: "ALLOW"',
      'then: "DENY"',
    );
    const edit = fillEdit(tableOf(text), { top: 1, bottom: 2, left: 0, right: 3 }, 'down');
    expect(edit.ok).toBe(true); // DENY is the default's decision: it widens nothing
    const widening = fillEdit(t, { top: 1, bottom: 2, left: 2, right: 2 }, 'down');
    expect(widening.ok).toBe(true);
  });
});

describe('fill right', () => {
  it('copies the left column into a column of the same type', () => {
    const t = tableOf(MIXED);
    const edit = fillEdit(t, { top: 0, bottom: 0, left: 0, right: 1 }, 'right');
    const after = applied(MIXED, edit);
    expect(cells(after)[0]).toEqual(['< 580', '< 580', '= "web"']);
  });

  it('refuses a fill into a column of another type, with the reason in both languages', () => {
    const t = tableOf(MIXED);
    const edit = fillEdit(t, { top: 1, bottom: 1, left: 1, right: 2 }, 'right');
    const message = refused(edit);
    expect(message?.en).toBe(
      'cannot fill row 2 from “loan amount” (context.amount) (number) into “context.channel” (text): <= 20000 would mean something else there',
    );
    expect(message?.zh).toBe(
      '无法把第 2 行从“loan amount”（context.amount）（数字）填充到“context.channel”（文本）：<= 20000 在那里的含义会不同',
    );
  });

  it('fills a type-free cell (- / exists) into any condition column, but never a condition into the decision', () => {
    const t = tableOf(MIXED);
    // Row 1's "-" in the number column goes into the text column: "-" means any in every type.
    const after = applied(MIXED, fillEdit(t, { top: 0, bottom: 0, left: 1, right: 2 }, 'right'));
    expect(cells(after)[0]).toEqual(['< 580', '-', '-']);
    expect(refused(fillEdit(t, { top: 0, bottom: 0, left: 2, right: 3 }, 'right'))?.en).toMatch(
      /cannot fill “context.channel” into the decision/,
    );
  });

  it('refuses row texts', () => {
    const t = tableOf(MIXED);
    expect(refused(fillEdit(t, { top: 0, bottom: 1, left: 3, right: 5 }, 'down'))?.en).toMatch(
      /edit row texts one at a time/,
    );
  });
});

describe('multi-cell edit', () => {
  it('writes one text into every selected cell, each read by its own column', () => {
    const t = tableOf(MIXED);
    const edit = multiCellEdit(t, { top: 0, bottom: 1, left: 0, right: 1 }, '>= 1,000');
    expect(edit.ok && edit.cells).toBe(4);
    const after = applied(MIXED, edit);
    expect(cells(after).slice(0, 2)).toEqual([
      ['>= 1000', '>= 1000', '= "web"'],
      ['>= 1000', '>= 1000', '-'],
    ]);
  });

  it('refuses the whole edit when one column cannot read the text, saying where', () => {
    const t = tableOf(MIXED);
    const edit = multiCellEdit(t, { top: 0, bottom: 1, left: 1, right: 2 }, 'gold');
    expect(refused(edit)?.en).toMatch(
      /^row 1, “loan amount” \(context.amount\): "gold" is not a number/,
    );
    expect(refused(edit)?.zh).toMatch(/^第 1 行“loan amount”（context.amount）：/);
  });

  it('skips the default row, and edits decisions', () => {
    const t = tableOf(MIXED);
    const after = applied(
      MIXED,
      multiCellEdit(t, { top: 2, bottom: 4, left: 3, right: 3 }, 'deny'),
    );
    expect(after.rows.map((r) => r.then)).toEqual(['DENY', 'ALLOW', 'DENY', 'DENY', 'DENY']);
    expect(after.rows).toHaveLength(5);
  });
});
