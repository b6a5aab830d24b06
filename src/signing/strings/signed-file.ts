import type { Bilingual } from '../../kernel';

/** The messages of src/signing/signed-file.ts, English and Chinese. */
export const SIGNED_FILE_STRINGS = {
  signatureFileBytesMore: {
    en: 'signature file: {grouped} bytes, more than the {grouped2} bytes (16 MiB) a signature file may have; refused before it was read',
    zh: '签名文件：{grouped} 字节，超过签名文件上限 {grouped2} 字节（16 MiB）；已在读取前拒绝',
  },
  signerNotTrustedKey: {
    en: 'the signer {keyId} is not a trusted key',
    zh: '签名者 {keyId} 不是受信任的密钥',
  },
  signedRuleFileWas: {
    en: 'the signed rule file was not found beside its signature',
    zh: '签名文件旁未找到被签名的规则文件',
  },
  ruleFileSBytes: {
    en: "the rule file's bytes changed since signing (sha256 now {source_sha256})",
    zh: '规则文件内容自签名后已改动（当前 sha256 为 {source_sha256}）',
  },
  ruleFileNoLonger: {
    en: 'the rule file no longer loads: {code} {message}',
    zh: '规则文件已无法加载：{code} {message}',
  },
  documentHashNotSigned: {
    en: 'the document hash {document_hash} is not the signed document hash',
    zh: '文档哈希 {document_hash} 与签名时不一致',
  },
} as const satisfies Record<string, Bilingual>;
