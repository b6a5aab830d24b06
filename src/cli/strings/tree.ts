import type { Bilingual } from '../../kernel';

/** The words of `erdl tree`: its help and messages, English and Chinese. */
export const TREE_STRINGS = {
  summary: {
    en: "print each rule's canonical tree",
    zh: '输出每条规则的规范树',
  },
} as const satisfies Record<string, Bilingual>;
