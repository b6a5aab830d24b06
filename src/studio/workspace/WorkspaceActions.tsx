import { useRef, useState } from 'react';
import { format, useT } from '../i18n/i18n';
import { selectActive, studioStore, useStudio } from '../store';
import { uniqueName } from '../store/workspace-slice';
import {
  ACCEPTED_FILES,
  exportDocument,
  exportWorkspace,
  newDocument,
  skeletonText,
} from './files';
import { SharePanel, type ShareResult } from './SharePanel';
import { encodeShare, shareLink } from './share';
import { workspaceStrings } from './strings';

interface WorkspaceActionsProps {
  readonly importFiles: (files: Iterable<File>) => Promise<void>;
  readonly importPasted: (name: string, text: string) => void;
}

/** New, open, paste, export and share. */
export function WorkspaceActions({ importFiles, importPasted }: WorkspaceActionsProps) {
  const t = useT(workspaceStrings);
  // Whether a document is active, not the document: its object changes with every keystroke.
  const hasActive = useStudio((s) => s.activeId !== null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [share, setShare] = useState<ShareResult | null>(null);

  const createDocument = () => {
    const state = studioStore.getState();
    // Named after its metadata.name, which is unique in the workspace from the start.
    const taken = state.order.map((id) => state.documents[id]?.name ?? '');
    const name = uniqueName(taken, t.newDocumentName);
    // The template's texts in the UI language (a Chinese session gets a Chinese template).
    state.addDocument(newDocument(name, skeletonText(name, state.lang)));
  };

  const pasteFromClipboard = async () => {
    const state = studioStore.getState();
    let text: string;
    try {
      text = await navigator.clipboard.readText();
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      state.notify('warning', {
        en: format(workspaceStrings.en.clipboardUnavailable, { detail }),
        zh: format(workspaceStrings.zh.clipboardUnavailable, { detail }),
      });
      return;
    }
    if (text.trim() === '') {
      state.notify('warning', {
        en: workspaceStrings.en.clipboardEmpty,
        zh: workspaceStrings.zh.clipboardEmpty,
      });
      return;
    }
    importPasted(t.pastedName, text);
  };

  const makeShareLink = async () => {
    const active = selectActive(studioStore.getState());
    if (!active) return;
    const data = await encodeShare({
      name: active.name,
      text: active.text,
      fact: active.fact,
      asOf: active.asOf,
    });
    const link = shareLink(location.href.split('#')[0] ?? location.href, data);
    let copied = false;
    try {
      await navigator.clipboard.writeText(link);
      copied = true;
    } catch {
      // Shown in the panel for copying by hand.
    }
    setShare({ name: active.name, link, copied });
  };

  return (
    <fieldset className="workspace-actions">
      <legend className="visually-hidden">{t.actions}</legend>
      <button type="button" className="button small" onClick={createDocument}>
        {t.newDocument}
      </button>
      <button type="button" className="button small" onClick={() => fileInput.current?.click()}>
        {t.openFiles}
      </button>
      <input
        ref={fileInput}
        type="file"
        multiple
        accept={ACCEPTED_FILES}
        aria-label={t.openFilesLabel}
        className="visually-hidden"
        tabIndex={-1}
        data-testid="open-files"
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])];
          event.currentTarget.value = '';
          void importFiles(files);
        }}
      />
      <button type="button" className="button small" onClick={() => void pasteFromClipboard()}>
        {t.paste}
      </button>
      <button
        type="button"
        className="button small"
        disabled={!hasActive}
        onClick={() => {
          const active = selectActive(studioStore.getState());
          if (active) exportDocument(active);
        }}
      >
        {t.exportDocument}
      </button>
      <button
        type="button"
        className="button small"
        onClick={() => exportWorkspace(studioStore.getState().snapshot())}
      >
        {t.exportWorkspace}
      </button>
      <button
        type="button"
        className="button small"
        disabled={!hasActive}
        onClick={() => void makeShareLink()}
      >
        {t.share}
      </button>
      {share && <SharePanel share={share} onClose={() => setShare(null)} />}
      <p className="muted drop-hint">{t.pasteHint}</p>
    </fieldset>
  );
}
