/**
 * The browser tests share one tab per worker (support/test.ts): a test must find nothing of the
 * test before it. The first test leaves behind everything a test can leave in a tab or an origin;
 * the second, run after it in the same worker, finds the studio's origin and the tab clean.
 */
import { addDocument } from './support/studio';
import { expect, test } from './support/test';

test.describe.configure({ mode: 'serial' });

const ready = /0 errors|0 个错误/;

/** The studio's test hook (src/studio/main.tsx), as far as these tests read and write it. */
interface StudioHook {
  store: {
    getState(): {
      activeId: string;
      order: string[];
      documents: Record<string, { text: string; name: string }>;
      setText(id: string, text: string): void;
    };
  };
}

test('a test leaves storage, an init script, a listener, a viewport and a permission behind', async ({
  page,
  context,
}) => {
  await page.addInitScript(() => {
    (globalThis as { __leftover?: boolean }).__leftover = true;
  });
  await page.goto('/');
  await expect(page.getByTestId('status-diagnostics')).toContainText(ready);
  await page.evaluate(async () => {
    localStorage.setItem('erdl-e2e-leftover', '1');
    localStorage.setItem('erdl-studio.lang', 'zh');
    sessionStorage.setItem('erdl-e2e-leftover', '1');
    await new Promise<void>((resolve, reject) => {
      const open = indexedDB.open('erdl-e2e-leftover');
      open.onupgradeneeded = () => open.result.createObjectStore('s');
      open.onsuccess = () => {
        open.result.close();
        resolve();
      };
      open.onerror = () => reject(open.error);
    });
  });
  // The studio's own workspace store holds the documents: an edit is persisted there.
  await page.evaluate(() => {
    const hook = (globalThis as unknown as { __ERDL_STUDIO__: StudioHook }).__ERDL_STUDIO__;
    const s = hook.store.getState();
    s.setText(s.activeId, `# leftover\n${s.documents[s.activeId]!.text}`);
  });
  // A document added and left unsaved: the studio saves it as it leaves (pagehide).
  await addDocument(page, {
    name: 'leftover-document',
    text: 'protocol: "erdl/v2"\nversion: "2.1.0"\nmetadata:\n  name: "leftover-document"\n  decision: ALLOW\nrules: []\n',
  });
  page.on('dialog', (dialog) => void dialog.accept());
  await page.setViewportSize({ width: 700, height: 500 });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.keyboard.down('Shift');
  expect(await page.evaluate(() => (globalThis as { __leftover?: boolean }).__leftover)).toBe(true);
});

test('the next test in the worker finds the tab and the origin clean', async ({ page }) => {
  // The tab waits on the blank page, at the project's viewport, with no listener left.
  expect(new URL(page.url()).pathname).toBe('/e2e/blank.html');
  expect(page.viewportSize()).toEqual({ width: 1280, height: 720 });
  // (The Page object is an event emitter; its types do not say so.)
  expect(
    (page as unknown as { listenerCount(event: string): number }).listenerCount('dialog'),
  ).toBe(0);
  await page.goto('/');
  // English (the language left in local storage is gone), and the example untouched.
  await expect(page.getByTestId('status-diagnostics')).toContainText('0 errors');
  const found = await page.evaluate(async () => {
    const hook = (globalThis as unknown as { __ERDL_STUDIO__: StudioHook }).__ERDL_STUDIO__;
    const s = hook.store.getState();
    const clipboard = await navigator.permissions.query({
      name: 'clipboard-read' as PermissionName,
    });
    return {
      leftover: (globalThis as { __leftover?: boolean }).__leftover ?? null,
      local: localStorage.getItem('erdl-e2e-leftover'),
      session: sessionStorage.getItem('erdl-e2e-leftover'),
      databases: (await indexedDB.databases()).map((d) => d.name),
      edited: s.documents[s.activeId]!.text.startsWith('# leftover'),
      names: s.order.map((id) => s.documents[id]!.name),
      clipboard: clipboard.state,
    };
  });
  expect(found.leftover).toBeNull();
  expect(found.local).toBeNull();
  expect(found.session).toBeNull();
  expect(found.databases).not.toContain('erdl-e2e-leftover');
  expect(found.edited).toBe(false);
  // The edit left unsaved was saved as the studio left (pagehide): it is not "recovered" here.
  expect(found.names).toEqual([
    'refund-guard',
    'aml-screening',
    'coding-agent-guard',
    'loan-decision-table',
    'margin-expression',
  ]);
  expect(found.clipboard).not.toBe('granted');
  // No key is held: a key pressed now arrives without Shift.
  await page.evaluate(() => {
    addEventListener('keydown', (e) => {
      (globalThis as { __shift?: boolean }).__shift = e.shiftKey;
    });
  });
  await page.keyboard.press('a');
  await expect
    .poll(() => page.evaluate(() => (globalThis as { __shift?: boolean }).__shift))
    .toBe(false);
});
