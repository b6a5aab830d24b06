import { defineStrings } from '../../i18n/i18n';

/**
 * The table's structure in the grid (issue 36 point 6): the column header menu (label, field
 * path, insert, move, remove), the default row, the table's name and description.
 */
export const structureStrings = defineStrings({
  en: {
    column: {
      menu: 'Column menu: {column}',
      menuShort: 'Column',
      label: 'Label…',
      field: 'Field path…',
      insertLeft: 'Insert column left…',
      insertRight: 'Insert column right…',
      moveLeft: 'Move left',
      moveRight: 'Move right',
      remove: 'Remove column',
    },
    labelForm: {
      title: 'Label of the column {column}',
      zh: 'Chinese label',
      en: 'English label',
      hint: 'The gloss and the grid name the column by its label in each language; leave a language empty to name it by the field path there.',
      save: 'Save label',
      remove: 'Remove label',
    },
    fieldForm: {
      title: 'Field path of the column {column}',
      field: 'Field path',
      hint: 'Every cell of the column tests this field. Renaming it changes what the rows test.',
      save: 'Rename field',
    },
    insertForm: {
      titleLeft: 'New column left of {column}',
      titleRight: 'New column right of {column}',
      field: 'Field path',
      zh: 'Chinese label (optional)',
      en: 'English label (optional)',
      save: 'Add column',
    },
    anyway: 'Save anyway',
    warningAgain: 'The validator warns about this (it is accepted): {message}',
    cancel: 'Cancel',
    close: 'Close',
    removed: 'Removed the column {column} (Ctrl+Z undoes it).',
    defaultRow: {
      group: 'Default row',
      add: 'Add default row',
      addLabel:
        'Add a default row (when: []) at the end: it decides {decision} for every input no row matches',
      remove: 'Remove default row',
      removeLabel:
        'Remove the default row: inputs no row matches are then decided by the document’s fallback decision',
      added:
        'Added a default row deciding {decision} for every input no row above matches (Ctrl+Z undoes it).',
      removedNote: 'Removed the default row. {what}',
      confirmTitle: 'Remove the default row?',
      confirm: 'Remove anyway',
      keep: 'Keep the default row',
    },
    title: {
      edit: 'Name and description…',
      editLabel: 'Edit the name and description of the table {entry}',
      noDescription: 'No description yet.',
      form: 'Name and description of the table',
      name: 'Name',
      nameHint:
        'The rule entry’s name: every row compiles to “name#row”. Rule names read like FIN-201-credit-limit.',
      description: 'Description',
      save: 'Save',
      suiteCases:
        '{n} {n:suite case names|suite cases name} rows of “{entry}”; {n:it|they} will need the new name “{name}” (the suite does not change by itself).',
      confirmRename: 'Rename anyway',
      renamed:
        'Renamed the table to “{name}”: its rows now compile to “{name}#…” (Ctrl+Z undoes it).',
    },
  },
  zh: {
    column: {
      menu: '列菜单：{column}',
      menuShort: '列',
      label: '列标签…',
      field: '字段路径…',
      insertLeft: '在左侧插入列…',
      insertRight: '在右侧插入列…',
      moveLeft: '左移',
      moveRight: '右移',
      remove: '删除列',
    },
    labelForm: {
      title: '“{column}”列的列标签',
      zh: '中文标签',
      en: '英文标签',
      hint: '释义和表格在每种语言中都用列标签称呼该列；某种语言留空时，该语言用字段路径称呼它。',
      save: '保存列标签',
      remove: '删除列标签',
    },
    fieldForm: {
      title: '“{column}”列的字段路径',
      field: '字段路径',
      hint: '该列的每个单元格都检验这个字段。改名会改变各行检验的内容。',
      save: '重命名字段',
    },
    insertForm: {
      titleLeft: '在“{column}”左侧新建列',
      titleRight: '在“{column}”右侧新建列',
      field: '字段路径',
      zh: '中文标签（可选）',
      en: '英文标签（可选）',
      save: '添加列',
    },
    anyway: '仍然保存',
    warningAgain: '校验器对此给出警告（仍可接受）：{message}',
    cancel: '取消',
    close: '关闭',
    removed: '已删除“{column}”列（Ctrl+Z 可撤销）。',
    defaultRow: {
      group: '默认行',
      add: '添加默认行',
      addLabel: '在末尾添加默认行（when: []）：没有任何行匹配的输入都决策为 {decision}',
      remove: '删除默认行',
      removeLabel: '删除默认行：此后没有任何行匹配的输入由文档的兜底决策决定',
      added: '已添加默认行：上方没有任何行匹配的输入都决策为 {decision}（Ctrl+Z 可撤销）。',
      removedNote: '已删除默认行。{what}',
      confirmTitle: '删除默认行？',
      confirm: '仍然删除',
      keep: '保留默认行',
    },
    title: {
      edit: '名称和描述…',
      editLabel: '编辑决策表“{entry}”的名称和描述',
      noDescription: '尚无描述。',
      form: '决策表的名称和描述',
      name: '名称',
      nameHint: '规则条目的名称：每一行编译为“名称#行”。规则名形如“FIN-201-credit-limit”。',
      description: '描述',
      save: '保存',
      suiteCases:
        '有 {n} 个测试用例引用了“{entry}”的行；它们需要改用新名称“{name}”（测试套件不会自动修改）。',
      confirmRename: '仍然重命名',
      renamed: '已将决策表重命名为“{name}”：各行现在编译为“{name}#…”（Ctrl+Z 可撤销）。',
    },
  },
});
