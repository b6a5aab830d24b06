import { defineStrings } from '../../i18n/i18n';

/** The report's headline and the mapping of business outputs to decisions (issue 38 §4–5). */
export const outputMappingStrings = defineStrings({
  en: {
    allConverted: 'Converted into the new document {name}. {headline}.',
    partly: '{headline}. The tables that converted are in the new document {name}.',
    noneAdded: '{headline}. No document was added.',
    section: 'Outputs as decisions',
    title: 'Table {table}: read an output as decisions',
    intro:
      'No output of this table holds an ERDL decision, so its rows decide GUIDE (guidance) and its outputs show as read-only columns. Choose an output and what each of its values decides; a value kept as an output stays GUIDE, never ALLOW.',
    output: 'Output',
    noOutput: '(none: every row decides GUIDE)',
    value: 'Value',
    decision: 'Decision',
    decisionFor: 'Decision for {value}',
    keep: 'Keep as output (GUIDE)',
    more: 'Only the first {n} {n:value is|values are} listed; the others stay GUIDE.',
    apply: 'Apply to the document',
    applying: 'Reading the file again…',
    applied: 'Applied to {name}; this mapping is remembered for this file.',
    remembered: 'The mapping remembered for this file was applied.',
    failed: 'The mapping could not be applied: the file no longer converts.',
    gone: 'The mapping could not be applied: the document {name} is no longer open.',
  },
  zh: {
    allConverted: '已转换为新文档 {name}。{headline}。',
    partly: '{headline}。已转换的决策表在新文档 {name} 中。',
    noneAdded: '{headline}。未添加文档。',
    section: '将输出读作决策',
    title: '决策表 {table}：将一个输出列读作决策',
    intro:
      '该决策表没有任何输出列是 ERDL 决策，因此各行决策为 GUIDE（引导），其输出列以只读列显示。请选择一个输出列，并为它的每个值选择对应的决策；保留为输出的值仍为 GUIDE，绝不会成为 ALLOW。',
    output: '输出列',
    noOutput: '（无：每行决策为 GUIDE）',
    value: '值',
    decision: '决策',
    decisionFor: '值 {value} 的决策',
    keep: '保留为输出（GUIDE）',
    more: '只列出前 {n} 个值；其余的值仍为 GUIDE。',
    apply: '应用到文档',
    applying: '正在重新读取文件…',
    applied: '已应用到 {name}；本文件的这一映射已记住。',
    remembered: '已应用为本文件记住的映射。',
    failed: '无法应用该映射：文件已无法转换。',
    gone: '无法应用该映射：文档 {name} 已不在工作区中。',
  },
});
