import { defineStrings } from '../../i18n/i18n';

/** The read-only output columns of an imported business table (issue 38 §4, I-95). */
export const outputColumnStrings = defineStrings({
  en: {
    tag: 'output · read-only',
    headTitle:
      'Output {name} of the imported table: kept in each row’s message, shown here read-only (edit the message to change it)',
    cellTitle: '{name}: {value} (an output of the imported table, kept in the row’s message)',
    unread: 'The row’s message no longer gives this output',
  },
  zh: {
    tag: '输出 · 只读',
    headTitle: '导入决策表的输出列“{name}”：保存在每行的消息中，此处只读显示（修改消息即可更改）',
    cellTitle: '{name}：{value}（导入决策表的输出，保存在该行的消息中）',
    unread: '该行的消息中已没有此输出',
  },
});
