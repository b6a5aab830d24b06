/**
 * How the studio is made available offline: vite-plugin-pwa (Workbox) in `injectManifest` mode,
 * with our own worker (src/studio/offline/sw.ts, built to sw.js) and our own registration
 * (src/studio/offline/register.ts). Shared by vite.config.ts and its unit test.
 *
 * Per-file revisions: a file whose name carries Vite's content hash (assets/name-HASH.ext) gets
 * no revision — its URL changes with its content; every other file (index.html, the JSON schema)
 * gets the hash of its bytes. An update therefore downloads exactly the files that changed.
 */
import type { VitePWAOptions } from 'vite-plugin-pwa';

/** Vite's hashed output names: `assets/<name>-<8+ chars of base64url hash>.<ext>`. */
export const HASHED_FILE = /^assets\/.+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;

export const PRECACHE = {
  globPatterns: ['**/*.{html,js,css,ttf,woff,woff2,json,wasm,svg,png}'],
  // Test pages (the e2e build's e2e/vectors.html) are never part of the product's precache.
  globIgnores: ['e2e/**', '**/*.map', 'sw.js'],
  dontCacheBustURLsMatching: HASHED_FILE,
  // Monaco's editor bundle is several MB; everything the studio can load must be precached.
  maximumFileSizeToCacheInBytes: 16 * 1024 * 1024,
};

export const PWA_OPTIONS: Partial<VitePWAOptions> = {
  strategies: 'injectManifest',
  srcDir: 'src/studio/offline',
  filename: 'sw.ts',
  injectRegister: false,
  registerType: 'prompt',
  manifest: false,
  injectManifest: { ...PRECACHE, minify: true, sourcemap: false },
  devOptions: { enabled: false },
};
