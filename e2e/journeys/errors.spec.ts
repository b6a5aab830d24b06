import { ERROR, markers } from '../support/editor';
import { expect, type Page, test } from '../support/test';

/**
 * Errors a person understands (issue #16 point 5), the user's own steps in English and Chinese:
 * a stray leading space is one error in plain words, the rest folded under it, with a fix that
 * leaves zero errors; `operator: greater_than` offers "did you mean gt"; a new document loads
 * with zero diagnostics and is named after its metadata.name. Screenshots of the Problems list
 * and a marker hover at 1440×900 go to /tmp/errors-*.png.
 */

interface StudioHook {
  store: {
    getState(): {
      activeId: string | null;
      documents: Record<string, { name: string; text: string }>;
      analyses: Record<string, { analysis: { diagnostics: { code: string }[] } }>;
    };
  };
}

const T = {
  en: {
    stray:
      'Line 4 starts with a stray space: top-level fields such as "protocol" start at the beginning of the line',
    caused: /and \d+ more caused by this/,
    fix: 'Fix…',
    apply: 'Apply',
    dialog: /Review quick fix: Remove the stray space/,
    noProblems: 'No problems.',
    didYouMean: 'Unknown operator "greater_than" (did you mean "gt"?)',
    quickFix: 'Write gt (ERDL-E304)',
    newDocument: 'New document',
    untitled: 'untitled',
    errors0: /0 errors/,
  },
  zh: {
    stray: '第 4 行开头多了 1 个空格：“protocol”这样的顶层字段应从行首写起',
    caused: /另有 \d+ 处由此引起/,
    fix: '修复…',
    apply: '应用',
    dialog: /审阅快速修复: 删除多余的空格/,
    noProblems: '没有问题。',
    didYouMean: '未知的运算符 "greater_than"（是否应为 "gt"？）',
    quickFix: '改为 gt (ERDL-E304)',
    newDocument: '新建文档',
    untitled: '未命名',
    errors0: /0 个错误/,
  },
} as const;

test.use({ viewport: { width: 1440, height: 900 } });

async function openStudio(page: Page, lang: 'en' | 'zh') {
  await page.addInitScript((l) => localStorage.setItem('erdl-studio.lang', l), lang);
  await page.goto('/');
  await page.waitForFunction(() => performance.getEntriesByName('erdl:markers').length > 0);
  await expect(page.getByTestId('status-diagnostics')).toContainText(T[lang].errors0);
}

const kernelErrors = async (page: Page) =>
  (await markers(page)).filter((m) => m.owner === 'erdl' && m.severity >= ERROR);

function activeDocument(page: Page) {
  return page.evaluate(() => {
    const { store } = (globalThis as unknown as { __ERDL_STUDIO__: StudioHook }).__ERDL_STUDIO__;
    const s = store.getState();
    const doc = s.documents[s.activeId ?? ''];
    return {
      id: s.activeId,
      name: doc?.name ?? '',
      text: doc?.text ?? '',
      diagnostics: s.analyses[s.activeId ?? '']?.analysis.diagnostics.length ?? -1,
    };
  });
}

/** Clicks the visible editor line holding `text`, the cursor at its end. */
async function clickLine(page: Page, text: string) {
  await page.locator('.view-line', { hasText: text }).first().click();
  await page.keyboard.press('End');
}

for (const lang of ['en', 'zh'] as const) {
  const t = T[lang];

  test(`${lang}: a stray leading space is one error in plain words, fixed in one step`, async ({
    page,
  }) => {
    await openStudio(page, lang);
    // The user types a space at the start of the protocol line.
    await clickLine(page, 'protocol: "erdl/v2"');
    await page.keyboard.press('Home');
    await page.keyboard.type(' ');

    // One error, in plain words, with what it causes folded under it.
    const problems = page.getByTestId('problems');
    await expect(problems.getByRole('listitem')).toHaveCount(1);
    await expect(problems).toContainText(t.stray);
    await expect(problems.getByTestId('problem-caused')).toHaveText(t.caused);
    await expect(problems).not.toContainText(/token|YAML stream/);
    // One marker for the root cause, and no schema noise from monaco-yaml about the text that
    // does not parse.
    await expect.poll(async () => (await kernelErrors(page)).length).toBe(1);
    await expect
      .poll(async () => (await markers(page)).filter((m) => m.owner !== 'erdl').length)
      .toBe(0);
    const [marker] = await kernelErrors(page);
    expect(marker?.code).toBe('ERDL-E014');
    expect(marker?.message.split('\n')[0]).toBe(t.stray);
    expect(marker?.message).toMatch(t.caused);

    await page.locator('.problems').screenshot({ path: `/tmp/errors-problems-${lang}.png` });
    // The marker's hover, by keyboard (Ctrl+K Ctrl+I) with the cursor on it.
    await clickLine(page, 'protocol: "erdl/v2"');
    await page.keyboard.press('Home');
    await page.keyboard.press('Home');
    await page.keyboard.press('Control+K');
    await page.keyboard.press('Control+I');
    const hover = page.locator('.monaco-hover:not(.hidden)');
    await expect(hover).toContainText(t.stray);
    await page.screenshot({ path: `/tmp/errors-hover-${lang}.png` });
    await page.keyboard.press('Escape');

    // The fix from the Problems list, previewed, then applied: zero errors.
    await problems
      .getByRole('button', { name: /ERDL-E014/ })
      .filter({ hasText: t.fix })
      .click();
    const dialog = page.getByRole('dialog', { name: t.dialog });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: t.apply }).click();
    await expect(dialog).toBeHidden();
    await expect.poll(async () => (await kernelErrors(page)).length).toBe(0);
    await expect(page.getByTestId('status-diagnostics')).toContainText(t.errors0);
    expect((await activeDocument(page)).text).toContain('\nprotocol: "erdl/v2"\n');
  });

  test(`${lang}: operator: greater_than offers "did you mean gt" as a quick fix`, async ({
    page,
  }) => {
    await openStudio(page, lang);
    await clickLine(page, 'operator: gt');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('greater_than');
    await expect(page.getByTestId('problems')).toContainText(t.didYouMean);
    await expect
      .poll(async () => (await kernelErrors(page)).map((m) => m.code))
      .toEqual(['ERDL-E304']);

    // Ctrl+. on the marker, the fix by keyboard, previewed and applied.
    const widget = page.locator('.action-widget');
    await expect(async () => {
      if (!(await widget.getByText(t.quickFix).isVisible())) await page.keyboard.press('Control+.');
      await expect(widget.getByText(t.quickFix)).toBeVisible({ timeout: 3000 });
    }).toPass({ timeout: 30_000 });
    for (let i = 0; i < 10; i++) {
      const focused = await widget.locator('.monaco-list-row.focused').textContent();
      if (focused?.includes(t.quickFix)) break;
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: t.apply }).click();
    await expect.poll(async () => (await kernelErrors(page)).length).toBe(0);
    expect((await activeDocument(page)).text).toContain('operator: gt\n');
  });

  test(`${lang}: a new document has zero diagnostics and is named after metadata.name`, async ({
    page,
  }) => {
    await openStudio(page, lang);
    await page.getByRole('button', { name: t.newDocument, exact: true }).click();
    await expect.poll(async () => (await activeDocument(page)).diagnostics).toBe(0);
    const created = await activeDocument(page);
    expect(created.name).toBe(t.untitled);
    expect(created.text).toContain(`  name: "${t.untitled}"\n`);
    // Zero diagnostics of any severity, the gloss lint included.
    await expect(page.getByTestId('problems')).toHaveCount(0);
    await expect(page.locator('.problems')).toContainText(t.noProblems);
    expect((await markers(page)).filter((m) => m.owner === 'erdl')).toEqual([]);

    // The user renames the rule set in the text: the document follows.
    await clickLine(page, `name: "${t.untitled}"`);
    await page.keyboard.press('Shift+Home');
    await page.keyboard.type('name: loan-rules');
    await expect.poll(async () => (await activeDocument(page)).name).toBe('loan-rules');
    await expect(page.getByRole('button', { name: /^loan-rules/ })).toBeVisible();
  });
}
