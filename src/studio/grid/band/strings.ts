import { defineStrings } from '../../i18n/i18n';

/** The uncovered-inputs band under a decision table (issue 15 §2). */
export const bandStrings = defineStrings({
  en: {
    title: 'Uncovered inputs',
    intro:
      'The table has no default row, and these inputs match no row, so it decides nothing for them.',
    region: '{fact} reach no row.',
    adds: 'The row it adds: {cells}, then {decision}.',
    cellIs: '{name} {cell}',
    cellAny: '{name} any value',
    cellSeparator: ', ',
    wider:
      'Its condition is wider than these inputs: the rows above keep the rest, so the analysis notes that it overlaps them.',
    add: 'Add a row for these inputs',
    noSingleRow:
      'No row of one condition per column was found that covers exactly these inputs; write it in the YAML.',
    more: 'More inputs may reach no row: the list shows the first ones; after adding rows, the table is checked again.',
    message: 'Inputs no row covered: declined until a rule decides them',
  },
  zh: {
    title: '未覆盖的输入',
    intro: '该表没有默认行，以下输入不匹配任何行，表格不对它们作决策。',
    region: '{fact} 没有匹配的行。',
    adds: '将添加的行（{cells}），决策为 {decision}。',
    cellIs: '{name}：{cell}',
    cellAny: '{name}：任意值',
    cellSeparator: '，',
    wider: '其条件比这些输入更宽：其余输入仍由上方各行决策，因此分析会提示它与这些行重叠。',
    add: '为这些输入添加一行',
    noSingleRow: '未找到每列一个条件、恰好覆盖这些输入的行；请在 YAML 中编写。',
    more: '可能还有其他输入没有匹配的行：此处只列出前几项；添加行后会重新检查表格。',
    message: '没有任何行覆盖的输入：在有规则决策之前一律拒绝',
  },
});
