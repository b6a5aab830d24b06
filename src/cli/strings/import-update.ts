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
} as const satisfies Record<string, Bilingual>;
