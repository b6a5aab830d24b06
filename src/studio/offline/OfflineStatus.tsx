import { useT } from '../i18n/i18n';
import { offlineStrings as strings } from './strings';
import { useOfflineReady } from './use-offline-ready';

/** A status-bar item saying whether a reload would work with the network off. */
export function OfflineStatus() {
  const t = useT(strings);
  const state = useOfflineReady();
  return (
    <span role="status" data-offline-state={state}>
      {t[state]}
    </span>
  );
}
