import type { Bilingual } from '../../kernel';

/** The words of `erdl import`: its help and messages, English and Chinese. */
export const IMPORT_STRINGS = {
  notConverted: {
    en: 'not converted',
    zh: '未转换',
  },
  warning: {
    en: 'warning',
    zh: '警告',
  },
  note: {
    en: 'note',
    zh: '说明',
  },
  sheetOption: {
    en: 'the sheet of an .xlsx workbook to read (1 = first)',
    zh: '要读取的 .xlsx 工作表（1 为第一个）',
  },
  updateOption: {
    en: 'with --table: update that table of DOC from the .xlsx instead of making a document',
    zh: '与 --table 一起使用：用该 .xlsx 更新 DOC 中的该决策表，而不是新建文档',
  },
  tableOption: {
    en: 'with --update: the decision table (rule entry) to update',
    zh: '与 --update 一起使用：要更新的决策表（规则条目）',
  },
  summary: {
    en: 'import decision tables from DMN, GoRules JDM or Excel as ERDL',
    zh: '从 DMN、GoRules JDM 或 Excel 导入决策表为 ERDL',
  },
  notFileThatCan: {
    en: '{file} is not a file that can be imported: use .dmn, .json (GoRules JDM) or .xlsx',
    zh: '{file}不是可导入的文件：请使用 .dmn、.json（GoRules JDM）或 .xlsx',
  },
  sheetNotSheetNumber: {
    en: '--sheet {sheetOption} is not a sheet number (1, 2, …)',
    zh: '--sheet{sheetOption}不是工作表序号（1、2……）',
  },
  text: {
    en: '{name}: {message}',
    zh: '{name}：{message}',
  },
  text2: {
    en: '{value}: {message}',
    zh: '{value}：{message}',
  },
} as const satisfies Record<string, Bilingual>;
