import { defineStrings } from '../../i18n/i18n';

/**
 * The uncovered-inputs band under a decision table (issue 15 §2; issue 36 §5: what really happens
 * to the inputs, examples a person writes, an action for every group — ruling I-93).
 */
export const bandStrings = defineStrings({
  en: {
    title: 'Uncovered inputs',
    /** A decision in a sentence: its name and its word in the UI language. */
    decision: '{name} ({word})',
    outcome: {
      decides:
        'No row of this table matches these inputs, and it has no default row: the document’s fallback decision {decision} decides them.',
      decidesUnless:
        'No row of this table matches these inputs, and it has no default row: unless another rule of the document decides them, its fallback decision {decision} does.',
      allows:
        'No row of this table matches these inputs, and it has no default row: the document’s fallback decision {decision} decides them, so these inputs are allowed.',
      allowsUnless:
        'No row of this table matches these inputs, and it has no default row: unless another rule of the document decides them, its fallback decision {decision} does, so these inputs are allowed.',
      unknown:
        'No row of this table matches these inputs, and it has no default row. The document has no fallback decision (metadata.decision) yet: it cannot be evaluated until it has one, and that decision then decides these inputs.',
      fix: 'To decline them, add a row for each group below, or a default row.',
    },
    region: 'These inputs reach no row: {fact}.',
    example: {
      value: '{name} {value}',
      any: '{name} any value',
      between: '{name} strictly between {lower} and {upper} (such as {value})',
      otherText: '{name} any other text (not {values})',
      valueSeparator: ', ',
      valueOr: ' or ',
      moreValues: '{values} …',
    },
    offGrid: {
      whole:
        'Only a {name} that is not a whole number falls in this range: every {name} the table compares with is whole.',
      places:
        'Only a {name} with more than {places} {places:decimal place|decimal places} falls in this range: the table compares with none finer.',
    },
    adds: 'The row it adds: {cells}, then {decision}.',
    cellIs: '{name} {cell}',
    cellAny: '{name} any value',
    cellSeparator: ', ',
    wider:
      'Its condition is wider than these inputs: the rows above keep the rest, so the analysis notes that it overlaps them.',
    add: 'Add a row for these inputs',
    noSingleRow:
      'One row cannot cover just these inputs: with one condition per column, it would also cover other inputs no row matches, or miss some of these. A default row covers them all, deciding {decision}.',
    addDefault: 'Add a default row ({name})',
    defaultRow:
      'Or add a default row: every input no row above matches is then decided {decision}.',
    more: 'More inputs may reach no row: the list shows the first ones; after adding rows, the table is checked again.',
    message: 'Inputs no row covered: not allowed until a rule decides them',
  },
  zh: {
    title: '未覆盖的输入',
    decision: '{name}（{word}）',
    outcome: {
      decides:
        '该表没有任何行匹配这些输入，也没有默认行：这些输入由文档的兜底决策 {decision}决定。',
      decidesUnless:
        '该表没有任何行匹配这些输入，也没有默认行：除非文档中的其他规则对其作出决策，否则由兜底决策 {decision}决定。',
      allows:
        '该表没有任何行匹配这些输入，也没有默认行：这些输入由文档的兜底决策 {decision}决定，因此会被放行。',
      allowsUnless:
        '该表没有任何行匹配这些输入，也没有默认行：除非文档中的其他规则对其作出决策，否则由兜底决策 {decision}决定，因此这些输入会被放行。',
      unknown:
        '该表没有任何行匹配这些输入，也没有默认行。文档尚未设置兜底决策（“metadata.decision”）：设置之前无法求值，设置之后由它决定这些输入。',
      fix: '如需拒绝这些输入，请为下列每组输入添加一行，或添加默认行。',
    },
    region: '以下输入没有匹配的行：{fact}。',
    example: {
      value: '{name} {value}',
      any: '{name}为任意值',
      between: '{name}介于 {lower} 与 {upper} 之间（不含两端，如 {value}）',
      otherText: '{name}为其他任意文本（{values}除外）',
      valueSeparator: '、',
      valueOr: '、',
      moreValues: '{values}等',
    },
    offGrid: {
      whole: '只有非整数的{name}会落入此范围：表中与{name}比较的值都是整数。',
      places: '只有小数位多于 {places} 位的{name}会落入此范围：表中与之比较的值都没有更多小数位。',
    },
    adds: '将添加的行（{cells}），决策为 {decision}。',
    cellIs: '{name}：{cell}',
    cellAny: '{name}：任意值',
    cellSeparator: '，',
    wider: '其条件比这些输入更宽：其余输入仍由上方各行决策，因此分析会提示它与这些行重叠。',
    add: '为这些输入添加一行',
    noSingleRow:
      '无法只用一行恰好覆盖这些输入：每列只能写一个条件，这样的行要么还会覆盖其他没有匹配的输入，要么漏掉其中一部分。默认行可以全部覆盖，决策为 {decision}。',
    addDefault: '添加默认行（{name}）',
    defaultRow: '也可以添加默认行：上方各行都不匹配的输入将一律决策为 {decision}。',
    more: '可能还有其他输入没有匹配的行：此处只列出前几项；添加行后会重新检查表格。',
    message: '没有任何行覆盖的输入：在有规则决策之前不予放行',
  },
});
