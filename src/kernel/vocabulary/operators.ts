/**
 * The 30 Simple operators of §5.2 / Appendix B: 28 condition operators and 2 modifiers.
 * The compiler (tree/compile-simple.ts), the validator, the JSON Schema and (later) gloss all
 * read this table; the compile mapping column of §5.2 is `compile`.
 */

/** What a condition's `value` must be for this operator. */
export type OperandKind =
  | 'scalar' // string, number, boolean or null (eq/ne)
  | 'ordered' // number or string (gt/gte/lt/lte)
  | 'list' // list of scalars, ≤ 256 items (in/not_in)
  | 'string' // string (contains, starts_with, ends_with)
  | 'regex' // RE2 pattern string (match)
  | 'none' // no value (exists/not_exists)
  | 'count' // non-negative integer (length_*, count_*)
  | 'range' // [min, max] numbers (between/not_between)
  | 'window' // within: "10m"
  | 'rate'; // rate: "5/1h"

/**
 * How the operator compiles (§5.2 "Authoritative compile mapping"):
 * - direct: `{node}(field, value)`
 * - guarded-not: `exists(field) AND not({node}(field, value))`
 * - not-exists: bare `not(exists(field))`
 * - guarded-length / guarded-count: `exists(field) AND {compare}(length|count(field), n)`
 * - modifier: wraps a condition (within / rate)
 */
export type CompileKind =
  | 'direct'
  | 'guarded-not'
  | 'not-exists'
  | 'guarded-length'
  | 'guarded-count'
  | 'modifier';

export type Family =
  | 'comparison'
  | 'list'
  | 'string'
  | 'boundary-negation'
  | 'existence'
  | 'length'
  | 'range'
  | 'count'
  | 'modifier';

export interface SimpleOperatorInfo {
  readonly name: string;
  readonly family: Family;
  readonly compile: CompileKind;
  /** The tree node this operator is built on (the positive node, or the comparison for length/count). */
  readonly node: string;
  readonly operand: OperandKind;
  readonly zh: string;
  readonly en: string;
}

export const SIMPLE_OPERATORS = [
  {
    name: 'eq',
    family: 'comparison',
    compile: 'direct',
    node: 'eq',
    operand: 'scalar',
    zh: '等于',
    en: 'equals',
  },
  {
    name: 'ne',
    family: 'comparison',
    compile: 'direct',
    node: 'ne',
    operand: 'scalar',
    zh: '不等于',
    en: 'does not equal',
  },
  {
    name: 'gt',
    family: 'comparison',
    compile: 'direct',
    node: 'gt',
    operand: 'ordered',
    zh: '大于',
    en: 'greater than',
  },
  {
    name: 'gte',
    family: 'comparison',
    compile: 'direct',
    node: 'gte',
    operand: 'ordered',
    zh: '大于等于',
    en: 'greater than or equal to',
  },
  {
    name: 'lt',
    family: 'comparison',
    compile: 'direct',
    node: 'lt',
    operand: 'ordered',
    zh: '小于',
    en: 'less than',
  },
  {
    name: 'lte',
    family: 'comparison',
    compile: 'direct',
    node: 'lte',
    operand: 'ordered',
    zh: '小于等于',
    en: 'less than or equal to',
  },
  {
    name: 'in',
    family: 'list',
    compile: 'direct',
    node: 'in',
    operand: 'list',
    zh: '属于',
    en: 'is in',
  },
  {
    name: 'not_in',
    family: 'list',
    compile: 'guarded-not',
    node: 'in',
    operand: 'list',
    zh: '不属于',
    en: 'is not in',
  },
  {
    name: 'contains',
    family: 'string',
    compile: 'direct',
    node: 'contains',
    operand: 'string',
    zh: '包含',
    en: 'contains',
  },
  {
    name: 'not_contains',
    family: 'string',
    compile: 'guarded-not',
    node: 'contains',
    operand: 'string',
    zh: '不包含',
    en: 'does not contain',
  },
  {
    name: 'match',
    family: 'string',
    compile: 'direct',
    node: 'match',
    operand: 'regex',
    zh: '匹配正则',
    en: 'matches regex',
  },
  {
    name: 'starts_with',
    family: 'string',
    compile: 'direct',
    node: 'starts_with',
    operand: 'string',
    zh: '以…开头',
    en: 'starts with',
  },
  {
    name: 'ends_with',
    family: 'string',
    compile: 'direct',
    node: 'ends_with',
    operand: 'string',
    zh: '以…结尾',
    en: 'ends with',
  },
  {
    name: 'not_starts_with',
    family: 'boundary-negation',
    compile: 'guarded-not',
    node: 'starts_with',
    operand: 'string',
    zh: '不以…开头',
    en: 'does not start with',
  },
  {
    name: 'not_ends_with',
    family: 'boundary-negation',
    compile: 'guarded-not',
    node: 'ends_with',
    operand: 'string',
    zh: '不以…结尾',
    en: 'does not end with',
  },
  {
    name: 'exists',
    family: 'existence',
    compile: 'direct',
    node: 'exists',
    operand: 'none',
    zh: '存在',
    en: 'exists',
  },
  {
    name: 'not_exists',
    family: 'existence',
    compile: 'not-exists',
    node: 'exists',
    operand: 'none',
    zh: '不存在',
    en: 'does not exist',
  },
  {
    name: 'length_gt',
    family: 'length',
    compile: 'guarded-length',
    node: 'gt',
    operand: 'count',
    zh: '长度大于',
    en: 'length greater than',
  },
  {
    name: 'length_gte',
    family: 'length',
    compile: 'guarded-length',
    node: 'gte',
    operand: 'count',
    zh: '长度大于等于',
    en: 'length at least',
  },
  {
    name: 'length_lt',
    family: 'length',
    compile: 'guarded-length',
    node: 'lt',
    operand: 'count',
    zh: '长度小于',
    en: 'length less than',
  },
  {
    name: 'length_lte',
    family: 'length',
    compile: 'guarded-length',
    node: 'lte',
    operand: 'count',
    zh: '长度小于等于',
    en: 'length at most',
  },
  {
    name: 'length_eq',
    family: 'length',
    compile: 'guarded-length',
    node: 'eq',
    operand: 'count',
    zh: '长度等于',
    en: 'length equal to',
  },
  {
    name: 'between',
    family: 'range',
    compile: 'direct',
    node: 'between',
    operand: 'range',
    zh: '介于',
    en: 'between',
  },
  {
    name: 'not_between',
    family: 'range',
    compile: 'guarded-not',
    node: 'between',
    operand: 'range',
    zh: '不介于',
    en: 'not between',
  },
  {
    name: 'count_gt',
    family: 'count',
    compile: 'guarded-count',
    node: 'gt',
    operand: 'count',
    zh: '数量大于',
    en: 'count greater than',
  },
  {
    name: 'count_gte',
    family: 'count',
    compile: 'guarded-count',
    node: 'gte',
    operand: 'count',
    zh: '数量大于等于',
    en: 'count at least',
  },
  {
    name: 'count_lt',
    family: 'count',
    compile: 'guarded-count',
    node: 'lt',
    operand: 'count',
    zh: '数量小于',
    en: 'count less than',
  },
  {
    name: 'count_lte',
    family: 'count',
    compile: 'guarded-count',
    node: 'lte',
    operand: 'count',
    zh: '数量小于等于',
    en: 'count at most',
  },
  {
    name: 'within',
    family: 'modifier',
    compile: 'modifier',
    node: 'within',
    operand: 'window',
    zh: '时间窗口内',
    en: 'within',
  },
  {
    name: 'rate',
    family: 'modifier',
    compile: 'modifier',
    node: 'rate',
    operand: 'rate',
    zh: '频率限制',
    en: 'rate',
  },
] as const satisfies readonly SimpleOperatorInfo[];

export type SimpleOperator = (typeof SIMPLE_OPERATORS)[number]['name'];
/** The 28 operators that can stand in a condition's `operator:` (the two modifiers cannot). */
export type ConditionOperator = Exclude<SimpleOperator, 'within' | 'rate'>;

export const MODIFIERS = ['within', 'rate'] as const;
export type Modifier = (typeof MODIFIERS)[number];

/** §5.2 "Lenient aliases": accepted and normalized; never in the tree or the hash. */
export const OPERATOR_ALIASES: Readonly<Record<string, ConditionOperator>> = {
  matches: 'match',
  neq: 'ne',
};

const byName = new Map<string, SimpleOperatorInfo>(SIMPLE_OPERATORS.map((o) => [o.name, o]));

export function simpleOperatorInfo(name: string): SimpleOperatorInfo | undefined {
  return byName.get(name);
}

export const CONDITION_OPERATOR_NAMES: readonly ConditionOperator[] = SIMPLE_OPERATORS.filter(
  (o) => o.compile !== 'modifier',
).map((o) => o.name as ConditionOperator);

/** §5.2 "List limit: in/not_in operands ≤256 items". */
export const MAX_LIST_ITEMS = 256;

/**
 * Names people write for an operator that is not one (from other rule languages and plain
 * English). Never accepted — an unknown operator is an error — only suggested, with a fix.
 */
export const OPERATOR_MISTAKES: Readonly<Record<string, ConditionOperator>> = {
  equals: 'eq',
  equal: 'eq',
  '=': 'eq',
  '==': 'eq',
  is: 'eq',
  not_equal: 'ne',
  not_equals: 'ne',
  '!=': 'ne',
  greater_than: 'gt',
  '>': 'gt',
  greater_than_or_equal: 'gte',
  greater_than_or_equal_to: 'gte',
  greater_or_equal: 'gte',
  ge: 'gte',
  '>=': 'gte',
  less_than: 'lt',
  '<': 'lt',
  less_than_or_equal: 'lte',
  less_than_or_equal_to: 'lte',
  less_or_equal: 'lte',
  le: 'lte',
  '<=': 'lte',
  one_of: 'in',
  not_one_of: 'not_in',
  includes: 'contains',
  regex: 'match',
  startswith: 'starts_with',
  endswith: 'ends_with',
  exist: 'exists',
  present: 'exists',
  missing: 'not_exists',
  range: 'between',
};

/**
 * The nodes a Simple `not_*` operator wraps (§5.2 "exists(f) AND not(node(f, v))"): derived from
 * SIMPLE_OPERATORS, so gloss's merged reading and the Simple projection agree on the same set.
 */
export const GUARDED_NOT_NODES: ReadonlySet<string> = new Set(
  SIMPLE_OPERATORS.filter((o) => o.compile === 'guarded-not').map((o) => o.node),
);
