/**
 * The 34 semantic nodes of §5.3 / Appendix A (10 groups), plus the two modifier nodes that carry
 * `within` / `rate` in the tree. One table drives the Expression parser (tree/compile-expression.ts),
 * the static checks, the JSON Schema and gloss (the §5.5 templates live here, zh and en).
 */

export type NodeGroup =
  | 'value'
  | 'logic'
  | 'comparison'
  | 'set'
  | 'string'
  | 'existence'
  | 'quantifier'
  | 'arithmetic'
  | 'time'
  | 'aggregate'
  | 'modifier';

/** The static result type of a node (what the checker knows before evaluation). */
export type ValueType = 'boolean' | 'number' | 'string' | 'date' | 'list' | 'any';

/**
 * How the node is written in Expression YAML (docs/expression-syntax.md):
 * - path: `{field: "a.b"}` / `{var: "$.a"}`
 * - literal: a bare scalar or list, or `{literal: …}`
 * - variadic: `{and: [e1, e2, …]}` (≥ 1 operand)
 * - unary: `{not: e}` or `{not: [e]}`
 * - binary: `{eq: [a, b]}`; ternary: `{between: [a, min, max]}`
 * - quantifier: `{all: [array, predicate]}` (predicate sees `$`)
 * - round: `{round: a}` / `{round: [a]}` / `{round: [a, places]}`
 * - date_add: `{date_add: [date, "30d"]}`; date_part: `{date_part: ["month", date]}`
 * - aggregate: `{aggregate: ["sum", array]}` / `{aggregate: ["sum", array, value]}`
 * - modifier: `{within: ["10m", e]}` / `{rate: ["5/1h", e]}`
 */
export type NodeSyntax =
  | 'path'
  | 'literal'
  | 'variadic'
  | 'unary'
  | 'binary'
  | 'ternary'
  | 'quantifier'
  | 'round'
  | 'date_add'
  | 'date_part'
  | 'aggregate'
  | 'modifier';

export interface NodeInfo {
  readonly name: string;
  readonly group: NodeGroup;
  readonly syntax: NodeSyntax;
  readonly result: ValueType;
  /** Operand types in order (the last one repeats for variadic nodes). */
  readonly operands: readonly ValueType[];
  /** §5.5 gloss templates. */
  readonly gloss: { readonly zh: string; readonly en: string };
}

export const NODES = [
  {
    name: 'field',
    group: 'value',
    syntax: 'path',
    result: 'any',
    operands: [],
    gloss: { zh: '{field}', en: '{field}' },
  },
  {
    name: 'var',
    group: 'value',
    syntax: 'path',
    result: 'any',
    operands: [],
    gloss: { zh: '{变量}', en: '{variable}' },
  },
  {
    name: 'literal',
    group: 'value',
    syntax: 'literal',
    result: 'any',
    operands: [],
    gloss: { zh: '{value}', en: '{value}' },
  },
  {
    name: 'and',
    group: 'logic',
    syntax: 'variadic',
    result: 'boolean',
    operands: ['boolean'],
    gloss: { zh: '{A}且{B}', en: '{A} and {B}' },
  },
  {
    name: 'or',
    group: 'logic',
    syntax: 'variadic',
    result: 'boolean',
    operands: ['boolean'],
    gloss: { zh: '{A}或{B}', en: '{A} or {B}' },
  },
  {
    name: 'not',
    group: 'logic',
    syntax: 'unary',
    result: 'boolean',
    operands: ['boolean'],
    gloss: { zh: '非（{A}）', en: 'not ({A})' },
  },
  {
    name: 'eq',
    group: 'comparison',
    syntax: 'binary',
    result: 'boolean',
    operands: ['any', 'any'],
    gloss: { zh: '{A}等于{B}', en: '{A} equals {B}' },
  },
  {
    name: 'ne',
    group: 'comparison',
    syntax: 'binary',
    result: 'boolean',
    operands: ['any', 'any'],
    gloss: { zh: '{A}不等于{B}', en: '{A} does not equal {B}' },
  },
  {
    name: 'gt',
    group: 'comparison',
    syntax: 'binary',
    result: 'boolean',
    operands: ['any', 'any'],
    gloss: { zh: '{A}大于{B}', en: '{A} is greater than {B}' },
  },
  {
    name: 'gte',
    group: 'comparison',
    syntax: 'binary',
    result: 'boolean',
    operands: ['any', 'any'],
    gloss: { zh: '{A}大于或等于{B}', en: '{A} is greater than or equal to {B}' },
  },
  {
    name: 'lt',
    group: 'comparison',
    syntax: 'binary',
    result: 'boolean',
    operands: ['any', 'any'],
    gloss: { zh: '{A}小于{B}', en: '{A} is less than {B}' },
  },
  {
    name: 'lte',
    group: 'comparison',
    syntax: 'binary',
    result: 'boolean',
    operands: ['any', 'any'],
    gloss: { zh: '{A}小于或等于{B}', en: '{A} is less than or equal to {B}' },
  },
  {
    name: 'in',
    group: 'set',
    syntax: 'binary',
    result: 'boolean',
    operands: ['any', 'list'],
    gloss: { zh: '{A}属于{B}', en: '{A} is in {B}' },
  },
  {
    name: 'contains',
    group: 'string',
    syntax: 'binary',
    result: 'boolean',
    operands: ['any', 'string'],
    gloss: { zh: '{A}包含{B}', en: '{A} contains {B}' },
  },
  {
    name: 'match',
    group: 'string',
    syntax: 'binary',
    result: 'boolean',
    operands: ['string', 'string'],
    gloss: { zh: '{A}匹配正则表达式{B}', en: '{A} matches regex {B}' },
  },
  {
    name: 'starts_with',
    group: 'string',
    syntax: 'binary',
    result: 'boolean',
    operands: ['string', 'string'],
    gloss: { zh: '{A}以{B}开头', en: '{A} starts with {B}' },
  },
  {
    name: 'ends_with',
    group: 'string',
    syntax: 'binary',
    result: 'boolean',
    operands: ['string', 'string'],
    gloss: { zh: '{A}以{B}结尾', en: '{A} ends with {B}' },
  },
  {
    name: 'exists',
    group: 'existence',
    syntax: 'unary',
    result: 'boolean',
    operands: ['any'],
    gloss: { zh: '{A}已发生', en: '{A} exists' },
  },
  {
    name: 'length',
    group: 'existence',
    syntax: 'unary',
    result: 'number',
    operands: ['any'],
    gloss: { zh: '{A}的长度', en: 'the length of {A}' },
  },
  {
    name: 'between',
    group: 'existence',
    syntax: 'ternary',
    result: 'boolean',
    operands: ['number', 'number', 'number'],
    gloss: { zh: '{A}介于{B}与{C}之间', en: '{A} is between {B} and {C}' },
  },
  {
    name: 'all',
    group: 'quantifier',
    syntax: 'quantifier',
    result: 'boolean',
    operands: ['list', 'boolean'],
    gloss: { zh: '{A}中每一项均满足：{B}', en: 'every item in {A} satisfies: {B}' },
  },
  {
    name: 'any',
    group: 'quantifier',
    syntax: 'quantifier',
    result: 'boolean',
    operands: ['list', 'boolean'],
    gloss: { zh: '{A}中至少有一项满足：{B}', en: 'some item in {A} satisfies: {B}' },
  },
  {
    name: 'none',
    group: 'quantifier',
    syntax: 'quantifier',
    result: 'boolean',
    operands: ['list', 'boolean'],
    gloss: { zh: '{A}中没有任何一项满足：{B}', en: 'no item in {A} satisfies: {B}' },
  },
  {
    name: 'add',
    group: 'arithmetic',
    syntax: 'binary',
    result: 'number',
    operands: ['number', 'number'],
    gloss: { zh: '{A}＋{B}', en: '{A} plus {B}' },
  },
  {
    name: 'sub',
    group: 'arithmetic',
    syntax: 'binary',
    result: 'number',
    operands: ['number', 'number'],
    gloss: { zh: '{A}－{B}', en: '{A} minus {B}' },
  },
  {
    name: 'mul',
    group: 'arithmetic',
    syntax: 'binary',
    result: 'number',
    operands: ['number', 'number'],
    gloss: { zh: '{A}×{B}', en: '{A} times {B}' },
  },
  {
    name: 'div',
    group: 'arithmetic',
    syntax: 'binary',
    result: 'number',
    operands: ['number', 'number'],
    gloss: { zh: '{A}÷{B}', en: '{A} divided by {B}' },
  },
  {
    name: 'round',
    group: 'arithmetic',
    syntax: 'round',
    result: 'number',
    operands: ['number'],
    gloss: { zh: '{A}四舍五入取整后的值', en: '{A} rounded' },
  },
  {
    name: 'days_between',
    group: 'time',
    syntax: 'binary',
    result: 'number',
    operands: ['date', 'date'],
    gloss: { zh: '{A}与{B}相隔的天数', en: 'days between {A} and {B}' },
  },
  {
    name: 'epoch_ms',
    group: 'time',
    syntax: 'unary',
    result: 'number',
    operands: ['date'],
    gloss: { zh: '{A}的毫秒时间戳', en: 'the epoch milliseconds of {A}' },
  },
  {
    name: 'date_add',
    group: 'time',
    syntax: 'date_add',
    result: 'date',
    operands: ['date', 'string'],
    gloss: { zh: '{A}加{B}', en: '{A} plus {B} duration' },
  },
  {
    name: 'date_part',
    group: 'time',
    syntax: 'date_part',
    result: 'number',
    operands: ['date'],
    gloss: { zh: '{A}的{part}', en: 'the {part} of {A}' },
  },
  {
    name: 'month_last_day',
    group: 'time',
    syntax: 'unary',
    result: 'date',
    operands: ['date'],
    gloss: { zh: '{A}所在月的最后一天', en: 'the last day of the month of {A}' },
  },
  {
    name: 'aggregate',
    group: 'aggregate',
    syntax: 'aggregate',
    result: 'number',
    operands: ['list', 'any'],
    gloss: { zh: '{fn}', en: '{fn}' },
  },
  {
    name: 'within',
    group: 'modifier',
    syntax: 'modifier',
    result: 'boolean',
    operands: ['boolean'],
    gloss: { zh: '{A}（{window}内再次发生）', en: '{A} (again within {window})' },
  },
  {
    name: 'rate',
    group: 'modifier',
    syntax: 'modifier',
    result: 'boolean',
    operands: ['boolean'],
    gloss: {
      zh: '{A}（每{window}超过{limit}次）',
      en: '{A} (more than {limit} times per {window})',
    },
  },
] as const satisfies readonly NodeInfo[];

export type NodeName = (typeof NODES)[number]['name'];
/** The 34 semantic nodes of §5.3 (without the two modifier carriers). */
export const SEMANTIC_NODE_NAMES: readonly NodeName[] = NODES.filter(
  (n) => n.group !== 'modifier',
).map((n) => n.name);

export const AGGREGATE_FUNCTIONS = [
  { name: 'count', gloss: { zh: '{A}的元素个数', en: 'the count of {A}' } },
  { name: 'sum', gloss: { zh: '{A}的总和', en: 'the sum of {A}' } },
  { name: 'avg', gloss: { zh: '{A}的平均值', en: 'the average of {A}' } },
  { name: 'min', gloss: { zh: '{A}的最小值', en: 'the minimum of {A}' } },
  { name: 'max', gloss: { zh: '{A}的最大值', en: 'the maximum of {A}' } },
] as const;
export type AggregateFunction = (typeof AGGREGATE_FUNCTIONS)[number]['name'];

/** date_part components, all taken in UTC (§7.3(f)). weekday: ISO 8601, Monday = 1 … Sunday = 7. */
export const DATE_PARTS = [
  { name: 'year', zh: '年份', en: 'year' },
  { name: 'month', zh: '月份', en: 'month' },
  { name: 'day', zh: '日', en: 'day' },
  { name: 'hour', zh: '小时', en: 'hour' },
  { name: 'minute', zh: '分钟', en: 'minute' },
  { name: 'second', zh: '秒', en: 'second' },
  { name: 'weekday', zh: '星期', en: 'weekday' },
  { name: 'day_of_year', zh: '年内第几日', en: 'day of the year' },
] as const;
export type DatePart = (typeof DATE_PARTS)[number]['name'];

const byName = new Map<string, NodeInfo>(NODES.map((n) => [n.name, n]));

export function nodeInfo(name: string): NodeInfo | undefined {
  return byName.get(name);
}

export const ARITHMETIC_NODES: ReadonlySet<string> = new Set(
  NODES.filter((n) => n.group === 'arithmetic').map((n) => n.name),
);
export const QUANTIFIER_NODES: ReadonlySet<string> = new Set(
  NODES.filter((n) => n.group === 'quantifier').map((n) => n.name),
);
/** Decimal places `round` accepts: 0 … 14 (the canonical scale, §7.2 E2). */
export const MAX_ROUND_PLACES = 14;

/**
 * Node-class sets, derived from NODES — the one place gloss (gloss/render.ts), the projections
 * (projection/to-simple.ts) and the table analysis read them from; no module restates a list.
 */
export function nodesInGroups(...groups: readonly NodeGroup[]): ReadonlySet<string> {
  return new Set(NODES.filter((n) => groups.includes(n.group)).map((n) => n.name));
}
/** eq, ne, gt, gte, lt, lte. */
export const COMPARISON_NODES: ReadonlySet<string> = nodesInGroups('comparison');
/** Nodes whose value is a date (date_add, month_last_day): gloss reads their operands as dates. */
export const DATE_RESULT_NODES: ReadonlySet<string> = new Set(
  NODES.filter((n) => n.result === 'date').map((n) => n.name),
);
/** Boolean nodes that test values (comparison, set, string, existence): not logic, quantifiers or modifiers. */
export const PREDICATE_NODES: ReadonlySet<string> = new Set(
  NODES.filter(
    (n) => n.result === 'boolean' && ['comparison', 'set', 'string', 'existence'].includes(n.group),
  ).map((n) => n.name),
);
