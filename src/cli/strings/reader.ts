import type { Bilingual } from '../../kernel';

/** The messages of src/cli/reader.ts, English and Chinese. */
export const READER_STRINGS = {
  cannotReadBytesMore: {
    en: 'cannot read {path}: it is {n} bytes, more than the {limitText} this file may be',
    zh: '无法读取{path}：文件有 {n} 字节，超过此类文件的上限 {limitText}',
  },
} as const satisfies Record<string, Bilingual>;
