import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileDocument } from '../compile';
import { Evaluator } from '../eval/evaluate';
import { type CellInput, renderCellYaml } from './cell-text';
import type { CellValue, TableModel } from './model';
import { planPaste } from './paste-plan';
import { readTables } from './read-tables';
import { lessBlocking, rowWidening } from './widening';

const LOAN = readFileSync(new URL('./__fixtures__/loan-quoted.erdl.yaml', import.meta.url), 'utf8');

const AS_OF = '2026-09-03T00:00:00Z';

/** A one-row table over a number and a text field; the row DENYs, the document's fallback ALLOWs. */
function documentText(cells: readonly CellInput[]): string {
  return [
    'protocol: "erdl/v2"',
    'version: "2.1.0"',
    'metadata:',
    '  name: "widening"',
    '  decision: ALLOW',
    'rules:',
    '  - name: "FIN-001-table"',
    '    description: "a table"',
    '    priority: 10',
    '    when:',
    '      kind: decision_table',
    '      columns:',
    '        - field: "context.n"',
    '          label: { zh: "金额", en: "amount" }',
    '        - field: "context.s"',
    '      rows:',
    `        - when: [${cells.map((c) => renderCellYaml(c)).join(', ')}]`,
    '          then: DENY',
    '          message: "declined"',
    '',
  ].join('\n');
}

function tableOf(text: string): TableModel {
  const read = readTables(text);
  if (!read.ok || !read.tables[0]) throw new Error('does not read');
  return read.tables[0];
}

function evaluator(text: string): Evaluator {
  const compiled = compileDocument(text);
  if (!compiled.document)
    throw new Error(compiled.diagnostics.map((d) => `${d.code} ${d.message.en}`).join('\n'));
  return new Evaluator(compiled.document);
}

/** The row fires (matched, or failed closed on an evaluation error) for the fact. */
const fires = (ev: Evaluator, fact: unknown) =>
  ev.evaluate(fact, { as_of: AS_OF }).decision === 'DENY';

const num = (n: number): CellValue => ({ kind: 'scalar', value: n, source: String(n) });
const str = (s: string): CellValue => ({ kind: 'scalar', value: s, source: JSON.stringify(s) });
const cond = (op: string, value?: CellValue): CellInput =>
  value === undefined ? { kind: 'condition', op } : { kind: 'condition', op, value };
const list = (...items: CellValue[]): CellValue => ({ kind: 'list', items });
const ANY: CellInput = { kind: 'any' };

function widening(before: readonly CellInput[], after: ReadonlyMap<number, CellInput>) {
  return rowWidening(tableOf(documentText(before)), 0, after);
}

describe('rowWidening', () => {
  it('a blank pasted over < 580 widens the row, with a fact that shows it', () => {
    const w = widening([cond('lt', num(580)), ANY], new Map([[0, ANY]]));
    expect(w.verdict).toBe('widens');
    expect(w.columns.map((c) => c.column)).toEqual([0]);
    const n = (w.example as { context: { n: unknown } }).context.n;
    expect(typeof n === 'number' && n >= 580).toBe(true);
  });

  it('< raised, >= lowered, <= for <, a larger in-list, a wider range: each widens', () => {
    const cases: [CellInput, CellInput][] = [
      [cond('lt', num(50000)), cond('lt', num(60000))],
      [cond('gte', num(700)), cond('gte', num(650))],
      [cond('lt', num(50000)), cond('lte', num(50000))],
      [cond('in', list(num(1), num(2))), cond('in', list(num(1), num(2), num(3)))],
      [cond('between', list(num(580), num(699))), cond('between', list(num(500), num(699)))],
      [cond('eq', num(5)), cond('ne', num(5))],
      [cond('exists'), ANY],
      [cond('not_in', list(num(1), num(2))), cond('not_in', list(num(1)))],
    ];
    for (const [before, after] of cases) {
      expect(widening([before, ANY], new Map([[0, after]])).verdict).toBe('widens');
    }
  });

  it('a narrower or equal cell does not widen', () => {
    const cases: [CellInput, CellInput][] = [
      [cond('lt', num(50000)), cond('lt', num(40000))],
      [cond('lte', num(50000)), cond('lt', num(50000))],
      [cond('gte', num(700)), cond('gte', num(750))],
      [cond('between', list(num(580), num(699))), cond('between', list(num(600), num(650)))],
      [cond('in', list(num(1), num(2))), cond('eq', num(2))],
      [ANY, cond('gte', num(1))],
      [cond('gte', num(700)), cond('gte', num(700))],
      [cond('not_in', list(num(1))), cond('not_in', list(num(1), num(2)))],
    ];
    for (const [before, after] of cases) {
      expect(widening([before, ANY], new Map([[0, after]])).verdict).toBe('none');
    }
  });

  it('says "may widen" where the cells cannot be compared exactly (text patterns)', () => {
    const w = widening(
      [ANY, cond('starts_with', str('a'))],
      new Map([[1, cond('ends_with', str('a'))]]),
    );
    expect(w.verdict).toBe('may-widen');
    expect(w.columns.map((c) => [c.column, c.verdict])).toEqual([[1, 'may-widen']]);
  });

  it('a row whose other cell excludes the widened values is still flagged, never cleared', () => {
    // The new first cell is wider; the row stays satisfiable, so a witness exists.
    const w = widening(
      [cond('lt', num(580)), cond('eq', str('gold'))],
      new Map([[0, cond('lt', num(600))]]),
    );
    expect(w.verdict).toBe('widens');
    expect(w.example).toEqual({ context: { n: expect.any(Number), s: 'gold' } });
  });
});

describe('the paste plan says what each cell was and what the paste widens', () => {
  const loan = tableOf(LOAN);

  it('a blank over < 580 and >= 650 over >= 700: was → becomes, both rows widen', () => {
    const plan = planPaste(loan, { row: 0, column: 0 }, [[''], ['>= 650']]);
    expect(plan.cells.map((c) => [c.was, c.changed])).toEqual([
      ['< 580', true],
      ['>= 700', true],
    ]);
    expect(plan.cells[0]?.reading).toEqual({
      ok: true,
      description: { en: 'any value', zh: '任意值' },
    });
    expect(plan.widenings.map((w) => (w.kind === 'row' ? [w.row, w.widening.verdict] : w))).toEqual(
      [
        [0, 'widens'],
        [1, 'widens'],
      ],
    );
  });

  it('cells pasted as they already are are unchanged, and widen nothing', () => {
    const plan = planPaste(loan, { row: 1, column: 0 }, [['>= 700', '<= 20000', 'ALLOW', '']]);
    expect(plan.cells.map((c) => c.changed)).toEqual([false, false, false, false]);
    expect(plan.widenings).toEqual([]);
  });

  it('a narrower cell is a change that widens nothing', () => {
    const plan = planPaste(loan, { row: 0, column: 0 }, [['< 500']]);
    expect(plan.cells[0]?.changed).toBe(true);
    expect(plan.widenings).toEqual([]);
  });

  it('a less blocking decision is flagged, on a row and on a new row against the default row', () => {
    const plan = planPaste(loan, { row: 3, column: 0 }, [
      ['between 580-699', '<= 5000', 'NOTIFY'],
      ['>= 800', '-', 'ALLOW'],
    ]);
    expect(plan.widenings).toEqual([
      { kind: 'decision', row: 3, before: 'ESCALATE', after: 'NOTIFY', newRow: false },
      { kind: 'decision', row: 4, before: 'DENY', after: 'ALLOW', newRow: true },
    ]);
    expect(plan.cells.find((c) => c.row < 0)?.was).toBeNull();
  });
});

describe('lessBlocking', () => {
  it('flags a decision that blocks less, not one that blocks as much or more', () => {
    expect(lessBlocking('DENY', 'ALLOW')).toBe(true);
    expect(lessBlocking('ESCALATE', 'NOTIFY')).toBe(true);
    expect(lessBlocking('REQUEST_HUMAN', 'CORRECT')).toBe(true);
    expect(lessBlocking('ALLOW', 'DENY')).toBe(false);
    expect(lessBlocking('DENY', 'DENY')).toBe(false);
    expect(lessBlocking('DENY', 'EMERGENCY_HALT')).toBe(false);
    expect(lessBlocking(null, 'ALLOW')).toBe(true);
    expect(lessBlocking(null, 'DENY')).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------
// The property: "does not widen" is never said of an edit after which some fact fires the row
// that did not fire it before (checked with the evaluator over many facts); "widens" always comes
// with a fact that shows it.

const numbers = fc.constantFrom(-1, 0, 1, 2, 2.5, 3, 100);
const strings = fc.constantFrom('a', 'b', 'ab', 'ba', '');
const numberCell: fc.Arbitrary<CellInput> = fc.oneof(
  fc.constant(ANY),
  fc
    .tuple(fc.constantFrom('eq', 'ne', 'lt', 'lte', 'gt', 'gte'), numbers)
    .map(([op, n]) => cond(op, num(n))),
  fc
    .tuple(fc.constantFrom('between', 'not_between'), numbers, numbers)
    .map(([op, a, b]) => cond(op, list(num(Math.min(a, b)), num(Math.max(a, b))))),
  fc
    .tuple(fc.constantFrom('in', 'not_in'), fc.uniqueArray(numbers, { minLength: 1, maxLength: 3 }))
    .map(([op, items]) => cond(op, list(...items.map(num)))),
  fc.constantFrom(cond('exists'), cond('not_exists'), cond('eq', str('a'))),
);
const stringCell: fc.Arbitrary<CellInput> = fc.oneof(
  fc.constant(ANY),
  fc.tuple(fc.constantFrom('eq', 'ne', 'gt', 'lte'), strings).map(([op, s]) => cond(op, str(s))),
  fc
    .tuple(fc.constantFrom('in', 'not_in'), fc.uniqueArray(strings, { minLength: 1, maxLength: 3 }))
    .map(([op, items]) => cond(op, list(...items.map(str)))),
  fc
    .tuple(fc.constantFrom('starts_with', 'contains', 'ends_with', 'not_starts_with'), strings)
    .filter(([, s]) => s !== '')
    .map(([op, s]) => cond(op, str(s))),
  fc.constantFrom(cond('exists'), cond('not_exists'), cond('eq', num(1))),
);

const N_VALUES: unknown[] = [
  undefined,
  null,
  true,
  -2,
  -1,
  -0.5,
  0,
  0.5,
  1,
  2,
  2.5,
  3,
  4,
  100,
  101,
  'a',
  [],
];
const S_VALUES: unknown[] = [undefined, null, false, '', 'a', 'b', 'ab', 'ba', 'abc', 'c', 1, {}];
const FACTS: unknown[] = [
  {},
  { context: 5 },
  ...N_VALUES.flatMap((n) =>
    S_VALUES.map((s) => ({
      context: { ...(n === undefined ? {} : { n }), ...(s === undefined ? {} : { s }) },
    })),
  ),
];

/** The same operator with another literal, or a list with one item more or less: near misses. */
function nudged(cell: CellInput, values: fc.Arbitrary<number | string>): fc.Arbitrary<CellInput> {
  if (cell.kind !== 'condition' || !cell.value) return fc.constant(cell);
  const v = cell.value;
  const value = (x: number | string): CellValue => (typeof x === 'number' ? num(x) : str(x));
  if (v.kind === 'scalar') return values.map((x) => cond(cell.op, value(x)));
  if (cell.op === 'between' || cell.op === 'not_between')
    return fc
      .tuple(numbers, numbers)
      .map(([a, b]) => cond(cell.op, list(num(Math.min(a, b)), num(Math.max(a, b)))));
  return fc.oneof(
    values.map((x) => cond(cell.op, list(...v.items, value(x)))),
    fc.constant(v.items.length > 1 ? cond(cell.op, list(...v.items.slice(1))) : cell),
  );
}

describe('widening agrees with the evaluator', () => {
  it('"does not widen" ⇒ no fact fires the new row that did not fire the old; "widens" ⇒ its fact does', () => {
    fc.assert(
      fc.property(
        fc
          .tuple(numberCell, stringCell)
          .chain(([n0, s0]) =>
            fc.tuple(
              fc.constant([n0, s0] as const),
              fc.option(fc.oneof(numberCell, nudged(n0, numbers)), { nil: undefined }),
              fc.option(fc.oneof(stringCell, nudged(s0, strings)), { nil: undefined }),
            ),
          ),
        ([[n0, s0], n1, s1]) => {
          const before = [n0, s0];
          // A blocking row of "-" cells does not compile (E801): such rows are tested above.
          fc.pre([n1 ?? n0, s1 ?? s0].some((c) => c.kind !== 'any'));
          fc.pre(before.some((c) => c.kind !== 'any'));
          const after = new Map<number, CellInput>();
          if (n1) after.set(0, n1);
          if (s1) after.set(1, s1);
          const oldText = documentText(before);
          const newText = documentText([n1 ?? n0, s1 ?? s0]);
          const w = rowWidening(tableOf(oldText), 0, after);
          const oldEv = evaluator(oldText);
          const newEv = evaluator(newText);
          if (w.verdict === 'none') {
            for (const fact of FACTS) {
              if (fires(newEv, fact) && !fires(oldEv, fact))
                throw new Error(`said "does not widen", but ${JSON.stringify(fact)} now fires`);
            }
          }
          if (w.verdict === 'widens') {
            expect(fires(newEv, w.example)).toBe(true);
            expect(fires(oldEv, w.example)).toBe(false);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
