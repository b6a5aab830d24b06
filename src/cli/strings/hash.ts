import type { Bilingual } from '../../kernel';

/** The words of `erdl hash`: its help and messages, English and Chinese. */
export const HASH_STRINGS = {
  summary: {
    en: 'print the document and rule hashes',
    zh: '输出文档与规则哈希',
  },
} as const satisfies Record<string, Bilingual>;
