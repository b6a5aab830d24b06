import type { Bilingual } from '../../kernel';

/** The words of `erdl vectors`: its help and messages, English and Chinese. */
export const VECTORS_STRINGS = {
  summary: {
    en: 'run every conformance vector under DIR',
    zh: '运行 DIR 下的全部一致性向量',
  },
  cannotRead: {
    en: 'cannot read {dir}: {detail}',
    zh: '无法读取{dir}：{detail}',
  },
  notADirectory: {
    en: 'cannot read {dir}: it is not a directory (vectors reads a directory of vectors)',
    zh: '无法读取{dir}：这不是目录（vectors 读取存放向量的目录）',
  },
  noVectorsUnder: {
    en: 'no vectors under {dir}',
    zh: '{dir}下没有向量',
  },
  notAFile: {
    en: 'not a file (a FIFO, a socket or a device): not read',
    zh: '不是文件（而是 FIFO、套接字或设备）：未读取',
  },
  failed: { en: 'FAIL {path}: {reason}', zh: '未通过 {path}：{reason}' },
  totals: { en: '{passed} passed, {failed} failed', zh: '通过 {passed} 个，未通过 {failed} 个' },
} as const satisfies Record<string, Bilingual>;
