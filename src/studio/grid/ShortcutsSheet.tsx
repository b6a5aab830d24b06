import { useT } from '../i18n/i18n';
import { useModalDialog } from '../shell/use-modal-dialog';
import { GRID_KEYS } from './grid-keys';
import { gridStrings } from './strings';

/** The grid's keyboard shortcuts (from GRID_KEYS, the keyboard map's one list) in a modal dialog. */
export function ShortcutsSheet({ onClose }: { readonly onClose: () => void }) {
  const t = useT(gridStrings);
  const dialog = useModalDialog();
  return (
    <dialog
      ref={dialog}
      className="shortcuts-sheet"
      aria-labelledby="grid-shortcuts-title"
      data-testid="shortcuts-sheet"
      onClose={onClose}
    >
      <h2 id="grid-shortcuts-title">{t.shortcutsTitle}</h2>
      <p className="muted">{t.shortcutsIntro}</p>
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">{t.shortcutsKeys}</th>
            <th scope="col">{t.shortcutsAction}</th>
          </tr>
        </thead>
        <tbody>
          {GRID_KEYS.map((entry) => (
            <tr key={entry.describe}>
              <td>
                {entry.keys.map((key, i) => (
                  <span key={key}>
                    {i > 0 && ' '}
                    <kbd>{key}</kbd>
                  </span>
                ))}
              </td>
              <td>{t.keyHelp[entry.describe]}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <form method="dialog">
        <button type="submit" className="button small">
          {t.close}
        </button>
      </form>
    </dialog>
  );
}
