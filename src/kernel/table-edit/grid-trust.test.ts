import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileDocument } from '../compile';
import { csvToTableEntry, importCsvEdit, tableToCsv } from '../table-import/csv';
import type { CellInput } from './cell-text';
import {
  applyTextEdits,
  type ColumnType,
  columnType,
  describeCell,
  formatCell,
  planPaste,
  readCell,
  readTables,
  renderCellYaml,
  type TableModel,
  type TableOp,
  tableEdit,
} from './index';
import { ROW_TEXT_KEYS } from './model';

/**
 * The loan table written with quoted operators and decisions (the shipped example writes them
 * bare): the grid must keep whichever style a table uses, so these tests start from the quoted one.
 */
const LOAN = readFileSync(new URL('./__fixtures__/loan-quoted.erdl.yaml', import.meta.url), 'utf8');

function tableOf(text: string, entry?: string): TableModel {
  const read = readTables(text);
  if (!read.ok) throw new Error('does not read');
  const table = entry ? read.tables.find((t) => t.entry === entry) : read.tables[0];
  if (!table) throw new Error('no table');
  return table;
}

function apply(text: string, op: TableOp) {
  const table = tableOf(text);
  const outcome = tableEdit(text, table.entry, op);
  if (!outcome.ok) throw new Error(outcome.message.en);
  const after = applyTextEdits(text, outcome.edits) as string;
  return { after, table: tableOf(after, table.entry) };
}

const errorsOf = (text: string) =>
  compileDocument(text)
    .diagnostics.filter((d) => d.severity === 'error')
    .map((d) => d.code);

function read(text: string, type: ColumnType): CellInput {
  const r = readCell(text, type);
  if (!r.ok) throw new Error(`${text}: ${r.message.en}`);
  return r.cell;
}

const cellsOf = (t: TableModel) => t.rows.map((r) => r.cells.map(formatCell));

describe('cells are read by their column type', () => {
  it('infers the loan columns as numbers, and a column without values from the field types', () => {
    const t = tableOf(LOAN);
    expect(columnType(t, 0)).toBe('number');
    expect(columnType(t, 1)).toBe('number');
    const blank = { ...t, rows: [], columns: [{ field: 'tool.args.amount', range: t.range }] };
    expect(columnType(blank, 0)).toBe('number');
    expect(columnType({ ...blank, columns: [{ field: 'context.x', range: t.range }] }, 0)).toBe(
      'unknown',
    );
  });

  it.each([
    ['1000-5000', 'between [1000, 5000]'],
    ['1,000–5,000', 'between [1000, 5000]'],
    ['1000 - 5000', 'between [1000, 5000]'],
    ['[1000..5000]', 'between [1000, 5000]'],
    ['between 1000 and 5000', 'between [1000, 5000]'],
    ['not between 1 and 2', 'not_between [1, 2]'],
    ['≥ 700', '>= 700'],
    ['>=700', '>= 700'],
    ['＞＝７００', '>= 700'],
    ['<=1,000', '<= 1000'],
    ['1,000,000.50', '= 1000000.50'],
    ['-5', '= -5'],
    ['-5-10', 'between [-5, 10]'],
    ['<> 3', '!= 3'],
    ['in 1, 2, 3', 'in [1, 2, 3]'],
    ['in 1,000, 2,000', 'in [1000, 2000]'],
    ['in [1,000; 2,000]', 'in [1000, 2000]'],
    ['any', '-'],
    ['', '-'],
    ['-', '-'],
    ['exists', 'exists'],
  ])('number column: %j reads as %j', (text, expected) => {
    expect(formatCell(read(text, 'number'))).toBe(expected);
  });

  it.each([
    ['1,5', 'ambiguous'],
    ['[1000, 5000]', 'ambiguous'],
    ['"1000"', 'never equal'],
    ['abc', 'not a number'],
    ['in 1,2', 'ambiguous'],
    ['starts_with 5', 'compares text'],
    ['5000-1000', 'min ≤ max'],
  ])('number column refuses %j (%s), saying what it accepts, in both languages', (text, why) => {
    const r = readCell(text, 'number');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.message.en).toContain(why);
    expect(r.message.zh).toMatch(/[\u4e00-\u9fff]/);
  });

  it('reads text, yes/no and date columns by their notations', () => {
    expect(formatCell(read('gold', 'string'))).toBe('= "gold"');
    expect(formatCell(read('in a, b', 'string'))).toBe('in ["a", "b"]');
    expect(formatCell(read('in 1,000', 'string'))).toBe('in ["1", "000"]');
    expect(formatCell(read('1,000', 'string'))).toBe('= "1,000"');
    expect(formatCell(read('in ["a, b", "c"]', 'string'))).toBe('in ["a, b", "c"]');
    expect(formatCell(read('yes', 'boolean'))).toBe('= true');
    expect(formatCell(read('否', 'boolean'))).toBe('= false');
    expect(readCell('maybe', 'boolean').ok).toBe(false);
    expect(formatCell(read('>= 2026-01-01', 'date'))).toBe('>= "2026-01-01"');
    expect(readCell('01/02/2026', 'date').ok).toBe(false);
    expect(formatCell(read('count_gt 2', 'list'))).toBe('count_gt 2');
    expect(readCell('gold', 'list').ok).toBe(false);
    // A column whose type is not known reads numbers and quoted text, and refuses bare words.
    expect(formatCell(read('1000-5000', 'unknown'))).toBe('between [1000, 5000]');
    expect(formatCell(read('"gold"', 'unknown'))).toBe('= "gold"');
    expect(readCell('gold', 'unknown').ok).toBe(false);
  });

  it('describes how a cell reads, in both languages', () => {
    expect(describeCell(read('1000-5000', 'number'))).toEqual({
      en: 'between 1000 and 5000 (number)',
      zh: '介于 1000 与 5000 之间（数字）',
    });
    expect(describeCell(read('<=1,000', 'number')).en).toBe('≤ 1000 (number)');
  });
});

/** Generated cells of one type, as the kernel would hold them. */
const num = fc
  .oneof(
    fc.integer({ min: -1_000_000, max: 1_000_000 }).map(String),
    fc
      .tuple(fc.integer({ min: -9999, max: 9999 }), fc.integer({ min: 0, max: 999 }))
      .map(([a, b]) => `${a}.${String(b).padStart(3, '0')}`)
      .filter((s) => !/^-0\.0+$/.test(s)),
  )
  .map((source) => ({ kind: 'scalar' as const, value: Number(source), source }));
const word = fc
  .string({ minLength: 1, maxLength: 12 })
  .filter(
    (s) =>
      s.trim() === s &&
      !/[\r\n"'\\]/.test(s) &&
      s !== '-' &&
      s.toLowerCase() !== 'any' &&
      s !== '任意',
  )
  .map((value) => ({ kind: 'scalar' as const, value, source: JSON.stringify(value) }));

const numberCell: fc.Arbitrary<CellInput> = fc.oneof(
  fc.constant({ kind: 'any' as const }),
  fc
    .tuple(fc.constantFrom('eq', 'ne', 'gt', 'gte', 'lt', 'lte'), num)
    .map(([op, value]) => ({ kind: 'condition' as const, op, value })),
  fc.tuple(fc.constantFrom('between', 'not_between'), num, num).map(([op, a, b]) => ({
    kind: 'condition' as const,
    op,
    value: { kind: 'list' as const, items: a.value <= b.value ? [a, b] : [b, a] },
  })),
  fc
    .tuple(fc.constantFrom('in', 'not_in'), fc.array(num, { minLength: 1, maxLength: 5 }))
    .map(([op, items]) => ({
      kind: 'condition' as const,
      op,
      value: { kind: 'list' as const, items },
    })),
  fc.constantFrom('exists', 'not_exists').map((op) => ({ kind: 'condition' as const, op })),
);
const stringCell: fc.Arbitrary<CellInput> = fc.oneof(
  fc.constant({ kind: 'any' as const }),
  fc
    .tuple(fc.constantFrom('eq', 'ne', 'starts_with', 'contains'), word)
    .map(([op, value]) => ({ kind: 'condition' as const, op, value })),
  fc
    .tuple(fc.constantFrom('in', 'not_in'), fc.array(word, { minLength: 1, maxLength: 4 }))
    .map(([op, items]) => ({
      kind: 'condition' as const,
      op,
      value: { kind: 'list' as const, items },
    })),
);

/** Spreadsheet spellings of one number: thousands separators, a plus sign. */
const spelled = (source: string) => {
  const [int, frac] = source.replace(/^-/, '').split('.');
  const grouped = (int as string).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${source.startsWith('-') ? '-' : ''}${grouped}${frac === undefined ? '' : `.${frac}`}`;
};

describe('reader properties', () => {
  it('format(read(x)) round trips: every cell the grid shows reads back as itself', () => {
    for (const [type, arb] of [
      ['number', numberCell],
      ['string', stringCell],
    ] as const) {
      fc.assert(
        fc.property(arb, (cell) => {
          const again = readCell(formatCell(cell), type);
          expect(again.ok).toBe(true);
          if (again.ok) expect(renderCellYaml(again.cell)).toBe(renderCellYaml(cell));
        }),
        { numRuns: 300 },
      );
    }
  });

  it('every accepted spreadsheet notation reads to the intended operator and value', () => {
    fc.assert(
      fc.property(num, num, fc.constantFrom('-', '–', '~', '..', ' to '), (a, b, sep) => {
        const [lo, hi] = a.value <= b.value ? [a, b] : [b, a];
        const expected = `between [${lo.source}, ${hi.source}]`;
        expect(formatCell(read(`${spelled(lo.source)}${sep}${spelled(hi.source)}`, 'number'))).toBe(
          expected,
        );
        expect(formatCell(read(`[${lo.source}..${hi.source}]`, 'number'))).toBe(expected);
        expect(
          formatCell(read(`between ${spelled(lo.source)} and ${spelled(hi.source)}`, 'number')),
        ).toBe(expected);
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(
        num,
        fc.constantFrom(
          ['>=', 'gte'],
          ['≥', 'gte'],
          ['<=', 'lte'],
          ['≤', 'lte'],
          ['>', 'gt'],
          ['<', 'lt'],
          ['!=', 'ne'],
          ['≠', 'ne'],
          ['=', 'eq'],
        ),
        fc.constantFrom('', ' '),
        (n, [symbol, op], space) => {
          const cell = read(`${symbol}${space}${spelled(n.source)}`, 'number');
          expect(cell).toEqual({ kind: 'condition', op, value: n });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a number column never yields a string operand: any text either reads as numbers or is refused', () => {
    const hasString = (c: CellInput): boolean => {
      if (c.kind !== 'condition' || !c.value) return false;
      const items = c.value.kind === 'list' ? c.value.items : [c.value];
      return items.some((i) => i.kind === 'scalar' && typeof i.value !== 'number');
    };
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 20 }),
          fc.stringMatching(/^[<>=≥≤!]{0,2} ?[-+]?[0-9,.]{1,10}( ?[-–~] ?[0-9,.]{1,8})?$/),
          fc.stringMatching(/^(in|between|=|contains|starts_with) [a-z0-9 ,"'[\]]{0,15}$/),
        ),
        (text) => {
          const r = readCell(text, 'number');
          if (r.ok) expect(hasString(r.cell)).toBe(false);
          else expect(r.message.zh.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('1,000 is decided by the column type: one thousand in a number column, text or two items elsewhere', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999 }), fc.integer({ min: 0, max: 999 }), (a, b) => {
        const text = `${a},${String(b).padStart(3, '0')}`;
        expect(read(text, 'number')).toMatchObject({ op: 'eq', value: { value: a * 1000 + b } });
        expect(read(text, 'string')).toMatchObject({ op: 'eq', value: { value: text } });
        expect(read(`in ${text}`, 'string')).toMatchObject({
          op: 'in',
          value: { items: [{ value: String(a) }, { value: String(b).padStart(3, '0') }] },
        });
      }),
      { numRuns: 200 },
    );
  });
});

describe('paste is planned, previewed and atomic', () => {
  it('reads 1000-5000 and <=1,000 in the amount column as numbers, and writes numeric operands', () => {
    const t = tableOf(LOAN);
    const plan = planPaste(t, { row: 1, column: 1 }, [['1000-5000'], ['<=1,000']], {
      top: 1,
      bottom: 2,
      left: 1,
      right: 1,
    });
    expect(plan.problems).toEqual([]);
    expect(plan.confirm).toEqual([]);
    expect(plan.cells.map((c) => (c.reading.ok ? c.reading.description.en : null))).toEqual([
      'between 1000 and 5000 (number)',
      '≤ 1000 (number)',
    ]);
    const { after, table } = apply(LOAN, {
      kind: 'paste',
      row: 1,
      column: 1,
      cells: [['1000-5000'], ['<=1,000']],
      selection: { top: 1, bottom: 2, left: 1, right: 1 },
    });
    expect(after).toContain('[["gte", 700], ["between", [1000, 5000]]]');
    expect(after).toContain('[["gte", 700], ["lte", 1000]]');
    expect(cellsOf(table)[1]?.[1]).toBe('between [1000, 5000]');
  });

  it('applies nothing when any cell is refused, and names each refused cell', () => {
    const t = tableOf(LOAN);
    const block = [
      ['>= 600', '1000-5000'],
      ['>= 650', '"abc"'],
    ];
    const plan = planPaste(t, { row: 0, column: 0 }, block, {
      top: 0,
      bottom: 1,
      left: 0,
      right: 1,
    });
    expect(plan.problems.map((p) => [p.blockRow, p.blockColumn])).toEqual([[1, 1]]);
    const outcome = tableEdit(LOAN, t.entry, {
      kind: 'paste',
      row: 0,
      column: 0,
      cells: block,
      confirm: true,
    });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.message.zh).toContain('未粘贴任何内容');
  });

  it('3 rows at row 4 of 5: needs confirmation, keeps the default row and inserts above it', () => {
    const t = tableOf(LOAN);
    const block = [
      ['>= 600', '< 100'],
      ['>= 610', '< 200'],
      ['>= 620', '< 300'],
    ];
    const plan = planPaste(t, { row: 3, column: 0 }, block);
    expect(plan.newRows).toBe(2);
    expect(plan.insertAt).toBe(4);
    expect(plan.confirm.map((c) => c.en).join(' ')).toContain('default row (row 5). It is kept');
    const refused = tableEdit(LOAN, t.entry, { kind: 'paste', row: 3, column: 0, cells: block });
    expect(refused.ok).toBe(false);
    const { table, after } = apply(LOAN, {
      kind: 'paste',
      row: 3,
      column: 0,
      cells: block,
      confirm: true,
    });
    expect(table.rows).toHaveLength(7);
    expect(table.rows[6]?.isDefault).toBe(true);
    expect(table.rows[6]?.then).toBe('DENY');
    // New rows decide what the default decides, with its message: nothing widens, no E211.
    expect(table.rows.slice(4, 6).map((r) => [r.then, r.texts.message?.value])).toEqual([
      ['DENY', 'Application outside the approval matrix, loan declined'],
      ['DENY', 'Application outside the approval matrix, loan declined'],
    ]);
    expect(errorsOf(after)).toEqual([]);
  });

  it('overwriting rows outside a larger selection needs confirmation', () => {
    const t = tableOf(LOAN);
    const plan = planPaste(t, { row: 0, column: 0 }, [['>= 1'], ['>= 2'], ['>= 3']], {
      top: 0,
      bottom: 1,
      left: 0,
      right: 0,
    });
    expect(plan.confirm).toHaveLength(1);
    expect(plan.confirm[0]?.en).toContain('outside the selection: row 3.');
  });

  it('refuses a pasted row matching everything above the default row with another decision', () => {
    const t = tableOf(LOAN);
    const plan = planPaste(t, { row: 1, column: 0 }, [['-', '-', 'ALLOW']]);
    expect(plan.problems).toHaveLength(1);
    expect(plan.problems[0]?.message.en).toContain('would match every input');
  });
});

describe('new rows fail closed', () => {
  it('Enter on the default row: the new row decides what the default decides, with its message', () => {
    const { table, after } = apply(LOAN, { kind: 'addRow', at: 5, from: 4 });
    expect(table.rows).toHaveLength(6);
    expect(table.rows[4]?.then).toBe('DENY');
    expect(table.rows[4]?.texts.message?.value).toBe(
      'Application outside the approval matrix, loan declined',
    );
    expect(table.rows[5]?.isDefault).toBe(true);
    expect(errorsOf(after)).toEqual([]);
  });

  it('a new row from a rule row is a copy of it', () => {
    const { table } = apply(LOAN, { kind: 'addRow', at: 2, from: 1 });
    expect(cellsOf(table)[2]).toEqual(cellsOf(table)[1]);
    expect(table.rows[2]?.then).toBe('ALLOW');
  });

  it('refuses any edit that turns a row above the default into a catch-all with another decision', () => {
    const { after } = apply(LOAN, { kind: 'addRow', at: 5, from: 4 });
    const t = tableOf(after);
    const widened = tableEdit(after, t.entry, { kind: 'setDecision', row: 4, decision: 'ALLOW' });
    expect(widened.ok).toBe(false);
    if (!widened.ok) {
      expect(widened.message.en).toContain('row 5 would match every input');
      expect(widened.message.zh).toContain('第 5 行将匹配所有输入');
    }
    const cleared = tableEdit(LOAN, t.entry, {
      kind: 'paste',
      row: 1,
      column: 0,
      cells: [['-', '-']],
    });
    expect(cleared.ok).toBe(false);
  });
});

describe('row texts', () => {
  it('adds, changes and removes a message; E211 goes away once a blocking row has one', () => {
    const { after: added } = apply(LOAN, { kind: 'setDecision', row: 1, decision: 'DENY' });
    expect(errorsOf(added)).toContain('ERDL-E211');
    const withMessage = apply(added, {
      kind: 'setRowText',
      row: 1,
      key: 'message',
      value: 'Small loans are paused',
    });
    expect(errorsOf(withMessage.after)).toEqual([]);
    expect(withMessage.after).toContain(
      'then: "DENY"\n          message: "Small loans are paused"\n',
    );
    const changed = apply(withMessage.after, {
      kind: 'setRowText',
      row: 1,
      key: 'message',
      value: 'x "y"',
    });
    expect(changed.table.rows[1]?.texts.message?.value).toBe('x "y"');
    const removed = apply(changed.after, { kind: 'setRowText', row: 1, key: 'message', value: '' });
    expect(removed.after).toBe(added);
  });

  it('puts a new text in its §4.1 place: message → instruction → correction → explanation', () => {
    let text = LOAN;
    for (const key of ['explanation', 'instruction', 'correction'] as const)
      text = apply(text, { kind: 'setRowText', row: 0, key, value: `${key} text` }).after;
    const row = text.slice(
      text.indexOf('- when: [["lt", 580]'),
      text.indexOf('# Good score, small'),
    );
    expect(
      row
        .split('\n')
        .map((l) => l.trim().split(':')[0])
        .filter(Boolean),
    ).toEqual(['- when', 'then', 'message', 'instruction', 'correction', 'explanation']);
    expect(errorsOf(text)).toEqual([]);
  });
});

describe('CSV export → import is lossless', () => {
  const comparable = (t: TableModel) => ({
    columns: t.columns.map((c) => [c.field, c.label]),
    rows: t.rows.map((r) => ({
      name: r.name,
      cells: r.cells.map(formatCell),
      isDefault: r.isDefault,
      then: r.then,
      priority: r.priority,
      texts: ROW_TEXT_KEYS.map((k) => r.texts[k]?.value ?? null),
    })),
  });

  it('keeps labels, the default row, priorities and every row text', () => {
    let text = apply(LOAN, { kind: 'setPriority', row: 1, priority: 7 }).after;
    text = apply(text, {
      kind: 'setRowText',
      row: 1,
      key: 'instruction',
      value: 'Check, "twice"',
    }).after;
    text = apply(text, {
      kind: 'setRowText',
      row: 2,
      key: 'correction',
      value: 'Lower the amount',
    }).after;
    text = text.replace('label: "loan amount"', 'label: {zh: "贷款金额", en: "loan amount"}');
    const original = tableOf(text);
    const csv = tableToCsv(original);
    const imported = importCsvEdit(text, csv, 'FIN-202-imported');
    if (!imported.ok) throw new Error(imported.problems[0]?.message.en);
    const after = applyTextEdits(text, [imported.edit]) as string;
    expect(comparable(tableOf(after, 'FIN-202-imported'))).toEqual(comparable(original));
    expect(tableToCsv(tableOf(after, 'FIN-202-imported'))).toBe(csv);
    expect(errorsOf(after)).toEqual([]);
  });

  it('reads a hand-written CSV by column type, and refuses a bad header cell with its place', () => {
    const entry = csvToTableEntry('context.amount,then\n1000-5000,ALLOW\n"<=1,000",DENY\n', 'x', 2);
    expect(entry.ok).toBe(true);
    if (entry.ok) expect(entry.yaml).toContain('[[between, [1000, 5000]]]');
    const bad = csvToTableEntry('context.amount {oops,then\n1,ALLOW\n', 'x', 2);
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.problems[0]).toMatchObject({ line: 1, column: 1 });
  });
});

describe('row identity (I-75, I-90): rows the grid adds get fresh, neutral names', () => {
  const compiledNames = (text: string) =>
    (compileDocument(text).document?.rules ?? []).map((r) => r.name);

  it('inserted, duplicated and pasted rows get unique numbers; no row is ever renamed', () => {
    // The first insert names the unnamed rows by their numbers ("1" … "5", same compiled names).
    let text = apply(LOAN, { kind: 'addRow', at: 5, from: 4 }).after;
    text = apply(text, { kind: 'duplicateRow', row: 4 }).after;
    text = apply(text, { kind: 'addRow', at: 1, from: 0 }).after;
    const t = tableOf(text);
    expect(t.rows.map((r) => r.name)).toEqual(['1', '8', '2', '3', '4', '6', '7', '5']);
    const names = compiledNames(text);
    for (const n of ['1', '2', '3', '4', '5'])
      expect(names).toContain(`FIN-201-loan-decision#${n}`);
    expect(errorsOf(text)).toEqual([]);
    // Another insert above: every row keeps its compiled name.
    const later = apply(text, { kind: 'addRow', at: 0, from: 0 }).after;
    expect(compiledNames(later)).toEqual(['FIN-201-loan-decision#9', ...names]);
    const pasted = apply(LOAN, {
      kind: 'paste',
      row: 4,
      column: 0,
      cells: [
        ['>= 600', '< 100', 'ALLOW'],
        ['>= 610', '< 200'],
      ],
      confirm: true,
    });
    expect(pasted.table.rows.map((r) => r.name)).toEqual(['1', '2', '3', '4', '6', '7', '5']);
    expect(errorsOf(pasted.after)).toEqual([]);
  });
});

describe('a cell edit keeps the line quoting', () => {
  it('quoted operators stay quoted, bare ones stay bare', () => {
    const quoted = apply(LOAN, {
      kind: 'setCell',
      row: 1,
      column: 0,
      cell: read('>= 720', 'number'),
    });
    expect(quoted.after).toContain('- when: [["gte", 720], ["lte", 20000]]');
    const bareText = LOAN.replace('[["gte", 700], ["lte", 20000]]', '[[gte, 700], [lte, 20000]]');
    const bare = apply(bareText, {
      kind: 'setCell',
      row: 1,
      column: 1,
      cell: read('<= 30000', 'number'),
    });
    expect(bare.after).toContain('- when: [[gte, 700], [lte, 30000]]');
  });
});
