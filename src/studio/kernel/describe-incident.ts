import type { Bilingual } from '../../kernel';
import type { Incident } from './kernel-client';

/** What a request on a channel was doing, for people: "evaluating the sample fact of refund-guard". */
const WHAT: Record<string, { en: string; zh: string }> = {
  analyze: { en: 'Checking {doc}', zh: '检查 {doc}' },
  evaluate: { en: 'Evaluating the sample fact of {doc}', zh: '对 {doc} 的示例事实求值' },
  suite: { en: 'Running the fact suite of {doc}', zh: '运行 {doc} 的事实测试集' },
  gloss: { en: 'Writing the gloss of {doc}', zh: '生成 {doc} 的释义' },
  tree: { en: 'Building a canonical tree of {doc}', zh: '构建 {doc} 的规范表达式树' },
  convert: { en: 'Converting a rule of {doc}', zh: '转换 {doc} 的规则' },
};

/**
 * The watchdog's report in words: which document, what it was doing (and, for a long job, which
 * case or event), and that nothing was lost. `nameOf` maps a document id to its name.
 */
export function describeIncident(
  incident: Incident,
  nameOf: (docId: string) => string | undefined,
): Bilingual {
  const [kind = '', docId = ''] = incident.channel.split(/:(.*)/s);
  const name = nameOf(docId);
  const what = WHAT[kind];
  if (!what || name === undefined) return incident.message;
  const seconds = (incident.budgetMs / 1000).toLocaleString('en');
  const at = incident.at ? ` (${incident.at})` : '';
  const en = what.en.replace('{doc}', `"${name}"`);
  const zh = what.zh.replace('{doc}', `“${name}”`);
  return incident.reason === 'timeout'
    ? {
        en: `${en}${at} took longer than ${seconds} s, so the kernel was restarted. The document and the results so far are kept.`,
        zh: `${zh}${at}超过 ${seconds} 秒，内核已重新启动。文档和已有结果均已保留。`,
      }
    : {
        en: `The kernel failed while ${en.charAt(0).toLowerCase()}${en.slice(1)}${at} and was restarted. The document and the results so far are kept.`,
        zh: `${zh}${at}时内核出错，已重新启动。文档和已有结果均已保留。`,
      };
}
