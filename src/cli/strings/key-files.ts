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
  notUtf8At: {
    en: 'not valid UTF-8 at byte {byte}',
    zh: '第 {byte} 字节处不是有效的 UTF-8',
  },
  jsonAt: {
    en: 'line {line}, column {column}: {why}',
    zh: '第 {line} 行第 {column} 列：{why}',
  },
  jsonOther: {
    en: 'JSON that this reader cannot read',
    zh: '此读取器无法读取的 JSON',
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

/** The JSON reader's reason (it reads JSON Lines too, so speaks of a line) said of a whole file. */
export const fileNotLine = (why: Bilingual): Bilingual => ({
  en: why.en.replaceAll('end of line', 'end of the file'),
  zh: why.zh.replaceAll('行尾', '文件末尾'),
});
