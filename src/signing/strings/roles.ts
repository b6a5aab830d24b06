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
  author: {
    en: 'author',
    zh: '作者',
  },
  reviewer: {
    en: 'reviewer',
    zh: '审核人',
  },
  /** A reviewer's name after "the reviewer", when signed: "the reviewer Bob Li", 审核人“Bob Li”. */
  reviewerName: {
    en: ' {who}',
    zh: '“{who}”',
  },
  /** A comment after a message, when there is one: ": <comment>". */
  withComment: {
    en: ': {comment}',
    zh: '：{comment}',
  },
  reviewerReturned: {
    en: 'the reviewer{who} returned it for changes{comment}',
    zh: '审核人{who}已退回修改{comment}',
  },
  roleSignatureProblem: {
    en: 'signature file: role signature {n}: {problem}',
    zh: '签名文件：第 {n} 个带签名身份的签名：{problem}',
  },
  unknownMember: {
    en: 'the statement has an unknown member {member}',
    zh: '声明含未知成员{member}',
  },
  unknownMemberIn: {
    en: 'the statement has an unknown member {member} in {path}',
    zh: '声明的 {path} 含未知成员{member}',
  },
  unknownRole: {
    en: 'unknown role {value} (expected author or reviewer)',
    zh: '未知签名身份{value}（应为 author 或 reviewer）',
  },
  signedAtNotInstant: {
    en: '"signed_at" {value} is not an RFC 3339 instant (YYYY-MM-DDThh:mm:ss, optional fraction, then Z or ±hh:mm)',
    zh: '“signed_at”{value}不是 RFC 3339 时刻（YYYY-MM-DDThh:mm:ss，可带小数秒，后接 Z 或 ±hh:mm）',
  },
  notAnOpinion: {
    en: '"opinion" {value} is not an opinion (expected approve or return)',
    zh: '“opinion”{value}不是审核结论（应为 approve 或 return）',
  },
  keyIdsDiffer: {
    en: "the key ids do not match the signer's key {keyId}",
    zh: '密钥标识与签名者密钥 {keyId} 不一致',
  },
  roleSignedTwice: {
    en: 'signature file: role signatures {first} and {n} are both the {role} signature of key {keyId}: a key signs a role once',
    zh: '签名文件：第 {first} 个与第 {n} 个带签名身份的签名都是密钥 {keyId} 的{role}签名：同一密钥对同一签名身份只能签名一次',
  },
  notValidForKey: {
    en: 'NOT valid for key {keyId}: the statement (role, signer, document) or the signature was changed',
    zh: '无效（密钥 {keyId}）：声明（签名身份、签名者、文档）或签名已被改动',
  },
  signedForAnother: {
    en: 'signed for another document (manifest {manifest}, this one is {digest})',
    zh: '是为另一份文档所签（清单 {manifest}，本文件为 {digest}）',
  },
  requiredRoleUntrusted: {
    en: 'required role {role}: signed, but not by a trusted key',
    zh: '必需签名身份“{role}”：已签名，但签名密钥不受信任',
  },
  requiredRoleMissing: {
    en: 'required role {role}: no valid signature in this role',
    zh: '必需签名身份“{role}”：没有该签名身份的有效签名',
  },
  roleAndReport: {
    en: '{role} {sha256}',
    zh: '{role} {sha256}',
  },
  reportNotSigned: {
    en: 'report {sha256}: not the report that was signed (recorded: {recorded})',
    zh: '报告 {sha256}：不是签名时所记录的报告（已记录：{recorded}）',
  },
} as const satisfies Record<string, Bilingual>;
