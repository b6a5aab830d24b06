// E7 differential: the writing forms are one semantics. A random Simple rule and its Expression
// projection (convertDocument … to: 'expr') reach the same decision and match the same rules on
// random facts; a random decision table and its row-by-row Simple rules (to: 'simple') likewise.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compileDocument,
  convertDocument,
  Evaluator,
  type ProjectionTarget,
  SIMPLE_OPERATORS,
} from '../../src/kernel';
import { fuzzParams, fuzzTimeout } from './runs';

const FIELDS = ['context.a', 'context.b', 'tool.name'];
const OPERATORS = SIMPLE_OPERATORS.filter((o) => o.compile !== 'modifier');
/** Small pools so generated conditions and facts meet often. */
const STRINGS = ['a', 'ab', 'foo', 'A', '', 'é', '中'];
const NUMBERS = ['0', '1', '5', '-3', '2.5', '10'];
const PATTERNS = ['^a', 'b$', '(foo|bar)', '[0-9]'];

const stringArb = fc.constantFrom(...STRINGS).map((s) => JSON.stringify(s));
const numberArb = fc.constantFrom(...NUMBERS);
const scalarArb = fc.oneof(stringArb, numberArb, fc.constantFrom('true', 'false', 'null'));

function valueArb(kind: string): fc.Arbitrary<string | null> {
  switch (kind) {
    case 'scalar':
      return scalarArb;
    case 'ordered':
      return fc.oneof(stringArb, numberArb);
    case 'list':
      return fc.array(scalarArb, { minLength: 1, maxLength: 3 }).map((xs) => `[${xs.join(', ')}]`);
    case 'string':
      return stringArb;
    case 'regex':
      return fc.constantFrom(...PATTERNS).map((p) => JSON.stringify(p));
    case 'count':
      return fc.nat({ max: 3 }).map(String);
    case 'range':
      return fc
        .tuple(fc.integer({ min: -3, max: 10 }), fc.integer({ min: -3, max: 10 }))
        .map(([a, b]) => `[${Math.min(a, b)}, ${Math.max(a, b)}]`);
    default:
      return fc.constant(null);
  }
}

/** One condition: its field, operator and value as YAML flow text (null when it takes none). */
const conditionArb = fc
  .tuple(fc.constantFrom(...FIELDS), fc.constantFrom(...OPERATORS))
  .chain(([field, op]) => valueArb(op.operand).map((value) => ({ field, op: op.name, value })));

const DECISIONS = ['DENY', 'NOTIFY', 'REQUEST_HUMAN', 'ALLOW'] as const;

function header(): string[] {
  return [
    'protocol: "erdl/v2"',
    'version: "2.1.0"',
    'metadata:',
    '  name: "differential"',
    '  decision: ALLOW',
    'rules:',
  ];
}

const simpleRuleArb = fc.record({
  logic: fc.constantFrom('AND', 'OR'),
  conditions: fc.array(conditionArb, { minLength: 1, maxLength: 4 }),
  then: fc.constantFrom(...DECISIONS),
  priority: fc.integer({ min: 1, max: 3 }),
});

type SimpleRule = typeof simpleRuleArb extends fc.Arbitrary<infer T> ? T : never;

function simpleDocument(rules: readonly SimpleRule[]): string {
  const lines = header();
  rules.forEach((r, i) => {
    lines.push(
      `  - name: "DIF-${String(i + 1).padStart(3, '0')}-rule"`,
      '    description: "generated"',
      `    priority: ${r.priority}`,
      '    when:',
      `      logic: ${r.logic}`,
      '      conditions:',
      ...r.conditions.map(
        (c) =>
          `        - {field: "${c.field}", operator: ${c.op}${c.value === null ? '' : `, value: ${c.value}`}}`,
      ),
      `    then: ${r.then}`,
      '    message: "generated"',
    );
  });
  return `${lines.join('\n')}\n`;
}

const cellArb = fc.oneof(
  { weight: 1, arbitrary: fc.constant('"-"') },
  {
    weight: 3,
    arbitrary: fc
      .constantFrom(...OPERATORS)
      .chain((op) =>
        valueArb(op.operand).map((v) => (v === null ? `["${op.name}"]` : `["${op.name}", ${v}]`)),
      ),
  },
);

const tableArb = fc.integer({ min: 1, max: 3 }).chain((columns) =>
  fc.record({
    columns: fc.constant(FIELDS.slice(0, columns)),
    rows: fc.array(
      fc
        .record({
          cells: fc.array(cellArb, { minLength: columns, maxLength: columns }),
          then: fc.constantFrom(...DECISIONS),
        })
        // A row of "-" only is `when: "true"`, which must not block (ERDL-E801, §7.4).
        .map((r) => (r.cells.every((c) => c === '"-"') ? { ...r, then: 'ALLOW' as const } : r)),
      { minLength: 1, maxLength: 5 },
    ),
  }),
);

type Table = typeof tableArb extends fc.Arbitrary<infer T> ? T : never;

function tableDocument(table: Table): string {
  return `${[
    ...header(),
    '  - name: "DIF-100-table"',
    '    description: "generated table"',
    '    priority: 2',
    '    when:',
    '      kind: decision_table',
    '      columns:',
    ...table.columns.map((f) => `        - field: "${f}"`),
    '      rows:',
    ...table.rows.flatMap((r) => [
      `        - when: [${r.cells.join(', ')}]`,
      `          then: ${r.then}`,
      '          message: "row"',
    ]),
  ].join('\n')}\n`;
}

/** Facts over the same fields and pools (a field may be missing, null, a list or an object). */
const factFieldArb = fc.option(
  fc.oneof(
    fc.constantFrom(...STRINGS),
    fc.constantFrom(...NUMBERS).map(Number),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.oneof(fc.constantFrom(...STRINGS), fc.constantFrom(...NUMBERS).map(Number)), {
      maxLength: 3,
    }),
    fc.constant({ nested: 1 }),
  ),
  { nil: undefined, freq: 4 },
);
const factArb = fc
  .record({ a: factFieldArb, b: factFieldArb, name: factFieldArb })
  .map(({ a, b, name }) => ({ context: { a, b }, tool: { name } }));

function loaded(text: string) {
  const r = compileDocument(text);
  if (!r.document)
    throw new Error(
      `does not load:\n${r.diagnostics.map((d) => `${d.code} ${d.message.en}`).join('\n')}\n${text}`,
    );
  return r.document;
}

/** Converts and returns the output's evaluator and the map from input rule names to output's. */
function projected(text: string, to: ProjectionTarget) {
  const r = convertDocument(text, { to });
  if (!r.ok) return null;
  return {
    evaluator: new Evaluator(r.document),
    names: new Map(r.rules.map((m) => [m.from, m.to])),
    output: r.output,
  };
}

const OPTIONS = { as_of: '2026-01-15T09:00:00Z', hash: false } as const;

function expectSameDecisions(text: string, to: ProjectionTarget, facts: readonly unknown[]): void {
  const source = new Evaluator(loaded(text));
  const other = projected(text, to);
  // A refused conversion (e.g. a table whose rows cannot be written in the target) is not a
  // disagreement; refusals are the projection tests' business.
  fc.pre(other !== null);
  if (!other) return;
  for (const fact of facts) {
    const a = source.evaluate(fact, OPTIONS);
    const b = other.evaluator.evaluate(fact, OPTIONS);
    const context = { fact, source: text, projection: other.output };
    expect({ ...context, decision: b.decision }).toEqual({ ...context, decision: a.decision });
    expect(b.matched_rules).toEqual(a.matched_rules.map((n) => other.names.get(n) ?? n));
  }
}

describe('E7 differential (property)', () => {
  it('Simple rules and their Expression projection decide alike', {
    timeout: fuzzTimeout(40),
  }, () => {
    fc.assert(
      fc.property(
        fc.array(simpleRuleArb, { minLength: 1, maxLength: 3 }),
        fc.array(factArb, { minLength: 1, maxLength: 8 }),
        (rules, facts) => expectSameDecisions(simpleDocument(rules), 'expr', facts),
      ),
      fuzzParams(907),
    );
  });

  it('a decision table and its row-by-row Simple rules decide alike', {
    timeout: fuzzTimeout(40),
  }, () => {
    fc.assert(
      fc.property(tableArb, fc.array(factArb, { minLength: 1, maxLength: 8 }), (table, facts) =>
        expectSameDecisions(tableDocument(table), 'simple', facts),
      ),
      fuzzParams(908),
    );
  });
});
