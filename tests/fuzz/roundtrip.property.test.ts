// Property test of the round-trip law (docs/projections.md): random Simple rules — every
// condition operator with a fitting value, within / rate modifiers, AND / OR, fields from a small
// pool so guards of the same field sit next to each other — converted Simple → Expression →
// Simple keep every rule hash, give back the same conditions, and converting again is stable.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compileDocument,
  convertDocument,
  type ProjectionTarget,
  SIMPLE_OPERATORS,
  simpleFromTree,
} from '../../src/kernel';
import { quote } from '../../src/kernel/projection/yaml-out';
import { fuzzParams, fuzzTimeout } from './runs';

const params = fuzzParams(20260903, 100);

const FIELDS = ['context.a', 'context.b', 'tool.name'];
const PATTERNS = ['^a+$', '[0-9]{3}', '\\.pem$', '(foo|bar)'];
const OPERATORS = SIMPLE_OPERATORS.filter((o) => o.compile !== 'modifier');

const stringArb = fc.string({
  unit: fc.constantFrom(...'abz09 _-.:#\'"\\é中/\u007f\u2028\n'.split('')),
  maxLength: 6,
});
const numberArb = fc
  .tuple(
    fc.boolean(),
    fc.nat({ max: 1_000_000 }),
    fc.string({ unit: fc.constantFrom(...'0123456789'.split('')), maxLength: 16 }),
    fc.constantFrom('', 'e2', 'e-3'),
  )
  .map(([neg, int, frac, exp]) => `${neg ? '-' : ''}${int}${frac ? `.${frac}` : ''}${exp}`);
const scalarArb = fc.oneof(
  stringArb.map(quote),
  numberArb,
  fc.constantFrom('true', 'false', 'null'),
);

function valueArb(kind: string): fc.Arbitrary<string | null> {
  switch (kind) {
    case 'scalar':
      return scalarArb;
    case 'ordered':
      return fc.oneof(stringArb.map(quote), numberArb);
    case 'list':
      return fc.array(scalarArb, { minLength: 1, maxLength: 3 }).map((xs) => `[${xs.join(', ')}]`);
    case 'string':
      return stringArb.map(quote);
    case 'regex':
      return fc.constantFrom(...PATTERNS).map(quote);
    case 'count':
      return fc.nat({ max: 50 }).map(String);
    case 'range':
      return fc
        .tuple(fc.nat({ max: 100 }), fc.nat({ max: 100 }))
        .map(([a, b]) => `[${Math.min(a, b)}, ${Math.max(a, b)}.5]`);
    default:
      return fc.constant(null);
  }
}

const conditionArb = fc
  .tuple(fc.constantFrom(...FIELDS), fc.constantFrom(...OPERATORS))
  .chain(([field, op]) =>
    fc.tuple(
      fc.constant(field),
      fc.constant(op.name),
      valueArb(op.operand),
      fc.oneof(
        { weight: 4, arbitrary: fc.constant('') },
        { weight: 1, arbitrary: fc.constantFrom(', within: "600s"', ', rate: "3/2h"') },
      ),
    ),
  )
  .map(
    ([field, op, value, modifier]) =>
      `{field: "${field}", operator: ${op}${value === null ? '' : `, value: ${value}`}${modifier}}`,
  );

const ruleArb = fc.tuple(
  fc.constantFrom('AND', 'OR'),
  fc.array(conditionArb, { minLength: 1, maxLength: 5 }),
);

function documentOf(rules: readonly [string, readonly string[]][]): string {
  const lines = [
    'protocol: "erdl/v2"',
    'version: "2.1.0"',
    'metadata:',
    '  name: "property"',
    '  decision: ALLOW',
    'rules:',
  ];
  rules.forEach(([logic, conditions], i) => {
    lines.push(
      `  - name: "PRP-${String(i + 1).padStart(3, '0')}-rule"`,
      '    description: "generated"',
      `    priority: ${i + 1}`,
      '    when:',
      `      logic: ${logic}`,
      '      conditions:',
      ...conditions.map((c) => `        - ${c}`),
      '    then: NOTIFY',
    );
  });
  return `${lines.join('\n')}\n`;
}

function convert(text: string, to: ProjectionTarget): string {
  const r = convertDocument(text, { to });
  if (!r.ok) throw new Error(`${to}: ${JSON.stringify(r)}`);
  return r.output;
}

function compiled(text: string) {
  const r = compileDocument(text);
  if (!r.document)
    throw new Error(r.diagnostics.map((d) => `${d.code} ${d.message.en}`).join('\n'));
  return r.document;
}

describe('round-trip law (property)', () => {
  it(
    'Simple → Expression → Simple keeps every rule hash and the conditions',
    () => {
      fc.assert(
        fc.property(fc.array(ruleArb, { minLength: 1, maxLength: 3 }), (rules) => {
          const text = documentOf(rules);
          const source = compiled(text);
          const expr = convert(text, 'expr');
          const simple = convert(expr, 'simple');
          expect(compiled(expr).rules.map((r) => r.hash)).toEqual(source.rules.map((r) => r.hash));
          const back = compiled(simple);
          expect(back.rules.map((r) => r.hash)).toEqual(source.rules.map((r) => r.hash));
          expect(back.hash).toBe(source.hash);
          // The same operators, in order, as generated.
          rules.forEach(([, conditions], i) => {
            const r = back.rules[i];
            if (!r) throw new Error(`rule ${i + 1} is missing`);
            const s = simpleFromTree(r.when);
            const ops =
              s.ok && s.when.kind === 'conditions' ? s.when.conditions.map((c) => c.operator) : [];
            expect(ops).toEqual(conditions.map((c) => /operator: (\w+)/.exec(c)?.[1]));
          });
          // Stable: converting the converted document again changes nothing.
          expect(convert(simple, 'expr')).toBe(expr);
          expect(convert(simple, 'simple')).toBe(simple);
        }),
        params,
      );
    },
    fuzzTimeout(40),
  );

  it(
    'AND rules without modifiers, one condition per field → one table → Simple keep every hash',
    () => {
      const rowArb = fc
        .tuple(fc.subarray(FIELDS, { minLength: 0 }), fc.array(conditionArb, { maxLength: 3 }))
        .map(([fields, pool]) =>
          fields.map((f, i) =>
            (pool[i] ?? `{field: "${f}", operator: exists}`)
              .replace(/field: "[^"]+"/, `field: "${f}"`)
              .replace(/, (within|rate): "[^"]+"/, ''),
          ),
        );
      fc.assert(
        fc.property(fc.array(rowArb, { minLength: 1, maxLength: 4 }), (rows) => {
          // A table needs a column: at least one rule tests a field (else table/no-columns).
          fc.pre(rows.some((r) => r.length > 0));
          const text = documentOf(rows.map((r) => ['AND', r] as const)).replace(
            /priority: \d+/g,
            'priority: 7',
          );
          // A rule with no condition is written `when: "true"` (a default row).
          const withTrue = text.replace(
            /when:\n {6}logic: AND\n {6}conditions:\n(?! {8}-)/g,
            'when: "true"\n',
          );
          const source = compiled(withTrue);
          const table = convert(withTrue, 'table');
          expect(compiled(table).rules.map((r) => r.hash)).toEqual(source.rules.map((r) => r.hash));
          const simple = convert(table, 'simple');
          expect(compiled(simple).rules.map((r) => r.hash)).toEqual(
            source.rules.map((r) => r.hash),
          );
          const again = convert(simple, 'table');
          expect(compiled(again).rules.map((r) => r.hash)).toEqual(source.rules.map((r) => r.hash));
        }),
        params,
      );
    },
    fuzzTimeout(40),
  );
});
