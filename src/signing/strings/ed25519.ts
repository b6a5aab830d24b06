import type { Bilingual } from '../../kernel';

/** The messages of src/signing/ed25519.ts, English and Chinese. */
export const ED25519_STRINGS = {
  privateJwkMalformed: {
    en: 'the private JWK is malformed',
    zh: '私钥 JWK 格式错误',
  },
  privateJwkDoesNot: {
    en: 'the private JWK does not match its public part: "d" is not the key of "x"',
    zh: '私钥 JWK 与其公钥部分不匹配：“d”不是“x”对应的私钥',
  },
} as const satisfies Record<string, Bilingual>;
