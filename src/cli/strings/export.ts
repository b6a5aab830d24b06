import type { Bilingual } from '../../kernel';

/** The words of `erdl export`: its help and messages, English and Chinese. */
export const EXPORT_STRINGS = {
  toOption: {
    en: 'the file format (required)',
    zh: '文件格式（必填）',
  },
  ruleOption: {
    en: 'the decision-table rule entry (required)',
    zh: '决策表规则条目（必填）',
  },
  dmnVersionOption: {
    en: 'with --to dmn: the DMN version written (default 1.3)',
    zh: '与 --to dmn 一起使用：写出的 DMN 版本（默认 1.3）',
  },
  outOption: {
    en: 'the file to write (required)',
    zh: '要写入的文件（必填）',
  },
  summary: {
    en: 'export a decision table as DMN 1.3 (or 1.5) or Excel',
    zh: '将决策表导出为 DMN 1.3（或 1.5）或 Excel',
  },
  dmnVersionTakes1: {
    en: '--dmn-version takes 1.3 or 1.5, with --to dmn (not {dmnVersion})',
    zh: '--dmn-version 只能是 1.3 或 1.5，且须与 --to dmn 一起使用（而不是 {dmnVersion}）',
  },
  exportNeedsDmnXlsx: {
    en: 'export needs --to dmn|xlsx, --rule NAME and --out FILE',
    zh: 'export 需要 --to dmn|xlsx、--rule NAME 和 --out FILE',
  },
  text: {
    en: '{file}:{line}:{column}: {message}',
    zh: '{file}:{line}:{column}：{message}',
  },
  notDecisionTable: {
    en: '{rule} is not a decision table of {file}',
    zh: '{rule}不是 {file} 中的决策表',
  },
  thisCommandCannotWrite: {
    en: 'this command cannot write files here',
    zh: '此处无法写入文件',
  },
} as const satisfies Record<string, Bilingual>;
