/** Notices the workspace raises outside React, in both languages (texts: workspace/strings.ts). */

import { bilingual } from '../../i18n/format';
import type { Bilingual } from '../../kernel';
import { workspaceMessageStrings as S } from './strings';
import { MAX_WORKSPACE_DOCUMENTS } from './workspace-check';

export const MESSAGES = {
  storageUnavailable: (detail: string): Bilingual =>
    bilingual(S, (t) => t.storageUnavailable, { detail }),
  saveFailed: (detail: string): Bilingual => bilingual(S, (t) => t.saveFailed, { detail }),
  /** The saved workspace failed the check; `count` of its documents were valid and are shown. */
  storedWorkspaceDamaged: (problems: Bilingual, count: number): Bilingual => ({
    en: bilingual(S, (t) => t.storedWorkspaceDamaged, { problems: problems.en, count }).en,
    zh: bilingual(S, (t) => t.storedWorkspaceDamaged, { problems: problems.zh, count }).zh,
  }),
  /** The saved workspace failed the check and none of it could be shown. */
  storedWorkspaceUnreadable: (problems: Bilingual): Bilingual => ({
    en: bilingual(S, (t) => t.storedWorkspaceUnreadable, { problems: problems.en }).en,
    zh: bilingual(S, (t) => t.storedWorkspaceUnreadable, { problems: problems.zh }).zh,
  }),
  /** The saved workspace failed the check and no copy of it could be kept: nothing is saved. */
  storedWorkspaceNotKept: (problems: Bilingual, detail: string): Bilingual => ({
    en: bilingual(S, (t) => t.storedWorkspaceNotKept, { problems: problems.en, detail }).en,
    zh: bilingual(S, (t) => t.storedWorkspaceNotKept, { problems: problems.zh, detail }).zh,
  }),
  /** A closed tab's unsaved work failed the check. */
  damagedOrphan: (problems: Bilingual, someRead: boolean): Bilingual => ({
    en: bilingual(S, (t) => (someRead ? t.damagedOrphan : t.damagedOrphanNone), {
      problems: problems.en,
    }).en,
    zh: bilingual(S, (t) => (someRead ? t.damagedOrphan : t.damagedOrphanNone), {
      problems: problems.zh,
    }).zh,
  }),
  importNotSaved: (file: string, detail: string): Bilingual =>
    bilingual(S, (t) => t.importNotSaved, { file, detail }),
  importConflict: (file: string): Bilingual => bilingual(S, (t) => t.importConflict, { file }),
  importInvalid: (file: string, problems: Bilingual): Bilingual => ({
    en: bilingual(S, (t) => t.importInvalid, { file, problems: problems.en }).en,
    zh: bilingual(S, (t) => t.importInvalid, { file, problems: problems.zh }).zh,
  }),
  importTooMany: (file: string, count: number): Bilingual =>
    bilingual(S, (t) => t.importTooMany, { file, count, limit: MAX_WORKSPACE_DOCUMENTS }),
  recovered: (count: number): Bilingual => bilingual(S, (t) => t.recovered, { count }),
  restoredUnsaved: bilingual(S, (t) => t.restoredUnsaved),
  sharedOpened: (name: string): Bilingual => bilingual(S, (t) => t.sharedOpened, { name }),
  forked: (count: number): Bilingual => bilingual(S, (t) => t.forked, { count }),
  dictionaryKeptAsBackup: bilingual(S, (t) => t.dictionaryKeptAsBackup),
} as const;

export const COPY_SUFFIX: Bilingual = bilingual(S, (t) => t.copySuffix);
export const RECOVERED_SUFFIX: Bilingual = bilingual(S, (t) => t.recoveredSuffix);
