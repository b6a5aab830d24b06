import { defineStrings } from '../studio/i18n/format';

/** Replies the kernel and batch workers word themselves (the kernel's own texts carry their own). */
export const workerStrings = defineStrings({
  en: {
    kernelError: 'kernel error: {detail}',
    csvAt: 'CSV line {line}, column {column}: {message}',
    csvAtColumn: 'CSV line {line}, {place}: {message}',
    asOf: 'as_of {value} is not an ISO 8601 instant',
  },
  zh: {
    kernelError: '内核错误：{detail}',
    csvAt: 'CSV 第 {line} 行第 {column} 列：{message}',
    csvAtColumn: 'CSV 第 {line} 行{place}：{message}',
    asOf: 'as_of{value}不是 ISO 8601 时刻',
  },
});
