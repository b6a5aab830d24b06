/**
 * Registers the service worker written by scripts/vite-offline-plugin.ts (production builds only)
 * and reports progress through `offline-state.ts`. Every failure is a console warning and the
 * state `failed`; the studio itself keeps working online.
 */
import { getOfflineState, setOfflineState } from './offline-state';

const SERVICE_WORKER_URL = `${import.meta.env.BASE_URL}sw.js`;

function warn(what: string, error?: unknown): void {
  console.warn(`ERDL Studio: offline use unavailable — ${what}`, error ?? '');
}

/** An installing worker that becomes redundant before any worker is active: precaching failed. */
function watchInstall(registration: ServiceWorkerRegistration): void {
  const worker = registration.installing ?? registration.waiting;
  if (!worker) return;
  worker.addEventListener('statechange', () => {
    if (worker.state === 'redundant' && !registration.active) {
      warn('the service worker could not cache the studio');
      setOfflineState('failed');
    }
  });
}

function register(container: ServiceWorkerContainer): void {
  container.ready.then(
    () => setOfflineState('ready'),
    (error: unknown) => warn('the service worker never became ready', error),
  );
  let pending: Promise<ServiceWorkerRegistration>;
  try {
    pending = container.register(SERVICE_WORKER_URL, { scope: import.meta.env.BASE_URL });
  } catch (error) {
    pending = Promise.reject(error);
  }
  pending.then(
    (registration: ServiceWorkerRegistration | undefined) => {
      // Some hosts (automation, privacy modes) resolve without a registration.
      if (!registration) {
        warn('the browser refused the service worker');
        setOfflineState('failed');
        return;
      }
      if (!registration.active && getOfflineState() !== 'ready') setOfflineState('installing');
      watchInstall(registration);
    },
    (error: unknown) => {
      warn('the service worker could not be registered', error);
      setOfflineState('failed');
    },
  );
}

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD) {
    setOfflineState('development');
    return;
  }
  const container = globalThis.navigator?.serviceWorker;
  if (!container) {
    setOfflineState('unsupported');
    return;
  }
  // After the page has loaded, so precaching never competes with the first paint.
  if (globalThis.document?.readyState === 'complete') register(container);
  else globalThis.addEventListener('load', () => register(container), { once: true });
}
