import type { Bilingual } from '../../kernel';

/** The words of `erdl key`: its help and messages, English and Chinese. */
export const KEY_STRINGS = {
  keyBackupRestoreNeeds: {
    en: 'key backup/restore needs --passphrase-file FILE (the passphrase is never an argument)',
    zh: 'key backup/restore 需要 --passphrase-file FILE（口令不作为命令行参数）',
  },
  alreadyExistsErdlNever: {
    en: '{path} already exists; erdl never replaces a key file',
    zh: '{path}已存在；erdl 不会覆盖密钥文件',
  },
  outOption: {
    en: 'where to write (required)',
    zh: '写入位置（必填）',
  },
  passphraseFileOption: {
    en: 'file whose first line is the passphrase (required)',
    zh: '首行为口令的文件（必填）',
  },
  summary: {
    en: 'back up or restore a private key, encrypted with a passphrase',
    zh: '用口令加密备份或恢复私钥',
  },
  keyNeedsOutPath: {
    en: 'key {action} needs --out PATH',
    zh: 'key {action} 需要 --out PATH',
  },
  text: {
    en: '{path}: {message}',
    zh: '{path}：{message}',
  },
  text2: {
    en: '{path}: {message}',
    zh: '{path}：{message}',
  },
  badAction: {
    en: 'key: ACTION must be backup or restore (got {value})',
    zh: 'key：ACTION 必须是 backup 或 restore（收到{value}）',
  },
} as const satisfies Record<string, Bilingual>;
