import type { Bilingual } from '../../kernel';

/** The messages of src/signing/roles.ts, English and Chinese. */
export const ROLES_STRINGS = {
  commentMustString: {
    en: 'the comment must be a string',
    zh: '审核意见必须是字符串',
  },
  commentMustNotEmpty: {
    en: 'the comment must not be empty',
    zh: '审核意见不能为空',
  },
  commentLongerThanCharacters: {
    en: 'the comment is longer than {REVIEW_COMMENT_MAX} characters',
    zh: '审核意见超过 {REVIEW_COMMENT_MAX} 个字符',
  },
  commentMustNotContain: {
    en: 'the comment must not contain control characters',
    zh: '审核意见不能包含控制字符',
  },
  approve: {
    en: 'approve',
    zh: '批准',
  },
  returnChanges: {
    en: 'return for changes',
    zh: '退回修改',
  },
  statementNotErdlSignature: {
    en: 'the statement is not an ERDL signature statement',
    zh: '声明不是 ERDL 签名声明',
  },
  statementNotCanonicalJson: {
    en: 'the statement is not canonical JSON, byte for byte: {canonical}',
    zh: '声明与规范 JSON 的字节不一致：{canonical}',
  },
  signerMustObject: {
    en: '"signer" must be an object',
    zh: '“signer”必须是对象',
  },
  signerKeyIdMust: {
    en: '"signer.key_id" must be "sha256:" and 64 lowercase hex digits',
    zh: '“signer.key_id”必须是“sha256:”加 64 位小写十六进制数字',
  },
  signerSPublicKey: {
    en: "the signer's public key: {message}",
    zh: '签名者公钥：{message}',
  },
  signerNameMalformed: {
    en: 'the signer name is malformed',
    zh: '签名者名称格式错误',
  },
  payloadTypeMustString: {
    en: '"payload_type" must be a string',
    zh: '“payload_type”必须是字符串',
  },
  payloadSha256MustSha256: {
    en: '"payload_sha256" must be "sha256:" and 64 lowercase hex digits',
    zh: '“payload_sha256”必须是“sha256:”加 64 位小写十六进制数字',
  },
  reportSha256MustSha256: {
    en: '"report_sha256" must be "sha256:" and 64 lowercase hex digits',
    zh: '“report_sha256”必须是“sha256:”加 64 位小写十六进制数字',
  },
  onlyReviewerSignatureCarries: {
    en: 'only a reviewer signature carries an "opinion"',
    zh: '只有审核人签名可以带“opinion”',
  },
  commentNeedsOpinion: {
    en: 'a "comment" needs an "opinion"',
    zh: '“comment”须与“opinion”一起出现',
  },
  commentNotUnicodeNfc: {
    en: 'the comment is not in Unicode NFC',
    zh: '审核意见不是 Unicode NFC 形式',
  },
  authorReviewerSignedSame: {
    en: 'the author and the reviewer signed with the same key: they must be different keys',
    zh: '作者与审核人使用了同一密钥签名：二者必须是不同的密钥',
  },
  reportNoRoleSignature: {
    en: 'report {sha256}: no role signature records a report',
    zh: '报告 {sha256}：没有任何带签名身份的签名记录了报告',
  },
} as const satisfies Record<string, Bilingual>;
