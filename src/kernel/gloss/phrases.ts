import { DECISIONS, type Decision } from '../vocabulary/decisions';

/**
 * The gloss wording that is not a §5.5 node template: rule sentences, the 13 decision phrases,
 * the readings of the compiled Simple shapes (guards, not_exists), literal words and duration units.
 * The §5.5 node templates themselves are read from vocabulary/nodes.ts (NODES, AGGREGATE_FUNCTIONS,
 * DATE_PARTS) — there is no second copy here. docs/gloss.md lists every phrase.
 * The decision phrases themselves live with the decisions in vocabulary/decisions.ts.
 */

export type GlossLang = 'zh' | 'en';
export const GLOSS_LANGS: readonly GlossLang[] = ['zh', 'en'];

export interface Phrase {
  readonly zh: string;
  readonly en: string;
}

/** What each decision says in a rule sentence: read from the vocabulary (vocabulary/decisions.ts). */
export const DECISION_PHRASES: Readonly<Record<Decision, Phrase>> = Object.fromEntries(
  DECISIONS.map((d) => [d.name, d.phrase]),
) as Record<Decision, Phrase>;

/** Rule sentence frames. {C} condition, {D} decision phrase, {U} the unless condition. */
export const SENTENCES = {
  /**
   * A rule with a condition. Chinese uses one conditional pattern, 若…，则… (§5.5's "当……时" with
   * 则 doubled the conditional; docs/gloss.md "Rule sentences", I-94).
   */
  when: { zh: '若{C}，则{D}', en: 'When {C}, {D}' },
  /** `when: "true"` (§7.4). */
  always: { zh: '对所有操作，一律{D}', en: 'For every operation, {D}' },
  /** A decision table's default row (`when: []`) after other rows: it applies where they did not. */
  otherwise: { zh: '其余情况，一律{D}', en: 'Otherwise, {D}' },
  /** Appended when the rule has an `unless` block. */
  unless: { zh: '，除非{U}', en: ', unless {U}' },
  /** Joins the row sentences of one decision-table entry (the entry's stored gloss, G2). */
  rowSeparator: { zh: '；', en: '; ' },
} as const satisfies Record<string, Phrase>;

/** Appendix D: a Grade C rule (function delegation) says so in its gloss. */
export const GRADE_C_MARK: Phrase = {
  zh: '（含不可重算的函数委派）',
  en: ' (contains non-recomputable function delegation)',
};

/** A function delegation node (Appendix D; rejected at load today, I-26). {name}: the function. */
export const DELEGATION: Phrase = {
  zh: '委派函数{name}的结果',
  en: 'the result of delegated function {name}',
};
/** Arguments of a delegation node, appended when it has any. {args}: the rendered arguments. */
export const DELEGATION_ARGS: Phrase = { zh: '（参数：{args}）', en: ' (arguments: {args})' };

/** A node kind the renderer does not know (never produced by the compiler). */
export const UNKNOWN_NODE: Phrase = { zh: '未知节点{name}', en: 'unknown node {name}' };

/**
 * §5.5 exists special case: a field whose last segment is is_* / has_* reads "{A} is true"
 * (zh `{A} 为"是"`, verbatim from §5.5). `negated` is its not_exists reading under the same
 * convention (a boolean field is true exactly when present).
 */
export const BOOLEAN_EXISTS = {
  positive: { zh: '{A}为“是”', en: '{A} is true' },
  negated: { zh: '{A}不为“是”', en: '{A} is not true' },
} as const satisfies Record<string, Phrase>;

/**
 * Readings of negated predicates. Used for the §5.2 guarded shapes `exists(f) AND not(P(f, …))`
 * (not_in, not_contains, not_starts_with, not_ends_with, not_between) and for the bare
 * `not(exists(f))` of not_exists. A bare `not(P)` without the guard keeps the literal
 * "not (…)" template: it is true for a missing field, and the gloss must not hide that.
 */
export const NEGATED: Readonly<Record<string, Phrase>> = {
  in: { zh: '{A}不属于{B}', en: '{A} is not in {B}' },
  contains: { zh: '{A}不包含{B}', en: '{A} does not contain {B}' },
  starts_with: { zh: '{A}不以{B}开头', en: '{A} does not start with {B}' },
  ends_with: { zh: '{A}不以{B}结尾', en: '{A} does not end with {B}' },
  between: { zh: '{A}不介于{B}与{C}之间', en: '{A} is not between {B} and {C}' },
  exists: { zh: '{A}未提供', en: '{A} does not exist' },
};

/**
 * `exists` on a field reads 已提供 (a field is provided, not an event that happened: I-94 departs
 * from §5.5's 已发生, which §8.3 allows). The negated reading is NEGATED.exists (未提供).
 */
export const EXISTS: Phrase = { zh: '{A}已提供', en: '{A} exists' };

/**
 * Equality by what is compared (I-94): text, yes/no values and list items read 为 / 不为
 * (工具名称为“issue_refund”); numbers keep §5.5's 等于 / 不等于. A comparison with the literal
 * `null` says that a missing field matches too (I-32: `eq(x, null)` is true when x is null or
 * missing, `ne(x, null)` when it is present and not null).
 */
export const EQUALITY = {
  is: { zh: '{A}为{B}', en: '{A} is {B}' },
  isNot: { zh: '{A}不为{B}', en: '{A} is not {B}' },
  nullOrMissing: { zh: '{A}为空或未提供', en: '{A} is null or missing' },
  present: { zh: '{A}已提供且不为空', en: '{A} is present and not null' },
} as const satisfies Record<string, Phrase>;

/**
 * Order comparisons in the words a Chinese regulation uses (I-94): 超过 / 不低于 / 低于 / 不超过
 * for numbers, 晚于 / 不早于 / 早于 / 不晚于 for dates. English keeps the §5.5 templates.
 */
export const ORDER_ZH: Readonly<
  Record<string, { readonly number: string; readonly date: string }>
> = {
  gt: { number: '{A}超过{B}', date: '{A}晚于{B}' },
  gte: { number: '{A}不低于{B}', date: '{A}不早于{B}' },
  lt: { number: '{A}低于{B}', date: '{A}早于{B}' },
  lte: { number: '{A}不超过{B}', date: '{A}不晚于{B}' },
};

/**
 * A field or variable used directly as a condition is true only when its value is exactly true
 * (I-32); it reads as such instead of a bare noun.
 */
export const BARE_CONDITION: Phrase = { zh: '{A}为真', en: '{A} is true' };

/** `round` with decimal places (I-25): the §5.5 template says nothing about places. */
export const ROUND_PLACES: Phrase = {
  zh: '{A}四舍五入保留{places}位小数后的值',
  en: '{A} rounded to {places} decimal places',
};
export const ROUND_ONE_PLACE: Phrase = {
  zh: '{A}四舍五入保留{places}位小数后的值',
  en: '{A} rounded to 1 decimal place',
};

/** aggregate with a per-element value (`[fn, array, value]`): {A} of the §5.5 template becomes this. */
export const AGGREGATE_OVER: Phrase = { zh: '{A}中{B}', en: '{B} over {A}' };

/** The quantified element (`var`): `$` and `$.path`. */
export const ELEMENT: Phrase = { zh: '该项', en: 'the item' };
export const ELEMENT_PATH: Phrase = { zh: '该项的“{code}”', en: "the item's {path}" };

/** Literal words. Strings are quoted ("…" in English, “…” in Chinese); regex as /pattern/. */
export const LITERAL_WORDS = {
  true: { zh: '真', en: 'true' },
  false: { zh: '假', en: 'false' },
  null: { zh: '空', en: 'null' },
  emptyList: { zh: '空列表', en: 'an empty list' },
} as const satisfies Record<string, Phrase>;
export const QUOTES: Readonly<Record<GlossLang, readonly [string, string]>> = {
  zh: ['“', '”'],
  en: ['"', '"'],
};
/** Brackets of a list literal: English [a, b]; Chinese（“a”、“b”）, full-width like its separator. */
export const LIST_BRACKETS: Readonly<Record<GlossLang, readonly [string, string]>> = {
  zh: ['（', '）'],
  en: ['[', ']'],
};
/**
 * `in` with a non-empty list literal: the list is read as the values it names, without brackets
 * (zh "国家为“IR”、“KP”、“MM”之一"; one value: "国家为“IR”"). English keeps the template.
 * `negated` is the not_in reading (§5.2 guard).
 */
export const IN_LIST = {
  many: { zh: '{A}为{B}之一', en: '{A} is in {B}' },
  one: { zh: '{A}为{B}', en: '{A} is in {B}' },
  negatedMany: { zh: '{A}不在{B}之列', en: '{A} is not in {B}' },
  negatedOne: { zh: '{A}不为{B}', en: '{A} is not in {B}' },
} as const satisfies Record<string, Phrase>;
export const LIST_SEPARATOR: Phrase = { zh: '、', en: ', ' };
export const REGEX_DELIMITER = '/';

/** Duration units (windows s|m|h|d, date_add adds w|mo|y): singular and plural. */
export const DURATION_UNITS: Readonly<
  Record<string, { readonly zh: string; readonly en: readonly [string, string] }>
> = {
  s: { zh: '秒', en: ['second', 'seconds'] },
  m: { zh: '分钟', en: ['minute', 'minutes'] },
  h: { zh: '小时', en: ['hour', 'hours'] },
  d: { zh: '天', en: ['day', 'days'] },
  w: { zh: '周', en: ['week', 'weeks'] },
  mo: { zh: '个月', en: ['month', 'months'] },
  y: { zh: '年', en: ['year', 'years'] },
};

/**
 * Display-name fallbacks (G3) for a field with no display name in the language. English: {entity}
 * is the entity's name (vocabulary/document.ts ENTITIES), {rest} the remaining segments,
 * humanized; unknown roots use `unknownRoot` with the whole path humanized. Chinese never
 * humanizes English words into a sentence: the field path is shown as code, quoted “user.is_vip”
 * ({path}), and ERDL-W901 offers to name it (docs/gloss.md "Display names").
 */
export const FALLBACK_NAMES = {
  entity: { zh: '“{path}”', en: "the {entity}'s {rest}" },
  entityOnly: { zh: '{entity}', en: 'the {entity}' },
  unknownRoot: { zh: '“{path}”', en: 'the {rest}' },
} as const satisfies Record<string, Phrase>;

/**
 * Fills `{key}` placeholders (keys may be Chinese, as in the §5.5 `{变量}`). Values are inserted
 * literally (no `$&` replacement patterns); an unknown key is left as written.
 */
export function fillPhrase(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{([A-Za-z_]+|[\u4e00-\u9fff]+)\}/g, (whole, key: string) =>
    Object.hasOwn(values, key) ? (values[key] as string) : whole,
  );
}
