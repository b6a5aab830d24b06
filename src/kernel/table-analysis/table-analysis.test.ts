// Decision-table analysis (issue 6 §3, docs/table-analysis.md): shadowed, repeated, empty and
// overlapping rows, gaps without a default row, W505's example, and "unknown" for cells beyond the
// analysis. Every example fact is evaluated with the kernel's Evaluator to show what it says, and a
// property test checks that no fact ever fires a row reported as unable to fire.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CompileResult, compileDocument } from '../compile';
import type { Diagnostic } from '../diagnostics/diagnostic';
import { Evaluator } from '../eval/evaluate';
import { compileTree } from '../eval/nodes';
import { SPEC_TABLE, tableDocument } from '../tree/test-support';
import { run } from './probe';

const AS_OF = '2025-01-01T00:00:00Z';

/** A table over `columns` (field paths) with rows [cells YAML, then]. */
function table(columns: string[], rows: [string, string][]): string {
  return [
    'kind: decision_table',
    'columns:',
    ...columns.map((c) => `  - field: "${c}"`),
    'rows:',
    ...rows.flatMap(([cells, then]) => [`  - when: ${cells}`, `    then: ${then}`]),
  ].join('\n');
}

function compile(columns: string[], rows: [string, string][]): CompileResult {
  const r = compileDocument(tableDocument(table(columns, rows), '    message: "needs review"'));
  expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return r;
}

const found = (r: CompileResult, code: string) => r.diagnostics.filter((d) => d.code === code);
const analysisCodes = (r: CompileResult) =>
  r.diagnostics.map((d) => d.code).filter((c) => /ERDL-[WI]5(09|1\d)/.test(c));

/** The rule evaluation applies first for a fact (the document holds just the table). */
function firstMatched(r: CompileResult, fact: unknown): string | null {
  if (!r.document) throw new Error('no document');
  const result = new Evaluator(r.document).evaluate(fact, { as_of: AS_OF, hash: false });
  return result.matched_rules[0] ?? null;
}

function rowMatches(r: CompileResult, row: number, fact: unknown): boolean {
  const rule = r.document?.rules.find((x) => x.row === row);
  if (!rule) throw new Error(`no row ${row}`);
  return run(compileTree(rule.when), fact) === true;
}

/** The example evaluates as stated: its first match is the one the diagnostic names. */
function checkExample(r: CompileResult, d: Diagnostic): void {
  expect(d.example, `${d.code} has an example`).toBeDefined();
  const ex = d.example as NonNullable<Diagnostic['example']>;
  expect(JSON.parse(JSON.stringify(ex))).toEqual(ex); // JSON: crosses the worker boundary
  expect(firstMatched(r, ex.fact)).toBe(ex.firstMatch?.rule ?? null);
  expect(ex.explanation.en.length).toBeGreaterThan(0);
  expect(ex.explanation.zh.length).toBeGreaterThan(0);
}

describe('the §5.4 example (priorities 100, 90, 1; rows ≥10000, ≥5000, default)', () => {
  const r = compileDocument(tableDocument(SPEC_TABLE, '    message: "needs review"'));

  it('flags rows 1 and 2 as overlapping, with amount 10000 as the example', () => {
    const [w] = found(r, 'ERDL-W510');
    expect(w?.message.en).toBe(
      'Row 2 (ESCALATE) overlaps row 1 (REQUEST_HUMAN) above it: a fact can match both, and row order applies row 1',
    );
    expect(w?.message.zh).toBe(
      '第 2 行（ESCALATE）与其上方第 1 行（REQUEST_HUMAN）重叠：同一事实可同时匹配两行，按行序采用第 1 行',
    );
    expect(w?.example?.fact).toEqual({ context: { amount: 10000 } });
    checkExample(r, w as Diagnostic);
    expect(rowMatches(r, 2, w?.example?.fact)).toBe(true);
  });

  it('explains each W505 with a fact on which priority order and row order disagree', () => {
    const ws = found(r, 'ERDL-W505');
    expect(ws.map((w) => w.example?.fact)).toEqual([
      { context: { amount: 10000 } },
      { context: { amount: 5000 } },
    ]);
    expect(ws[0]?.example?.explanation.en).toBe(
      'Row order applies row 1 (REQUEST_HUMAN) to this fact; if row priorities decided (smaller first, §7.1), row 3 (ALLOW, priority 1) would apply.',
    );
    expect(ws[0]?.example?.explanation.zh).toContain('按行序，该事实采用第 1 行（REQUEST_HUMAN）');
    for (const w of ws) checkExample(r, w);
  });

  it('finds nothing else (the default row closes every gap)', () => {
    expect(analysisCodes(r)).toEqual(['ERDL-W510']);
  });
});

describe('rows that can never fire', () => {
  it('a row inside an earlier row is shadowed (W509), with a fact that shows it', () => {
    const r = compile(
      ['context.amount'],
      [
        ['[[gte, 100]]', 'NOTIFY'],
        ['[[gte, 200]]', 'ALLOW'],
      ],
    );
    const [w] = found(r, 'ERDL-W509');
    expect(w?.message.en).toBe(
      'Row 2 can never fire: every fact it matches is matched first by row 1 above it (first match in row order)',
    );
    expect(w?.message.zh).toBe(
      '第 2 行永不触发：它匹配的每个事实都会先被其上方的第 1 行匹配（按行序取首个匹配）',
    );
    checkExample(r, w as Diagnostic);
    expect(w?.example?.firstMatch?.row).toBe(1);
    expect(rowMatches(r, 2, w?.example?.fact)).toBe(true);
  });

  it('a row covered only by several earlier rows together is shadowed, naming them', () => {
    const r = compile(
      ['context.amount'],
      [
        ['[[lt, 5]]', 'NOTIFY'],
        ['[[gte, 5]]', 'ESCALATE'],
        ['[[between, [3, 8]]]', 'ALLOW'],
      ],
    );
    const [w] = found(r, 'ERDL-W509');
    expect(w?.message.en).toContain('Row 3 can never fire');
    expect(w?.message.en).toContain('rows 1 and 2 above it');
    checkExample(r, w as Diagnostic);
  });

  it('a row that matches an absent field is not shadowed by rows on numbers', () => {
    const r = compile(
      ['context.amount'],
      [
        ['[[lt, 5]]', 'NOTIFY'],
        ['[[gte, 5]]', 'ESCALATE'],
        ['[[not_exists]]', 'ALLOW'],
      ],
    );
    expect(found(r, 'ERDL-W509')).toEqual([]);
  });

  it('a string cell other than the earlier ones is not shadowed; ne is only true for strings', () => {
    const r = compile(
      ['context.region'],
      [
        ['[[eq, "eu"]]', 'NOTIFY'],
        ['[[ne, "eu"]]', 'ALLOW'],
        ['[[eq, "us"]]', 'DENY'],
      ],
    );
    const [w] = found(r, 'ERDL-W509');
    expect(w?.message.en).toContain('Row 3 can never fire');
    expect(w?.message.en).toContain('row 2');
    checkExample(r, w as Diagnostic);
  });

  it('a repeated row is W512, saying whether the decision differs', () => {
    const r = compile(
      ['context.amount', 'context.region'],
      [
        ['[[gt, 1], [in, ["eu", "us"]]]', 'NOTIFY'],
        ['[[gt, 1], [in, ["eu", "us"]]]', 'DENY'],
      ],
    );
    const [w] = found(r, 'ERDL-W512');
    expect(w?.message.en).toBe(
      'Row 2 repeats the cells of row 1, but decides DENY instead of NOTIFY: it can never fire',
    );
    expect(w?.message.zh).toBe(
      '第 2 行与第 1 行的单元格相同，但决策为 DENY，而非 NOTIFY：它永不触发',
    );
    expect(found(r, 'ERDL-W509')).toEqual([]);
    checkExample(r, w as Diagnostic);
  });

  it('a row whose cells exclude each other matches no fact (W514)', () => {
    const r = compile(
      ['context.amount', 'context.amount'],
      [
        ['[[gt, 10], [lt, 5]]', 'NOTIFY'],
        ['["-", [lt, 5]]', 'ALLOW'],
      ],
    );
    expect(found(r, 'ERDL-W514').map((d) => d.message.en)).toEqual([
      'Row 1 matches no fact: its cells exclude each other',
    ]);
  });

  it('rows below an unconditional row stay W507 only', () => {
    const r = compile(
      ['context.amount'],
      [
        ['[[gt, 1]]', 'NOTIFY'],
        ['[]', 'ALLOW'],
        ['[[gt, 2]]', 'NOTIFY'],
      ],
    );
    expect(analysisCodes(r)).toEqual([]);
    expect(found(r, 'ERDL-W507')).toHaveLength(1);
  });
});

describe('gaps: inputs no row matches when there is no default row', () => {
  it('a value set: another string (W511)', () => {
    const r = compile(
      ['context.region'],
      [
        ['[[eq, "eu"]]', 'NOTIFY'],
        ['[[in, ["us", "cn"]]]', 'ALLOW'],
      ],
    );
    const [w] = found(r, 'ERDL-W511');
    expect(w?.message.en).toBe(
      'No row matches some inputs and the table has no default row (when: []), e.g. context.region = "other"',
    );
    expect(w?.example?.firstMatch).toBeNull();
    checkExample(r, w as Diagnostic);
  });

  it('numeric ranges: the boundary both rows leave out', () => {
    const r = compile(
      ['context.amount'],
      [
        ['[[lt, 5]]', 'NOTIFY'],
        ['[[gt, 5]]', 'ALLOW'],
      ],
    );
    const [w] = found(r, 'ERDL-W511');
    expect(w?.example?.fact).toEqual({ context: { amount: 5 } });
    checkExample(r, w as Diagnostic);
  });

  it('ranges that cover every number, and every listed string, leave no gap', () => {
    const r = compile(
      ['context.amount', 'context.tier'],
      [
        ['[[lt, 5], "-"]', 'NOTIFY'],
        ['[[gte, 5], [eq, "gold"]]', 'ALLOW'],
        ['[[gte, 5], [ne, "gold"]]', 'ESCALATE'],
      ],
    );
    expect(found(r, 'ERDL-W511')).toEqual([]);
  });
});

describe('unknown rather than a guess', () => {
  it('regex rows: whether the second can fire is unknown (I513)', () => {
    const r = compile(
      ['context.path'],
      [
        ['[[match, "^a"]]', 'NOTIFY'],
        ['[[match, "^b"]]', 'ALLOW'],
      ],
    );
    const infos = found(r, 'ERDL-I513');
    expect(infos.map((d) => d.message.en)).toContain(
      'Unknown: the table analysis cannot decide whether row 2 can ever fire (a cell on context.path uses match, whose matches the analysis does not enumerate)',
    );
    expect(infos[0]?.severity).toBe('info');
    expect(found(r, 'ERDL-W509')).toEqual([]);
  });

  it('a regex row inside an earlier "exists" row is still proved shadowed', () => {
    const r = compile(
      ['context.path'],
      [
        ['[[exists]]', 'NOTIFY'],
        ['[[match, "^a"]]', 'ALLOW'],
      ],
    );
    expect(found(r, 'ERDL-W509')).toHaveLength(1);
  });

  it('a blocking regex row may fire by failing closed (E12): not claimed shadowed', () => {
    const r = compile(
      ['context.path', 'context.amount'],
      [
        ['["-", [gt, 1]]', 'NOTIFY'],
        ['[[match, "^a"], [gt, 1]]', 'DENY'],
      ],
    );
    expect(found(r, 'ERDL-W509')).toEqual([]);
    // A 10,001-character path fails the regex input limit: DENY applies although no row is true.
    const fact = { context: { path: 'b'.repeat(10_001), amount: 0 } };
    expect(firstMatched(r, fact)).toBe('TST-002-table#2');
  });

  it('columns on nested fields (context.user and context.user.age) are unknown as a whole', () => {
    const r = compile(
      ['context.user', 'context.user.age'],
      [
        ['[[exists], "-"]', 'NOTIFY'],
        ['["-", [gt, 1]]', 'ALLOW'],
      ],
    );
    expect(analysisCodes(r)).toEqual(['ERDL-I513']);
  });
});

describe('soundness: a row reported as unable to fire never fires (property test)', () => {
  const NUMBERS = [0, 5, 10];
  const STRINGS = ['eu', 'us', '/etc'];
  const numberCell = fc.oneof(
    { arbitrary: fc.constant('"-"'), weight: 2 },
    fc
      .tuple(fc.constantFrom('eq', 'ne', 'gt', 'gte', 'lt', 'lte'), fc.constantFrom(...NUMBERS))
      .map(([op, n]) => `[${op}, ${n}]`),
    fc
      .tuple(fc.constantFrom('between', 'not_between'), fc.constantFrom([0, 5], [5, 10], [0, 10]))
      .map(([op, [a, b]]) => `[${op}, [${a}, ${b}]]`),
    fc.constantFrom('[exists]', '[not_exists]', '[in, [0, 10]]', '[not_in, [5]]', '[eq, null]'),
  );
  const stringCell = fc.oneof(
    { arbitrary: fc.constant('"-"'), weight: 2 },
    fc
      .tuple(
        fc.constantFrom('eq', 'ne', 'starts_with', 'contains', 'gt'),
        fc.constantFrom(...STRINGS),
      )
      .map(([op, s]) => `[${op}, "${s}"]`),
    fc.constantFrom(
      '[in, ["eu", "us"]]',
      '[not_in, ["eu"]]',
      '[match, "^/e"]',
      '[length_gt, 2]',
      '[exists]',
    ),
  );
  const row = fc.tuple(
    numberCell,
    stringCell,
    fc.constantFrom('NOTIFY', 'ALLOW', 'DENY', 'ESCALATE'),
    fc.integer({ min: 0, max: 9 }).map((n) => n === 0), // a default row now and then
  );
  const rows = fc.array(row, { minLength: 1, maxLength: 7 });
  const values = [
    undefined,
    null,
    true,
    false,
    -1,
    0,
    2.5,
    5,
    7,
    10,
    11,
    '',
    'eu',
    'us',
    '/etc',
    '/etc/x',
    'other',
    [],
    ['eu'],
    {},
  ];
  const fact = (amount: unknown, region: unknown) => {
    const context: Record<string, unknown> = {};
    if (amount !== undefined) context.amount = amount;
    if (region !== undefined) context.region = region;
    return { context };
  };

  it('holds for random tables over numbers and strings', () => {
    let reported = 0;
    fc.assert(
      fc.property(rows, (spec) => {
        const r = compileDocument(
          tableDocument(
            table(
              ['context.amount', 'context.region'],
              spec.map(([a, b, then, isDefault]) => [isDefault ? '[]' : `[${a}, ${b}]`, then]),
            ),
            '    message: "needs review"',
          ),
        );
        if (!r.document) return; // e.g. every row unconditional with a blocking decision (E801)
        const never = r.diagnostics.filter((d) =>
          ['ERDL-W509', 'ERDL-W512', 'ERDL-W514', 'ERDL-W507'].includes(d.code),
        );
        reported += never.filter((d) => d.code !== 'ERDL-W507').length;
        const neverRules = new Set(
          never.map((d) => {
            const m = /^Row (\d+)/.exec(d.message.en);
            return `TST-002-table#${m?.[1]}`;
          }),
        );
        const facts = values.flatMap((a) => values.map((b) => fact(a, b)));
        for (const d of r.diagnostics) if (d.example) facts.push(d.example.fact as never);
        for (const f of facts) {
          const first = firstMatched(r, f);
          if (first !== null) expect(neverRules.has(first), JSON.stringify(f)).toBe(false);
        }
        for (const d of r.diagnostics) if (d.example) checkExample(r, d);
      }),
      { numRuns: 200, seed: 6 },
    );
    // The property is not vacuous: the random tables do have rows reported as unable to fire.
    expect(reported).toBeGreaterThan(20);
  }, 120_000);
});
