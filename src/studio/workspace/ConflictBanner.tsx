import { useState } from 'react';
import { format, useT } from '../i18n/i18n';
import { useStudio } from '../store';
import { currentPersistence } from './persistence';
import { workspaceStrings } from './strings';
import './workspace.css';

/**
 * Shown when another tab saved a newer version of the workspace: reload theirs (after a
 * confirmation when this tab has changes) or keep ours as copies beside theirs. Nothing is
 * overwritten until the user chooses.
 */
export function ConflictBanner() {
  const t = useT(workspaceStrings);
  const conflict = useStudio((s) => s.persistence.state === 'conflict');
  // Re-read on every change while in conflict, so the offer follows what this tab holds (and
  // not otherwise: the revision moves with every keystroke and cursor move).
  useStudio((s) => (s.persistence.state === 'conflict' ? s.revision : 0));
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const persistence = currentPersistence();
  if (!conflict || !persistence) return null;
  const dirty = persistence.hasUnsavedChanges();
  const changed = persistence.changedDocumentCount();

  const run = (action: () => Promise<void>) => {
    setBusy(true);
    void action().finally(() => {
      setBusy(false);
      setConfirming(false);
    });
  };
  const reload = () => {
    if (dirty && !confirming) setConfirming(true);
    else run(() => persistence.reloadTheirs());
  };

  return (
    <div className="conflict-banner" role="alert" data-testid="conflict-banner">
      <strong>{t.conflictTitle}</strong>{' '}
      <span>{dirty ? format(t.conflictBodyDirty, { n: changed }) : t.conflictBodyClean}</span>
      {confirming ? (
        <span className="conflict-actions">
          <span>{t.confirmDiscard}</span>
          <button type="button" className="button" disabled={busy} onClick={reload}>
            {t.confirmDiscardYes}
          </button>
          <button type="button" className="button" onClick={() => setConfirming(false)}>
            {t.cancel}
          </button>
        </span>
      ) : (
        <span className="conflict-actions">
          <button type="button" className="button" disabled={busy} onClick={reload}>
            {t.reloadTheirs}
          </button>
          {dirty && (
            <button
              type="button"
              className="button primary"
              disabled={busy}
              onClick={() => run(() => persistence.keepMineAsCopies())}
            >
              {t.keepMine}
            </button>
          )}
        </span>
      )}
    </div>
  );
}
