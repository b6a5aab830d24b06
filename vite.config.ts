import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { configDefaults, defineConfig } from 'vitest/config';
import { PWA_OPTIONS } from './scripts/pwa-options.js';
import { LongestFirst } from './tests/longest-first.js';

const page = (name: string) => fileURLToPath(new URL(name, import.meta.url));

/**
 * ERDL_E2E=1 (set by playwright.config.ts for its own build) adds the browser-test page that runs
 * the V-ENGINE vectors in a Web Worker (e2e/vectors.html), and the empty page the browser tests'
 * shared tab waits on between tests (e2e/blank.html). The product build (`npm run build`,
 * `npm start`) has the studio only; the test page is never precached either way.
 */
const E2E = process.env.ERDL_E2E === '1';

/** Unit tests of pure code, which may share imported modules (see `projects` below). */
const PURE_TESTS = [
  'src/kernel/**/*.test.ts',
  'vectors/**/*.test.ts',
  // Except the one property that replaces kernel modules with vi.doMock.
  ...readdirSync(new URL('./tests/fuzz/', import.meta.url))
    .filter((f) => f.endsWith('.test.ts') && f !== 'compile-fast-path.property.test.ts')
    .map((f) => `tests/fuzz/${f}`),
  ...[
    'business-outputs',
    'diagnostics-catalogue',
    'dmn-15',
    'dmn-collect-extreme',
    'dmn-export-xml',
    'dmn-tck',
    'gorules-corpus',
    'regex-oracle',
    'result-hash',
    'result-hash-host.property',
    'review-report-texts',
    'schema',
    'string-tables',
    'terminology',
    'zh-punctuation',
    'zh-quotes',
  ].map((name) => `tests/${name}.test.ts`),
];
const ALL_TESTS = ['src/**/*.test.ts', 'tests/**/*.test.ts', 'vectors/**/*.test.ts'];
const ISOLATED_EXCLUDE = [...configDefaults.exclude, 'e2e/**'];

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
        ...(E2E ? { vectors: page('./e2e/vectors.html'), blank: page('./e2e/blank.html') } : {}),
      },
    },
  },
  test: {
    environment: 'node',
    // Timeouts are hang guards, not speed targets: CI runs on a busy 2-core machine where a
    // property test or a packed-tarball install can take many times its quiet-machine duration.
    // Speed is measured by the benchmarks, never asserted by a test.
    testTimeout: 120_000,
    hookTimeout: 300_000,
    // Both cores: vitest's default for a run is one worker fewer than the cores, one on the 2-core
    // CI machine, which ran the unit tests one file at a time (395 s).
    maxWorkers: 2,
    // The longest files start first (tests/longest-first.ts), so the two workers end together.
    sequence: { sequencer: LongestFirst },
    // Two projects. Tests of pure code (the kernel, its vectors and properties, and the tests/
    // files that only call kernel functions) share their imported modules within a worker
    // (isolate: false): importing the kernel afresh for each of ~130 files was ~120 s of the unit
    // tests' CPU. Every other file — the CLI, the studio, the workers, anything that mocks a module
    // (vi.doMock), stubs a global or sets process.env — keeps its own module graph.
    projects: [
      {
        extends: true,
        test: {
          name: 'pure',
          include: PURE_TESTS,
          exclude: ISOLATED_EXCLUDE,
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'isolated',
          include: ALL_TESTS,
          exclude: [...ISOLATED_EXCLUDE, ...PURE_TESTS],
        },
      },
    ],
  },
});
