import type { Bilingual } from '../../kernel';

/** The words of `erdl keygen`: its help and messages, English and Chinese. */
export const KEYGEN_STRINGS = {
  outOption: {
    en: 'where to write the private key (required)',
    zh: '私钥写入位置（必填）',
  },
  nameOption: {
    en: 'display name of the key holder (person or organisation)',
    zh: '密钥持有人的显示名称（个人或机构）',
  },
  summary: {
    en: 'generate an Ed25519 signing key pair',
    zh: '生成 Ed25519 签名密钥对',
  },
  keygenNeedsOutKey: {
    en: 'keygen needs --out KEY.jwk',
    zh: 'keygen 需要 --out KEY.jwk',
  },
  name: {
    en: '--name: {nameProblem}',
    zh: '--name：{nameProblem}',
  },
  alreadyExistsKeygenNever: {
    en: '{path} already exists; keygen never replaces a key',
    zh: '{path}已存在；keygen 不会覆盖密钥',
  },
} as const satisfies Record<string, Bilingual>;
