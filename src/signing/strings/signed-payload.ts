import type { Bilingual } from '../../kernel';

/** The messages of src/signing/signed-payload.ts, English and Chinese. */
export const SIGNED_PAYLOAD_STRINGS = {
  signatureFilePayloadNot: {
    en: 'signature file: the payload is not UTF-8 JSON',
    zh: '签名文件：载荷不是 UTF-8 JSON',
  },
  signatureFileSignerS: {
    en: "signature file: the signer's public key: {message}",
    zh: '签名文件：签名者公钥：{message}',
  },
  signatureFilePayloadtypeExpected: {
    en: 'signature file: payloadType is {payloadType}, expected {payloadType2}',
    zh: '签名文件：payloadType 为{payloadType}，应为{payloadType2}',
  },
  signatureFileSignedManifest: {
    en: 'signature file: the signed manifest is not byte for byte canonical JSON: {reason}',
    zh: '签名文件：所签清单与规范 JSON 的字节不一致：{reason}',
  },
  signatureFilePlainSignatures: {
    en: 'signature file: {plain} plain signatures; an ERDL signed file has exactly one, first (further entries must be role signatures)',
    zh: '签名文件：含 {plain} 个普通签名；ERDL 签名文件只含一个且位于首位（其余条目必须是带签名身份的签名）',
  },
  signatureNotValidKey: {
    en: 'signature is NOT valid for key {keyId}: the signed content or the signature was changed',
    zh: '签名无效（密钥 {keyId}）：签名内容或签名已被改动',
  },
  signerKeyIdNotItsKey: {
    en: "signature file: the signer key id {keyId} is not the id of the signer's public key ({publicKeyId})",
    zh: '签名文件：签名者密钥标识{keyId}不是其公钥的标识（{publicKeyId}）',
  },
  /** A key id that is JSON null, in the envelope message: spaced apart from the Chinese. */
  nullKeyId: {
    en: 'null',
    zh: ' null ',
  },
  envelopeKeyIdNotSigner: {
    en: "signature file: the envelope keyid {keyId} is not the signer's key id {publicKeyId}",
    zh: '签名文件：信封 keyid{keyId}不是签名者密钥标识 {publicKeyId}',
  },
} as const satisfies Record<string, Bilingual>;
