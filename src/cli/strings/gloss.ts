import type { Bilingual } from '../../kernel';

/** The words of `erdl gloss`: its help and messages, English and Chinese. */
export const GLOSS_STRINGS = {
  fieldsOption: {
    en: 'field display names (path → {zh, en})',
    zh: '字段显示名（路径 → {zh, en}）',
  },
  summary: {
    en: "print each rule's natural-language gloss",
    zh: '输出每条规则的自然语言释义',
  },
  langMustZhEn: {
    en: '--lang must be zh or en, not {lang}',
    zh: '--lang 只能是 zh 或 en，而不是{lang}',
  },
  text: {
    en: '{fieldsFile}: {p}',
    zh: '{fieldsFile}：{p}',
  },
  langOption: {
    en: 'gloss language (default {lang})',
    zh: '释义语言（默认 {lang}）',
  },
} as const satisfies Record<string, Bilingual>;
