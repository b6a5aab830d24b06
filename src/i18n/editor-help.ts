import { defineStrings } from './format';

/**
 * What an editor says about the format while one writes it — hovers on keys, operators, decisions
 * and rules, and the count of findings a root cause folds — shared by the studio's Monaco editor
 * (src/studio/editor/strings.ts) and the language server (src/lsp/strings.ts), so both word them
 * alike. The meanings themselves are the kernel's vocabulary, in both languages.
 */
export const editorHelpStrings = defineStrings({
  en: {
    causedMore: '(and {n} more caused by this)',
    hover: {
      fieldLine: '**{key}** — {what} ({need})',
      required: 'required',
      optional: 'optional',
      blocking: 'blocking (needs a message)',
      nonBlocking: 'not blocking',
      decision: 'Decision',
      operator: 'Operator',
      aliasOf: 'Alias of {name}',
      operand: 'Value: {kind}',
      gloss: 'Gloss',
      delegation: 'Delegates to another rule set',
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
  },
  zh: {
    causedMore: '（另有 {n} 处由此引起）',
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
      rate: '频率，如 "5/1h"',
    },
  },
});
