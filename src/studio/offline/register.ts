/**
 * Registers the service worker (src/studio/offline/sw.ts, built to sw.js by vite-plugin-pwa;
 * production builds only) and reports progress through `offline-state.ts`. Every failure is a
 * console warning and the state `failed`; the studio itself keeps working online.
 *
 * Updates: when a newer build's worker has finished precaching (only the files that changed) and
 * waits, the state is `update`; applyUpdate() — the status bar's "reload" — tells it to take over
 * (Workbox's SKIP_WAITING message) and reloads the page once it controls it.
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

let waitingWorker: ServiceWorker | null = null;

/** A worker installed while another controls the page is an update, waiting for the prompt. */
function offerUpdate(worker: ServiceWorker | null, container: ServiceWorkerContainer): void {
  if (!worker || !container.controller) return;
  waitingWorker = worker;
  setOfflineState('update');
}

function watchUpdates(
  registration: ServiceWorkerRegistration,
  container: ServiceWorkerContainer,
): void {
  if (registration.waiting) offerUpdate(registration.waiting, container);
  registration.addEventListener?.('updatefound', () => {
    const worker = registration.installing;
    if (!worker) return;
    worker.addEventListener('statechange', () => {
      if (worker.state === 'installed') offerUpdate(worker, container);
    });
  });
}

/** Switches to the waiting build: it takes control, then the page reloads on it. */
export function applyUpdate(): void {
  const worker = waitingWorker;
  const container = globalThis.navigator?.serviceWorker;
  if (!worker || !container) return;
  container.addEventListener('controllerchange', () => globalThis.location.reload(), {
    once: true,
  });
  worker.postMessage({ type: 'SKIP_WAITING' });
}

function register(container: ServiceWorkerContainer): void {
  container.ready.then(
    () => {
      if (getOfflineState() !== 'update') setOfflineState('ready');
    },
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
      watchUpdates(registration, container);
    },
    (error: unknown) => {
      warn('the service worker could not be registered', error);
      setOfflineState('failed');
    },
  );
}

/**
 * `settled`, when given: what registration waits for after the page has loaded (main.tsx: the
 * studio quiet, quiet.ts), so precaching does not compete with the studio's first results.
 */
export function registerServiceWorker(settled?: () => Promise<void>): void {
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
  const start = () => {
    if (settled) void settled().then(() => register(container));
    else register(container);
  };
  if (globalThis.document?.readyState === 'complete') start();
  else globalThis.addEventListener('load', start, { once: true });
}
