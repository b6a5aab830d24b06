import type { Bilingual } from '../../kernel';

/** The messages of src/cli/reader.ts, English and Chinese. */
export const READER_STRINGS = {
  cannotReadMore: {
    en: 'cannot read {path}: it holds more than the {limitText} this file may be',
    zh: '无法读取{path}：内容超过此类文件的上限 {limitText}',
  },
  cannotReadBytesMore: {
    en: 'cannot read {path}: it is {n} bytes, more than the {limitText} this file may be',
    zh: '无法读取{path}：文件有 {n} 字节，超过此类文件的上限 {limitText}',
  },
  noSuchFile: {
    en: 'cannot read {path}: no such file',
    zh: '无法读取{path}：文件不存在',
  },
  notDirectory: {
    en: 'cannot read {path}: a component of the path is not a directory',
    zh: '无法读取{path}：路径中的某一级不是目录',
  },
  isDirectory: {
    en: 'cannot read {path}: it is a directory, not a file',
    zh: '无法读取{path}：这是目录，不是文件',
  },
  permissionDenied: {
    en: 'cannot read {path}: permission denied',
    zh: '无法读取{path}：没有读取权限',
  },
  symlinkLoop: {
    en: 'cannot read {path}: too many symbolic links (one leads back to itself, or the chain is longer than the system follows)',
    zh: '无法读取{path}：符号链接过多（有链接指回自身，或链接层数超过系统的上限）',
  },
  nameTooLong: {
    en: 'cannot read {path}: the name is longer than the system allows',
    zh: '无法读取{path}：名称超过系统允许的长度',
  },
  noDevice: {
    en: 'cannot read {path}: it is a socket or a device that is not there, not a file',
    zh: '无法读取{path}：这是套接字或不存在的设备，不是文件',
  },
  ioError: {
    en: 'cannot read {path}: input/output error',
    zh: '无法读取{path}：输入输出错误',
  },
  cannotRead: {
    en: 'cannot read {path}: {detail}',
    zh: '无法读取{path}：{detail}',
  },
} as const satisfies Record<string, Bilingual>;
