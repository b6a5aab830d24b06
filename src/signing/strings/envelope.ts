import type { Bilingual } from '../../kernel';

/** The messages of src/signing/envelope.ts, English and Chinese. */
export const ENVELOPE_STRINGS = {
  signatureFileNotByte: {
    en: 'signature file: not byte for byte what ERDL writes: {reason}',
    zh: '签名文件：与 ERDL 写出的字节不一致：{reason}',
  },
} as const satisfies Record<string, Bilingual>;
