import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests (e2e/) in Debian's Chromium at /usr/bin/chromium, which `npm run test:e2e`
 * installs when missing (scripts/ensure-chromium.sh). Playwright's own browser download is never
 * used. The tests run against the built app served by `vite preview` (the product build plus the
 * vectors test page).
 */
/** E2E_PORT lets two runs share a machine (CI uses the default). */
const PORT = Number(process.env.E2E_PORT ?? 4173);
// Never dist/: that is `npm start`'s product build.
const OUT_DIR = `dist-e2e-${PORT}`;
const PREBUILT = process.env.E2E_PREBUILT === '1';

export default defineConfig({
  testDir: 'e2e',
  reporter: 'list',
  retries: 0,
  workers: 2,
  fullyParallel: true,
  forbidOnly: true,
  // A guard against hangs, not a speed target: tests wait on conditions, and CI must pass with a
  // core kept busy by something else (long journeys also call test.slow()).
  timeout: 120_000,
  expect: { timeout: 30_000 },
  use: {
    ...devices['Desktop Chrome'],
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'off',
    // The service worker precaches ~7 MB on every first load: the one spec about it
    // (e2e/offline.spec.ts) allows it; every other test runs without, as a page that has not
    // installed it yet (the studio calls that state 'failed' and works on from the network).
    serviceWorkers: 'block',
    // `vite preview` gzips every response on the fly (~7 MB per page load, in the one server both
    // test workers share): the test browser asks for the files as they are. Nothing a test checks
    // depends on the transfer encoding.
    extraHTTPHeaders: { 'Accept-Encoding': 'identity' },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // The tab handed from test to test (e2e/support/test.ts) must not keep the last test's
        // studio alive in the back/forward cache when it leaves for the blank page.
        '--disable-back-forward-cache',
      ],
    },
  },
  webServer: {
    // `npm test` (scripts/test.sh) builds while the type checker runs and sets E2E_PREBUILT.
    command: `${PREBUILT ? '' : `npx vite build --logLevel warn --outDir ${OUT_DIR} && `}npx vite preview --outDir ${OUT_DIR} --host 127.0.0.1 --port ${PORT} --strictPort`,
    url: `http://127.0.0.1:${PORT}/`,
    // The e2e build adds the vectors test page (e2e/vectors.html; see vite.config.ts).
    env: { ERDL_E2E: '1' },
    reuseExistingServer: false,
    timeout: 600_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
