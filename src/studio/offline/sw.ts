/**
 * The studio's service worker, built by vite-plugin-pwa (`injectManifest`, see
 * scripts/pwa-options.ts) into `sw.js`, with the precache manifest — every file of the build with
 * its own revision — injected at `self.__WB_MANIFEST`. Workbox precaching does the rest: on
 * install it downloads only the entries whose URL or revision it does not hold yet (an update
 * fetches only what changed), answers precached files from the cache, serves the cached studio
 * page for every navigation (so a reload works with the network off), and deletes outdated
 * precaches. Cross-origin requests are never touched.
 *
 * No automatic skipWaiting: a new build waits until the user accepts the "update available —
 * reload" prompt (register.ts posts SKIP_WAITING), so an open tab never loses a lazily loaded
 * chunk (Monaco) of its own build.
 */
import { clientsClaim, setCacheNameDetails } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  type PrecacheEntry,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

// The few service-worker globals used here (the WebWorker lib cannot share a program with DOM).
interface ServiceWorkerScope {
  readonly __WB_MANIFEST: (string | PrecacheEntry)[];
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}
const scope = globalThis as unknown as ServiceWorkerScope;

/** Caches named `erdl-studio-…`, never mixed up with another app's on the same origin. */
setCacheNameDetails({ prefix: 'erdl-studio' });

scope.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown } | null;
  if (data?.type === 'SKIP_WAITING') void scope.skipWaiting();
});

// Written `self.__WB_MANIFEST` on purpose: the build replaces exactly that text with the manifest.
precacheAndRoute((self as unknown as ServiceWorkerScope).__WB_MANIFEST);
cleanupOutdatedCaches();
// The first install takes over the page that registered it, so it works offline at once.
clientsClaim();
// Every page load of the studio is answered by its cached page (test pages under e2e/ excepted).
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/\/e2e\//] }),
);
