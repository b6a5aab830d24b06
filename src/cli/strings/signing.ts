import type { Bilingual } from '../../kernel';

/**
 * The words of `erdl sign` and `erdl verify` that the reviewer's opinion and repeatable `--trust`
 * added (issue #37 points 6 and 7). `{name}` placeholders are filled by `fill` (src/i18n/format.ts).
 */
export const SIGNING_CLI_STRINGS = {
  opinionOption: {
    en: 'with --role reviewer: approve, or return (return for changes)',
    zh: '与 --role reviewer 连用：审核结论，approve（批准）或 return（退回修改）',
  },
  commentOption: {
    en: "with --opinion: the reviewer's comment, signed with it",
    zh: '与 --opinion 连用：审核意见，随审核结论一同签名',
  },
  opinionNeedsReviewer: {
    en: '--opinion needs --role reviewer (only a reviewer gives an opinion)',
    zh: '--opinion 需要 --role reviewer（只有审核人给出审核结论）',
  },
  badOpinion: {
    en: '--opinion must be approve or return (got {value})',
    zh: '--opinion 必须是 approve 或 return（收到{value}）',
  },
  commentNeedsOpinion: {
    en: '--comment needs --opinion (the comment is part of the opinion)',
    zh: '--comment 需要 --opinion（审核意见随审核结论一同签名）',
  },
  badComment: { en: '--comment: {reason}', zh: '--comment：{reason}' },
  opinionLine: { en: 'opinion: {opinion}', zh: '审核结论：{opinion}' },
  commentLine: { en: 'comment: {comment}', zh: '审核意见：{comment}' },
  trustOption: {
    en: 'trusted public key(s): a JWK, an array or a JWK Set; repeatable (the union is trusted)',
    zh: '受信任的公钥：JWK、JWK 数组或 JWK Set；可重复指定（信任其并集）',
  },
  /** The signature's line of `erdl verify` and `erdl verify-evidence`. */
  signatureLine: { en: 'signature: {sig}, key {keyId}', zh: '签名：{sig}' },
  signatureLineNoKey: { en: 'signature: {sig}', zh: '签名：{sig}' },
  valid: { en: 'valid', zh: '有效' },
  notValid: { en: 'NOT valid', zh: '无效' },
  trustEmpty: {
    en: '{file}: holds no key (an empty list trusts nobody)',
    zh: '{file}：不含任何密钥（空列表不信任任何人）',
  },
} as const satisfies Record<string, Bilingual>;
