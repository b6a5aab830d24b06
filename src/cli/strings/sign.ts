import type { Bilingual } from '../../kernel';

/** The words of `erdl sign`: its help and messages, English and Chinese. */
export const SIGN_STRINGS = {
  keyOption: {
    en: 'the private Ed25519 JWK (required)',
    zh: 'Ed25519 私钥 JWK（必填）',
  },
  timeOption: {
    en: 'signing time (default: now)',
    zh: '签名时间（默认：当前时间）',
  },
  fieldsOption: {
    en: 'field display names for the gloss',
    zh: '释义所用的字段显示名',
  },
  roleOption: {
    en: 'sign in a role, adding to an existing signature file',
    zh: '以某一签名身份签名，追加到已有签名文件',
  },
  reportOption: {
    en: 'with --role: record the SHA-256 of the review report read',
    zh: '与 --role 连用：记录所审核报告的 SHA-256',
  },
  summary: {
    en: 'sign a rule document (DSSE, Ed25519)',
    zh: '签名规则文档（DSSE，Ed25519）',
  },
  signNeedsKeyKey: {
    en: 'sign needs --key KEY.jwk',
    zh: 'sign 需要 --key KEY.jwk',
  },
  text: {
    en: '{keyPath}: {message}',
    zh: '{keyPath}：{message}',
  },
  text2: {
    en: '{keyPath}: {message}',
    zh: '{keyPath}：{message}',
  },
  text3: {
    en: '{fieldsFile}: {p}',
    zh: '{fieldsFile}：{p}',
  },
  reportNeedsRoleReport: {
    en: '--report needs --role (the report is recorded in a role signature)',
    zh: '--report 需要 --role（报告记录在带签名身份的签名中）',
  },
  timeNotIso8601: {
    en: '--time {signedAt} is not an ISO 8601 instant (e.g. 2026-09-01T10:00:00+08:00)',
    zh: '--time{signedAt}不是 ISO 8601 时刻（例如 2026-09-01T10:00:00+08:00）',
  },
  refusedThisTextNot: {
    en: '{file}: refused: this text is not the one already signed ({verdictReason}); sign the same text, or sign anew without --role',
    zh: '{file}：已拒绝：此文本不是已签名的文本（{verdictReason}）；请对同一文本签名，或不带 --role 重新签名',
  },
  badRole: {
    en: '--role must be one of {roles} (got {value})',
    zh: '--role 必须是 {roles} 之一（收到{value}）',
  },
  cannotAddRole: {
    en: '{file}: cannot add a {role} signature: the existing signature file does not verify ({reason})',
    zh: '{file}：无法追加{role}签名：已有签名文件未通过校验（{reason}）',
  },
  alreadySigned: {
    en: '{file}: key {keyId} has already signed as {role}',
    zh: '{file}：密钥 {keyId} 已以{role}身份签名',
  },
} as const satisfies Record<string, Bilingual>;
