import { defineStrings } from '../i18n/i18n';

export const tableImportStrings = defineStrings({
  en: {
    title: 'Conversion report: {file}',
    converted: 'Converted into the new document {name}.',
    nothing: 'Nothing was converted, so no document was added.',
    error: 'Not converted',
    warning: 'Warning',
    info: 'Note',
    table: 'Table {name}',
    file: 'The file',
    close: 'Close report',
    exportXlsx: 'Export Excel',
    exportDmn: 'Export DMN',
    dmnRefused: 'This table cannot be exported as DMN: {problems}',
  },
  zh: {
    title: '转换报告：{file}',
    converted: '已转换为新文档 {name}。',
    nothing: '没有可转换的内容，因此未添加文档。',
    error: '未转换',
    warning: '警告',
    info: '说明',
    table: '决策表 {name}',
    file: '文件',
    close: '关闭报告',
    exportXlsx: '导出电子表格',
    exportDmn: '导出 DMN',
    dmnRefused: '该决策表无法导出为 DMN：{problems}',
  },
});
