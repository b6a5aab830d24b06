import type { Bilingual } from '../../kernel';

/** The words of `erdl convert`: its help and messages, English and Chinese. */
export const CONVERT_STRINGS = {
  simple: {
    en: 'to Simple',
    zh: '转换为简单形式',
  },
  expression: {
    en: 'to Expression',
    zh: '转换为表达式形式',
  },
  decisionTable: {
    en: 'to a decision table',
    zh: '转换为决策表',
  },
  toOption: {
    en: 'the writing form to convert to (required)',
    zh: '目标书写形式（必填）',
  },
  ruleOption: {
    en: 'convert only this rule entry',
    zh: '只转换这条规则条目',
  },
  summary: {
    en: 'convert rules between Simple, Expression and decision tables',
    zh: '在简单形式、表达式形式与决策表之间转换规则',
  },
  convertNeedsSimpleExpr: {
    en: 'convert needs --to simple|expr|table',
    zh: 'convert 需要 --to simple|expr|table',
  },
  notFormUseSimple: {
    en: '--to {to} is not a form: use simple, expr or table',
    zh: '--to{to}不是书写形式：请用 simple、expr 或 table',
  },
  cannotConvert: {
    en: 'cannot convert {rule} {form} [{code}]: {part}{message}',
    zh: '无法将 {rule} {form} [{code}]：{part}{message}',
  },
  /** The part of the rule a refusal names, before its message. */
  refusedPart: {
    en: '{part}: ',
    zh: '{part}：',
  },
  internalError: {
    en: 'internal error: the converted document failed its own check ({failures}); nothing was written',
    zh: '内部错误：转换结果未通过自检（{failures}）；未输出任何内容',
  },
} as const satisfies Record<string, Bilingual>;
