import type { Bilingual } from '../../kernel';

/** The words of `erdl import-update`: its help and messages, English and Chinese. */
export const IMPORT_UPDATE_STRINGS = {
  importUpdateDocNeeds: {
    en: 'import --update DOC needs --table NAME, and FILE must be an .xlsx workbook',
    zh: 'import --update DOC 需要 --table NAME，且 FILE 须为 .xlsx 工作簿',
  },
  notDecisionTable: {
    en: '{entry} is not a decision table of {doc}',
    zh: '{entry}不是 {doc} 中的决策表',
  },
  notUpdated: {
    en: 'not updated: {p}',
    zh: '未更新：{p}',
  },
  row: {
    en: 'row {value}',
    zh: '第 {value} 行',
  },
  row2: {
    en: 'row {value} {name}',
    zh: '第 {value} 行{name}',
  },
  exportedFromOther: {
    en: 'note: the workbook was exported from the table {entry}',
    zh: '说明：该工作簿导出自决策表{entry}',
  },
  fallbackNotChanged: {
    en: "note: the workbook's fallback decision is {sheet}, the document's {document}: not changed",
    zh: '说明：工作簿的兜底决策是 {sheet}，文档的是 {document}：未改动',
  },
  /** No fallback decision, in the note above. */
  none: {
    en: 'none',
    zh: '无',
  },
  changesNothing: {
    en: 'the workbook changes nothing',
    zh: '工作簿不会改动任何内容',
  },
  changedCell: {
    en: 'changed: {row}, {column}: {was} → {becomes}',
    zh: '修改：{row}，{column}：{was} → {becomes}',
  },
  /** An empty cell, in a change. */
  empty: {
    en: '(empty)',
    zh: '（空）',
  },
  widens: {
    en: 'warning: {row} widens: it may match inputs it did not match before',
    zh: '警告：{row}放宽：可能匹配以前不匹配的输入',
  },
  mayWiden: {
    en: 'warning: {row} may widen: it may match inputs it did not match before',
    zh: '警告：{row}可能放宽：可能匹配以前不匹配的输入',
  },
  blocksLess: {
    en: 'warning: {row} now blocks less',
    zh: '警告：{row}的拦截程度降低',
  },
  added: {
    en: 'added: sheet row {sheetRow}: {cells}',
    zh: '新增：工作表第 {sheetRow} 行：{cells}',
  },
  addedBlocksLess: {
    en: 'warning: sheet row {sheetRow} blocks less than the default row',
    zh: '警告：工作表第 {sheetRow} 行的拦截程度低于默认行',
  },
  removed: {
    en: 'removed: {row}: {cells}',
    zh: '删除：{row}：{cells}',
  },
  removedBlocksLess: {
    en: 'warning: the default row now decides the inputs of {row}, and blocks less',
    zh: '警告：{row}的输入改由默认行决策，拦截程度降低',
  },
} as const satisfies Record<string, Bilingual>;
