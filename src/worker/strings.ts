import { defineStrings } from '../i18n/format';

/** Replies the kernel and batch workers word themselves (the kernel's own texts carry their own). */
export const workerStrings = defineStrings({
  en: {
    kernelError: 'kernel error: {detail}',
    csvAt: 'CSV line {line}, column {column}: {message}',
    csvAtColumn: 'CSV line {line}, {place}: {message}',
    asOf: 'as_of {value} is not an ISO 8601 instant',
  },
  zh: {
    kernelError: '内核错误：{detail}',
    csvAt: 'CSV 第 {line} 行第 {column} 列：{message}',
    csvAtColumn: 'CSV 第 {line} 行{place}：{message}',
    asOf: 'as_of{value}不是 ISO 8601 时刻',
  },
});

/** What the studio says about its kernel workers (src/worker/kernel-client.ts, describe-incident.ts). */
export const kernelStrings = defineStrings({
  en: {
    closed: 'studio closed',
    timeout:
      'The kernel took longer than {seconds} s ({detail}{at}) and was restarted. Your document is unchanged.',
    crashed: 'The kernel worker failed ({detail}) and was restarted. Your document is unchanged.',
    atSeparator: ', {at}',
    what: {
      analyze: 'Checking {doc}',
      evaluate: 'Evaluating the sample fact of {doc}',
      suite: 'Running the fact suite of {doc}',
      gloss: 'Writing the gloss of {doc}',
      tree: 'Building a canonical tree of {doc}',
      convert: 'Converting a rule of {doc}',
    },
    doc: '"{name}"',
    at: ' ({at})',
    incidentTimeout:
      '{what}{at} took longer than {seconds} s, so the kernel was restarted. The document and the results so far are kept.',
    incidentFailed:
      'The kernel failed while {what}{at} and was restarted. The document and the results so far are kept.',
  },
  zh: {
    closed: '工作室已关闭',
    timeout: '内核处理超过 {seconds} 秒（{detail}{at}），已重新启动。文档未受影响。',
    crashed: '内核工作线程出错（{detail}），已重新启动。文档未受影响。',
    atSeparator: '，{at}',
    what: {
      analyze: '检查 {doc}',
      evaluate: '对 {doc} 的示例事实求值',
      suite: '运行 {doc} 的事实测试集',
      gloss: '生成 {doc} 的释义',
      tree: '构建 {doc} 的规范表达式树',
      convert: '转换 {doc} 的规则',
    },
    doc: '“{name}”',
    at: '（{at}）',
    incidentTimeout: '{what}{at}超过 {seconds} 秒，内核已重新启动。文档和已有结果均已保留。',
    incidentFailed: '{what}{at}时内核出错，已重新启动。文档和已有结果均已保留。',
  },
});
