import { useCallback, useState } from 'react';
import { bilingual } from '../../i18n/format';
import { getBatchKernel } from '../kernel/kernel-instance';
import { studioStore } from '../store';
import type { WorkspaceSnapshot } from '../store/types';
import { run } from '../suites/suite-controller';
import {
  type ForeignImport,
  readForeignFile,
  type SheetChoice,
} from '../table-import/foreign-file';
import {
  documentNameFromFile,
  type ImportedFile,
  type ImportedSuite,
  importText,
  newDocument,
  readImportedFile,
  suiteTarget,
} from './files';
import { addImported } from './merge';
import { currentPersistence } from './persistence';
import { workspaceMessageStrings, workspaceStrings } from './strings';

/** A workspace file waiting for the user's answer: replace or merge. */
export interface PendingWorkspace {
  readonly snapshot: WorkspaceSnapshot;
  readonly fileName: string;
}

/**
 * A fact suite that did not simply attach: it matched no open document (attach it to the active
 * one?), or its document already has a different suite (replace it?).
 */
export interface SuiteOffer {
  readonly suite: ImportedSuite;
  /** The document it belongs to, whose own suite differs; null when it matched none. */
  readonly docId: string | null;
}

const importedMessage = (name: string) =>
  bilingual(workspaceMessageStrings, (t) => t.imported, { name });

type WorkspaceText = (typeof workspaceStrings)['zh'];

/** A notice in both languages from the workspace string table. */
function both(pick: (t: WorkspaceText) => string, values: Record<string, string>) {
  return bilingual(workspaceStrings, pick, values);
}

/**
 * Makes `suite` the suite of document `docId` (a fact set runs against it instead), shows that
 * document's Evaluate panel, where the suite is, and says so.
 */
function attachSuite(suite: ImportedSuite, docId: string): void {
  const state = studioStore.getState();
  const doc = state.documents[docId];
  if (!doc) return;
  const values = { file: suite.fileName, name: doc.name };
  state.setActive(docId);
  state.setPanel('evaluate');
  if (suite.format === 'suite') {
    const unchanged = doc.suite === suite.text;
    if (!unchanged) state.updateDocument(docId, { suite: suite.text });
    state.notify(
      'info',
      both((t) => (unchanged ? t.suiteUnchanged : t.suiteAttached), values),
    );
    return;
  }
  state.notify(
    'info',
    both((t) => t.factSetRunning, values),
  );
  void run(
    studioStore,
    getBatchKernel(),
    docId,
    { source: 'import', name: suite.fileName },
    suite.text,
    suite.format,
  );
}

/** Files, drops and pastes all end here: documents are added, a workspace file asks first. */
export function useImport() {
  const [pending, setPending] = useState<PendingWorkspace[]>([]);
  /** The last imported table file's conversion report and the document it became (if any). */
  const [report, setReport] = useState<{ import: ForeignImport; docName: string | null } | null>(
    null,
  );
  const [offers, setOffers] = useState<SuiteOffer[]>([]);
  /** Workbooks of several sheets waiting for the user's pick. */
  const [sheetChoices, setSheetChoices] = useState<SheetChoice[]>([]);

  /** A suite goes to its document (one imported with it, else the open one of its name). */
  const placeSuite = useCallback(
    (suite: ImportedSuite, importedWith: ReadonlyMap<string, string>) => {
      const state = studioStore.getState();
      const docId = suiteTarget(suite, importedWith, Object.values(state.documents));
      const doc = docId === null ? undefined : state.documents[docId];
      const ownSuite = doc?.suite ?? '';
      if (
        docId !== null &&
        (suite.format !== 'suite' || ownSuite.trim() === '' || ownSuite === suite.text)
      )
        attachSuite(suite, docId);
      else setOffers((list) => [...list, { suite, docId }]);
    },
    [],
  );

  /** Returns the id of the document added, if one was. */
  const accept = useCallback(
    (result: ImportedFile): string | null => {
      const state = studioStore.getState();
      if (result.kind === 'rejected') state.notify('error', result.message);
      else if (result.kind === 'suite') placeSuite(result, new Map());
      else if (result.kind === 'sheets') setSheetChoices((list) => [...list, result]);
      else if (result.kind === 'workspace') {
        setPending((list) => [...list, { snapshot: result.snapshot, fileName: result.fileName }]);
      } else if (result.kind === 'foreign') {
        const text = result.result.text;
        const id = text === null ? null : state.addDocument(newDocument(result.name, text));
        const docName = id === null ? null : (studioStore.getState().documents[id]?.name ?? null);
        setReport({ import: result, docName });
        return id;
      } else {
        const id = state.addDocument(result.doc);
        state.notify(
          'info',
          importedMessage(studioStore.getState().documents[id]?.name ?? result.doc.name),
        );
        return id;
      }
      return null;
    },
    [placeSuite],
  );

  // A `.dsse.json` among the files verifies the rule file it signs (src/studio/signing/). Fact
  // suites wait until the rule documents imported with them are in, so `X.facts.yaml` dropped
  // beside `X.erdl.yaml` becomes that new document's suite.
  const importFiles = useCallback(
    async (files: Iterable<File>) => {
      const importedWith = new Map<string, string>();
      const suites: ImportedSuite[] = [];
      // Signature checking (and the kernel code it needs) loads with the first import.
      const { importWithSignatures } = await import('../signing/import-signatures');
      await importWithSignatures(files, async (file) => {
        const result = await readImportedFile(file);
        if (result.kind === 'suite') {
          suites.push(result);
          return null;
        }
        const id = accept(result);
        if (id !== null) importedWith.set(documentNameFromFile(file.name), id);
        return id;
      });
      for (const suite of suites) placeSuite(suite, importedWith);
    },
    [accept, placeSuite],
  );

  /** The user's answer to the first suite offer: attach (or replace), or leave it. */
  const resolveSuite = useCallback(
    (choice: 'attach' | 'dismiss') => {
      const [first] = offers;
      setOffers((list) => list.slice(1));
      if (!first || choice === 'dismiss') return;
      const docId = first.docId ?? studioStore.getState().activeId;
      if (docId !== null) attachSuite(first.suite, docId);
    },
    [offers],
  );

  /** The user's pick of a sheet (1-based), or null to import nothing from the workbook. */
  const chooseSheet = useCallback(
    async (sheet: number | null) => {
      const [first] = sheetChoices;
      setSheetChoices((list) => list.slice(1));
      if (!first || sheet === null) return;
      accept(await readForeignFile(first.fileName, first.bytes, sheet));
    },
    [sheetChoices, accept],
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
      const persistence = currentPersistence();
      if (persistence) {
        // Saved first (a replace with a backup of this workspace, in one transaction), shown only
        // once saved: on any failure both stay as they were and the notice says why.
        const done = await persistence.importWorkspace(first.snapshot, choice, first.fileName);
        if (!done.ok) {
          studioStore.getState().notify('error', done.message);
          return;
        }
      } else if (choice === 'replace') state.loadSnapshot(first.snapshot);
      else state.loadSnapshot(addImported(state.snapshot(), first.snapshot));
      studioStore.getState().notify('info', importedMessage(first.fileName));
    },
    [pending],
  );

  return {
    importFiles,
    importPasted,
    pending: pending[0] ?? null,
    resolve,
    suiteOffer: offers[0] ?? null,
    resolveSuite,
    report,
    closeReport: () => setReport(null),
    sheetChoice: sheetChoices[0] ?? null,
    chooseSheet,
  };
}
