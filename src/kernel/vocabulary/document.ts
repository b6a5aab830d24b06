/**
 * Document structure vocabulary: top-level fields (§2.1), metadata (§2.2), rule fields and their
 * fixed order (§4.1), override levels (§7.1), rings (§4.1/§7.0.2), entities (§3).
 */

export const PROTOCOL = 'erdl/v2';
export const FORMAT_VERSION = '2.1.0';
export const SPEC_VERSION = 'v2.1';

/** §2.1: the four top-level fields, in their required order. */
export const TOP_LEVEL_FIELDS = ['protocol', 'version', 'metadata', 'rules'] as const;

export type FieldType = 'string' | 'integer' | 'boolean' | 'enum' | 'array' | 'object' | 'text';

export interface FieldSpec {
  readonly name: string;
  /** 'text' = a string or a bilingual {zh, en} mapping (§4.1 explanation / alternative). */
  readonly type: FieldType | 'when' | 'unless' | 'decision' | 'override' | 'ring';
  readonly required: boolean;
  readonly zh: string;
  readonly en: string;
}

/** §2.2. `decision` is required here (ruling: "never a silent default"; interpretations.md). */
export const METADATA_FIELDS = [
  { name: 'name', type: 'string', required: true, zh: '规则集名称', en: 'Rule set name' },
  {
    name: 'description',
    type: 'string',
    required: false,
    zh: '规则集描述',
    en: 'Rule set description',
  },
  { name: 'category', type: 'string', required: false, zh: '规则集分类', en: 'Rule set category' },
  { name: 'decision', type: 'decision', required: true, zh: '兜底决策', en: 'Fallback decision' },
  { name: 'tags', type: 'array', required: false, zh: '标签', en: 'Tags' },
] as const satisfies readonly FieldSpec[];

/**
 * §4.1: rule fields in their fixed order. `gloss` is not in §4.1's list but §5.5 G2 says every rule
 * carries one; it is accepted last, never hashed (G4), and checked against render(tree) by lint.
 */
export const RULE_FIELDS = [
  {
    name: 'name',
    type: 'string',
    required: true,
    zh: '规则唯一标识',
    en: 'Unique rule identifier',
  },
  {
    name: 'description',
    type: 'string',
    required: true,
    zh: '人读描述',
    en: 'Human-readable description',
  },
  {
    name: 'category',
    type: 'string',
    required: false,
    zh: '规则级分类',
    en: 'Rule-level category',
  },
  {
    name: 'priority',
    type: 'integer',
    required: true,
    zh: '优先级（越小越优先）',
    en: 'Priority (smaller first)',
  },
  { name: 'override', type: 'override', required: false, zh: '覆盖级别', en: 'Override level' },
  { name: 'ring', type: 'ring', required: false, zh: '执行环', en: 'Execution ring' },
  { name: 'enabled', type: 'boolean', required: false, zh: '启用标志', en: 'Enabled flag' },
  { name: 'when', type: 'when', required: true, zh: '触发条件', en: 'Trigger condition' },
  { name: 'then', type: 'decision', required: true, zh: '决策类型', en: 'Decision type' },
  { name: 'message', type: 'string', required: false, zh: '决策消息', en: 'Decision message' },
  {
    name: 'instruction',
    type: 'string',
    required: false,
    zh: '建议指引',
    en: 'Advisory instruction',
  },
  { name: 'correction', type: 'string', required: false, zh: '修正文本', en: 'Correction text' },
  { name: 'unless', type: 'unless', required: false, zh: '豁免条件', en: 'Exemption condition' },
  {
    name: 'explanation',
    type: 'text',
    required: false,
    zh: '双语说明',
    en: 'Bilingual explanation',
  },
  {
    name: 'alternative',
    type: 'text',
    required: false,
    zh: '替代动作',
    en: 'Suggested alternative',
  },
  { name: 'legal_basis', type: 'string', required: false, zh: '法规依据', en: 'Legal basis' },
  {
    name: 'source_text',
    type: 'string',
    required: false,
    zh: '法规原文摘录',
    en: 'Source regulation text',
  },
  {
    name: 'gloss',
    type: 'text',
    required: false,
    zh: '自然语言释义（引擎生成）',
    en: 'Gloss (engine-generated)',
  },
] as const satisfies readonly FieldSpec[];

export type RuleFieldName = (typeof RULE_FIELDS)[number]['name'];
export const RULE_FIELD_ORDER: readonly RuleFieldName[] = RULE_FIELDS.map((f) => f.name);

/**
 * Keys a decision-table row may carry (§5.4 shows when / then / priority; the texts override the
 * entry's). `name` is ours (I-75): the row's stable identity, compiled as `<entry>#<name>`.
 */
export const TABLE_ROW_FIELDS = [
  'name',
  'when',
  'then',
  'priority',
  'message',
  'instruction',
  'correction',
  'explanation',
] as const;
/**
 * A row `name` (I-75, I-90): a non-empty string without `#` (the separator of `<entry>#<name>`),
 * unique in its table. A name of digits is the row number it reads as: it is written without
 * leading zeros (`05` would read as row 5 to a person) and must not be the number of an unnamed
 * row of the same table (that row is `<entry>#<n>` already) — the compiler checks that part, it
 * needs the table.
 */
export const TABLE_ROW_NAME = {
  /** JSON Schema pattern of an acceptable row name. */
  pattern: '^(?!0[0-9]+$)[^#]*[^#\\s][^#]*$',
  zh: '行名（稳定标识，编译为 <规则名>#<行名>）',
  en: 'Row name (stable identity, compiled as <entry>#<name>)',
} as const;

/** Why a row name is refused, or null when it is acceptable (uniqueness and row numbers aside). */
export function rowNameProblem(name: string): 'empty' | 'hash' | 'leading-zero' | null {
  if (name.trim() === '') return 'empty';
  if (name.includes('#')) return 'hash';
  if (/^0[0-9]+$/.test(name)) return 'leading-zero';
  return null;
}

/** The row number a name of digits reads as (`"5"` → 5, `"05"` → 5), else null. */
export function rowNumberOfName(name: string): number | null {
  return /^[0-9]+$/.test(name) ? Number(name) : null;
}

/**
 * Keys of a decision-table column. `label` is a string or {zh, en}. `type` is ours (I-91): the
 * type of the values the column's cells compare with, which the grid reads cells by; it never
 * enters the compiled tree.
 */
export const TABLE_COLUMN_FIELDS = ['field', 'label', 'type'] as const;

/**
 * The types a column may declare (I-91), by the names the kernel gives literal types (`string`,
 * `number`, `boolean`, canonical-form.md §4), plus `date` (ISO dates, compared as text) and `list`
 * (a field holding a list: `contains`, `count_*`). `en` / `zh`: what the grid shows.
 */
export const TABLE_COLUMN_TYPES = [
  { name: 'number', en: 'number', zh: '数字' },
  { name: 'string', en: 'text', zh: '文本' },
  { name: 'boolean', en: 'yes/no', zh: '是/否' },
  { name: 'date', en: 'date', zh: '日期' },
  { name: 'list', en: 'list', zh: '列表' },
] as const;
export type TableColumnType = (typeof TABLE_COLUMN_TYPES)[number]['name'];
export const TABLE_COLUMN_TYPE_NAMES: readonly TableColumnType[] = TABLE_COLUMN_TYPES.map(
  (t) => t.name,
);
/** Names people write for a type, read as a mistake with its fix ("did you mean"), never accepted. */
export const TABLE_COLUMN_TYPE_MISTAKES: Readonly<Record<string, TableColumnType>> = {
  text: 'string',
  txt: 'string',
  str: 'string',
  yes_no: 'boolean',
  bool: 'boolean',
  yesno: 'boolean',
  numeric: 'number',
  integer: 'number',
  int: 'number',
  decimal: 'number',
  datetime: 'date',
  array: 'list',
};
export function isTableColumnType(value: unknown): value is TableColumnType {
  return (TABLE_COLUMN_TYPE_NAMES as readonly unknown[]).includes(value);
}

/** §7.1: critical > high > normal > low; absent = normal. `rank`: smaller goes first. */
export const OVERRIDE_LEVELS = [
  { name: 'critical', rank: 0, zh: '关键', en: 'critical' },
  { name: 'high', rank: 1, zh: '高', en: 'high' },
  { name: 'normal', rank: 2, zh: '普通', en: 'normal' },
  { name: 'low', rank: 3, zh: '低', en: 'low' },
] as const;
export type OverrideLevel = (typeof OVERRIDE_LEVELS)[number]['name'];
export const DEFAULT_OVERRIDE: OverrideLevel = 'normal';

/** §4.1 / §7.0.2: rings run 0 → 3. */
export const RINGS = [
  { ring: 0, zh: '内核', en: 'kernel' },
  { ring: 1, zh: '恢复', en: 'recovery' },
  { ring: 2, zh: '审批', en: 'approval' },
  { ring: 3, zh: '建议', en: 'advisory' },
] as const;
export type Ring = (typeof RINGS)[number]['ring'];
export const RING_NUMBERS: readonly Ring[] = RINGS.map((r) => r.ring);
/**
 * A rule without `ring` runs in ring 0: the spec gives no default, and the earliest ring is the one
 * no other rule can pre-empt (fail closed). Ruling in docs/interpretations.md.
 */
export const DEFAULT_RING: Ring = 0;

/** §3: the six predefined entities, plus `context` (§7.0.1 free-form context fields). */
export const ENTITIES = [
  { name: 'agent', zh: '智能体', en: 'agent' },
  { name: 'tool', zh: '工具', en: 'tool' },
  { name: 'task', zh: '任务', en: 'task' },
  { name: 'workflow', zh: '工作流', en: 'workflow' },
  { name: 'human', zh: '审批人', en: 'human approver' },
  { name: 'guardian', zh: '监管者', en: 'guardian' },
  { name: 'context', zh: '上下文', en: 'context' },
] as const;
export const ENTITY_NAMES: ReadonlySet<string> = new Set(ENTITIES.map((e) => e.name));

/** `when` forms (§5.1) and the literal "true" (§7.4). */
export const SIMPLE_LOGIC = ['AND', 'OR'] as const;
export const WHEN_TRUE = 'true';
export const DECISION_TABLE_KIND = 'decision_table';
