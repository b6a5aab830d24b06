/**
 * The studio's service worker (bundled into `sw.js` by scripts/vite-offline-plugin.ts, which
 * prepends `ERDL_OFFLINE_MANIFEST`). Install precaches every file of the build; fetch answers
 * precached files from the cache and page loads from the network, or from the cache when offline;
 * activate deletes the caches of older builds. Cross-origin requests are never touched, and the
 * worker itself never asks any server for anything but the build's own files.
 *
 * No skipWaiting: a new build's worker waits until no tab runs the old one, so an open tab never
 * loses a lazily loaded chunk (Monaco) to a cache that was deleted under it.
 */
import {
  type OfflineManifest,
  planRequest,
  precacheUrls,
  type RequestPlan,
  staleCaches,
} from './sw-routing';

declare const ERDL_OFFLINE_MANIFEST: OfflineManifest;

// The few service-worker types used here (the WebWorker lib cannot share a program with DOM).
interface ExtendableEvent extends Event {
  waitUntil(work: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
interface ServiceWorkerScope {
  readonly location: Location;
  readonly clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
}

const scope = globalThis as unknown as ServiceWorkerScope;
const manifest = ERDL_OFFLINE_MANIFEST;
const swUrl = scope.location.href;
const urls = precacheUrls(manifest, swUrl);
const precached = new Set(urls);

async function precache(): Promise<void> {
  const cache = await caches.open(manifest.cacheName);
  // `reload` skips the HTTP cache, so the precache never mixes files of two builds.
  await cache.addAll(urls.map((url) => new Request(url, { cache: 'reload' })));
}

async function activate(): Promise<void> {
  const stale = staleCaches(await caches.keys(), manifest.cacheName);
  await Promise.all(stale.map((name) => caches.delete(name)));
  // The first install takes over the page that registered it, so it works offline at once.
  await scope.clients.claim();
}

async function cacheFirst(request: Request, url: string): Promise<Response> {
  const cache = await caches.open(manifest.cacheName);
  const hit = await cache.match(url);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) await cache.put(url, response.clone());
  return response;
}

async function navigate(request: Request, fallback: string): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const cache = await caches.open(manifest.cacheName);
    const page = await cache.match(fallback);
    if (page) return page;
    throw error;
  }
}

function answer(request: Request, plan: RequestPlan): Promise<Response> | null {
  switch (plan.kind) {
    case 'cache-first':
      return cacheFirst(request, plan.url);
    case 'navigate':
      return navigate(request, plan.fallback);
    case 'pass':
      return null;
  }
}

scope.addEventListener('install', (event) => event.waitUntil(precache()));
scope.addEventListener('activate', (event) => event.waitUntil(activate()));
scope.addEventListener('fetch', (event) => {
  const { request } = event;
  const response = answer(request, planRequest(request, swUrl, precached));
  if (response) event.respondWith(response);
});
