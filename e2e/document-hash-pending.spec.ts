// The document hash is left out of the markers' analysis and computed in the gloss phase right
// after it (docs/performance-log.md, "Round 5"). Until it arrives the studio must say it is being
// computed — never "no hash (the document has errors)" for a document that loads, and never an
// older text's hash as this one's.
import { currentAnalysis } from './support/studio';
import { expect, type Page, test } from './support/test';

interface StudioHook {
  store: {
    getState(): {
      activeId: string | null;
      documents: Record<string, { text: string }>;
      setText(id: string, text: string): void;
    };
  };
  kernel(): {
    request(channel: string, request: unknown, budgetMs?: number): Promise<{ status: string }>;
  };
}

const WORDS = {
  en: { pending: 'Document hash: computing…', noHash: 'no hash', zero: '0 errors' },
  zh: { pending: '文档哈希：正在计算…', noHash: '无哈希', zero: '0 个错误' },
} as const;

/** Every text the status bar's hash item shows from now on, in order. */
async function recordHashItem(page: Page) {
  await page.evaluate(() => {
    const item = document.querySelector('[data-testid="status-hash"]');
    if (!item) throw new Error('no status-hash item');
    const seen: string[] = [item.textContent ?? ''];
    (globalThis as unknown as { __hashItem: string[] }).__hashItem = seen;
    new MutationObserver(() => {
      const text = item.textContent ?? '';
      if (seen.at(-1) !== text) seen.push(text);
    }).observe(item, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => (globalThis as unknown as { __hashItem: string[] }).__hashItem);
}

for (const lang of ['en', 'zh'] as const) {
  const w = WORDS[lang];
  test(`${lang}: after an edit the status bar says the document hash is being computed, then shows the new one`, async ({
    page,
  }) => {
    await page.addInitScript((l) => localStorage.setItem('erdl-studio.lang', l), lang);
    await page.goto('/');
    await expect(page.getByTestId('status-diagnostics')).toContainText(w.zero);
    await expect(page.getByTestId('status-hash')).toContainText('sha256:');
    const before = (await page.getByTestId('status-hash').locator('button').getAttribute('title'))!;
    const seen = await recordHashItem(page);

    // An edit, then the kernel worker kept busy for a moment: the edit's analysis answers first,
    // the gloss phase (which brings the hash) waits behind the busy request.
    const spun = page.evaluate(() => {
      const hook = (globalThis as unknown as { __ERDL_STUDIO__: StudioHook }).__ERDL_STUDIO__;
      const state = hook.store.getState();
      const id = state.activeId!;
      state.setText(id, state.documents[id]!.text.replace('priority: 1', 'priority: 2'));
      return hook.kernel().request('spin', { op: 'spin', ms: 1_200 }, 1_900);
    });
    await expect(page.getByTestId('status-hash')).toHaveText(w.pending);
    await page.screenshot({ path: `/tmp/erdl-hash-pending-${lang}.png` });
    expect((await spun).status).toBe('done');

    await expect(page.getByTestId('status-hash')).toContainText('sha256:');
    const after = (await page.getByTestId('status-hash').locator('button').getAttribute('title'))!;
    expect(after).not.toBe(before);
    // The hash shown is the store's for exactly the text on screen.
    const stored = (await currentAnalysis(page)).analysis?.documentHash ?? null;
    expect(stored).not.toBeNull();
    expect(after).toContain(stored!);
    // In between it said "computing", never "no hash" (which means the document has errors).
    const texts = await seen();
    expect(texts).toContain(w.pending);
    expect(texts.filter((t) => t.includes(w.noHash))).toEqual([]);
  });
}
