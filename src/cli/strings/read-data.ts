import type { Bilingual } from '../../kernel';

/** The messages of src/cli/read-data.ts, English and Chinese. */
export const READ_DATA_STRINGS = {
  notValidUtf8: {
    en: '{path}: not valid UTF-8',
    zh: '{path}：不是有效的 UTF-8',
  },
  factFileBytesFact: {
    en: '{path}: the fact file is {size} bytes; a fact is at most {MAX_FACT_CHARS} characters (evaluate many facts with --facts, JSON Lines or CSV)',
    zh: '{path}：事实文件有 {size} 字节；一条事实最多 {MAX_FACT_CHARS} 个字符（大量事实请用 --facts 以 JSON Lines 或 CSV 求值）',
  },
} as const satisfies Record<string, Bilingual>;
