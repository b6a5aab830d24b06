import { defineStrings } from '../../i18n/i18n';

/**
 * A column's type in the grid (issue 36 point 3, ruling I-91): the type shown in the column header
 * and its menu, and "Read as text" under a word a column without a type does not read.
 */
export const columnTypeStrings = defineStrings({
  en: {
    button: 'Type of {column}: {type}. Choose the type',
    menu: 'Type of the column {column}',
    declared:
      'Cells in this column are read as {type} values (declared in the table: type: {name})',
    inferred:
      'Cells in this column are read as {type} values (from its cells). Choose a type to declare it',
    unknown:
      'This column has no type yet: it reads numbers and "quoted text". Choose a type to read words as text',
    fromCells: 'From the cells',
    fromCellsNow: 'From the cells ({type})',
    fromCellsHint: 'no type:',
    set: '{column} is now a {type} column (type: {name}).',
    cleared: 'The type of {column} now comes from its cells.',
    readAsText: 'Read as text: make “{column}” a text column',
    readAsTextHint: 'Adds type: string to the column (one undo step) and writes the word.',
    readAsTextDone: '{column} is now a text column; the cell reads {cell}.',
    pasteReadAsTextHint:
      'Adds type: string to the column (one undo step); the paste is then read again.',
  },
  zh: {
    button: '“{column}”的类型：{type}。选择类型',
    menu: '“{column}”列的类型',
    declared: '此列的单元格按{type}值读取（表中已声明 type: {name}）',
    inferred: '此列的单元格按{type}值读取（由单元格推断）。选择类型即可声明',
    unknown: '此列尚无类型：只读取数字和带引号的文本。选择类型后，词语可按文本读取',
    fromCells: '由单元格推断',
    fromCellsNow: '由单元格推断（{type}）',
    fromCellsHint: '不写 type:',
    set: '{column}现在是{type}列（type: {name}）。',
    cleared: '{column}的类型改为由单元格推断。',
    readAsText: '按文本读取：把“{column}”设为文本列',
    readAsTextHint: '为此列声明文本类型（可一步撤销），并写入该词。',
    readAsTextDone: '{column}现在是文本列；该单元格读作“{cell}”。',
    pasteReadAsTextHint: '为此列声明文本类型（可一步撤销），然后重新读取粘贴内容。',
  },
});
