import { revealInline } from '../../kernel/util/visible-text';
import { format, useT } from '../i18n/i18n';
import { useModalDialog } from '../shell/use-modal-dialog';
import { workspaceStrings } from './strings';
import type { PendingWorkspace } from './use-import';

/** Asks what to do with an imported workspace file: replace this workspace, or merge into it. */
export function ImportWorkspaceDialog({
  pending,
  onChoose,
}: {
  pending: PendingWorkspace;
  onChoose: (choice: 'replace' | 'merge' | 'cancel') => void;
}) {
  const t = useT(workspaceStrings);
  const dialog = useModalDialog();
  const title = format(t.importWorkspaceTitle, { file: revealInline(pending.fileName) });
  return (
    <dialog
      ref={dialog}
      className="import-dialog"
      aria-label={title}
      onCancel={(event) => {
        event.preventDefault();
        onChoose('cancel');
      }}
    >
      <h2 className="section-title">{title}</h2>
      <p>{format(t.importWorkspaceBody, { n: pending.snapshot.documents.length })}</p>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={() => onChoose('replace')}>
          {t.replace}
        </button>
        <button type="button" className="button primary" onClick={() => onChoose('merge')}>
          {t.merge}
        </button>
        <button type="button" className="button" onClick={() => onChoose('cancel')}>
          {t.cancel}
        </button>
      </div>
    </dialog>
  );
}
