import { defineStrings } from '../i18n/format';

/**
 * What `erdl lsp` words itself (hovers, completion details, code action titles); the kernel's
 * diagnostics, glosses and vocabulary carry their own texts in both languages.
 */
export const lspStrings = defineStrings({
  en: {
    causedMore: 'and {n} more caused by this',
    fix: 'Fix: {title} ({code})',
    hover: {
      fieldLine: '**{key}** — {what} ({need})',
      required: 'required',
      optional: 'optional',
      blocking: 'blocking (needs a message)',
      nonBlocking: 'not blocking',
      decision: 'Decision',
      operator: 'Operator',
      aliasOf: 'alias of {name}',
      operand: 'Value: {kind}',
      gloss: 'Gloss',
      delegation: 'Delegates to another rule set',
      field: 'Fact field',
      readBy: 'Read by {n} {n:rule|rules}: {names}',
    },
    operand: {
      scalar: 'a string, number, boolean or null',
      ordered: 'a number or a string',
      list: 'a list of scalars (at most 256)',
      string: 'a string',
      regex: 'an RE2 regular expression',
      none: 'no value',
      count: 'a non-negative integer',
      range: '[min, max] numbers',
      window: 'a time window such as "10m"',
      rate: 'a rate such as "5/1h"',
    },
    completion: {
      decision: 'decision',
      operator: 'operator',
      field: 'field used in this document',
      key: 'key',
    },
  },
  zh: {
    causedMore: '另有 {n} 条由此引起',
    fix: '修复：{title}（{code}）',
    hover: {
      fieldLine: '**{key}** — {what}（{need}）',
      required: '必填',
      optional: '可选',
      blocking: '拦截性（须附 message）',
      nonBlocking: '非拦截性',
      decision: '决策',
      operator: '运算符',
      aliasOf: '{name} 的别名',
      operand: '取值：{kind}',
      gloss: '释义',
      delegation: '委派给其他规则集',
      field: '事实字段',
      readBy: '读取它的规则（{n} 条）：{names}',
    },
    operand: {
      scalar: '字符串、数字、布尔值或空值 null',
      ordered: '数字或字符串',
      list: '标量列表（最多 256 项）',
      string: '字符串',
      regex: 'RE2 正则表达式',
      none: '无需取值',
      count: '非负整数',
      range: '由最小值和最大值组成的数字区间',
      window: '时间窗口，如“10m”',
      rate: '频率，如“5/1h”',
    },
    completion: {
      decision: '决策',
      operator: '运算符',
      field: '本文档已用的字段',
      key: '键',
    },
  },
});

export type LspLang = 'en' | 'zh';

/** The `erdl lsp` verb's line in `erdl --help`. */
export const LSP_VERB_STRINGS = {
  summary: {
    en: 'serve the language server protocol on stdin/stdout (for editors)',
    zh: '在标准输入输出上提供语言服务器协议（供编辑器使用）',
  },
} as const;
