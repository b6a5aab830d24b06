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
  badRequiredRole: {
    en: '--require-roles: {value} is not a role (expected {roles}, comma-separated)',
    zh: '--require-roles：{value}不是签名身份（应为 {roles}，以逗号分隔）',
  },
  signerLine: {
    en: 'signer: {signer}',
    zh: '签名者：{signer}',
  },
  manifestLine: {
    en: 'signed at {signedAt}; document {hash}; {n} rule(s)',
    zh: '签名时间 {signedAt}；文档 {hash}；{n} 条规则',
  },
  ruleFileMatches: {
    en: 'rule file: bytes and every hash match the manifest',
    zh: '规则文件：字节与全部哈希均与清单一致',
  },
  changedRulesLine: {
    en: 'changed rules: {rules}',
    zh: '已改动的规则：{rules}',
  },
  rolesLine: {
    en: 'roles: {problem}',
    zh: '签名身份：{problem}',
  },
  /** One role signature: `reviewer: Bob Li, key sha256:…, trusted, signed at …`. */
  roleLine: {
    en: '{role}: {name}key {keyId}, {trust}, signed at {signedAt}{report}',
    zh: '{role}：{name}密钥 {keyId}，{trust}，签名时间 {signedAt}{report}',
  },
  roleLineName: {
    en: '{name}, ',
    zh: '{name}，',
  },
  roleLineReport: {
    en: ', report {report}',
    zh: '，报告 {report}',
  },
} as const satisfies Record<string, Bilingual>;
