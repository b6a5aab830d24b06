import { DECISIONS } from '../vocabulary/decisions';
import {
  DECISION_TABLE_KIND,
  METADATA_FIELDS,
  OVERRIDE_LEVELS,
  PROTOCOL,
  RINGS,
  RULE_FIELDS,
  SIMPLE_LOGIC,
  TABLE_COLUMN_FIELDS,
  TABLE_COLUMN_TYPE_NAMES,
  TABLE_COLUMN_TYPES,
  TABLE_ROW_FIELDS,
  TABLE_ROW_NAME,
} from '../vocabulary/document';
import { AGGREGATE_FUNCTIONS, DATE_PARTS, NODES } from '../vocabulary/nodes';
import {
  CONDITION_OPERATOR_NAMES,
  MAX_LIST_ITEMS,
  OPERATOR_ALIASES,
  SIMPLE_OPERATORS,
} from '../vocabulary/operators';

type Schema = Record<string, unknown>;

const bi = (zh: string, en: string) => `${en} · ${zh}`;

/**
 * The ERDL v2.1 JSON Schema (draft-07, what monaco-yaml's language server reads), generated from
 * the vocabulary so the editor's completion and hover can never disagree with the validator.
 * It is an editing aid: the kernel's validator remains the authority (order, E4, regex, §7.4).
 */
export function buildJsonSchema(): Schema {
  const decision: Schema = {
    enum: DECISIONS.map((d) => d.name),
    markdownEnumDescriptions: DECISIONS.map(
      (d) => `**${d.name}** — ${bi(d.zh, d.en)}${d.blocking ? ' · blocking · 拦截性' : ''}`,
    ),
  };
  const text: Schema = {
    anyOf: [
      { type: 'string' },
      {
        type: 'object',
        properties: { zh: { type: 'string' }, en: { type: 'string' } },
        additionalProperties: false,
      },
    ],
  };
  const operators = [...CONDITION_OPERATOR_NAMES, ...Object.keys(OPERATOR_ALIASES)];
  const operatorInfo = SIMPLE_OPERATORS.filter((o) => o.compile !== 'modifier');
  const condition: Schema = {
    type: 'object',
    required: ['field', 'operator'],
    additionalProperties: false,
    properties: {
      field: {
        type: 'string',
        description: bi('字段路径（如 tool.name）', 'Field path (e.g. tool.name)'),
      },
      operator: {
        enum: operators,
        markdownEnumDescriptions: [
          ...operatorInfo.map((o) => `**${o.name}** — ${bi(o.zh, o.en)}`),
          ...Object.entries(OPERATOR_ALIASES).map(([, c]) => `alias of ${c} · ${c} 的别名`),
        ],
      },
      value: { description: bi('比较值', 'Value to compare with') },
      within: {
        type: 'string',
        pattern: '^[1-9][0-9]*(s|m|h|d)$',
        description: bi('时间窗口修饰符，如“10m”', 'Time-window modifier, e.g. "10m"'),
      },
      rate: {
        type: 'string',
        pattern: '^[1-9][0-9]*/[1-9][0-9]*(s|m|h|d)$',
        description: bi('频率修饰符，如 "5/1h"', 'Rate modifier, e.g. "5/1h"'),
      },
    },
  };
  const simple: Schema = {
    type: 'object',
    required: ['logic', 'conditions'],
    additionalProperties: false,
    properties: {
      logic: { enum: [...SIMPLE_LOGIC] },
      conditions: { type: 'array', minItems: 1, items: { $ref: '#/definitions/condition' } },
    },
  };
  const expression: Schema = {
    anyOf: [
      { type: ['string', 'number', 'boolean', 'null'] },
      { type: 'array', maxItems: MAX_LIST_ITEMS },
      {
        type: 'object',
        minProperties: 1,
        maxProperties: 1,
        properties: Object.fromEntries(
          [...NODES.map((n) => n.name), 'literal'].map((name) => {
            const n = NODES.find((x) => x.name === name);
            return [
              name,
              { description: n ? bi(n.gloss.zh, n.gloss.en) : bi('字面量', 'literal value') },
            ];
          }),
        ),
        additionalProperties: false,
      },
    ],
  };
  const table: Schema = {
    type: 'object',
    required: ['kind', 'columns', 'rows'],
    additionalProperties: false,
    properties: {
      kind: { const: DECISION_TABLE_KIND },
      columns: {
        type: 'array',
        minItems: 1,
        items: {
          type: 'object',
          required: ['field'],
          additionalProperties: false,
          properties: Object.fromEntries(
            TABLE_COLUMN_FIELDS.map((f) => [
              f,
              f === 'label'
                ? text
                : f === 'type'
                  ? {
                      enum: [...TABLE_COLUMN_TYPE_NAMES],
                      description: bi(
                        `列类型（扩展，I-91）：表格按它读取单元格，不进入编译树；${TABLE_COLUMN_TYPES.map((t) => `${t.name} ${t.zh}`).join('、')}`,
                        `Column type (extension, I-91): the grid reads cells by it; never part of the compiled tree. ${TABLE_COLUMN_TYPES.map((t) => `${t.name}: ${t.en}`).join(', ')}`,
                      ),
                    }
                  : { type: 'string' },
            ]),
          ),
        },
      },
      rows: {
        type: 'array',
        minItems: 1,
        items: {
          type: 'object',
          required: ['when', 'then'],
          additionalProperties: false,
          properties: Object.fromEntries(
            TABLE_ROW_FIELDS.map((f) => {
              if (f === 'when')
                return [
                  f,
                  {
                    type: 'array',
                    items: {
                      anyOf: [
                        { const: '-' },
                        { type: 'array', minItems: 1, maxItems: 2, items: [{ enum: operators }] },
                      ],
                    },
                  },
                ];
              if (f === 'name')
                return [
                  f,
                  {
                    type: 'string',
                    pattern: TABLE_ROW_NAME.pattern,
                    description: bi(TABLE_ROW_NAME.zh, TABLE_ROW_NAME.en),
                  },
                ];
              if (f === 'then') return [f, decision];
              if (f === 'priority') return [f, { type: 'integer' }];
              return [f, f === 'explanation' ? text : { type: 'string' }];
            }),
          ),
        },
      },
    },
  };
  const when: Schema = {
    anyOf: [
      {
        const: 'true',
        description: bi(
          '对所有操作生效（仅限建议性规则）',
          'Applies to every operation (advisory rules only)',
        ),
      },
      { $ref: '#/definitions/simple' },
      {
        type: 'object',
        required: ['expr'],
        additionalProperties: false,
        properties: { expr: { $ref: '#/definitions/expression' } },
      },
      { $ref: '#/definitions/table' },
    ],
  };
  const ruleProps: Record<string, Schema> = {};
  for (const f of RULE_FIELDS) {
    const description = bi(f.zh, f.en);
    switch (f.type) {
      case 'integer':
        ruleProps[f.name] = { type: 'integer', description };
        break;
      case 'boolean':
        ruleProps[f.name] = { type: 'boolean', description };
        break;
      case 'decision':
        ruleProps[f.name] = { ...decision, description };
        break;
      case 'override':
        ruleProps[f.name] = { enum: OVERRIDE_LEVELS.map((l) => l.name), description };
        break;
      case 'ring':
        ruleProps[f.name] = {
          enum: RINGS.map((r) => r.ring),
          markdownEnumDescriptions: RINGS.map((r) => bi(r.zh, r.en)),
          description,
        };
        break;
      case 'when':
        ruleProps[f.name] = { ...when, description };
        break;
      case 'unless':
        ruleProps[f.name] = { anyOf: [{ type: 'null' }, when], description };
        break;
      case 'text':
        ruleProps[f.name] = { ...text, description };
        break;
      default:
        ruleProps[f.name] = { type: 'string', description };
    }
  }
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'https://erdl.dev/schema/erdl-v2.1.schema.json',
    title: 'ERDL v2.1 rule document',
    type: 'object',
    required: ['protocol', 'version', 'metadata', 'rules'],
    additionalProperties: false,
    properties: {
      protocol: {
        const: PROTOCOL,
        description: bi('协议标识，固定值', 'Protocol identifier, fixed value'),
      },
      version: {
        type: 'string',
        pattern: '^2\\.[0-9]+\\.[0-9]+',
        description: bi('规则格式版本', 'Rule-format version'),
      },
      metadata: {
        type: 'object',
        required: METADATA_FIELDS.filter((f) => f.required).map((f) => f.name),
        properties: Object.fromEntries(
          METADATA_FIELDS.map((f) => [
            f.name,
            f.type === 'decision'
              ? { ...decision, description: bi(f.zh, f.en) }
              : f.type === 'array'
                ? { type: 'array', items: { type: 'string' } }
                : { type: 'string', description: bi(f.zh, f.en) },
          ]),
        ),
      },
      rules: { type: 'array', items: { $ref: '#/definitions/rule' } },
    },
    definitions: {
      rule: {
        type: 'object',
        required: RULE_FIELDS.filter((f) => f.required && f.name !== 'then').map((f) => f.name),
        additionalProperties: false,
        properties: ruleProps,
      },
      condition,
      simple,
      expression,
      table,
      aggregateFunctions: { enum: AGGREGATE_FUNCTIONS.map((f) => f.name) },
      dateParts: { enum: DATE_PARTS.map((p) => p.name) },
    },
  };
}
