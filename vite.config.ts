import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { configDefaults, defineConfig } from 'vitest/config';
import { PWA_OPTIONS } from './scripts/pwa-options.js';

const page = (name: string) => fileURLToPath(new URL(name, import.meta.url));

/**
 * ERDL_E2E=1 (set by playwright.config.ts for its own build) adds the browser-test page that runs
 * the V-ENGINE vectors in a Web Worker (e2e/vectors.html). The product build (`npm run build`,
 * `npm start`) has the studio only; the test page is never precached either way.
 */
const E2E = process.env.ERDL_E2E === '1';

export default defineConfig({
  plugins: [react(), VitePWA(PWA_OPTIONS)],
  // Test-only worker operations (src/worker/test-ops.ts) in the e2e build only, never the product.
  define: { __ERDL_TEST_OPS__: JSON.stringify(E2E) },
  server: {
    port: 5173,
    strictPort: false,
  },
  worker: {
    format: 'es',
  },
  build: {
    target: 'es2022',
    // Monaco's editor bundle is one large lazily loaded chunk by design (precached for offline).
    chunkSizeWarningLimit: 8 * 1024,
    rolldownOptions: {
      input: {
        main: page('./index.html'),
        ...(E2E ? { vectors: page('./e2e/vectors.html') } : {}),
      },
    },
  },
  test: {
    include: ['src/**/*.test.ts', 'tests/**/*.test.ts', 'vectors/**/*.test.ts'],
    exclude: [...configDefaults.exclude, 'e2e/**'],
    environment: 'node',
    // Timeouts are hang guards, not speed targets: CI runs on a busy 2-core machine where a
    // property test or a packed-tarball install can take many times its quiet-machine duration.
    // Speed is measured by the benchmarks, never asserted by a test.
    testTimeout: 120_000,
    hookTimeout: 300_000,
    // Both cores: vitest's default for a run is one worker fewer than the cores, one on the 2-core
    // CI machine, which ran the unit tests one file at a time (395 s).
    maxWorkers: 2,
  },
});
