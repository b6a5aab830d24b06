import { expect, type Page, test } from '../support/test';

/**
 * Issue #14: a conversion and its inverse give the document back byte for byte. The user opens
 * the quick start, converts SEC-001-refund-limit to a decision table (the dialog says in their
 * words what changes), applies it, converts it back to Simple — and has exactly the text and the
 * document hash they started with. In English and in Chinese; no console errors (the support
 * fixture fails the test on any).
 */

interface Hook {
  store: {
    getState(): {
      activeId: string | null;
      order: string[];
      documents: Record<string, { name: string; text: string }>;
      analyses: Record<string, { text: string; analysis: { hash?: string | null } }>;
      setActive(id: string): void;
    };
  };
}

const WORDS = {
  en: {
    lang: 'en',
    gloss: 'Gloss',
    toTable: 'Convert SEC-001-refund-limit to Table (shows the change first)',
    toSimple: 'Convert SEC-001-refund-limit to Simple (shows the change first)',
    tableTitle: 'Show SEC-001-refund-limit as a decision table',
    tableSummary:
      'Same decisions, same rule hashes; results will call the rule SEC-001-refund-limit#1 instead of SEC-001-refund-limit, so the document hash changes until you convert back.',
    simpleTitle: 'Show SEC-001-refund-limit as Simple conditions',
    simpleSummary:
      'results will call the rule SEC-001-refund-limit instead of SEC-001-refund-limit#1',
    apply: 'Apply',
    cancel: 'Cancel',
    errors: '0 errors',
  },
  zh: {
    lang: 'zh',
    gloss: '释义',
    toTable: '将 SEC-001-refund-limit 转换为决策表（先显示改动）',
    toSimple: '将 SEC-001-refund-limit 转换为简单形式（先显示改动）',
    tableTitle: '将 SEC-001-refund-limit 转换为决策表',
    tableSummary:
      '决策不变，规则哈希不变；结果中该规则将称为 SEC-001-refund-limit#1（原为 SEC-001-refund-limit），因此文档哈希会改变，转换回来即可恢复。',
    simpleTitle: '将 SEC-001-refund-limit 转换为简单形式',
    simpleSummary: '结果中该规则将称为 SEC-001-refund-limit（原为 SEC-001-refund-limit#1）',
    apply: '应用',
    cancel: '取消',
    errors: '0 个错误',
  },
} as const;

/** The active document's text and the hash the status bar shows for it (its full value). */
async function current(page: Page): Promise<{ text: string; hash: string }> {
  const text = await page.evaluate(() => {
    const s = (globalThis as unknown as { __ERDL_STUDIO__: Hook }).__ERDL_STUDIO__.store.getState();
    return s.documents[s.activeId as string]?.text ?? '';
  });
  const title =
    (await page.getByTestId('status-hash').locator('button').getAttribute('title')) ?? '';
  return { text, hash: title.slice(title.indexOf('sha256:')) };
}

/** Waits until the analysis (and so the status bar) is about exactly the current text. */
async function settled(page: Page, errors: string) {
  await page.waitForFunction(() => {
    const s = (globalThis as unknown as { __ERDL_STUDIO__: Hook }).__ERDL_STUDIO__.store.getState();
    const id = s.activeId as string;
    return s.analyses[id]?.text === s.documents[id]?.text;
  });
  await expect(page.getByTestId('status-diagnostics')).toContainText(errors);
  await expect(page.getByTestId('status-diagnostics')).not.toContainText(/analy|分析/i);
}

for (const words of [WORDS.en, WORDS.zh]) {
  test(`${words.lang}: Simple → decision table → Simple gives the same text and hash`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.addInitScript((lang) => {
      localStorage.setItem('erdl-studio.lang', lang);
    }, words.lang);
    await page.goto('/');
    await page.evaluate(() => {
      const s = (
        globalThis as unknown as { __ERDL_STUDIO__: Hook }
      ).__ERDL_STUDIO__.store.getState();
      const id = s.order.find((d) => s.documents[d]?.name.includes('quick-start'));
      if (id) s.setActive(id);
    });
    await settled(page, words.errors);
    const before = await current(page);
    expect(before.text).toContain('name: "SEC-001-refund-limit"');
    expect(before.hash).toMatch(/^sha256:[0-9a-f]{64}$/);

    // Convert to a decision table: the dialog says what changes, in the user's words. A first
    // look closed at once (before the diff is computed) logs nothing and changes nothing.
    await page.getByRole('tab', { name: words.gloss }).click();
    const dialog = page.getByRole('dialog');
    await page.getByRole('button', { name: words.toTable }).click();
    await dialog.getByRole('button', { name: words.cancel }).click();
    await expect(dialog).toHaveCount(0);
    expect((await current(page)).text).toBe(before.text);
    await page.getByRole('button', { name: words.toTable }).click();
    await expect(dialog.getByRole('heading')).toHaveText(words.tableTitle);
    await expect(dialog.getByTestId('fix-summary')).toHaveText(words.tableSummary);
    await expect(dialog).not.toContainText(
      /Review quick fix|Diagnostic convert|预览快速修复|诊断 convert/,
    );
    await expect(dialog.getByTestId('fix-diff')).toContainText('kind: decision_table');
    await page.screenshot({ path: `/tmp/conversions-${words.lang}-to-table.png` });
    await dialog.getByRole('button', { name: words.apply }).click();
    await expect(dialog).toHaveCount(0);
    await settled(page, words.errors);
    const table = await current(page);
    expect(table.text).toContain('kind: decision_table');
    // The rule is now the table's row 1: its name in results, and so the document hash, change.
    expect(table.hash).not.toBe(before.hash);
    await expect(
      page.getByRole('button', { name: /SEC-001-refund-limit#1/ }).first(),
    ).toBeVisible();

    // And back to Simple.
    await page.getByRole('button', { name: words.toSimple }).click();
    await expect(dialog.getByRole('heading')).toHaveText(words.simpleTitle);
    await expect(dialog.getByTestId('fix-summary')).toContainText(words.simpleSummary);
    await expect(dialog.getByTestId('fix-diff')).toContainText('logic: AND');
    await page.screenshot({ path: `/tmp/conversions-${words.lang}-to-simple.png` });
    await dialog.getByRole('button', { name: words.apply }).click();
    await expect(dialog).toHaveCount(0);
    await settled(page, words.errors);
    const after = await current(page);
    expect(after.text).toBe(before.text);
    expect(after.hash).toBe(before.hash);
  });
}
