import type { Bilingual } from '../../kernel';

/** The words of `erdl test`: its help and messages, English and Chinese. */
export const TEST_STRINGS = {
  formatOption: {
    en: 'output format (default table; junit and tap for CI)',
    zh: '输出格式（默认 table；junit 与 tap 供 CI 使用）',
  },
  summary: {
    en: 'run a fact suite (expected decisions, coverage, within/rate sequences)',
    zh: '运行事实测试集（预期决策、覆盖率、within/rate 序列）',
  },
  suiteCannotRun: {
    en: 'the suite cannot run',
    zh: '测试集无法运行',
  },
  notValidUtf8: {
    en: '{file}: not valid UTF-8',
    zh: '{file}：不是有效的 UTF-8',
  },
  noFacts: {
    en: '{file}: no facts',
    zh: '{file}：没有事实',
  },
  errorSuiteNothingWas: {
    en: '{file}: {errors} error(s) in the suite; nothing was run',
    zh: '{file}：测试集有 {errors} 个错误；未运行',
  },
} as const satisfies Record<string, Bilingual>;
