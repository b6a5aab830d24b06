export { OfflineStatus } from './OfflineStatus';
export type { OfflineState } from './offline-state';
export { applyUpdate, registerServiceWorker } from './register';
export { useOfflineReady } from './use-offline-ready';
