/**
 * The words of an explanation (explanation.ts), both languages: the headline, why a rule did not
 * match, and the plain-text layout `erdl eval --explain` prints. Templates are filled by the one
 * filler (util/template.ts). Data-only.
 */
import { STEP_STATUS_WORDS, VALUE_TYPE_WORDS } from '../vocabulary/evaluation-words';

export const EXPLANATION_STRINGS = {
  en: {
    decidedBy: 'Decided by {rule}',
    fallback: 'No rule matched; the document default {decision} applies.',
    failedClosed: '{rule} failed closed: {detail}. Its decision {decision} applies (E12).',
    failedClosedUnknown:
      '{rule} failed closed on an evaluation error. Its decision {decision} applies (E12).',
    failedLine: 'Failed at: {condition}.',
    stoppedLine: 'Stopped at: {condition}.',
    failedClosedMark: '{rule} (failed closed, its condition not evaluated)',
    why: {
      theValue: 'the value',
      rawField: '{path}',
      typeMismatch: '{field} is the {type} {value}; {type}s never compare with {expected}s.',
      typeMismatchNoValue: '{field} is of type {type}; {type}s never compare with {expected}s.',
      didYouMean: 'Did you mean {suggestion}?',
      missing: '{field} is not in the fact.',
      null: '{field} is null; only == null and != null compare with null.',
      false: '{field} is {value}.',
      notEvaluated: 'Not evaluated: {detail}.',
      regexLimit: 'the match input has {size} characters, over the limit of {limit}',
      regexLimitNoSize: 'the match input is over the limit of {limit} characters',
      arrayLimit: 'the list has {size} items, over the limit of {limit}',
      arrayLimitNoSize: 'a list is over the limit of {limit} items',
      stepLimit: 'the rule visited more than {limit} list elements (the limit)',
      failClosed: 'The rule failed closed: its decision {decision} applies (E12).',
      folded: 'The condition was folded to false (E12).',
    },
    types: VALUE_TYPE_WORDS.en,
    status: STEP_STATUS_WORDS.en,
    // The plain-text layout (explanationText).
    text: {
      decision: 'Decision: {decision}',
      matched: 'Matched rules: {rules}',
      exempted: 'Exempted by unless: {rules}',
      none: 'none',
      separator: ', ',
      evaluated: '{evaluated} evaluated, {matched} matched',
      warning: 'Warning {code}: {message}',
      ring: 'Ring {ring}',
      step: '{rule}: {status}',
      note: '({note})',
    },
  },
  zh: {
    decidedBy: '由 {rule} 决定',
    fallback: '没有规则匹配：采用文档的兜底决策 {decision}。',
    failedClosed: '{rule} 失败关闭：{detail}。采用其决策 {decision}（E12）。',
    failedClosedUnknown: '{rule} 因求值错误失败关闭，采用其决策 {decision}（E12）。',
    failedLine: '未满足的条件：{condition}。',
    stoppedLine: '未能求值的条件：{condition}。',
    failedClosedMark: '{rule}（失败关闭，条件未求值）',
    why: {
      theValue: '该值',
      rawField: '「{path}」',
      // {value}: a string in “” next to the word, anything else after a space (shownZh).
      typeMismatch: '{field}是{type}{value}；{type}与{expected}永远无法比较。',
      typeMismatchNoValue: '{field}是{type}；{type}与{expected}永远无法比较。',
      didYouMean: '是否想写 {suggestion}？',
      missing: '事实中没有{field}。',
      null: '{field}为空值（null）；只有 “== null” 和 “!= null” 能与空值比较。',
      false: '{field}的值为 {value}。',
      notEvaluated: '未求值：{detail}。',
      regexLimit: 'match 的输入有 {size} 个字符，超过上限 {limit}',
      regexLimitNoSize: 'match 的输入超过 {limit} 个字符的上限',
      arrayLimit: '列表有 {size} 项，超过上限 {limit}',
      arrayLimitNoSize: '列表超过 {limit} 项的上限',
      stepLimit: '规则访问的列表元素超过上限 {limit}',
      failClosed: '规则失败关闭：采用其决策 {decision}（E12）。',
      folded: '该条件折叠为 false（E12）。',
    },
    types: VALUE_TYPE_WORDS.zh,
    status: STEP_STATUS_WORDS.zh,
    text: {
      decision: '决策：{decision}',
      matched: '匹配的规则：{rules}',
      exempted: '因豁免条件而豁免的规则：{rules}',
      none: '无',
      separator: '、',
      evaluated: '已求值 {evaluated} 条，匹配 {matched} 条',
      warning: '警告 {code}：{message}',
      ring: '第 {ring} 执行环',
      step: '{rule}：{status}',
      note: '（{note}）',
    },
  },
} as const satisfies Record<'en' | 'zh', unknown>;

export type ExplanationStrings = (typeof EXPLANATION_STRINGS)['en' | 'zh'];
