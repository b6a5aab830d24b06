/** The words of `erdl eval --explain` (issue #40 point 1), English and Chinese. */
export const EXPLAIN_STRINGS = {
  explainOption: {
    en: 'print why each rule matched or not: text, or with --format json the explanation data',
    zh: '说明每条规则为何匹配或未匹配：输出文本；配合 --format json 输出说明数据',
  },
  formatOption: {
    en: 'with --facts: the fact set format (default: from the file name; jsonl for -); with --explain: text (default) or json',
    zh: '配合 --facts：事实集格式（默认按文件扩展名；- 时为 jsonl）；配合 --explain：text（默认）或 json',
  },
  explainOneFact: {
    en: '--explain explains one FACT, not --facts',
    zh: '--explain 只说明单条 FACT，不能与 --facts 同用',
  },
  formatNeeds: {
    en: '--format needs --facts or --explain',
    zh: '--format 需要配合 --facts 或 --explain 使用',
  },
  explainFormat: {
    en: '--format {value}: with --explain, text or json',
    zh: '--format{value}：配合 --explain 时须为 text 或 json',
  },
} as const;
