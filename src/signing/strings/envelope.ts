import type { Bilingual } from '../../kernel';

/** The messages of src/signing/envelope.ts, English and Chinese. */
export const ENVELOPE_STRINGS = {
  signatureFileNotByte: {
    en: 'signature file: not byte for byte what ERDL writes: {reason}',
    zh: '签名文件：与 ERDL 写出的字节不一致：{reason}',
  },
  signatureFile: {
    en: 'signature file: {why}',
    zh: '签名文件：{why}',
  },
  notUtf8: {
    en: 'not valid UTF-8',
    zh: '不是有效的 UTF-8',
  },
  notJson: {
    en: 'not JSON ({detail})',
    zh: '不是 JSON（{detail}）',
  },
  notObject: {
    en: 'must be a JSON object (a DSSE envelope)',
    zh: '必须是 JSON 对象（DSSE 信封）',
  },
  unknownMember: {
    en: 'unknown member {member}',
    zh: '未知成员{member}',
  },
  payloadTypeNotString: {
    en: '"payloadType" must be a string',
    zh: '“payloadType”必须是字符串',
  },
  payloadNotString: {
    en: '"payload" must be a base64 string',
    zh: '“payload”必须是 base64 字符串',
  },
  payloadNotBase64: {
    en: '"payload" is not valid base64',
    zh: '“payload”不是有效的 base64',
  },
  signaturesEmpty: {
    en: '"signatures" must be a non-empty array',
    zh: '“signatures”必须是非空数组',
  },
  tooManySignatures: {
    en: '"signatures" has {n} entries, more than the {max} a signed file may hold; refused before any signature was checked',
    zh: '“signatures”有 {n} 个条目，超过签名文件允许的 {max} 个；已在校验任何签名之前拒绝',
  },
  entryNotObject: {
    en: 'signatures[{i}] must be an object',
    zh: 'signatures[{i}] 必须是对象',
  },
  entryUnknownMember: {
    en: 'signatures[{i}] has an unknown member {member}',
    zh: 'signatures[{i}] 含未知成员{member}',
  },
  keyidNotString: {
    en: 'signatures[{i}].keyid must be a string',
    zh: 'signatures[{i}].keyid 必须是字符串',
  },
  sigNotBase64: {
    en: 'signatures[{i}].sig is not valid base64',
    zh: 'signatures[{i}].sig 不是有效的 base64',
  },
  statementNotBase64: {
    en: 'signatures[{i}].statement is not valid base64',
    zh: 'signatures[{i}].statement 不是有效的 base64',
  },
} as const satisfies Record<string, Bilingual>;
