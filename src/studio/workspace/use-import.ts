import { useCallback, useState } from 'react';
import { bilingual } from '../i18n/format';
import { importWithSignatures } from '../signing/import-signatures';
import { studioStore } from '../store';
import type { WorkspaceSnapshot } from '../store/types';
import { type ImportedFile, importText, readImportedFile } from './files';
import { currentPersistence } from './persistence';
import { workspaceMessageStrings } from './strings';

/** A workspace file waiting for the user's answer: replace or merge. */
export interface PendingWorkspace {
  readonly snapshot: WorkspaceSnapshot;
  readonly fileName: string;
}

const importedMessage = (name: string) =>
  bilingual(workspaceMessageStrings, (t) => t.imported, { name });

/** Files, drops and pastes all end here: documents are added, a workspace file asks first. */
export function useImport() {
  const [pending, setPending] = useState<PendingWorkspace[]>([]);

  /** Returns the id of the document added, if one was. */
  const accept = useCallback((result: ImportedFile): string | null => {
    const state = studioStore.getState();
    if (result.kind === 'rejected') state.notify('error', result.message);
    else if (result.kind === 'workspace') {
      setPending((list) => [...list, { snapshot: result.snapshot, fileName: result.fileName }]);
    } else {
      const id = state.addDocument(result.doc);
      state.notify(
        'info',
        importedMessage(studioStore.getState().documents[id]?.name ?? result.doc.name),
      );
      return id;
    }
    return null;
  }, []);

  // A `.dsse.json` among the files verifies the rule file it signs (src/studio/signing/).
  const importFiles = useCallback(
    (files: Iterable<File>) =>
      importWithSignatures(files, async (file) => accept(await readImportedFile(file))),
    [accept],
  );

  const importPasted = useCallback(
    (name: string, text: string) => accept(importText(name, text)),
    [accept],
  );

  const resolve = useCallback(
    async (choice: 'replace' | 'merge' | 'cancel') => {
      const [first] = pending;
      setPending((list) => list.slice(1));
      if (!first || choice === 'cancel') return;
      const state = studioStore.getState();
      if (choice === 'replace') {
        await currentPersistence()?.backupNow('before-replace');
        state.loadSnapshot(first.snapshot);
      } else {
        // Each document is added under a unique name; the open workspace keeps its dictionary
        // unless it has none.
        for (const { id: _id, ...doc } of first.snapshot.documents) state.addDocument(doc);
        if (state.fieldDictionary.trim() === '')
          state.setFieldDictionary(first.snapshot.fieldDictionary);
      }
      state.notify('info', importedMessage(first.fileName));
    },
    [pending],
  );

  return { importFiles, importPasted, pending: pending[0] ?? null, resolve };
}
