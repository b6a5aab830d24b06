import type { Bilingual } from '../../kernel';

/** The words of `erdl report`: its help and messages, English and Chinese. */
export const REPORT_STRINGS = {
  langOption: {
    en: 'report language (default both)',
    zh: '报告语言（默认 both）',
  },
  suiteOption: {
    en: 'run this suite and include its results and rule coverage',
    zh: '运行此测试集，并写入结果与规则覆盖率',
  },
  previousOption: {
    en: 'show the changes since this signed version',
    zh: '列出自此签名版本以来的变更',
  },
  dateOption: {
    en: 'the report date (default: the signature time of RULES.dsse.json)',
    zh: '报告日期（默认取 RULES.dsse.json 的签名时间）',
  },
  summary: {
    en: 'print a review report of a whole rule set (self-contained HTML)',
    zh: '输出整个规则集的审核报告（自包含 HTML）',
  },
  langMustZhEn: {
    en: '--lang must be zh, en or both, not {lang}',
    zh: '--lang 只能是 zh、en 或 both，而不是{lang}',
  },
  dateMustDateLike: {
    en: '--date must be a date like 2026-12-01 (or an ISO 8601 instant), not {given}',
    zh: '--date 必须是形如 2026-12-01 的日期（或 ISO 8601 时刻），而不是{given}',
  },
  thereNothingReport: {
    en: 'there is nothing to report',
    zh: '无法生成报告',
  },
  text: {
    en: '{previousFile}: {p}',
    zh: '{previousFile}：{p}',
  },
  notValidSignatureFile: {
    en: '{previousFile}: not a valid signature file, so there is no previous version',
    zh: '{previousFile}：不是有效的签名文件，无法作为上一版本',
  },
  notShownAsSigned: {
    en: '{file}: not shown as signed: {problem}',
    zh: '未作为已签名显示：{problem}',
  },
} as const satisfies Record<string, Bilingual>;
