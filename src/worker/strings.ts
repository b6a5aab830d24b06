import { defineStrings } from '../studio/i18n/format';

/** Replies the kernel and batch workers word themselves (the kernel's own texts carry their own). */
export const workerStrings = defineStrings({
  en: {
    kernelError: 'kernel error: {detail}',
  },
  zh: {
    kernelError: '内核错误：{detail}',
  },
});
