import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  test as base,
  type Disposable,
  type Page,
} from '@playwright/test';

export type { Browser, BrowserContext, Download, Locator, Page } from '@playwright/test';
export { expect } from '@playwright/test';

/**
 * Every e2e test fails on a `pageerror` or a console error it did not expect.
 *
 * Each page of the test's browser context (the default `page` and any page the test opens in
 * it) is watched from its creation; at the end of the test the errors seen are compared with
 * the patterns the test declared with `test.use({ expectedConsoleErrors: [/…/] })` or by calling
 * `expectConsoleError(/…/)` from the test body. Anything else fails the test, listing what the
 * page reported. Pages of contexts a test creates itself can be watched with `watchPage`.
 */
export interface ConsoleWatch {
  /** Patterns of console errors and page errors this test expects. */
  expectedConsoleErrors: RegExp[];
  /** Declares, from the test body, one more expected console or page error. */
  expectConsoleError: (pattern: RegExp) => void;
  /** Watches a page of a context the test created itself. */
  watchPage: (page: Page) => void;
}

interface Seen {
  kind: 'pageerror' | 'console.error';
  text: string;
  url: string;
  /** A page error's stack, shown with the failure so the source can be found. */
  stack?: string;
}

/**
 * One browser tab per test worker, handed from test to test (e2e/README.md, "One tab per worker").
 *
 * A test in a new browser context cost ~2 CPU-seconds more than the same test in a tab already
 * open: a new renderer process, Playwright's set-up of the page, the studio's scripts compiled
 * afresh. So each worker keeps one context and one tab, and every test still opens the studio
 * itself, into a clean origin: before the test the tab leaves for a blank page of the same origin
 * (`/e2e/blank.html`, so the process stays), and the origin's storage (local and session storage,
 * IndexedDB, cache storage, cookies, service workers), the context's permissions, the tab's init scripts,
 * routes, listeners, held keys and viewport are cleared; only the HTTP cache is kept. A failed
 * test's tab and context are closed: the next test gets new ones. A test whose options need a
 * context of its own (service workers allowed, a time zone, a locale, a storage state) gets a
 * fresh context, as Playwright's own fixture gives it.
 */
interface WarmTab {
  context: BrowserContext | null;
  page: Page | null;
  /** The tab's init scripts of the current test, removed before the next. */
  initScripts: Disposable[];
}

/** Context options a shared tab cannot honour per test: the warm tab has the project's. */
type OwnContextOptions = Pick<
  BrowserContextOptions,
  | 'serviceWorkers'
  | 'timezoneId'
  | 'locale'
  | 'storageState'
  | 'permissions'
  | 'offline'
  | 'colorScheme'
  | 'geolocation'
  | 'javaScriptEnabled'
  | 'userAgent'
  | 'extraHTTPHeaders'
  | 'baseURL'
>;

/** Playwright's defaults for those options, with the project's own where it sets one. */
function projectOptions(project: BrowserContextOptions & { baseURL?: string }): OwnContextOptions {
  return {
    serviceWorkers: project.serviceWorkers ?? 'allow',
    timezoneId: project.timezoneId,
    locale: project.locale ?? 'en-US',
    storageState: project.storageState,
    permissions: project.permissions,
    offline: project.offline ?? false,
    colorScheme: project.colorScheme ?? 'light',
    geolocation: project.geolocation,
    javaScriptEnabled: project.javaScriptEnabled ?? true,
    userAgent: project.userAgent,
    extraHTTPHeaders: project.extraHTTPHeaders,
    baseURL: project.baseURL,
  };
}

/** The same-origin page a warm tab waits on between tests (added to the e2e build). */
const BLANK = '/e2e/blank.html';

/** Keys a failed or careless test may have left pressed. */
const MODIFIERS = ['Shift', 'Control', 'Alt', 'Meta'] as const;

/** Page events a test may listen to; their listeners are removed before the next test. */
const PAGE_EVENTS = [
  'close',
  'console',
  'crash',
  'dialog',
  'domcontentloaded',
  'download',
  'filechooser',
  'frameattached',
  'framedetached',
  'framenavigated',
  'load',
  'pageerror',
  'popup',
  'request',
  'requestfailed',
  'requestfinished',
  'response',
  'websocket',
  'worker',
] as const;

export const test = base.extend<
  ConsoleWatch & { consoleGuard: undefined; ownOptions: OwnContextOptions | null },
  { warmTab: WarmTab }
>({
  warmTab: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures name their dependencies by destructuring
    async ({}, use) => {
      const tab: WarmTab = { context: null, page: null, initScripts: [] };
      await use(tab);
      await tab.context?.close();
    },
    { scope: 'worker' },
  ],
  // The options the test asked for, when a shared tab cannot honour them (null when it can).
  ownOptions: async (
    {
      serviceWorkers,
      timezoneId,
      locale,
      storageState,
      permissions,
      offline,
      colorScheme,
      geolocation,
      javaScriptEnabled,
      userAgent,
      extraHTTPHeaders,
      baseURL,
    },
    use,
    testInfo,
  ) => {
    const asked: OwnContextOptions = {
      serviceWorkers,
      timezoneId,
      locale,
      storageState,
      permissions,
      offline,
      colorScheme,
      geolocation,
      javaScriptEnabled,
      userAgent,
      extraHTTPHeaders,
      baseURL,
    };
    const project = projectOptions(testInfo.project.use);
    const own = (Object.keys(project) as (keyof OwnContextOptions)[]).some(
      (key) => JSON.stringify(asked[key]) !== JSON.stringify(project[key]),
    );
    await use(own ? asked : null);
  },
  context: async ({ browser, warmTab, ownOptions, viewport }, use, testInfo) => {
    const options = {
      ...projectOptions(testInfo.project.use),
      viewport: testInfo.project.use.viewport,
      deviceScaleFactor: testInfo.project.use.deviceScaleFactor,
      isMobile: testInfo.project.use.isMobile,
      hasTouch: testInfo.project.use.hasTouch,
    };
    if (ownOptions) {
      const context = await browser.newContext({ ...options, ...ownOptions, viewport });
      await use(context);
      await context.close();
      return;
    }
    await cleanTab(browser, warmTab, options, viewport);
    await use(warmTab.context as BrowserContext);
    const passed = testInfo.status === testInfo.expectedStatus;
    for (const page of (warmTab.context as BrowserContext).pages())
      if (page !== warmTab.page || !passed) await page.close().catch(() => undefined);
    if (!passed || warmTab.page?.isClosed()) {
      // Whatever the failed test left (a crashed tab, a dialog, a half-done drag) goes with it.
      await warmTab.context?.close().catch(() => undefined);
      warmTab.context = null;
      warmTab.page = null;
      warmTab.initScripts = [];
    }
  },
  page: async ({ context, warmTab }, use) => {
    if (context === warmTab.context && warmTab.page) {
      await use(warmTab.page);
      return;
    }
    await use(await context.newPage());
  },
  expectedConsoleErrors: [[], { option: true }],
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures name their dependencies by destructuring
  expectConsoleError: async ({}, use, testInfo) => {
    const extra: RegExp[] = [];
    (testInfo as unknown as { __extraExpected: RegExp[] }).__extraExpected = extra;
    await use((pattern) => extra.push(pattern));
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures name their dependencies by destructuring
  watchPage: async ({}, use, testInfo) => {
    const seen: Seen[] = [];
    const stops: (() => void)[] = [];
    const watched = new WeakSet<Page>();
    (testInfo as unknown as { __seen: Seen[] }).__seen = seen;
    await use((page) => {
      if (watched.has(page)) return;
      watched.add(page);
      stops.push(attach(page, seen));
    });
    for (const stop of stops) stop();
  },
  consoleGuard: [
    async ({ context, expectedConsoleErrors, expectConsoleError, watchPage }, use, testInfo) => {
      void expectConsoleError;
      const unwatch = watchContext(context, watchPage);
      await use(undefined);
      unwatch();
      const seen = (testInfo as unknown as { __seen: Seen[] }).__seen;
      const extra = (testInfo as unknown as { __extraExpected: RegExp[] }).__extraExpected;
      const expected = [...expectedConsoleErrors, ...extra];
      const unexpected = seen.filter(
        (entry) => !expected.some((pattern) => pattern.test(entry.text)),
      );
      if (unexpected.length > 0 && testInfo.status === testInfo.expectedStatus) {
        throw new Error(
          `The page reported ${unexpected.length} unexpected error(s):\n` +
            unexpected
              .map(
                (entry) =>
                  `  ${entry.kind} at ${entry.url}: ${entry.text}${entry.stack ? `\n${entry.stack}` : ''}`,
              )
              .join('\n'),
        );
      }
    },
    { auto: true },
  ],
});

/**
 * Makes the worker's tab ready for the next test: open (a new context when there is none, or the
 * last test failed), on the blank page of the studio's origin, with that origin's storage, the
 * context's cookies and permissions, and the tab's init scripts, routes, listeners and held keys
 * cleared, at the test's viewport.
 */
async function cleanTab(
  browser: Browser,
  tab: WarmTab,
  options: BrowserContextOptions & { baseURL?: string },
  viewport: BrowserContextOptions['viewport'],
): Promise<void> {
  if (!tab.context || !tab.page || tab.page.isClosed()) {
    await tab.context?.close().catch(() => undefined);
    tab.context = await browser.newContext(options);
    tab.page = await tab.context.newPage();
    tab.initScripts = [];
    const page = tab.page;
    const add = page.addInitScript.bind(page) as Page['addInitScript'];
    page.addInitScript = (async (...args: Parameters<Page['addInitScript']>) => {
      const disposable = await add(...args);
      tab.initScripts.push(disposable);
      return disposable;
    }) as Page['addInitScript'];
  }
  const { context, page } = tab;
  for (const other of context.pages()) if (other !== page) await other.close();
  for (const script of tab.initScripts.splice(0)) await script.dispose();
  for (const event of PAGE_EVENTS) page.removeAllListeners(event);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  for (const key of MODIFIERS) await page.keyboard.up(key);
  await page.goto(BLANK);
  // The studio saves unsaved work as it leaves (`pagehide`); that write may still be landing. A
  // database is deleted only once every connection to it has closed and its transactions have
  // ended, so deleting each one from here waits for that write instead of racing it.
  await page.evaluate(async () => {
    for (const { name } of await indexedDB.databases()) {
      if (name === undefined) continue;
      await new Promise<void>((resolve, reject) => {
        const request = indexedDB.deleteDatabase(name);
        request.onsuccess = () => resolve();
        request.onerror = () => reject(request.error);
      });
    }
  });
  await context.clearCookies();
  await context.clearPermissions();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Storage.clearDataForOrigin', {
    origin: new URL(page.url()).origin,
    storageTypes: 'all',
  });
  await cdp.detach();
  // Session storage belongs to the tab, not the origin's stores above. Local storage is cleared
  // from the page as well: the renderer keeps its own copy of the origin's local storage, which
  // hears of the clear above only later (a stale copy was seen: one key left in a CI run), and a
  // clear from the page empties that copy and reaches the store after any write the last page
  // made from this renderer. Then nothing is left.
  const left = await page.evaluate(async () => {
    localStorage.clear();
    sessionStorage.clear();
    return {
      databases: (await indexedDB.databases()).map((d) => d.name),
      local: localStorage.length,
    };
  });
  if (left.databases.length > 0 || left.local > 0)
    throw new Error(`the shared tab's origin is not clean: ${JSON.stringify(left)}`);
  if (viewport) await page.setViewportSize(viewport);
}

/** Watches every page of `context`, now and to come; returns the call that stops watching. */
function watchContext(context: BrowserContext, watchPage: (page: Page) => void): () => void {
  for (const page of context.pages()) watchPage(page);
  context.on('page', watchPage);
  return () => context.off('page', watchPage);
}

/** Records `page`'s page errors and console errors in `seen`; returns the call that stops. */
function attach(page: Page, seen: Seen[]): () => void {
  const onPageError = (error: Error) =>
    seen.push({
      kind: 'pageerror',
      text: String(error.message ?? error),
      url: page.url(),
      stack: error.stack,
    });
  const onConsole = (message: { type(): string; text(): string }) => {
    if (message.type() !== 'error') return;
    seen.push({ kind: 'console.error', text: message.text(), url: page.url() });
  };
  page.on('pageerror', onPageError);
  page.on('console', onConsole);
  return () => {
    page.off('pageerror', onPageError);
    page.off('console', onConsole);
  };
}
