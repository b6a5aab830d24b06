/** Notices the workspace raises outside React, in both languages (texts: workspace/strings.ts). */
import type { Bilingual } from '../../kernel';
import { bilingual } from '../i18n/format';
import { workspaceMessageStrings as S } from './strings';

export const MESSAGES = {
  storageUnavailable: (detail: string): Bilingual =>
    bilingual(S, (t) => t.storageUnavailable, { detail }),
  saveFailed: (detail: string): Bilingual => bilingual(S, (t) => t.saveFailed, { detail }),
  storedWorkspaceInvalid: (detail: Bilingual): Bilingual => ({
    en: bilingual(S, (t) => t.storedWorkspaceInvalid, { detail: detail.en }).en,
    zh: bilingual(S, (t) => t.storedWorkspaceInvalid, { detail: detail.zh }).zh,
  }),
  recovered: (count: number): Bilingual => bilingual(S, (t) => t.recovered, { count }),
  restoredUnsaved: bilingual(S, (t) => t.restoredUnsaved),
  sharedOpened: (name: string): Bilingual => bilingual(S, (t) => t.sharedOpened, { name }),
  forked: (count: number): Bilingual => bilingual(S, (t) => t.forked, { count }),
  dictionaryKeptAsBackup: bilingual(S, (t) => t.dictionaryKeptAsBackup),
} as const;

export const COPY_SUFFIX: Bilingual = bilingual(S, (t) => t.copySuffix);
export const RECOVERED_SUFFIX: Bilingual = bilingual(S, (t) => t.recoveredSuffix);
