import { defineStrings } from '../../i18n/i18n';

/**
 * What a grid edit changes, in words: the paste preview's was → becomes and what a paste widens,
 * and the status line after Delete, Delete row and fill down. Cells and values are written as a
 * person reads them (column labels in the UI language, 50,000 with its thousands separator).
 */
export const changeStrings = defineStrings({
  en: {
    preview: {
      intro:
        'What each pasted cell changes: the cell as it was, and how the pasted text will read. Nothing changes until you apply it (one undo step).',
      was: 'Was',
      becomes: 'Becomes',
      newCell: 'new',
      empty: 'empty',
      unchanged:
        '{n} pasted {n:cell reads|cells read} exactly as {n:it is|they are} now: not listed, not changed.',
      nothingChanges: 'The paste changes nothing: every pasted cell reads as it is now.',
      widensTitle: 'What this paste widens',
      widensIntro:
        'A row that widens matches inputs it did not match before: it then decides for them.',
      widensMark: 'widens',
      mayWidenMark: 'may widen',
      lessBlockingMark: 'blocks less',
      apply: 'Apply paste',
      applyWidening: 'Apply paste (widens {n} {n:row|rows})',
    },
    widening: {
      widens: 'Widens row {row}: it now matches {parts}.',
      part: '{now}, not only {was}',
      mayWiden:
        'May widen row {row}: {parts}. The analysis cannot rule out that it matches more inputs.',
      mayPart: '{column} {was} becomes {now}',
      anyOf: 'any {column}',
      cellOf: '{column} {cell}',
      example: 'For example: {fact}.',
      lessBlocking: 'Row {row} now decides “{after}” instead of “{before}”, which blocks less.',
      newRowLessBlocking:
        'New row {row} decides “{after}” for inputs the default row decided “{before}”, which blocks less.',
      newRowNoDefault:
        'New row {row} decides “{after}” for inputs no row of the table decided before.',
      listSeparator: '; ',
      twoSentences: '{first} {second}',
    },
    cell: {
      any: 'any value',
      between: '{low} to {high}',
      notBetween: 'not {low} to {high}',
      in: 'one of {values}',
      notIn: 'none of {values}',
      exists: 'present',
      notExists: 'absent',
      valueSeparator: ', ',
      operatorValue: '{op} {value}',
    },
    status: {
      cleared: 'Cleared {n} {n:cell|cells} to any value ({cells}). Ctrl+Z undoes it.',
      clearedRow: 'row {row}: {columns}',
      rowSeparator: '; ',
      columnSeparator: ', ',
      clearedNothing: 'Nothing to clear: the selected cells are already any value.',
      clearNotConditions:
        'Nothing cleared: Delete clears condition cells to any value. A decision, a priority or a row text is changed by editing it (F2).',
      clearDefaultRow:
        'The default row has no conditions to clear: it decides every input no row above matches. Its decision is edited on its own.',
      deletedRow: 'Deleted row {row} ({decision}). Ctrl+Z undoes it.',
      deletedRowNamed: 'Deleted row {row} “{name}” ({decision}). Ctrl+Z undoes it.',
      fillSkippedDefault:
        '{filled} The default row (row {row}) was skipped: it has no conditions to fill; it decides whatever no row above matches.',
      fillRightDefault:
        'Nothing filled: the default row (row {row}) has no conditions to fill right; it decides whatever no row above matches. Select rule rows above it.',
      fillIntoDefault:
        'Nothing filled: a fill down into the default row (row {row}) is refused. The default row has no conditions: it decides whatever no row above matches. Select rule rows above it.',
    },
  },
  zh: {
    preview: {
      intro:
        '每个粘贴单元格的改动：单元格原来的内容，以及粘贴文本将如何读取。应用之前不会有任何改动（作为一步撤销）。',
      was: '原值',
      becomes: '改为',
      newCell: '新增',
      empty: '空',
      unchanged: '有 {n} 个粘贴单元格的读取结果与现有内容完全相同：不列出，也不改动。',
      nothingChanges: '此次粘贴不会改动任何内容：每个粘贴单元格的读取结果都与现有内容相同。',
      widensTitle: '此次粘贴放宽的内容',
      widensIntro: '放宽的行会匹配它以前不匹配的输入，并对这些输入作出决策。',
      widensMark: '放宽',
      mayWidenMark: '可能放宽',
      lessBlockingMark: '拦截程度降低',
      apply: '应用粘贴',
      applyWidening: '应用粘贴（放宽 {n} 行）',
    },
    widening: {
      widens: '放宽第 {row} 行：现在匹配{parts}。',
      part: '{now}，而不只是 {was}',
      mayWiden: '可能放宽第 {row} 行：{parts}。分析无法排除它匹配更多输入的可能。',
      mayPart: '{column}由 {was} 改为 {now}',
      anyOf: '任意{column}',
      cellOf: '{column} {cell}',
      example: '例如：{fact}。',
      lessBlocking: '第 {row} 行的决策由“{before}”改为“{after}”，拦截程度降低。',
      newRowLessBlocking:
        '新增的第 {row} 行对原先由默认行决策为“{before}”的输入决策为“{after}”，拦截程度降低。',
      newRowNoDefault: '新增的第 {row} 行对此前没有任何行决策的输入决策为“{after}”。',
      listSeparator: '；',
      twoSentences: '{first}{second}',
    },
    cell: {
      any: '任意值',
      between: '{low} 至 {high}',
      notBetween: '不在 {low} 至 {high} 之间',
      in: '为 {values} 之一',
      notIn: '不是 {values} 中的任何一个',
      exists: '存在',
      notExists: '不存在',
      valueSeparator: '、',
      operatorValue: '{op} {value}',
    },
    status: {
      cleared: '已将 {n} 个单元格清空为任意值（{cells}）。Ctrl+Z 可撤销。',
      clearedRow: '第 {row} 行：{columns}',
      rowSeparator: '；',
      columnSeparator: '、',
      clearedNothing: '没有可清空的内容：所选单元格已是任意值。',
      clearNotConditions:
        '未清空任何内容：Delete 只把条件单元格清空为任意值。决策、优先级或行文本请编辑修改（F2）。',
      clearDefaultRow:
        '默认行没有可清空的条件：它对上方各行都不匹配的输入作出决策。它的决策需单独编辑。',
      deletedRow: '已删除第 {row} 行（{decision}）。Ctrl+Z 可撤销。',
      deletedRowNamed: '已删除第 {row} 行“{name}”（{decision}）。Ctrl+Z 可撤销。',
      fillSkippedDefault:
        '{filled}已跳过默认行（第 {row} 行）：它没有可填充的条件；它对上方各行都不匹配的输入作出决策。',
      fillRightDefault:
        '未填充任何内容：默认行（第 {row} 行）没有可向右填充的条件；它对上方各行都不匹配的输入作出决策。请选择它上方的规则行。',
      fillIntoDefault:
        '未填充任何内容：不能向下填充到默认行（第 {row} 行）。默认行没有条件：它对上方各行都不匹配的输入作出决策。请选择它上方的规则行。',
    },
  },
});
