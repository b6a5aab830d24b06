import type { Bilingual } from '../../kernel';

/** The words of `erdl key-files`: its help and messages, English and Chinese. */
export const KEY_FILES_STRINGS = {
  text: {
    en: '{path}: {m}',
    zh: '{path}：{m}',
  },
  notUtf8Json: {
    en: '{path}: not UTF-8 JSON ({detail})',
    zh: '{path}：不是 UTF-8 JSON（{detail}）',
  },
  key: {
    en: '{path}: key {value}: {message}',
    zh: '{path}：第 {value} 个密钥：{message}',
  },
  fileAlreadyExistsNot: {
    en: 'the file already exists (not replaced)',
    zh: '文件已存在（未覆盖）',
  },
  noSuchDirectory: {
    en: 'no such directory',
    zh: '目录不存在',
  },
  permissionDenied: {
    en: 'permission denied',
    zh: '没有写入权限',
  },
  cannotWriteHere: {
    en: 'cannot write {path}: this environment cannot write files',
    zh: '无法写入{path}：当前环境不能写文件',
  },
  cannotWrite: {
    en: 'cannot write {path}: {reason}',
    zh: '无法写入{path}：{reason}',
  },
} as const satisfies Record<string, Bilingual>;
