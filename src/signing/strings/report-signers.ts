import type { Bilingual } from '../../kernel';

/** The messages of src/signing/report-signers.ts, English and Chinese. */
export const REPORT_SIGNERS_STRINGS = {
  signatureOtherBytesThan: {
    en: 'the signature is for other bytes than this rule file',
    zh: '该签名针对的不是此规则文件的字节',
  },
} as const satisfies Record<string, Bilingual>;
