import { expect, type Page, test } from './support/test';

/** Every file the build's sw.js precaches (read from the manifest the build wrote into it). */
async function precacheList(page: Page): Promise<string[]> {
  const source = await (await page.request.get('/sw.js')).text();
  const match = /^const ERDL_OFFLINE_MANIFEST = (.*);$/m.exec(source);
  expect(match, 'sw.js starts with its manifest').not.toBeNull();
  return (JSON.parse(match![1]!) as { files: string[] }).files;
}

test('after the first load the studio reloads and works with the network off', async ({
  page,
  context,
}) => {
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
    .poll(() =>
      page.evaluate(() => {
        const { store } = (
          globalThis as unknown as {
            __ERDL_STUDIO__: {
              store: {
                getState(): {
                  activeId: string | null;
                  documents: Record<string, { text: string }>;
                  analyses: Record<
                    string,
                    { text: string; analysis: { diagnostics: { severity: string }[] } }
                  >;
                };
              };
            };
          }
        ).__ERDL_STUDIO__;
        const state = store.getState();
        const doc = state.activeId ? state.documents[state.activeId] : undefined;
        const entry = state.activeId ? state.analyses[state.activeId] : undefined;
        if (!doc?.text.includes('offline_probe: 1') || entry?.text !== doc.text) return 0;
        return entry.analysis.diagnostics.filter((d) => d.severity === 'error').length;
      }),
    )
    .toBeGreaterThan(0);

  // The kernel and Monaco workers started from the cache, on this origin.
  expect(workers.length).toBeGreaterThanOrEqual(2);
  for (const url of workers) expect(new URL(url).hostname).toBe('127.0.0.1');

  expect(foreign).toEqual([]);
  expect(pageErrors).toEqual([]);
});
