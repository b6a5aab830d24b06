import type { Bilingual } from '../../kernel';

/** The words of `erdl verify-evidence`: its help and messages, English and Chinese. */
export const VERIFY_EVIDENCE_STRINGS = {
  trustOption: {
    en: 'trusted public key(s) for a signed record',
    zh: '已签名记录的受信任公钥',
  },
  summary: {
    en: 'recompute an evaluation from its evidence record',
    zh: '根据证据记录重新计算一次求值',
  },
  text: {
    en: '{evidencePath}: {m}',
    zh: '{evidencePath}：{m}',
  },
  signerNotTrustedKey: {
    en: 'the signer {keyId} is not a trusted key',
    zh: '签名者 {keyId} 不是受信任的密钥',
  },
  confirmed: {
    en: 'OK: the decision was recomputed and every hash confirmed',
    zh: '通过：决策已重新计算，全部哈希已确认',
  },
  notConfirmed: {
    en: 'FAILED: not confirmed',
    zh: '未通过：未能确认',
  },
} as const satisfies Record<string, Bilingual>;
