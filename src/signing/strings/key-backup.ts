import type { Bilingual } from '../../kernel';

/** The messages of src/signing/key-backup.ts, English and Chinese. */
export const KEY_BACKUP_STRINGS = {
  passphraseMustHaveLeast: {
    en: 'the passphrase must have at least {PASSPHRASE_MIN} characters',
    zh: '口令至少需要 {PASSPHRASE_MIN} 个字符',
  },
} as const satisfies Record<string, Bilingual>;
