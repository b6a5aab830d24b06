import type { Bilingual } from '../../kernel';

/** The messages of src/cli/load-document.ts, English and Chinese. */
export const LOAD_DOCUMENT_STRINGS = {
  rulesDoNotLoad: {
    en: '{file}: the rules do not load, so {consequence}',
    zh: '{file}：规则无法加载，{consequence}',
  },
} as const satisfies Record<string, Bilingual>;
