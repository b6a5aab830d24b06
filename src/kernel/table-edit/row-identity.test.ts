// Row identity that holds for every table (issue 36 point 1, ruling I-90): an edit that adds,
// removes or reorders rows of a table with unnamed rows first gives every unnamed row its number
// as its name — the compiled name `<entry>#<n>` it already had — in the same edit, with a note;
// no other row's compiled name changes and suites naming rows by number keep passing. New rows
// get neutral names (numbers), never their decision.

import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileDocument } from '../compile';
import type { TextEdit } from '../diagnostics/diagnostic';
import { Evaluator } from '../eval/evaluate';
import { parseSuite } from '../suite/parse-suite';
import { runSuite } from '../suite/run-suite';
import { composeEdits } from '../util/text-edit';
import { rowNameProblem } from '../vocabulary/document';
import {
  applyTextEdits,
  newTableEdit,
  readTables,
  type TableEditResult,
  type TableModel,
  type TableOp,
  tableEdit,
} from './index';
import { nameRowsFirst, rowsNamedNote, withRowNames } from './row-identity';

/** The loan example as it was shipped before its rows had names (every row `<entry>#<n>`). */
const UNNAMED = readFileSync(
  new URL('./__fixtures__/loan-quoted.erdl.yaml', import.meta.url),
  'utf8',
);
const ENTRY = 'FIN-201-loan-decision';
/** The example's suite as it named rows then: by number. */
const POSITIONAL_SUITE = readFileSync(
  new URL('../../studio/examples/loan-decision-table.facts.yaml', import.meta.url),
  'utf8',
).replace(/#(poor-score|good-small-loan|good-large-loan|fair-small-loan|default)"/g, (_, n) => {
  const at = ['poor-score', 'good-small-loan', 'good-large-loan', 'fair-small-loan', 'default'];
  return `#${at.indexOf(n) + 1}"`;
});

const tableOf = (text: string): TableModel => {
  const read = readTables(text);
  if (!read.ok) throw new Error('does not read');
  return read.tables[0] as TableModel;
};

function edit(text: string, op: TableOp) {
  const outcome = tableEdit(text, tableOf(text).entry, op);
  if (!outcome.ok) throw new Error(outcome.message.en);
  const after = applyTextEdits(text, outcome.edits);
  if (after === null) throw new Error('edits overlap');
  return { after, outcome, table: tableOf(after) };
}

const compiledNames = (text: string) => {
  const doc = compileDocument(text).document;
  if (!doc) throw new Error('does not compile');
  return doc.rules.map((r) => r.name);
};

function suiteTotals(text: string) {
  const doc = compileDocument(text).document;
  const suite = parseSuite(POSITIONAL_SUITE).suite;
  if (!doc || !suite) throw new Error('does not compile');
  return runSuite(doc, suite).totals;
}

const ALL_PASS = { evaluations: 6, passed: 6, failed: 0, unchecked: 0 };

describe('the loan table with unnamed rows: the user’s two edits keep the suite passing', () => {
  it('"Add row" above the default row: rows 1–5 named by their numbers, the new row "6"', () => {
    expect(suiteTotals(UNNAMED)).toEqual(ALL_PASS);
    // Row 4 active, "Add row": a copy of it below, above the default row.
    const { after, outcome, table } = edit(UNNAMED, { kind: 'addRow', at: 4, from: 3 });
    expect(table.rows.map((r) => r.name)).toEqual(['1', '2', '3', '4', '6', '5']);
    expect(compiledNames(after)).toEqual(
      ['1', '2', '3', '4', '6', '5'].map((n) => `${ENTRY}#${n}`),
    );
    expect(suiteTotals(after)).toEqual(ALL_PASS);
    // One list of edits (one undo step), the note with it.
    if (!outcome.ok) throw new Error('refused');
    expect(outcome.note).toEqual({
      en: "Rows 1–5 now carry their numbers as names, so inserting, moving or deleting rows keeps every row's name (and the suite's references).",
      zh: '第 1–5 行现在以各自的行号为行名，因此插入、移动或删除行不会改变任何一行的名称，测试集中的引用依然有效。',
    });
    // The names are quoted like the table's other strings, first key of each row.
    expect(after).toContain('        - name: "5"\n          when: []\n');
    // Comments stay above their rows.
    expect(after).toContain(
      '        # A poor score is declined whatever the amount.\n        - name: "1"\n',
    );
  });

  it('Alt+↓ on row 2: the two rows swap, every row keeps its compiled name', () => {
    const { after, outcome, table } = edit(UNNAMED, { kind: 'moveRow', from: 1, to: 2 });
    expect(table.rows.map((r) => r.name)).toEqual(['1', '3', '2', '4', '5']);
    // Minimal: rows 1, 4 and 5 get a name in place; rows 2 and 3 are rewritten, named, swapped.
    expect(outcome.ok && outcome.edits.map((e) => e.range.end - e.range.start)).toEqual([
      0,
      expect.any(Number),
      0,
      0,
    ]);
    expect(suiteTotals(after)).toEqual(ALL_PASS);
    // Moving back gives the named table, rows in their first order.
    const back = edit(after, { kind: 'moveRow', from: 2, to: 1 });
    expect(back.outcome.ok && back.outcome.note).toBeUndefined();
    expect(back.after).toBe(
      applyTextEdits(UNNAMED, nameRowsFirst(UNNAMED, tableOf(UNNAMED)) ?? []),
    );
  });

  it('before I-90 the same two edits renamed rows and failed the suite (the defect)', () => {
    // What the edits did then: the same text without the names.
    const unnamedAfter = (text: string) => text.replace(/- name: "[0-9]+"\n {10}/g, '- ');
    const inserted = unnamedAfter(edit(UNNAMED, { kind: 'addRow', at: 4, from: 3 }).after);
    expect(suiteTotals(inserted).failed).toBe(1);
    const moved = unnamedAfter(edit(UNNAMED, { kind: 'moveRow', from: 1, to: 2 }).after);
    expect(suiteTotals(moved).failed).toBe(2);
  });

  it('deleting a row: the others named, the note leaves the deleted one out', () => {
    const { after, outcome, table } = edit(UNNAMED, { kind: 'deleteRow', row: 2 });
    expect(table.rows.map((r) => r.name)).toEqual(['1', '2', '4', '5']);
    expect(outcome.ok && outcome.note?.en).toMatch(/^Rows 1, 2, 4, 5 now carry/);
    expect(outcome.ok && outcome.note?.zh).toMatch(/^第 1、2、4、5 行现在/);
    expect(compiledNames(after)).toEqual(['1', '2', '4', '5'].map((n) => `${ENTRY}#${n}`));
  });

  it('duplicate, a row for uncovered inputs, and a paste that adds rows name the rows too', () => {
    const dup = edit(UNNAMED, { kind: 'duplicateRow', row: 0 });
    expect(dup.table.rows.map((r) => r.name)).toEqual(['1', '6', '2', '3', '4', '5']);
    const forInputs = edit(UNNAMED, {
      kind: 'addRowForInputs',
      cells: [
        { kind: 'condition', op: 'eq', value: { kind: 'scalar', value: 650, source: '650' } },
        { kind: 'any' },
      ],
      then: 'DENY',
      message: 'declined',
    });
    expect(forInputs.table.rows.map((r) => r.name)).toEqual(['1', '2', '3', '4', '6', '5']);
    const pasted = edit(UNNAMED, {
      kind: 'paste',
      row: 4,
      column: 0,
      cells: [['>= 600', '< 100', 'DENY']],
      confirm: true,
    });
    expect(pasted.table.rows.map((r) => r.name)).toEqual(['1', '2', '3', '4', '6', '5']);
    expect(pasted.outcome.ok && pasted.outcome.note).toBeTruthy();
  });

  it('edits that add, remove or reorder no row name nothing', () => {
    const cell = edit(UNNAMED, { kind: 'setDecision', row: 1, decision: 'ESCALATE' });
    expect(cell.table.rows.every((r) => r.name === null)).toBe(true);
    expect(cell.outcome.ok && cell.outcome.note).toBeUndefined();
    const same = tableEdit(UNNAMED, ENTRY, { kind: 'moveRow', from: 1, to: 1 });
    expect(same.ok && same.edits).toEqual([]);
    const overwrite = edit(UNNAMED, {
      kind: 'paste',
      row: 0,
      column: 0,
      cells: [['< 570']],
      selection: { top: 0, left: 0, bottom: 0, right: 0 },
    });
    expect(overwrite.table.rows.every((r) => r.name === null)).toBe(true);
    const column = edit(UNNAMED, { kind: 'addColumn', at: 2, field: 'context.term' });
    expect(column.table.rows.every((r) => r.name === null)).toBe(true);
  });

  it('a table whose rows all have names is edited as it is, no note', () => {
    const named = readFileSync(
      new URL('../../studio/examples/loan-decision-table.erdl.yaml', import.meta.url),
      'utf8',
    );
    const { after, outcome, table } = edit(named, { kind: 'addRow', at: 4, from: 4 });
    expect(outcome.ok && outcome.edits).toHaveLength(1);
    expect(outcome.ok && outcome.note).toBeUndefined();
    expect(table.rows.map((r) => r.name)).toEqual([
      'poor-score',
      'good-small-loan',
      'good-large-loan',
      'fair-small-loan',
      '6',
      'default',
    ]);
    expect(compileDocument(after).diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('single-quoted tables get single-quoted names; flow-style rows are refused, saying why', () => {
    const single = UNNAMED.replaceAll('then: "', "then: '").replace(/(then: '[A-Z_]+)"/g, "$1'");
    const { after } = edit(single, { kind: 'moveRow', from: 0, to: 1 });
    expect(after).toContain("- name: '2'\n");
    const flow = UNNAMED.replace(
      '        - when: [["gte", 700], ["lte", 20000]]\n          then: "ALLOW"\n',
      '        - {when: [["gte", 700], ["lte", 20000]], then: "ALLOW"}\n',
    );
    const refused = tableEdit(flow, ENTRY, { kind: 'addRow', at: 0 });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.message.en).toMatch(/flow style/);
    expect(refused.message.zh).toMatch(/流式写法/);
  });
});

describe('the default row and a new table (structure-ops.ts)', () => {
  it('removing or adding the default row names the other rows first; the new default row too', () => {
    const removed = edit(UNNAMED, { kind: 'removeDefaultRow', confirm: true });
    expect(removed.table.rows.map((r) => r.name)).toEqual(['1', '2', '3', '4']);
    expect(removed.outcome.ok && removed.outcome.note?.en).toMatch(/^Rows 1–4 now carry/);
    const added = edit(removed.after, { kind: 'addDefaultRow', lang: 'en' });
    expect(added.table.rows.map((r) => r.name)).toEqual(['1', '2', '3', '4', '5']);
    expect(added.outcome.ok && added.outcome.note).toBeUndefined();
  });

  it('a new table from the grid names its rows with numbers', () => {
    const created = newTableEdit(UNNAMED, { name: 'FIN-202-new', field: 'context.a', lang: 'en' });
    if (!created.ok) throw new Error(created.message.en);
    const text = applyTextEdits(UNNAMED, [created.edit]) as string;
    const read = readTables(text);
    const table = read.ok ? read.tables.find((t) => t.entry === 'FIN-202-new') : undefined;
    expect(table?.rows.map((r) => r.name)).toEqual(['1', '2']);
    expect(compileDocument(text).diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });
});

describe('the note', () => {
  it('names the rows in runs, in both languages, singular and plural', () => {
    expect(rowsNamedNote([3]).en).toBe(
      "Row 3 now carries its number as its name, so inserting, moving or deleting rows keeps every row's name (and the suite's references).",
    );
    expect(rowsNamedNote([3]).zh).toBe(
      '第 3 行现在以其行号为行名，因此插入、移动或删除行不会改变任何一行的名称，测试集中的引用依然有效。',
    );
    expect(rowsNamedNote([5, 1, 2, 3, 7, 8]).en).toMatch(/^Rows 1–3, 5, 7, 8 now/);
    expect(rowsNamedNote([5, 1, 2, 3, 7, 8]).zh).toMatch(/^第 1–3、5、7、8 行/);
  });
});

describe('withRowNames: for edits of others (the default row)', () => {
  it('an edit made on the named text comes back as one list of edits of the original', () => {
    const table = tableOf(UNNAMED);
    // Remove the last row (the default row) from the named text.
    const result = withRowNames(
      UNNAMED,
      table,
      (text, named): TableEditResult => {
        expect(named.rows.map((r) => r.name)).toEqual(['1', '2', '3', '4', '5']);
        const start = text.lastIndexOf('        # Default row');
        const edits = [{ range: { start, end: text.length }, newText: '' }];
        return { ok: true, edits, rejected: [] };
      },
      5,
    );
    if (!result.ok) throw new Error('refused');
    const after = applyTextEdits(UNNAMED, result.edits) as string;
    expect(tableOf(after).rows.map((r) => r.name)).toEqual(['1', '2', '3', '4']);
    expect(result.note?.en).toMatch(/^Rows 1–4 now/);
  });
});

// ---------------------------------------------------------------------------------------------
// Properties

/** Edits of `text`: disjoint ranges, sorted, each replaced by a short text. */
const editsOf = (text: string): fc.Arbitrary<TextEdit[]> =>
  fc
    .array(
      fc.tuple(fc.nat({ max: text.length }), fc.nat({ max: 4 }), fc.string({ maxLength: 5 })),
      { maxLength: 5 },
    )
    .map((xs) => {
      const out: TextEdit[] = [];
      let at = 0;
      for (const [start, length, newText] of [...xs].sort((a, b) => a[0] - b[0])) {
        if (start < at) continue;
        const end = Math.min(text.length, start + length);
        out.push({ range: { start, end }, newText });
        at = end + 1;
      }
      return out;
    });

describe('composeEdits', () => {
  it('property: the composed edits give what the two lists give one after the other', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 30 }).chain((text) =>
          editsOf(text).chain((first) => {
            const middle = applyTextEdits(text, first) as string;
            return editsOf(middle).map((second) => ({ text, first, second, middle }));
          }),
        ),
        ({ text, first, second, middle }) => {
          const composed = composeEdits(text, first, second);
          expect(applyTextEdits(text, composed)).toBe(applyTextEdits(middle, second));
        },
      ),
      { numRuns: 500 },
    );
  });
});

/** A random table over one integer field `a`: cells, decisions, some rows named, maybe a default. */
interface GenRow {
  readonly cell: readonly ['gt' | 'lt' | 'eq', number] | null;
  readonly then: 'ALLOW' | 'DENY' | 'ESCALATE';
  readonly name: string | null;
}

const genRow: fc.Arbitrary<GenRow> = fc.record({
  cell: fc.option(
    fc.tuple(
      fc.constantFrom('gt' as const, 'lt' as const, 'eq' as const),
      fc.integer({ min: 0, max: 9 }),
    ),
    { nil: null },
  ),
  then: fc.constantFrom('ALLOW' as const, 'DENY' as const, 'ESCALATE' as const),
  name: fc.option(fc.constantFrom('own', 'x', 'y', 'z', 'big', 'small'), { nil: null }),
});

function tableText(rows: readonly GenRow[], withDefault: boolean): string {
  const used = new Set<string>();
  const lines = rows.flatMap((r, i) => {
    // A name used once; "own" is the row's own number (acceptable: that row is named).
    let name = r.name === 'own' ? String(i + 1) : r.name;
    if (name !== null && used.has(name)) name = null;
    if (name !== null) used.add(name);
    const when = r.cell ? `[[${r.cell[0]}, ${r.cell[1]}]]` : '["-"]';
    return [
      name === null
        ? `        - when: ${when}`
        : `        - name: "${name}"\n          when: ${when}`,
      `          then: ${r.then}`,
      '          message: "m"',
    ];
  });
  if (withDefault)
    lines.push('        - when: []', '          then: DENY', '          message: "default"');
  return `protocol: "erdl/v2"
version: "2.1.0"
metadata:
  name: "p"
  decision: DENY
rules:
  - name: "TST-001-t"
    description: "d"
    priority: 10
    when:
      kind: decision_table
      columns:
        - field: "context.a"
      rows:
${lines.join('\n')}
`;
}

const genOp = (rows: number): fc.Arbitrary<TableOp> =>
  fc.oneof(
    fc.record({
      kind: fc.constant('addRow' as const),
      at: fc.integer({ min: 0, max: rows }),
      from: fc.option(fc.integer({ min: 0, max: rows - 1 }), { nil: undefined }),
    }),
    fc.record({
      kind: fc.constant('duplicateRow' as const),
      row: fc.integer({ min: 0, max: rows - 1 }),
    }),
    fc.record({
      kind: fc.constant('deleteRow' as const),
      row: fc.integer({ min: 0, max: rows - 1 }),
    }),
    fc.record({
      kind: fc.constant('moveRow' as const),
      from: fc.integer({ min: 0, max: rows - 1 }),
      to: fc.integer({ min: 0, max: rows - 1 }),
    }),
    fc.record({
      kind: fc.constant('addRowForInputs' as const),
      cells: fc.integer({ min: 0, max: 9 }).map((v) => [
        {
          kind: 'condition' as const,
          op: 'eq',
          value: { kind: 'scalar' as const, value: v, source: String(v) },
        },
      ]),
      then: fc.constant('DENY'),
      message: fc.constant('gap'),
    }),
    fc.record({
      kind: fc.constant('paste' as const),
      row: fc.constant(rows),
      column: fc.constant(0),
      cells: fc.array(
        fc.oneof(
          fc.integer({ min: 0, max: 9 }).map((v) => [`= ${v}`]),
          fc.integer({ min: 0, max: 9 }).map((v) => [`> ${v}`, 'ALLOW']),
        ),
        { minLength: 1, maxLength: 3 },
      ),
      confirm: fc.constant(true),
    }),
  );

/** Whether a generated row (or a row of the edited table, by its cell) matches a = v. */
const matchesCell = (cell: GenRow['cell'], v: number | undefined): boolean => {
  if (cell === null) return true;
  if (v === undefined) return false;
  const [op, k] = cell;
  return op === 'gt' ? v > k : op === 'lt' ? v < k : v === k;
};

/** The cell of a table row as generated (`[[op, k]]`, `["-"]`, `[]`), from its text. */
function cellOf(text: string, row: TableModel['rows'][number]): GenRow['cell'] {
  if (row.isDefault) return null;
  const source = row.whenRange ? text.slice(row.whenRange.start, row.whenRange.end) : '';
  const m = /\[\s*"?(gt|lt|eq)"?\s*,\s*(\d+)\s*\]/.exec(source);
  return m ? [m[1] as 'gt' | 'lt' | 'eq', Number(m[2])] : null;
}

describe('property: structural edits of random tables with unnamed rows', () => {
  it('keep every other row’s compiled name, give neutral names, decide untouched facts alike', () => {
    let applied = 0;
    fc.assert(
      fc.property(
        fc
          .tuple(fc.array(genRow, { minLength: 1, maxLength: 6 }), fc.boolean())
          .chain(([rows, withDefault]) =>
            genOp(rows.length + (withDefault ? 1 : 0)).map((op) => ({ rows, withDefault, op })),
          ),
        ({ rows, withDefault, op }) => {
          const text = tableText(rows, withDefault);
          const before = compileDocument(text);
          if (!before.document) return; // a generated name clash: not a table to edit
          const table = tableOf(text);
          const outcome = tableEdit(text, table.entry, op);
          if (!outcome.ok) return;
          applied++;
          // One list of edits (one undo step) that applies as it is.
          const after = applyTextEdits(text, outcome.edits) as string;
          expect(after).toBe(outcome.after.text);
          // No row name problem (a table the edit leaves without rows to decide may have others:
          // a lone default row DENY is E801, a pasted DENY without message E211).
          const compiled = compileDocument(after);
          expect(compiled.diagnostics.filter((d) => /^ERDL-E51[5-9]$/.test(d.code))).toEqual([]);
          const idOf = (t: TableModel) => t.rows.map((r) => `${t.entry}#${r.name ?? r.index}`);
          const namesBefore = idOf(table);
          const namesAfter = idOf(tableOf(after));
          expect(namesBefore).toEqual(before.document.rules.map((r) => r.name));
          if (compiled.document)
            expect(namesAfter).toEqual(compiled.document.rules.map((r) => r.name));
          // The note when rows got names (a row the edit deletes is not one of them).
          const kept = table.rows.filter(
            (r, i) => r.name === null && !(op.kind === 'deleteRow' && i === op.row),
          );
          const changed = kept.length > 0 && outcome.edits.length > 0;
          // Every row keeps its compiled name (a deleted one aside).
          const deleted = op.kind === 'deleteRow' ? namesBefore[op.row] : undefined;
          for (const n of namesBefore) if (n !== deleted) expect(namesAfter).toContain(n);
          // New rows: neutral names (numbers), acceptable, never a decision.
          const fresh = tableOf(after).rows.filter(
            (r) => !namesBefore.includes(`${table.entry}#${r.name ?? r.index}`),
          );
          for (const r of fresh) {
            expect(r.name).toMatch(/^[1-9][0-9]*$/);
            expect(rowNameProblem(r.name as string)).toBeNull();
          }
          expect(outcome.note !== undefined).toBe(changed);
          // Facts no touched row matches are decided alike, by the same rows.
          const touched = [
            ...fresh.map((r) => cellOf(after, r)),
            ...(op.kind === 'deleteRow' || op.kind === 'moveRow'
              ? [cellOf(text, table.rows[op.kind === 'deleteRow' ? op.row : op.from] as never)]
              : []),
          ];
          if (!compiled.document) return;
          const eBefore = new Evaluator(before.document);
          const eAfter = new Evaluator(compiled.document);
          for (const v of [undefined, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]) {
            if (touched.some((c) => matchesCell(c, v))) continue;
            const fact = { context: v === undefined ? {} : { a: v } };
            const x = eBefore.evaluate(fact, { as_of: '2026-01-01T00:00:00Z', hash: false });
            const y = eAfter.evaluate(fact, { as_of: '2026-01-01T00:00:00Z', hash: false });
            expect([y.decision, y.matched_rules]).toEqual([x.decision, x.matched_rules]);
          }
        },
      ),
      { numRuns: 100 },
    );
    expect(applied).toBeGreaterThan(50);
  });
});
