// Plain words in text columns and a column's declared type (issue #36 point 3, ruling I-91).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileDocument } from '../compile';
import { csvToTableEntry } from '../table-import/csv';
import { cellFitsType } from '../tree/column-type';
import { TABLE_COLUMN_TYPE_NAMES, type TableColumnType } from '../vocabulary/document';
import { OPERATOR_ALIASES, SIMPLE_OPERATORS } from '../vocabulary/operators';
import type { CellInput } from './cell-text';
import { inferImportColumn } from './column-inference';
import {
  applyTextEdits,
  type ColumnType,
  columnType,
  formatCell,
  planPaste,
  readCell,
  readTables,
  type TableModel,
  type TableOp,
  tableEdit,
  typeOfCells,
} from './index';

const doc = (columns: string, rows: string) => `protocol: "erdl/v2"
version: "2.1.0"
metadata:
  name: "segments"
  decision: DENY
rules:
  - name: "FIN-301-segment"
    description: "d"
    priority: 10
    when:
      kind: decision_table
      columns:
${columns}
      rows:
${rows}
`;

/** A customer segment column (no type yet) and a credit score column, three rows and a default. */
const SEGMENTS = doc(
  `        - field: "context.segment"
          label: "Segment"
        - field: "context.score"
          label: { zh: "信用评分", en: "credit score" }`,
  `        - name: "a"
          when: ["-", [gte, 700]]
          then: ALLOW
        - name: "b"
          when: ["-", [lt, 500]]
          then: DENY
          message: "low score"
        - when: []
          then: DENY
          message: "default"`,
);

function tableOf(text: string): TableModel {
  const read = readTables(text);
  if (!read.ok) throw new Error('does not read');
  return read.tables[0] as TableModel;
}

function edit(text: string, op: TableOp): string {
  const outcome = tableEdit(text, 'FIN-301-segment', op);
  if (!outcome.ok) throw new Error(outcome.message.en);
  return applyTextEdits(text, outcome.edits) as string;
}

function refusal(text: string, op: TableOp) {
  const outcome = tableEdit(text, 'FIN-301-segment', op);
  if (outcome.ok) throw new Error('not refused');
  return outcome.message;
}

const codes = (text: string) => compileDocument(text).diagnostics.map((d) => d.code);
const errors = (text: string) =>
  compileDocument(text)
    .diagnostics.filter((d) => d.severity === 'error')
    .map((d) => d.code);

const OPERATOR_WORDS = new Set([
  ...SIMPLE_OPERATORS.map((o) => o.name),
  ...Object.keys(OPERATOR_ALIASES),
  'any',
]);

/** A plain word: letters (any script), digits, _ and -, not starting with a digit or a sign. */
const word = fc
  .stringMatching(
    /^[A-Za-z\u00C0-\u024F\u4E00-\u9FFF][A-Za-z0-9_\u00C0-\u024F\u4E00-\u9FFF-]{0,15}$/,
  )
  .filter((w) => !OPERATOR_WORDS.has(w) && w !== '任意');

describe('plain words in a text column', () => {
  it('any word without operator syntax reads as = "<word>", however the column is text', () => {
    // Text by declaration, by its cells, and by the built-in type of its field.
    const declared = tableOf(
      doc(
        `        - field: "context.segment"
          type: string`,
        `        - when: ["-"]
          then: ALLOW`,
      ),
    );
    const inferred = tableOf(
      doc(
        `        - field: "context.segment"`,
        `        - when: [[eq, "gold"]]
          then: ALLOW`,
      ),
    );
    const builtin = tableOf(
      doc(
        `        - field: "agent.role"`,
        `        - when: ["-"]
          then: ALLOW`,
      ),
    );
    for (const t of [declared, inferred, builtin]) expect(columnType(t, 0)).toBe('string');
    fc.assert(
      fc.property(word, fc.constantFrom('', ' ', '  '), (w, pad) => {
        const r = readCell(`${pad}${w}${pad}`, 'string');
        expect(r).toEqual({
          ok: true,
          cell: {
            kind: 'condition',
            op: 'eq',
            value: { kind: 'scalar', value: w, source: JSON.stringify(w) },
          },
        });
      }),
      { numRuns: 500 },
    );
  });

  it('reads in gold, platinum / != gold / not in a, b as text operators', () => {
    const shown = (text: string) => {
      const r = readCell(text, 'string');
      return r.ok ? formatCell(r.cell) : r.message.en;
    };
    expect(shown('standard')).toBe('= "standard"');
    expect(shown('in gold, platinum')).toBe('in ["gold", "platinum"]');
    expect(shown('in gold，platinum、silver')).toBe('in ["gold", "platinum", "silver"]');
    expect(shown('!= gold')).toBe('!= "gold"');
    expect(shown('≠ gold')).toBe('!= "gold"');
    expect(shown('not_in gold, platinum')).toBe('not_in ["gold", "platinum"]');
    expect(shown('starts_with gold')).toBe('starts_with "gold"');
  });

  it('in a column without a type a word is not guessed: the refusal says how to type the column', () => {
    const r = readCell('standard', 'unknown');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.message.en).toMatch(/no type yet.*"standard".*make the column a text column/);
    expect(r.message.zh).toMatch(/尚无类型.*“standard”.*设为文本列/);
    expect(readCell('"standard"', 'unknown').ok).toBe(true);
    expect(readCell('700', 'unknown').ok).toBe(true);
  });

  it('a declared type decides how words read, over what the cells would say', () => {
    const text = doc(
      `        - field: "context.segment"
          type: string`,
      `        - when: ["-"]
          then: ALLOW`,
    );
    const t = tableOf(text);
    expect(t.columns[0]?.type).toBe('string');
    const after = edit(text, {
      kind: 'setCell',
      row: 0,
      column: 0,
      cell: (readCell('in gold, platinum', columnType(t, 0)) as { cell: CellInput }).cell,
    });
    expect(after).toContain('when: [[in, ["gold", "platinum"]]]');
    expect(errors(after)).toEqual([]);
  });
});

describe('what a typed column reads always fits its type (the compiler agrees with the grid)', () => {
  const literalsOf = (c: CellInput) => {
    if (c.kind !== 'condition' || c.value === undefined) return undefined;
    const items = c.value.kind === 'list' ? c.value.items : [c.value];
    return items.map((i) => (i.kind === 'scalar' ? i.value : null));
  };
  it('for every text and every type, an accepted cell fits the type (E521 never fires on it)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 20 }),
          word,
          fc.stringMatching(/^[<>=≥≤!]{0,2} ?[-+]?[0-9,.]{1,10}( ?[-–~] ?[0-9,.]{1,8})?$/),
          fc.stringMatching(
            /^(in|not_in|between|=|!=|contains|not_contains|starts_with|match|count_gt|length_gt|exists) [a-z0-9 ,"'[\]^.-]{0,15}$/,
          ),
          fc.constantFrom(
            'yes',
            'no',
            'true',
            '是',
            '2026-01-31',
            '>= 2026-01-01',
            'in 2026-01-01',
          ),
        ),
        fc.constantFrom(...TABLE_COLUMN_TYPE_NAMES),
        (text, type) => {
          const r = readCell(text, type);
          if (r.ok && r.cell.kind === 'condition')
            expect(cellFitsType(r.cell.op, literalsOf(r.cell), type), `${text} as ${type}`).toBe(
              true,
            );
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('a number column never yields a string operand, declared or inferred', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 20 }), word), (text) => {
        const r = readCell(text, 'number');
        if (!r.ok || r.cell.kind !== 'condition' || !r.cell.value) return;
        const items = r.cell.value.kind === 'list' ? r.cell.value.items : [r.cell.value];
        for (const i of items) expect(i.kind === 'scalar' && typeof i.value).toBe('number');
      }),
      { numRuns: 1000 },
    );
  });

  it('refuses operators that cannot fit: count_* outside a list, a range outside numbers', () => {
    expect(readCell('count_gt 2', 'number').ok).toBe(false);
    expect(readCell('count_gt 2', 'string').ok).toBe(false);
    expect(readCell('count_gt 2', 'list').ok).toBe(true);
    expect(readCell('between 1 and 5', 'string').ok).toBe(false);
    expect(readCell('length_gt 3', 'number').ok).toBe(false);
    expect(readCell('length_gt 3', 'string').ok).toBe(true);
    expect(readCell('starts_with a', 'list').ok).toBe(false);
    expect(readCell('contains a', 'list').ok).toBe(true);
  });
});

describe('the declared type in the document (I-91)', () => {
  const typedDoc = (type: string | null, cell: string) =>
    doc(
      `        - field: "context.segment"
          label: "Segment"${
            type === null
              ? ''
              : `
          type: ${type}`
          }
        - field: "context.amount"`,
      `        - when: [${cell}, [gt, 1]]
          then: DENY
          message: "m"
        - when: []
          then: ALLOW`,
    );

  it('never changes a compiled tree, a rule hash or the document hash', () => {
    const cases: [TableColumnType, fc.Arbitrary<string>][] = [
      ['number', fc.integer({ min: -5000, max: 5000 }).map((n) => `[gte, ${n}]`)],
      ['string', word.map((w) => `[eq, "${w}"]`)],
      [
        'string',
        fc.array(word, { minLength: 1, maxLength: 3 }).map((ws) => `[in, ${JSON.stringify(ws)}]`),
      ],
      ['boolean', fc.boolean().map((b) => `[eq, ${b}]`)],
      ['date', fc.constantFrom('[gte, "2026-01-01"]', '[lt, "2025-12-31T10:00Z"]')],
      ['list', fc.integer({ min: 0, max: 9 }).map((n) => `[count_gt, ${n}]`)],
    ];
    for (const [type, cell] of cases) {
      fc.assert(
        fc.property(fc.oneof(fc.constant('"-"'), cell), (c) => {
          const plain = typedDoc(null, c);
          const typed = typedDoc(type, c);
          const a = compileDocument(plain).document;
          const b = compileDocument(typed).document;
          expect(a, plain).not.toBeNull();
          expect(b, typed).not.toBeNull();
          expect(b?.hash).toBe(a?.hash);
          expect(b?.rules.map((r) => [r.name, r.hash, r.when])).toEqual(
            a?.rules.map((r) => [r.name, r.hash, r.when]),
          );
        }),
        { numRuns: 40 },
      );
    }
  });

  it('is one of number, string, boolean, date, list (ERDL-E520, with "did you mean")', () => {
    const text = typedDoc('text', '"-"');
    const d = compileDocument(text).diagnostics.find((x) => x.code === 'ERDL-E520');
    expect(d?.message.en).toBe(
      '"text" is not a column type (did you mean "string"?). Column types: number, string, boolean, date, list',
    );
    expect(d?.fix?.edits[0]?.newText).toBe('string');
    expect(codes(typedDoc('string', '"-"'))).not.toContain('ERDL-W701');
  });

  it('a cell that does not fit its declared type is an error where it is written (ERDL-E521)', () => {
    const text = typedDoc('number', '[eq, "gold"]');
    const d = compileDocument(text).diagnostics.find((x) => x.code === 'ERDL-E521');
    expect(d?.severity).toBe('error');
    expect(d?.message.en).toBe(
      'Row 1: the cell eq "gold" does not fit the column "context.segment", declared type: number (number values), so the row would not decide as written; change the cell or the column type',
    );
    expect(d?.message.zh).toBe(
      '第 1 行的单元格（eq “gold”）不符合“context.segment”列声明的 type: number（数字值），该行不会按所写的方式决策；请修改单元格或列类型',
    );
    expect(text.slice(d?.range.start, d?.range.end)).toBe('[eq, "gold"]');
    for (const [type, cell] of [
      ['string', '[gte, 700]'],
      ['date', '[eq, "gold"]'],
      ['boolean', '[eq, "yes"]'],
      ['list', '[eq, "x"]'],
      ['number', '[count_gt, 2]'],
      ['string', '[in, ["a", 1]]'],
    ] as const)
      expect(errors(typedDoc(type, cell)), `${type} ${cell}`).toContain('ERDL-E521');
    for (const [type, cell] of [
      ['string', '[in, ["a", "b"]]'],
      ['string', '[eq, "2026-01-01"]'],
      ['date', '[gte, "2026-01-01"]'],
      ['list', '[contains, "x"]'],
      ['list', '[count_gte, 1]'],
      ['number', '[exists]'],
      ['boolean', '[ne, true]'],
    ] as const)
      expect(errors(typedDoc(type, cell)), `${type} ${cell}`).toEqual([]);
  });
});

describe('setting a column type in the grid (setColumnType)', () => {
  it('writes type: under the column, one minimal edit, and removes it again', () => {
    const typed = edit(SEGMENTS, { kind: 'setColumnType', column: 0, type: 'string' });
    expect(typed).toContain(`        - field: "context.segment"
          label: "Segment"
          type: string
        - field: "context.score"`);
    expect(tableOf(typed).columns[0]?.type).toBe('string');
    expect(errors(typed)).toEqual([]);
    expect(compileDocument(typed).document?.hash).toBe(compileDocument(SEGMENTS).document?.hash);
    const changed = edit(typed, { kind: 'setColumnType', column: 0, type: 'date' });
    expect(changed).toContain('          type: date\n');
    expect(edit(changed, { kind: 'setColumnType', column: 0, type: null })).toBe(SEGMENTS);
    // A column whose label is a block map, and a flow column.
    const score = edit(SEGMENTS, { kind: 'setColumnType', column: 1, type: 'number' });
    expect(score).toContain(`          label: { zh: "信用评分", en: "credit score" }
          type: number
      rows:`);
    const flow = SEGMENTS.replace(
      `        - field: "context.segment"
          label: "Segment"`,
      `        - {field: "context.segment", label: "Segment"}`,
    );
    const flowTyped = edit(flow, { kind: 'setColumnType', column: 0, type: 'string' });
    expect(flowTyped).toContain('- {field: "context.segment", label: "Segment", type: string}');
    expect(edit(flowTyped, { kind: 'setColumnType', column: 0, type: null })).toBe(flow);
  });

  it('"Read as text": the type and the word, in one edit (one undo step)', () => {
    const after = edit(SEGMENTS, {
      kind: 'setColumnType',
      column: 0,
      type: 'string',
      cell: { row: 1, text: 'standard' },
    });
    const t = tableOf(after);
    expect(t.columns[0]?.type).toBe('string');
    expect(formatCell(t.rows[1]?.cells[0] as never)).toBe('= "standard"');
    expect(after).toContain('when: [[eq, "standard"], [lt, 500]]');
    expect(errors(after)).toEqual([]);
  });

  it('never reinterprets a cell: a type under which cells would read differently is refused, naming them', () => {
    const withCells = edit(
      edit(SEGMENTS, {
        kind: 'setCell',
        row: 0,
        column: 0,
        cell: { kind: 'condition', op: 'eq', value: { kind: 'scalar', value: 700, source: '700' } },
      }),
      {
        kind: 'setCell',
        row: 1,
        column: 0,
        cell: {
          kind: 'condition',
          op: 'in',
          value: {
            kind: 'list',
            items: [
              { kind: 'scalar', value: 1, source: '1' },
              { kind: 'scalar', value: 2, source: '2' },
            ],
          },
        },
      },
    );
    const message = refusal(withCells, { kind: 'setColumnType', column: 0, type: 'string' });
    expect(message.en).toMatch(
      /^“Segment” \(context\.segment\) cannot become a text column: 2 cells would read differently — row 1 \(= 700: it would read as = "700"\); row 2 \(in \[1, 2\]: it would read as in \["1", "2"\]\)\. Change them first/,
    );
    expect(message.zh).toMatch(
      /^“Segment”（context\.segment）不能改为文本列：有 2 个单元格的读法会改变——第 1 行（“= 700”：/,
    );
    // A type under which every cell reads the same is set.
    expect(
      tableOf(edit(withCells, { kind: 'setColumnType', column: 0, type: 'number' })).columns[0]
        ?.type,
    ).toBe('number');
    // The score column's numbers are not dates, yes/no values or lists.
    for (const type of ['date', 'boolean', 'list', 'string'] as const)
      expect(refusal(SEGMENTS, { kind: 'setColumnType', column: 1, type }).en).toMatch(
        /^“credit score” \(context\.score\) cannot become/,
      );
  });

  it('refuses a word that does not read as the new type, naming the row and the column', () => {
    const message = refusal(SEGMENTS, {
      kind: 'setColumnType',
      column: 0,
      type: 'number',
      cell: { row: 0, text: 'standard' },
    });
    expect(message.en).toMatch(
      /^row 1, “Segment” \(context\.segment\): "standard" is not a number/,
    );
  });
});

describe('refusals name the column by its header and field, never its number', () => {
  it('a paste', () => {
    const plan = planPaste(tableOf(SEGMENTS), { row: 0, column: 0 }, [['standard', 'gold']]);
    expect(plan.problems).toHaveLength(2);
    const outcome = tableEdit(SEGMENTS, 'FIN-301-segment', {
      kind: 'paste',
      row: 0,
      column: 0,
      cells: [['standard', 'gold']],
      confirm: true,
    });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.message.en).toMatch(
      /pasted row 1, “Segment” \(context\.segment\): this column has no type yet/,
    );
    expect(outcome.message.en).toMatch(
      /pasted row 1, “credit score” \(context\.score\): "gold" is not a number/,
    );
    expect(outcome.message.zh).toMatch(/粘贴的第 1 行“Segment”（context\.segment）：此列尚无类型/);
    expect(outcome.message.zh).toMatch(/粘贴的第 1 行“信用评分”（context\.score）：/);
    expect(outcome.message.en).not.toMatch(/column \d/);
  });
});

describe('the type of an imported column, from all its cells at once', () => {
  const place = { en: '“Segment” (context.segment)', zh: '“Segment”（context.segment）' };
  const infer = (texts: string[]) => inferImportColumn(texts, place);

  it('a column of words is text (declared), of numbers a number column, mixed is refused naming it', () => {
    expect(infer(['standard', 'gold', 'in gold, platinum', '-', '!= gold'])).toEqual({
      type: 'string',
      declare: 'string',
      problem: null,
    });
    expect(infer(['700', '>= 1,000', '1000-5000', '-'])).toEqual({
      type: 'number',
      declare: null,
      problem: null,
    });
    expect(infer(['"gold"', 'standard'])).toMatchObject({ type: 'string', declare: 'string' });
    expect(infer(['2026-01-01', '>= 2026-02-01'])).toMatchObject({ type: 'date', declare: 'date' });
    expect(infer(['yes', 'true'])).toMatchObject({ type: 'boolean', declare: 'boolean' });
    const mixed = infer(['standard', 'gold', '700']);
    expect(mixed.type).toBe('unknown');
    expect(mixed.problem?.en).toBe(
      '“Segment” (context.segment) holds both words ("gold", "standard") and other values ("700"): a column holds one type, and it is not guessed. Quote the values meant as text ("700"), or correct the others',
    );
    expect(mixed.problem?.zh).toMatch(
      /^“Segment”（context\.segment）既有文字（“gold”、“standard”）又有其他值（“700”）/,
    );
    expect(infer(['yes', 'no']).problem?.en).toMatch(/yes\/no values or words\?/);
  });

  it('is independent of the order of the cells (and so is the type of a table column)', () => {
    const texts = fc.constantFrom(
      'standard',
      'gold',
      '700',
      '>= 1,000',
      '"gold"',
      '-',
      'yes',
      'true',
      'in a, b',
      '2026-01-01',
      'count_gt 2',
      '"2026-03-01"',
      '',
    );
    fc.assert(
      fc.property(fc.array(texts, { maxLength: 12 }), fc.integer(), (column, seed) => {
        const shuffled = fc.sample(fc.shuffledSubarray(column, { minLength: column.length }), {
          seed,
          numRuns: 1,
        })[0] as string[];
        expect(infer(shuffled)).toEqual(infer(column));
        const cells = (xs: string[]) =>
          xs.map((x) => {
            const r = readCell(x, 'unknown');
            return r.ok ? r.cell : null;
          });
        expect(typeOfCells(cells(shuffled))).toBe(typeOfCells(cells(column)));
      }),
      { numRuns: 300 },
    );
  });

  it('is linear: a column of 200,000 cells is typed in one pass', () => {
    const column = Array.from({ length: 200_000 }, (_, i) => `word${i % 5000}`);
    const started = performance.now();
    expect(infer(column).type).toBe('string');
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('a CSV of words imports as a text column with type: string; mixed columns are refused by name', () => {
    const csv =
      'context.segment "Segment",context.score,then\nstandard,>= 700,ALLOW\n"in gold, platinum",-,DENY\n';
    const imported = csvToTableEntry(csv, 'FIN-401-imported', 2);
    expect(imported.ok).toBe(true);
    if (!imported.ok) return;
    expect(imported.yaml).toContain(`        - field: "context.segment"
          label: "Segment"
          type: string
        - field: "context.score"
      rows:`);
    expect(imported.yaml).toContain('when: [[eq, "standard"], [gte, 700]]');
    expect(imported.yaml).toContain('when: [[in, ["gold", "platinum"]], "-"]');
    const mixed = csvToTableEntry(
      'context.segment "Segment",then\nstandard,ALLOW\n700,DENY\n',
      'FIN-402-mixed',
      2,
    );
    expect(mixed.ok).toBe(false);
    if (mixed.ok) return;
    expect(mixed.problems[0]?.place?.en).toBe('“Segment” (context.segment)');
    expect(mixed.problems[0]?.message.en).toMatch(
      /^“Segment” \(context\.segment\) holds both words/,
    );
  });
});

/** Checks ColumnType covers the declared names (so a declared type is a reader's type). */
const _declaredIsColumnType: (t: TableColumnType) => ColumnType = (t) => t;
void _declaredIsColumnType;
