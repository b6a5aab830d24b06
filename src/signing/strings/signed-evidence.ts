import type { Bilingual } from '../../kernel';

/** The messages of src/signing/signed-evidence.ts, English and Chinese. */
export const SIGNED_EVIDENCE_STRINGS = {
  signedAtNotInstant: {
    en: 'signing time {value} is not an ISO 8601 instant',
    zh: '签名时间{value}不是 ISO 8601 时刻',
  },
} as const satisfies Record<string, Bilingual>;
