import type { Bilingual } from '../../kernel';

/** The messages of src/signing/jwk.ts, English and Chinese. */
export const JWK_STRINGS = {
  keyNameMustString: {
    en: 'the key name must be a string',
    zh: '密钥名称必须是字符串',
  },
  keyNameMustNot: {
    en: 'the key name must not be empty or start or end with spaces',
    zh: '密钥名称不能为空，首尾也不能有空格',
  },
  keyNameLongerThan: {
    en: 'the key name is longer than {KEY_NAME_MAX} characters',
    zh: '密钥名称超过 {KEY_NAME_MAX} 个字符',
  },
  keyNameMustNot2: {
    en: 'the key name must not contain control characters or line breaks',
    zh: '密钥名称不能包含控制字符或换行',
  },
} as const satisfies Record<string, Bilingual>;
