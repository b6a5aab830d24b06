import { useT } from '../i18n/i18n';
import { applyUpdate } from './register';
import { offlineStrings } from './strings';
import { useOfflineReady } from './use-offline-ready';

/**
 * A status-bar item saying whether a reload would work with the network off, or — when a newer
 * build has been cached — "Update available" with a button that reloads onto it.
 */
export function OfflineStatus() {
  const t = useT(offlineStrings);
  const state = useOfflineReady();
  return (
    <span role="status" data-offline-state={state}>
      {t[state]}
      {state === 'update' && (
        <>
          {' '}
          <button
            type="button"
            className="link-button"
            title={t.reloadTitle}
            onClick={() => applyUpdate()}
          >
            {t.reload}
          </button>
        </>
      )}
    </span>
  );
}
