import type { Bilingual } from '../diagnostics/diagnostic';
import type { ExprNode } from '../tree/types';
import { type AnalysisRow, type AnalysisState, report } from './analysis-state';
import type { RowRegion } from './row-region';

/**
 * Unknowns (I513): what the analysis cannot decide is said, never guessed — a row it cannot
 * decide, or a table it does not analyse — with the reason (the step limit, or a cell beyond it).
 */
export function unknownRow(s: AnalysisState, k: number, beyond: RowRegion['beyond']): void {
  const row = s.table.rows[k] as AnalysisRow;
  report(s, 'ERDL-I513', row.range, {
    question: { en: `row ${row.index} can ever fire`, zh: `第 ${row.index} 行是否可能触发` },
    reason: beyond ? reasonOf(beyond) : BUDGET_REASON,
  });
}

export function unknownTable(s: AnalysisState, reason: Bilingual): void {
  report(s, 'ERDL-I513', s.table.range, {
    question: {
      en: 'rows can fire or inputs go unmatched',
      zh: '各行能否触发、是否存在未覆盖的输入',
    },
    reason,
  });
}

export const BUDGET_REASON: Bilingual = {
  en: 'the search reached its step limit',
  zh: '搜索已达步数上限',
};

export function reasonOf(beyond: RowRegion['beyond']): Bilingual {
  if (!beyond) return BUDGET_REASON;
  return {
    en: `a cell on ${beyond.path} uses ${beyond.operator}, whose matches the analysis does not enumerate`,
    zh: `${beyond.path} 列的单元格使用了 ${beyond.operator}，分析无法穷举其匹配值`,
  };
}

export function hasTemporal(n: ExprNode): boolean {
  return n.node === 'within' || n.node === 'rate' || ('args' in n && n.args.some(hasTemporal));
}
