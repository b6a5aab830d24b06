import { defineStrings } from '../i18n/i18n';

/** The offline status item of the status bar. */
export const offlineStrings = defineStrings({
  en: {
    checking: 'Offline: checking…',
    development: 'Offline: off in development',
    unsupported: 'Offline: not supported by this browser',
    installing: 'Offline: saving the studio…',
    ready: 'Available offline',
    failed: 'Offline: unavailable (online only)',
  },
  zh: {
    checking: '离线：检查中…',
    development: '离线：开发模式下不启用',
    unsupported: '离线：此浏览器不支持',
    installing: '离线：正在缓存工作室…',
    ready: '可离线使用',
    failed: '离线：不可用（仅在线）',
  },
});
