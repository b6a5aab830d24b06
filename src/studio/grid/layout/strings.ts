import { defineStrings } from '../../i18n/i18n';

/** The grid's layout at 1440×900 (issue 36 §7): decision words, findings markers, search, fit. */
export const layoutStrings = defineStrings({
  en: {
    decisionTitle: '{code} · {name}: {phrase} ({effect})',
    decisionCode: '({code})',
    marker: '{n}',
    markerLabel: 'Row {row}: {n} {n:finding|findings} ({codes}). Show or hide (Shift+F2)',
    markerTitle: '{n} {n:finding|findings}: {codes}. Click to show or hide (Shift+F2)',
    findingsOf: 'Findings of row {row}',
    search: 'Search rows',
    searchPlaceholder: 'Search rows…',
    searchHint:
      'Filters the rows by any cell, decision (code or word, English or Chinese), row name or row text; Esc clears it.',
    shown: 'Showing {shown} of {total} {total:row|rows}',
    noMatch: 'No row matches the search.',
    clearSearch: 'Clear the search',
    fit: 'Fit columns',
    fitTitle:
      'Size every column to its content within the width available (widths set by hand are forgotten)',
    fitted: 'Columns fitted to their content.',
    fitColumn: 'Double-click: fit the column to its content',
    refusedHidden:
      '{n} {n:row is|rows are} hidden by the search: clear it (Esc in the search box) to add, delete or move rows or columns.',
    refusedPasteOne:
      'This would write {rows}, which the search hides or which does not exist yet: clear the search (Esc in the search box) first, or select only rows that are shown.',
    refusedPaste:
      'This would write {rows}, which the search hides or which do not exist yet: clear the search (Esc in the search box) first, or select only rows that are shown.',
    rowList: 'row {list}',
    rowsList: 'rows {list}',
    listSeparator: ', ',
  },
  zh: {
    decisionTitle: '{code} · {name}：{phrase}（{effect}）',
    decisionCode: '（{code}）',
    marker: '{n}',
    markerLabel: '第 {row} 行：{n} 条分析结果（{codes}）。显示或隐藏（Shift+F2）',
    markerTitle: '{n} 条分析结果：{codes}。单击显示或隐藏（Shift+F2）',
    findingsOf: '第 {row} 行的分析结果',
    search: '搜索行',
    searchPlaceholder: '搜索行…',
    searchHint: '按任一单元格、决策（代码或名称，中文或英文）、行名或行文本筛选行；按 Esc 清除。',
    shown: '显示 {total} 行中的 {shown} 行',
    noMatch: '没有与搜索匹配的行。',
    clearSearch: '清除搜索',
    fit: '自适应列宽',
    fitTitle: '在可用宽度内按内容调整每一列的宽度（手动设置的列宽将被清除）',
    fitted: '已按内容调整列宽。',
    fitColumn: '双击：按内容调整本列宽度',
    refusedHidden:
      '搜索隐藏了 {n} 行：请先清除搜索（在搜索框中按 Esc），再添加、删除或移动行或列。',
    refusedPasteOne:
      '此操作会写入{rows}，该行被搜索隐藏或尚不存在：请先清除搜索（在搜索框中按 Esc），或只选择显示出来的行。',
    refusedPaste:
      '此操作会写入{rows}，这些行被搜索隐藏或尚不存在：请先清除搜索（在搜索框中按 Esc），或只选择显示出来的行。',
    rowList: '第 {list} 行',
    rowsList: '第 {list} 行',
    listSeparator: '、',
  },
});
