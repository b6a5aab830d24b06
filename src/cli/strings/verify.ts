import type { Bilingual } from '../../kernel';

/** The words of `erdl verify`: its help and messages, English and Chinese. */
export const VERIFY_STRINGS = {
  requireRolesOption: {
    en: 'roles that must each be signed by a trusted key',
    zh: '每个签名身份都必须由受信任的密钥签名',
  },
  reportOption: {
    en: 'the review report a role signature must record (its SHA-256)',
    zh: '带签名身份的签名必须记录的审核报告（其 SHA-256）',
  },
  summary: {
    en: 'verify a signed rule document',
    zh: '验证已签名的规则文档',
  },
  notSigned: {
    en: '{rules}: not signed: {message}',
    zh: '{rules}：未签名：{message}',
  },
  text: {
    en: '{rules}: {p}',
    zh: '{rules}：{p}',
  },
  text2: {
    en: '{rules}: {p}',
    zh: '{rules}：{p}',
  },
  valid: {
    en: 'valid',
    zh: '有效',
  },
  notValid: {
    en: 'NOT valid',
    zh: '无效',
  },
  notCheckedUnreadableSignature: {
    en: 'not checked (unreadable signature file)',
    zh: '未检查（签名文件无法读取）',
  },
  notJudgedSignatureDoes: {
    en: 'not judged (the signature does not verify)',
    zh: '未判断（签名未通过校验）',
  },
  unknownNoTrustGiven: {
    en: 'unknown (no --trust given)',
    zh: '未知（未指定 --trust）',
  },
  trusted: {
    en: 'trusted',
    zh: '受信任',
  },
  notTrusted: {
    en: 'NOT trusted',
    zh: '不受信任',
  },
  trustUnknownNoTrust: {
    en: 'trust unknown (no --trust given)',
    zh: '信任未知（未指定 --trust）',
  },
  trusted2: {
    en: 'trusted',
    zh: '受信任',
  },
  notTrusted2: {
    en: 'NOT trusted',
    zh: '不受信任',
  },
} as const satisfies Record<string, Bilingual>;
