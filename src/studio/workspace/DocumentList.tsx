import { useCallback, useEffect, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { format, useT } from '../i18n/i18n';
import { VisibleText } from '../shell/VisibleText';
import { studioStore, useStudio } from '../store';
import type { StudioDocument } from '../store/types';
import { ConversionReport } from '../table-import/ConversionReport';
import { SheetPicker } from '../table-import/SheetPicker';
import { useWorkbookUpdate } from '../table-import/update/use-workbook-update';
import { DocumentItem } from './DocumentItem';
import { ImportWorkspaceDialog } from './ImportWorkspaceDialog';
import { SuiteOfferBar } from './SuiteOfferBar';
import { workspaceStrings } from './strings';
import { useImport } from './use-import';
import { WorkspaceActions } from './WorkspaceActions';
import './workspace.css';

/** How long the "Undo" of a deletion stays offered. */
const UNDO_MS = 15_000;

/** The left column: the workspace's documents and what can be done with them. */
export function DocumentList() {
  const t = useT(workspaceStrings);
  const order = useStudio((s) => s.order);
  // Names, not documents: a document's object changes with every keystroke and cursor move.
  const names = useStudio(useShallow((s) => s.order.map((id) => s.documents[id]?.name)));
  const activeId = useStudio((s) => s.activeId);
  const {
    importFiles,
    importPasted,
    pending,
    resolve,
    suiteOffer,
    resolveSuite,
    report,
    closeReport,
    sheetChoice,
    chooseSheet,
  } = useImport();
  // An .xlsx exported from a table of an open document offers "Update this table" (the grid's
  // Import Excel… dialog) beside "New document" (the ordinary import); other files import as before.
  const workbook = useWorkbookUpdate((file) => void importFiles([file]));
  const { offer } = workbook;
  const openFiles = useCallback(
    async (files: Iterable<File>) => {
      const rest: File[] = [];
      for (const file of files) if (!(await offer(file, null))) rest.push(file);
      if (rest.length > 0) await importFiles(rest);
    },
    [offer, importFiles],
  );
  const [deleted, setDeleted] = useState<StudioDocument | null>(null);
  const [dragging, setDragging] = useState(false);
  const undoTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // Text pasted while the focus is not in a text field (the editor included) becomes a document.
  const pasteName = t.pastedName;
  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      if (isEditable(event.target) || isEditable(document.activeElement)) return;
      const file = event.clipboardData?.files[0];
      if (file) {
        event.preventDefault();
        void openFiles([...(event.clipboardData?.files ?? [])]);
        return;
      }
      const text = event.clipboardData?.getData('text/plain') ?? '';
      if (text.trim() === '') return;
      event.preventDefault();
      importPasted(pasteName, text);
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, [openFiles, importPasted, pasteName]);

  useEffect(
    () => () => {
      if (undoTimer.current) clearTimeout(undoTimer.current);
    },
    [],
  );

  const remove = (id: string) => {
    const doc = studioStore.getState().documents[id];
    if (!doc) return;
    studioStore.getState().removeDocument(id);
    setDeleted(doc);
    if (undoTimer.current) clearTimeout(undoTimer.current);
    undoTimer.current = setTimeout(() => setDeleted(null), UNDO_MS);
  };

  const undo = () => {
    if (!deleted) return;
    const { id, ...rest } = deleted;
    studioStore.getState().addDocument({ ...rest, id });
    setDeleted(null);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a drop target for files; "Open files…" is its keyboard equivalent.
    <div
      className={`workspace${dragging ? ' dragging' : ''}`}
      data-testid="document-list"
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes('Files')) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setDragging(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        void openFiles([...event.dataTransfer.files]);
      }}
    >
      <h2 className="section-title">{t.heading}</h2>
      <ul className="document-list" aria-label={t.listLabel}>
        {order.map((id, i) => {
          const name = names[i];
          return name === undefined ? null : (
            <DocumentItem key={id} id={id} name={name} active={id === activeId} onDelete={remove} />
          );
        })}
      </ul>
      {dragging && <p className="drop-target">{t.dropHere}</p>}
      {deleted && (
        <div className="undo-bar" role="status">
          <span>
            <VisibleText text={format(t.deleted, { name: deleted.name })} />
          </span>
          <button type="button" className="button small" onClick={undo}>
            {t.undo}
          </button>
        </div>
      )}
      {suiteOffer && <SuiteOfferBar offer={suiteOffer} onChoose={resolveSuite} />}
      {report && (
        <ConversionReport
          report={report.import}
          documentName={report.docName}
          onClose={closeReport}
        />
      )}
      <WorkspaceActions importFiles={openFiles} importPasted={importPasted} />
      {workbook.dialog}
      {sheetChoice && (
        <SheetPicker
          key={sheetChoice.fileName}
          choice={sheetChoice}
          onChoose={(sheet) => void chooseSheet(sheet)}
        />
      )}
      {pending && (
        <ImportWorkspaceDialog
          key={pending.fileName}
          pending={pending}
          onChoose={(c) => void resolve(c)}
        />
      )}
    </div>
  );
}

function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement ||
    target.closest('.monaco-editor') !== null
  );
}
