import type { Bilingual } from '../../kernel';

/** The messages of src/signing/key-backup.ts, English and Chinese. */
export const KEY_BACKUP_STRINGS = {
  passphraseMustHaveLeast: {
    en: 'the passphrase must have at least {PASSPHRASE_MIN} characters',
    zh: '口令至少需要 {PASSPHRASE_MIN} 个字符',
  },
  keyBackup: {
    en: 'key backup: {why}',
    zh: '密钥备份：{why}',
  },
  wrongPassphrase: {
    en: 'wrong passphrase, or the backup was changed (it cannot be decrypted)',
    zh: '口令错误，或备份已被改动（无法解密）',
  },
  keyMismatch: {
    en: 'the decrypted key is not the key the backup names',
    zh: '解密得到的密钥与备份所述密钥不一致',
  },
  notBackup: {
    en: 'not an ERDL key backup (expected "format": "{format}")',
    zh: '不是 ERDL 密钥备份（应有 "format": "{format}"）',
  },
  iterationsOutOfRange: {
    en: 'the PBKDF2 iteration count {found} is outside the accepted range {min}–{max} (fewer is too weak against guessing; more would take minutes to restore)',
    zh: 'PBKDF2 迭代次数 {found} 不在可接受范围 {min}–{max} 内（更少则难以抵御猜测，更多则恢复需要数分钟）',
  },
  badParameters: {
    en: 'unsupported or damaged parameters (expected PBKDF2 SHA-256 with {min}–{max} iterations, a salt of at least 16 bytes, and AES-GCM with a 12-byte IV)',
    zh: '参数不受支持或已损坏（应为 PBKDF2 SHA-256，迭代 {min}–{max} 次，盐至少 16 字节，AES-GCM，IV 为 12 字节）',
  },
  badPublicKey: {
    en: 'the public key in the backup is malformed',
    zh: '备份中的公钥格式错误',
  },
  badKeyName: {
    en: 'the key name in the backup is malformed',
    zh: '备份中的密钥名称格式错误',
  },
  decryptedNotJwk: {
    en: 'the decrypted key is not a JWK',
    zh: '解密得到的不是 JWK',
  },
  damagedNotJson: {
    en: 'the file is damaged: not JSON',
    zh: '文件已损坏：不是 JSON',
  },
  damagedBreaksOff: {
    en: 'the file is damaged: not JSON (it breaks off at character {n})',
    zh: '文件已损坏：不是 JSON（在第 {n} 个字符处中断）',
  },
} as const satisfies Record<string, Bilingual>;
