// Property tests of the canonical form (docs/canonical-form.md): a rule's hash depends on its
// semantics only. Small Simple rules are generated (fields from a pool, operators from
// SIMPLE_OPERATORS with fitting values, AND/OR) and rendered to YAML text in many equivalent ways;
// every rendering must give the same rule and document hash, and any change of a literal value,
// an operator or a field path must change it. Rule field order stays fixed (§4.1 makes it an error).
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CompiledDocument, compileDocument, SIMPLE_OPERATORS } from '../../src/kernel';
import { fuzzParams, fuzzTimeout } from './runs';

const params = fuzzParams(42, 100);

// ---------------------------------------------------------------------------------------------
// The rule model

type Scalar =
  | { readonly t: 'str'; readonly s: string }
  | { readonly t: 'num'; readonly text: string }
  | { readonly t: 'bool'; readonly b: boolean }
  | { readonly t: 'null' };
type Value =
  | Scalar
  | { readonly t: 'list'; readonly items: readonly Scalar[] }
  | { readonly t: 'regex'; readonly s: string }
  | { readonly t: 'range'; readonly min: string; readonly max: string };

interface Condition {
  readonly field: string;
  readonly operator: string;
  /** Absent for exists / not_exists. */
  readonly value?: Value;
}

interface Rule {
  readonly logic: 'AND' | 'OR';
  readonly conditions: readonly Condition[];
}

type OperatorInfo = (typeof SIMPLE_OPERATORS)[number];
type OperandKind = OperatorInfo['operand'];

const FIELDS = [
  'tool.name',
  'tool.args.path',
  'tool.args.amount',
  'context.country',
  'context.tags',
  'context.user.role',
  'agent.id',
  'task.state',
];
const PATTERNS = ['^a+$', '[0-9]{3}', 'abc', '^/etc/', '\\.pem$', '(foo|bar)'];
const OPERATORS = SIMPLE_OPERATORS.filter((o) => o.compile !== 'modifier');
const operatorInfo = (name: string) => OPERATORS.find((o) => o.name === name) as OperatorInfo;

const stringArb = fc.string({
  unit: fc.constantFrom(...'abcxyzAZ09 _-.:#\'"\\é中/'.split('')),
  maxLength: 8,
});
/** Decimal source text as a person writes it: integer or up to 3 decimals (never > 14). */
const numberTextArb = fc
  .tuple(fc.integer({ min: -99_999, max: 99_999 }), fc.option(fc.integer({ min: 0, max: 999 })))
  .map(([i, f]) =>
    f === null ? String(i) : `${i < 0 || Object.is(i, -0) ? '-' : ''}${Math.abs(i)}.${f}`,
  );
const strArb = stringArb.map((s): Scalar => ({ t: 'str', s }));
const numArb = numberTextArb.map((text): Scalar => ({ t: 'num', text }));
const scalarArb: fc.Arbitrary<Scalar> = fc.oneof(
  strArb,
  numArb,
  fc.boolean().map((b): Scalar => ({ t: 'bool', b })),
  fc.constant<Scalar>({ t: 'null' }),
);

function valueArb(kind: OperandKind): fc.Arbitrary<Value | undefined> {
  switch (kind) {
    case 'scalar':
      return scalarArb;
    case 'ordered':
      return fc.oneof(strArb, numArb);
    case 'list':
      return fc
        .array(fc.oneof(strArb, numArb), { minLength: 1, maxLength: 4 })
        .map((items): Value => ({ t: 'list', items }));
    case 'string':
      return strArb;
    case 'regex':
      return fc.constantFrom(...PATTERNS).map((s): Value => ({ t: 'regex', s }));
    case 'count':
      return fc.nat({ max: 500 }).map((n): Value => ({ t: 'num', text: String(n) }));
    case 'range':
      return fc
        .tuple(numberTextArb, numberTextArb)
        .map(
          ([a, b]): Value =>
            new Decimal(a).lte(b) ? { t: 'range', min: a, max: b } : { t: 'range', min: b, max: a },
        );
    default:
      return fc.constant(undefined);
  }
}

const conditionArb: fc.Arbitrary<Condition> = fc
  .tuple(fc.constantFrom(...FIELDS), fc.constantFrom(...OPERATORS))
  .chain(([field, op]) =>
    valueArb(op.operand).map((value) =>
      value === undefined ? { field, operator: op.name } : { field, operator: op.name, value },
    ),
  );

const ruleArb: fc.Arbitrary<Rule> = fc.record({
  logic: fc.constantFrom('AND' as const, 'OR' as const),
  conditions: fc.array(conditionArb, { minLength: 1, maxLength: 4 }),
});

// ---------------------------------------------------------------------------------------------
// Rendering: a tiny YAML/JSON emitter whose layout choices are all semantically neutral

/**
 * A node as written: strings may be quoted any way; keywords (enum values) are bare in YAML and
 * strings in JSON; raw scalars (numbers, booleans, null) keep their source text in both.
 */
type Y =
  | { readonly k: 'str'; readonly s: string }
  | { readonly k: 'kw'; readonly s: string }
  | { readonly k: 'raw'; readonly text: string }
  | { readonly k: 'seq'; readonly items: readonly Y[] }
  | { readonly k: 'map'; readonly entries: readonly (readonly [string, Y])[] };

type Quote = 'double' | 'single' | 'plain';

interface Style {
  readonly indent: number;
  /** Quoting of each string in turn (cycled). */
  readonly quotes: readonly Quote[];
  /** Permutation of field/operator/value for each condition in turn (cycled). */
  readonly keyOrders: readonly (readonly number[])[];
  readonly comments: boolean;
  readonly blankLines: boolean;
  readonly spaceAfterColon: number;
  readonly flowLists: boolean;
  readonly defaults: boolean;
}

const BASE: Style = {
  indent: 2,
  quotes: ['double'],
  keyOrders: [[0, 1, 2]],
  comments: false,
  blankLines: false,
  spaceAfterColon: 1,
  flowLists: true,
  defaults: false,
};

const PERMUTATIONS = [
  [0, 1, 2],
  [0, 2, 1],
  [1, 0, 2],
  [1, 2, 0],
  [2, 0, 1],
  [2, 1, 0],
];

const str = (s: string): Y => ({ k: 'str', s });
const raw = (text: string): Y => ({ k: 'raw', text });
const kw = (s: string): Y => ({ k: 'kw', s });
const seq = (...items: Y[]): Y => ({ k: 'seq', items });
const map = (...entries: (readonly [string, Y])[]): Y => ({ k: 'map', entries });

function scalarY(v: Scalar): Y {
  switch (v.t) {
    case 'str':
      return str(v.s);
    case 'num':
      return raw(v.text);
    case 'bool':
      return raw(String(v.b));
    case 'null':
      return raw('null');
  }
}

function valueY(v: Value): Y {
  switch (v.t) {
    case 'list':
      return seq(...v.items.map(scalarY));
    case 'regex':
      return str(v.s);
    case 'range':
      return seq(raw(v.min), raw(v.max));
    default:
      return scalarY(v);
  }
}

function conditionY(c: Condition, order: readonly number[]): Y {
  const all: [string, Y][] = [
    ['field', str(c.field)],
    ['operator', str(c.operator)],
  ];
  if (c.value !== undefined) all.push(['value', valueY(c.value)]);
  const entries = order.map((i) => all[i]).filter((e) => e !== undefined);
  return map(...entries);
}

const NAME = 'COD-001-generated';

function ruleEntryY(name: string, when: Y, style: Style, then = 'DENY'): Y {
  const defaults: [string, Y][] = style.defaults
    ? [
        ['override', kw('normal')],
        ['ring', raw('0')],
        ['enabled', raw('true')],
      ]
    : [];
  return map(
    ['name', str(name)],
    ['description', str('Generated rule')],
    ['priority', raw('10')],
    ...defaults,
    ['when', when],
    ['then', kw(then)],
    ['message', str('Generated: blocked')],
    ...(style.defaults ? ([['unless', raw('null')]] as [string, Y][]) : []),
  );
}

function documentY(rules: Y[]): Y {
  return map(
    ['protocol', str('erdl/v2')],
    ['version', str('2.1.0')],
    [
      'metadata',
      map(
        ['name', str('generated')],
        ['description', str('Generated document')],
        ['category', kw('coding')],
        ['decision', kw('ALLOW')],
      ),
    ],
    ['rules', seq(...rules)],
  );
}

function simpleDocument(rule: Rule, style: Style): Y {
  const conditions = rule.conditions.map((c, i) =>
    conditionY(c, style.keyOrders[i % style.keyOrders.length] as number[]),
  );
  const when = map(['logic', kw(rule.logic)], ['conditions', seq(...conditions)]);
  return documentY([ruleEntryY(NAME, when, style)]);
}

const PLAIN_SAFE = /^[A-Za-z_][A-Za-z0-9_./]*$/;

class Emitter {
  private lines: string[] = [];
  private quoteIndex = 0;
  private commentIndex = 0;

  constructor(private readonly style: Style) {}

  emit(root: Y): string {
    this.lines = [];
    if (this.style.comments) this.lines.push('# generated document — comments are not semantic');
    this.block(root, 0);
    return `${this.lines.join('\n')}\n`;
  }

  private quote(s: string): string {
    const q = this.style.quotes[this.quoteIndex++ % this.style.quotes.length] as Quote;
    if (q === 'plain' && PLAIN_SAFE.test(s) && !/^(null|true|false)$/i.test(s)) return s;
    if (q === 'single') return `'${s.replace(/'/g, "''")}'`;
    return JSON.stringify(s);
  }

  private scalar(y: Y): string {
    if (y.k === 'str') return this.quote(y.s);
    if (y.k === 'kw') return y.s;
    if (y.k === 'raw') return y.text;
    if (y.k === 'seq') return `[${y.items.map((i) => this.scalar(i)).join(', ')}]`;
    throw new Error('maps are always block');
  }

  private trailing(): string {
    return this.style.comments && this.commentIndex++ % 3 === 0 ? '  # note' : '';
  }

  private inline(y: Y): boolean {
    return (
      y.k === 'str' ||
      y.k === 'kw' ||
      y.k === 'raw' ||
      (y.k === 'seq' && this.style.flowLists && y.items.every((i) => i.k !== 'map'))
    );
  }

  /** Map entries or seq items at `col`; `first` is the prefix of the first line (a "- "). */
  private block(y: Y, col: number, first?: string): void {
    const pad = ' '.repeat(col);
    const colon = `:${' '.repeat(this.style.spaceAfterColon)}`;
    if (y.k === 'map') {
      y.entries.forEach(([key, v], i) => {
        const lead = i === 0 && first !== undefined ? first : pad;
        if (this.style.comments && i > 0 && this.commentIndex++ % 4 === 1)
          this.lines.push(`${pad}# about ${key}`);
        if (this.style.blankLines && i > 0 && i % 3 === 0) this.lines.push('');
        if (this.inline(v))
          this.lines.push(`${lead}${key}${colon}${this.scalar(v)}${this.trailing()}`);
        else if (v.k === 'seq' && v.items.length === 0) this.lines.push(`${lead}${key}${colon}[]`);
        else {
          this.lines.push(`${lead}${key}:${this.trailing()}`);
          this.block(v, col + this.style.indent);
        }
      });
      return;
    }
    if (y.k === 'seq') {
      const dash = `-${' '.repeat(this.style.indent - 1)}`;
      y.items.forEach((item, i) => {
        const lead = i === 0 && first !== undefined ? first : pad;
        if (this.inline(item)) this.lines.push(`${lead}${dash}${this.scalar(item)}`);
        else this.block(item, col + this.style.indent, `${lead}${dash}`);
      });
      return;
    }
    this.lines.push(`${first ?? pad}${this.scalar(y)}`);
  }
}

const yamlText = (y: Y, style: Style = BASE) => new Emitter(style).emit(y);

/** JSON carrier: the same document as JSON (numbers keep their source text). */
function jsonText(y: Y, indent: number): string {
  const nl = indent > 0 ? '\n' : '';
  const go = (v: Y, depth: number): string => {
    const pad = ' '.repeat(indent * (depth + 1));
    const end = ' '.repeat(indent * depth);
    switch (v.k) {
      case 'str':
      case 'kw':
        return JSON.stringify(v.s);
      case 'raw':
        return v.text;
      case 'seq':
        return v.items.length === 0
          ? '[]'
          : `[${nl}${v.items.map((i) => pad + go(i, depth + 1)).join(`,${nl}`)}${nl}${end}]`;
      case 'map':
        return `{${nl}${v.entries
          .map(([k, e]) => `${pad}${JSON.stringify(k)}:${indent > 0 ? ' ' : ''}${go(e, depth + 1)}`)
          .join(`,${nl}`)}${nl}${end}}`;
    }
  };
  return `${go(y, 0)}\n`;
}

// ---------------------------------------------------------------------------------------------
// The equivalent Expression and decision-table row (§5.2 compile mapping, §5.4)

function fieldRef(path: string): Y {
  return map(['field', str(path)]);
}

function expressionOf(c: Condition): Y {
  const info = operatorInfo(c.operator);
  const f = fieldRef(c.field);
  const v = c.value;
  const exists = map(['exists', f]);
  const positive = (): Y => {
    if (info.node === 'exists') return exists;
    if (v?.t === 'range') return map([info.node, seq(f, raw(v.min), raw(v.max))]);
    return map([info.node, seq(f, valueY(v as Value))]);
  };
  switch (info.compile) {
    case 'direct':
      return positive();
    case 'guarded-not':
      return map(['and', seq(exists, map(['not', positive()]))]);
    case 'not-exists':
      return map(['not', exists]);
    case 'guarded-length':
    case 'guarded-count': {
      const measure =
        info.compile === 'guarded-length'
          ? map(['length', f])
          : map(['aggregate', seq(kw('count'), f)]);
      return map(['and', seq(exists, map([info.node, seq(measure, valueY(v as Value))]))]);
    }
    default:
      throw new Error(`no expression for ${c.operator}`);
  }
}

function expressionDocument(rule: Rule, name = NAME): Y {
  const when = map([
    'expr',
    map([rule.logic === 'AND' ? 'and' : 'or', seq(...rule.conditions.map(expressionOf))]),
  ]);
  return documentY([ruleEntryY(name, when, BASE)]);
}

/** A decision table with one column per condition and one row: the AND of the conditions. */
function tableDocument(rule: Rule, name = NAME): Y {
  const columns = seq(...rule.conditions.map((c) => fieldRef(c.field)));
  const cells = rule.conditions.map((c) =>
    c.value === undefined ? seq(str(c.operator)) : seq(str(c.operator), valueY(c.value)),
  );
  const row = map(
    ['when', seq(...cells)],
    ['then', kw('DENY')],
    ['message', str('Generated: blocked')],
  );
  const when = map(['kind', kw('decision_table')], ['columns', columns], ['rows', seq(row)]);
  return documentY([
    map(
      ['name', str(name)],
      ['description', str('Generated rule')],
      ['priority', raw('10')],
      ['when', when],
    ),
  ]);
}

// ---------------------------------------------------------------------------------------------
// Helpers

function load(text: string): CompiledDocument {
  const result = compileDocument(text);
  const errors = result.diagnostics.filter((d) => d.severity === 'error');
  if (!result.document) {
    const detail = errors.map((d) => {
      const p = result.source.position(d.range.start);
      return `${p.line}:${p.column} ${d.code} ${d.message.en}`;
    });
    throw new Error(`document did not load:\n${detail.join('\n')}\n---\n${text}`);
  }
  return result.document;
}

const hashes = (d: CompiledDocument) => ({
  document: d.hash,
  rules: d.rules.map((r) => [r.name, r.hash]),
});

const styleArb: fc.Arbitrary<Style> = fc.record({
  indent: fc.constantFrom(2, 3, 4),
  quotes: fc.array(fc.constantFrom<Quote>('double', 'single', 'plain'), {
    minLength: 1,
    maxLength: 5,
  }),
  keyOrders: fc.array(fc.constantFrom(...PERMUTATIONS), { minLength: 1, maxLength: 4 }),
  comments: fc.boolean(),
  blankLines: fc.boolean(),
  spaceAfterColon: fc.integer({ min: 1, max: 3 }),
  flowLists: fc.boolean(),
  defaults: fc.boolean(),
});

// ---------------------------------------------------------------------------------------------
// Invariance

describe('hash invariance (same semantics → same bytes)', () => {
  it('the generator makes loadable documents (sanity)', { timeout: fuzzTimeout(30) }, () => {
    fc.assert(
      fc.property(ruleArb, (rule) => {
        const d = load(yamlText(simpleDocument(rule, BASE)));
        expect(d.rules).toHaveLength(1);
      }),
      params,
    );
  });

  it('(a) reordering condition keys field/operator/value', { timeout: fuzzTimeout(30) }, () => {
    fc.assert(
      fc.property(
        ruleArb,
        fc.array(fc.constantFrom(...PERMUTATIONS), { minLength: 1, maxLength: 4 }),
        (rule, keyOrders) => {
          const base = load(yamlText(simpleDocument(rule, BASE)));
          const style = { ...BASE, keyOrders };
          expect(hashes(load(yamlText(simpleDocument(rule, style), style)))).toEqual(hashes(base));
        },
      ),
      params,
    );
  });

  it('(b) whitespace, indentation, blank lines and comments', { timeout: fuzzTimeout(30) }, () => {
    fc.assert(
      fc.property(
        ruleArb,
        fc.constantFrom(2, 3, 4),
        fc.boolean(),
        fc.boolean(),
        fc.integer({ min: 1, max: 3 }),
        fc.boolean(),
        (rule, indent, comments, blankLines, spaceAfterColon, flowLists) => {
          const base = load(yamlText(simpleDocument(rule, BASE)));
          const style = { ...BASE, indent, comments, blankLines, spaceAfterColon, flowLists };
          expect(hashes(load(yamlText(simpleDocument(rule, style), style)))).toEqual(hashes(base));
        },
      ),
      params,
    );
  });

  it('(c) quoting style of strings: double, single, plain where safe', {
    timeout: fuzzTimeout(30),
  }, () => {
    fc.assert(
      fc.property(
        ruleArb,
        fc.array(fc.constantFrom<Quote>('double', 'single', 'plain'), {
          minLength: 1,
          maxLength: 7,
        }),
        (rule, quotes) => {
          const base = load(yamlText(simpleDocument(rule, BASE)));
          const style = { ...BASE, quotes };
          expect(hashes(load(yamlText(simpleDocument(rule, style), style)))).toEqual(hashes(base));
        },
      ),
      params,
    );
  });

  it('(d) JSON carrier instead of YAML', { timeout: fuzzTimeout(30) }, () => {
    fc.assert(
      fc.property(ruleArb, fc.constantFrom(0, 2, 4), (rule, indent) => {
        const doc = simpleDocument(rule, BASE);
        expect(hashes(load(jsonText(doc, indent)))).toEqual(hashes(load(yamlText(doc))));
      }),
      params,
    );
  });

  it('(e) spelling out defaults: override normal, ring 0, enabled true, unless null', {
    timeout: fuzzTimeout(30),
  }, () => {
    fc.assert(
      fc.property(ruleArb, (rule) => {
        const base = load(yamlText(simpleDocument(rule, BASE)));
        const style = { ...BASE, defaults: true };
        expect(hashes(load(yamlText(simpleDocument(rule, style), style)))).toEqual(hashes(base));
      }),
      params,
    );
  });

  it('all of the above at once', { timeout: fuzzTimeout(30) }, () => {
    fc.assert(
      fc.property(ruleArb, styleArb, (rule, style) => {
        const base = load(yamlText(simpleDocument(rule, BASE)));
        expect(hashes(load(yamlText(simpleDocument(rule, style), style)))).toEqual(hashes(base));
      }),
      params,
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Sensitivity

/** A different value of the same operand kind (never canonically equal to the old one). */
function changedValue(v: Value): Value {
  const bump = (text: string) => new Decimal(text).plus(1000).toString();
  switch (v.t) {
    case 'str':
      return { t: 'str', s: `${v.s}x` };
    case 'num':
      return { t: 'num', text: bump(v.text) };
    case 'bool':
      return { t: 'bool', b: !v.b };
    case 'null':
      return { t: 'str', s: 'null' };
    case 'list':
      return { t: 'list', items: [...v.items, { t: 'str', s: 'added' }] };
    case 'regex':
      return { t: 'regex', s: PATTERNS[(PATTERNS.indexOf(v.s) + 1) % PATTERNS.length] as string };
    case 'range':
      return { t: 'range', min: v.min, max: bump(v.max) };
  }
}

function replaceCondition(rule: Rule, i: number, c: Condition): Rule {
  return { ...rule, conditions: rule.conditions.map((old, j) => (j === i ? c : old)) };
}

function expectChanged(before: Rule, after: Rule): void {
  const a = load(yamlText(simpleDocument(before, BASE)));
  const b = load(yamlText(simpleDocument(after, BASE)));
  expect(b.rules[0]?.hash).not.toBe(a.rules[0]?.hash);
  expect(b.hash).not.toBe(a.hash);
}

describe('hash sensitivity (different semantics → different hash)', () => {
  it('changing any literal value', { timeout: fuzzTimeout(30) }, () => {
    fc.assert(
      fc.property(ruleArb, fc.nat(), (rule, pick) => {
        const withValue = rule.conditions.flatMap((c, i) => (c.value === undefined ? [] : [i]));
        fc.pre(withValue.length > 0);
        const i = withValue[pick % withValue.length] as number;
        const c = rule.conditions[i] as Condition;
        expectChanged(
          rule,
          replaceCondition(rule, i, { ...c, value: changedValue(c.value as Value) }),
        );
      }),
      params,
    );
  });

  it('changing an operator (to another one taking the same kind of value)', {
    timeout: fuzzTimeout(30),
  }, () => {
    fc.assert(
      fc.property(ruleArb, fc.nat(), fc.nat(), (rule, pick, other) => {
        const i = pick % rule.conditions.length;
        const c = rule.conditions[i] as Condition;
        const kind = operatorInfo(c.operator).operand;
        const alternatives = OPERATORS.filter((o) => o.operand === kind && o.name !== c.operator);
        fc.pre(alternatives.length > 0);
        const op = alternatives[other % alternatives.length] as OperatorInfo;
        expectChanged(rule, replaceCondition(rule, i, { ...c, operator: op.name }));
      }),
      params,
    );
  });

  it('changing a field path', { timeout: fuzzTimeout(30) }, () => {
    fc.assert(
      fc.property(
        ruleArb,
        fc.nat(),
        fc.integer({ min: 1, max: FIELDS.length - 1 }),
        (rule, pick, shift) => {
          const i = pick % rule.conditions.length;
          const c = rule.conditions[i] as Condition;
          const field = FIELDS[(FIELDS.indexOf(c.field) + shift) % FIELDS.length] as string;
          expectChanged(rule, replaceCondition(rule, i, { ...c, field }));
        },
      ),
      params,
    );
  });
});

// ---------------------------------------------------------------------------------------------
// E7: one tree for every writing form

describe('Simple ≡ Expression ≡ decision-table row (E7)', () => {
  it('one condition: Simple, Expression and a single-column table row hash equally', {
    timeout: fuzzTimeout(30),
  }, () => {
    fc.assert(
      fc.property(conditionArb, fc.constantFrom('AND' as const, 'OR' as const), (c, logic) => {
        const rule: Rule = { logic, conditions: [c] };
        const simple = load(yamlText(simpleDocument(rule, BASE))).rules[0]!;
        const expression = load(yamlText(expressionDocument(rule))).rules[0]!;
        const row = load(yamlText(tableDocument(rule))).rules[0]!;
        expect(row.name).toBe(`${NAME}#1`);
        expect(expression.hash).toBe(simple.hash);
        expect(row.hash).toBe(simple.hash);
      }),
      params,
    );
  });

  it('AND of several conditions: Simple, Expression and a one-row table (a column each)', {
    timeout: fuzzTimeout(30),
  }, () => {
    fc.assert(
      fc.property(fc.array(conditionArb, { minLength: 2, maxLength: 4 }), (conditions) => {
        const rule: Rule = { logic: 'AND', conditions };
        const simple = load(yamlText(simpleDocument(rule, BASE))).rules[0]!;
        const expression = load(yamlText(expressionDocument(rule))).rules[0]!;
        const row = load(yamlText(tableDocument(rule))).rules[0]!;
        expect(expression.hash).toBe(simple.hash);
        expect(row.hash).toBe(simple.hash);
      }),
      params,
    );
  });

  it('OR of several conditions: Simple and Expression hash equally', {
    timeout: fuzzTimeout(30),
  }, () => {
    fc.assert(
      fc.property(fc.array(conditionArb, { minLength: 2, maxLength: 4 }), (conditions) => {
        const rule: Rule = { logic: 'OR', conditions };
        const simple = load(yamlText(simpleDocument(rule, BASE))).rules[0]!;
        const expression = load(yamlText(expressionDocument(rule))).rules[0]!;
        expect(expression.hash).toBe(simple.hash);
      }),
      params,
    );
  });
});
