import { defineStrings } from '../i18n/i18n';

/** Export → Report: the rule-set review report (issue #19 point 1). */
export const reviewStrings = defineStrings({
  en: {
    heading: 'Review report',
    help: 'A print-ready HTML report of the whole rule set: cover, every rule with its gloss in both languages, decision tables, table findings, the suite results and the changes since the last signed version. Open it in the browser and print to PDF.',
    lang: 'Report language',
    langZh: 'Chinese',
    langEn: 'English',
    langBoth: 'Both, side by side',
    date: 'Report date',
    dateHelp:
      'The date comes from the signature when this text is signed, else from this field — never from the clock, so the same inputs give the same report.',
    download: 'Download report',
    fromSignature: 'Signed {at}: the signature date is used.',
    previous: 'Changes are shown since the signed version of {at}.',
    noPrevious: 'No earlier signed version: the report has no change section.',
    failed: 'The report could not be made: {reason}',
    downloaded: 'Downloaded {file} ({hash}).',
  },
  zh: {
    heading: '审阅报告',
    help: '整个规则集的可打印 HTML 报告：封面、每条规则的中英文释义、决策表、决策表分析结果、测试集结果，以及自上一签名版本以来的变更。在浏览器中打开后可打印为 PDF。',
    lang: '报告语言',
    langZh: '中文',
    langEn: '英文',
    langBoth: '中英对照',
    date: '报告日期',
    dateHelp:
      '文本已签名时取签名日期，否则取此处填写的日期；从不读取系统时钟，因此相同输入生成相同报告。',
    download: '下载报告',
    fromSignature: '已于 {at} 签名：采用签名日期。',
    previous: '列出自 {at} 签名版本以来的变更。',
    noPrevious: '没有更早的签名版本：报告不含变更部分。',
    failed: '无法生成报告：{reason}',
    downloaded: '已下载 {file}（{hash}）。',
  },
});
