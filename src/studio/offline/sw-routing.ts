/**
 * What the service worker does with each request, as pure functions (no service-worker globals),
 * so the routing can be unit-tested and the worker itself stays a thin layer of event wiring.
 */

/** Written into sw.js at build time by scripts/vite-offline-plugin.ts. */
export interface OfflineManifest {
  /** `erdl-studio-<hash of every precached file's path and content>`: a new build, a new cache. */
  readonly cacheName: string;
  /** Every file of the build, relative to sw.js (`index.html`, `assets/main-abc.js`, …). */
  readonly files: readonly string[];
}

/** Caches this studio owns; any other cache name on the origin is left alone. */
export const CACHE_PREFIX = 'erdl-studio-';

export interface RequestFacts {
  readonly method: string;
  readonly url: string;
  /** `Request.mode`: `navigate` for page loads. */
  readonly mode: string;
}

export type RequestPlan =
  /** Not ours (cross-origin, not GET, not precached): the browser handles it, untouched. */
  | { readonly kind: 'pass' }
  /** A precached file: answer from the cache, fall back to the network. */
  | { readonly kind: 'cache-first'; readonly url: string }
  /** A page load: the network, and when that fails (offline) the cached page. */
  | { readonly kind: 'navigate'; readonly fallback: string };

/** Absolute URLs (no query, no fragment) of the manifest's files, resolved against sw.js. */
export function precacheUrls(manifest: OfflineManifest, swUrl: string): string[] {
  return manifest.files.map((file) => new URL(file, swUrl).href);
}

export function planRequest(
  request: RequestFacts,
  swUrl: string,
  precached: ReadonlySet<string>,
): RequestPlan {
  if (request.method !== 'GET') return { kind: 'pass' };
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return { kind: 'pass' };
  }
  const scope = new URL('./', swUrl);
  // Never touch another origin, nor anything outside the studio's folder.
  if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) {
    return { kind: 'pass' };
  }
  const bare = `${url.origin}${url.pathname}`;
  if (request.mode === 'navigate') {
    const page = bare.endsWith('/') ? `${bare}index.html` : bare;
    const fallback = precached.has(page) ? page : new URL('index.html', scope).href;
    return precached.has(fallback) ? { kind: 'navigate', fallback } : { kind: 'pass' };
  }
  // A query string could mean a different resource (e.g. Vite's `?v=`); only exact files match.
  if (url.search === '' && precached.has(bare)) return { kind: 'cache-first', url: bare };
  return { kind: 'pass' };
}

/** Our caches from older builds, to delete once this build's worker is active. */
export function staleCaches(names: readonly string[], current: string): string[] {
  return names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== current);
}
