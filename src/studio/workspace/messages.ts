/** Notices the workspace raises outside React, in both languages. */
import type { Bilingual } from '../../kernel';

export const MESSAGES = {
  storageUnavailable: (detail: string): Bilingual => ({
    en: `The browser's storage (IndexedDB) is unavailable (${detail}). Your work is kept in this tab only and will be lost when it closes: export the workspace to keep it.`,
    zh: `浏览器存储（IndexedDB）不可用（${detail}）。你的工作只保存在此标签页中，关闭后将丢失：请导出工作区以保留。`,
  }),
  saveFailed: (detail: string): Bilingual => ({
    en: `The workspace could not be saved (${detail}). Your work is still here; it will be saved again on the next change. Export the workspace to keep a copy.`,
    zh: `无法保存工作区（${detail}）。你的工作仍在此处，下次修改时会再次尝试保存。请导出工作区以保留副本。`,
  }),
  storedWorkspaceInvalid: (detail: Bilingual): Bilingual => ({
    en: `The saved workspace could not be read (${detail.en}); it was kept as a backup and the examples were loaded.`,
    zh: `无法读取已保存的工作区（${detail.zh}）；它已作为备份保留，并已加载示例。`,
  }),
  recovered: (count: number): Bilingual => ({
    en: `Recovered unsaved work from a tab that closed before saving (${count} document(s) added as “(recovered)” copies where they differed).`,
    zh: `已恢复一个未及保存就关闭的标签页中的工作（有差异的 ${count} 个文档已作为“（恢复）”副本添加）。`,
  }),
  restoredUnsaved: {
    en: 'Restored edits that were not yet saved when the page closed.',
    zh: '已恢复页面关闭时尚未保存的编辑。',
  } satisfies Bilingual,
  sharedOpened: (name: string): Bilingual => ({
    en: `Opened the shared document “${name}” as a new document.`,
    zh: `已将分享的文档“${name}”作为新文档打开。`,
  }),
  forked: (count: number): Bilingual => ({
    en: `Loaded the other tab's version and added your ${count} changed document(s) as copies.`,
    zh: `已载入另一标签页的版本，并将你修改过的 ${count} 个文档作为副本添加。`,
  }),
  dictionaryKeptAsBackup: {
    en: 'Both tabs changed the field dictionary: the other tab’s dictionary is used; yours is kept as a backup in the browser database.',
    zh: '两个标签页都修改了字段字典：使用另一标签页的字典；你的字典已作为备份保存在浏览器数据库中。',
  } satisfies Bilingual,
} as const;

export const COPY_SUFFIX: Bilingual = { en: '(copy)', zh: '（副本）' };
export const RECOVERED_SUFFIX: Bilingual = { en: '(recovered)', zh: '（恢复）' };
