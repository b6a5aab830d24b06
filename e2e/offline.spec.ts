import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { currentAnalysis } from './support/studio';
import { expect, type Page, test } from './support/test';

/** The output folder playwright.config.ts builds and serves. */
const OUT_DIR = fileURLToPath(
  new URL(`../dist-e2e-${Number(process.env.E2E_PORT ?? 4173)}/`, import.meta.url),
);

/** The precache manifest vite-plugin-pwa injected into sw.js: every file with its revision. */
function manifestOf(source: string): { url: string; revision: string | null }[] {
  const match = /\[\{"revision":.*?\}\]/.exec(source);
  expect(match, 'sw.js holds its precache manifest').not.toBeNull();
  return JSON.parse(match![0]) as { url: string; revision: string | null }[];
}

/** Every file the build's sw.js precaches. */
async function precacheList(page: Page): Promise<string[]> {
  return manifestOf(await (await page.request.get('/sw.js')).text()).map((entry) => entry.url);
}

// The second test serves a changed sw.js for a while: the first must not see it.
test.describe.configure({ mode: 'serial' });
// The service worker is what these tests are about (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

test('after the first load the studio reloads and works with the network off', async ({
  page,
  context,
}) => {
  test.slow(); // a first load that precaches ~7 MB, then a reload: minutes on a loaded machine
  // Pages, workers and the service worker: nothing may ever leave 127.0.0.1.
  const foreign: string[] = [];
  const watch = (url: string) => {
    const { protocol, hostname } = new URL(url);
    if (protocol !== 'data:' && protocol !== 'blob:' && hostname !== '127.0.0.1') foreign.push(url);
  };
  context.on('request', (request) => watch(request.url()));
  page.on('request', (request) => watch(request.url()));
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));

  const files = await precacheList(page);
  expect(files).toContain('index.html');
  expect(files).toContain('schema/erdl-v2.1.schema.json');
  expect(
    files.some((file) => file.endsWith('.ttf')),
    'the codicon font is precached',
  ).toBe(true);
  expect(
    files.some((file) => /editor\.worker.*\.js$/.test(file)),
    'Monaco worker',
  ).toBe(true);

  // First load, online: the worker installs, precaches and takes control of the page.
  await page.goto('/');
  await expect(page.locator('.monaco-editor').first()).toBeVisible();
  await expect(page.locator('[data-offline-state="ready"]')).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const cached = await page.evaluate(async () => {
    const names = (await caches.keys()).filter((name) => name.startsWith('erdl-studio-'));
    const cache = await caches.open(names[0]!);
    return { names, urls: (await cache.keys()).map((request) => new URL(request.url).pathname) };
  });
  expect(cached.names).toHaveLength(1);
  expect(cached.urls.sort()).toEqual(files.map((file) => `/${file}`).sort());

  // Network off, reload: everything comes from the cache.
  await context.setOffline(true);
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  await page.reload();
  const editor = page.locator('.monaco-editor').first();
  await expect(editor).toBeVisible();
  await expect(page.locator('[data-offline-state="ready"]')).toBeVisible();

  // The schema is served (offline, by the service worker).
  const schema = await page.evaluate(async () => {
    const response = await fetch('/schema/erdl-v2.1.schema.json');
    return { ok: response.ok, title: ((await response.json()) as { title: string }).title };
  });
  expect(schema).toEqual({ ok: true, title: 'ERDL v2.1 rule document' });

  // Typing still shows markers: an unknown top-level key is an error at its line.
  await editor.locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Home');
  await page.keyboard.type('offline_probe: 1');
  await expect(page.locator('.monaco-editor .squiggly-error').first()).toBeVisible();
  await expect
    .poll(async () => {
      const { text, analysis } = await currentAnalysis(page);
      if (!text.includes('offline_probe: 1') || !analysis) return 0;
      return analysis.diagnostics.filter((d) => d.severity === 'error').length;
    })
    .toBeGreaterThan(0);

  // The kernel and Monaco workers started from the cache, on this origin.
  expect(workers.length).toBeGreaterThanOrEqual(2);
  for (const url of workers) expect(new URL(url).hostname).toBe('127.0.0.1');

  expect(foreign).toEqual([]);
  expect(pageErrors).toEqual([]);
});

test('a new build is offered as "Update available — Reload", and only its changed files download', async ({
  page,
  context,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await expect(page.locator('[data-offline-state="ready"]')).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const firstController = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);

  // A new build where only index.html changed: its revision in the manifest is new.
  const swFile = `${OUT_DIR}sw.js`;
  const original = readFileSync(swFile, 'utf8');
  const index = manifestOf(original).find((entry) => entry.url === 'index.html');
  expect(index?.revision).toMatch(/^[0-9a-f]{32}$/);
  const requested: string[] = [];
  context.on('request', (request) => requested.push(new URL(request.url()).pathname));
  try {
    writeFileSync(
      swFile,
      original.replace(
        `"revision":"${index!.revision}"`,
        '"revision":"0123456789abcdef0123456789abcdef"',
      ),
    );
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    const offer = page.locator('[data-offline-state="update"]');
    await expect(offer).toContainText('Update available');
    await page.screenshot({ path: '/tmp/erdl-offline-update-en.png' });

    // Only the changed file was downloaded for the update; every hashed asset came from the cache.
    expect(requested).toContain('/index.html');
    expect(requested.filter((file) => file.startsWith('/assets/'))).toEqual([]);

    // 中文界面：同一提示（用户点击语言切换按钮）。
    await page.getByRole('button', { name: /中文/ }).click();
    await expect(offer).toContainText('有可用更新');
    await page.screenshot({ path: '/tmp/erdl-offline-update-zh.png' });

    // Reload onto the new build: the waiting worker takes over and the page reloads under it.
    await Promise.all([
      page.waitForEvent('load'),
      offer.getByRole('button', { name: '重新加载' }).click(),
    ]);
    await expect(page.locator('[data-offline-state="ready"]')).toBeVisible();
    const regs = await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration();
      return { waiting: reg?.waiting !== null, active: reg?.active?.scriptURL };
    });
    expect(regs.waiting).toBe(false);
    expect(regs.active).toBe(firstController);
  } finally {
    writeFileSync(swFile, original);
  }
});
