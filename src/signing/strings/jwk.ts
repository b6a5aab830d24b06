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
  keyNameControlCharacters: {
    en: 'the key name must not contain control characters or line breaks',
    zh: '密钥名称不能包含控制字符或换行',
  },
  notObject: {
    en: 'a JWK must be a JSON object',
    zh: 'JWK 必须是 JSON 对象',
  },
  notEd25519: {
    en: 'not an Ed25519 key: kty {kty}, crv {crv} (expected "OKP", "Ed25519")',
    zh: '不是 Ed25519 密钥：kty 为{kty}，crv 为{crv}（应为“OKP”、“Ed25519”）',
  },
  badX: {
    en: 'the JWK member "x" must be the 32-byte public key in unpadded base64url',
    zh: 'JWK 成员“x”必须是无填充 base64url 编码的 32 字节公钥',
  },
  kidNotKeyId: {
    en: 'the JWK "kid" {kid} is not the key id of "x" ({keyId})',
    zh: 'JWK 的“kid”为{kid}，不是“x”的密钥标识（{keyId}）',
  },
  publicNotPrivate: {
    en: 'this is a public key; signing needs the private key (a JWK with "d")',
    zh: '这是公钥；签名需要私钥（含“d”的 JWK）',
  },
  badD: {
    en: 'the JWK member "d" must be the 32-byte private key in unpadded base64url',
    zh: 'JWK 成员“d”必须是无填充 base64url 编码的 32 字节私钥',
  },
} as const satisfies Record<string, Bilingual>;
