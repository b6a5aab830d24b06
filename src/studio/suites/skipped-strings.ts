import { defineStrings } from '../i18n/i18n';

/** The records of an imported fact set that could not be read (SkippedRecords.tsx). */
export const skippedStrings = defineStrings({
  en: {
    skipped:
      '{n} {n:record|records} of the file could not be read and {n:was|were} left out of the run:',
    moreProblems: '… and {n} more {n:problem|problems} not listed here.',
    showAll: 'Show all {n}',
    line: 'line {line}',
    lines: 'lines {line}–{last}',
    /** Between the sentence and the list: none after a full-width colon. */
    gap: ' ',
    separator: ', ',
    etc: ', …',
  },
  zh: {
    skipped: '文件中有 {n} 条记录无法读取，未参与运行：',
    moreProblems: '……另有 {n} 个问题未在此列出。',
    showAll: '显示全部 {n} 条',
    line: '第 {line} 行',
    lines: '第 {line}–{last} 行',
    gap: '',
    separator: '、',
    etc: '等',
  },
});
