/**
 * The words for a value's type and for a trace step's status, both languages: the one table the
 * explanation (eval/explanation-strings.ts) and the studio's Evaluate panel both read. Data-only,
 * importing nothing: the studio's first load may read it (tests/entry-chunk.test.ts).
 */
export const VALUE_TYPE_WORDS = {
  en: {
    string: 'string',
    number: 'number',
    boolean: 'boolean',
    null: 'null',
    list: 'list',
    object: 'object',
    date: 'date',
    missing: 'missing value',
    scalar: 'single value',
    other: 'value',
  },
  zh: {
    string: '字符串',
    number: '数字',
    boolean: '布尔值',
    null: 'null',
    list: '列表',
    object: '对象',
    date: '日期',
    missing: '缺失值',
    scalar: '单个值',
    other: '值',
  },
} as const;

export const STEP_STATUS_WORDS = {
  en: {
    matched: 'matched',
    false: 'did not match',
    exempted: 'exempted by unless',
    disabled: 'disabled',
    not_reached: 'not reached',
    covered: 'covered by a higher ring',
    error_fail_closed: 'error: failed closed',
    error_folded_false: 'error: treated as false',
  },
  zh: {
    matched: '匹配',
    false: '未匹配',
    exempted: '已豁免（豁免条件成立）',
    disabled: '已停用',
    not_reached: '未执行到',
    covered: '被更高执行环覆盖',
    error_fail_closed: '出错：失败关闭',
    error_folded_false: '出错：按不匹配处理',
  },
} as const;
