import type { Bilingual } from '../../kernel';

/** The words of `erdl impact`: its help and messages, English and Chinese. */
export const IMPACT_STRINGS = {
  formatOption: {
    en: 'output format (default table)',
    zh: '输出格式（默认 table）',
  },
  summary: {
    en: 'impact of a change: how decisions move from OLD to NEW over a fact set',
    zh: '变更影响：在一组事实上，决策从 OLD 到 NEW 如何变化',
  },
  impactCannotComputed: {
    en: 'the impact cannot be computed',
    zh: '无法计算影响',
  },
  sequencesLeftOut: {
    en: '{file}: {n} sequence(s) left out: impact compares single facts',
    zh: '{file} 中的 {n} 个序列已略去：影响分析只比较单个事实',
  },
} as const satisfies Record<string, Bilingual>;
