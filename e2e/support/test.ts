import { type BrowserContext, test as base, type Page } from '@playwright/test';

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

export const test = base.extend<ConsoleWatch & { consoleGuard: undefined }>({
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
    (testInfo as unknown as { __seen: Seen[] }).__seen = seen;
    await use((page) => attach(page, seen));
  },
  consoleGuard: [
    async ({ context, expectedConsoleErrors, expectConsoleError, watchPage }, use, testInfo) => {
      void expectConsoleError;
      watchContext(context, watchPage);
      await use(undefined);
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

function watchContext(context: BrowserContext, watchPage: (page: Page) => void): void {
  for (const page of context.pages()) watchPage(page);
  context.on('page', watchPage);
}

const attached = new WeakSet<Page>();

function attach(page: Page, seen: Seen[]): void {
  if (attached.has(page)) return;
  attached.add(page);
  page.on('pageerror', (error) =>
    seen.push({
      kind: 'pageerror',
      text: String(error.message ?? error),
      url: page.url(),
      stack: error.stack,
    }),
  );
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    seen.push({ kind: 'console.error', text: message.text(), url: page.url() });
  });
}
