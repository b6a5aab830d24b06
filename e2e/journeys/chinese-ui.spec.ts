import { firstMarkersShown } from '../support/editor';
import { addDocument } from '../support/studio';
import { expect, type Page, test } from '../support/test';

/**
 * Issue #37 point 4: the studio in Chinese down to Monaco's own UI. A user switches to 中文 with
 * the language button: Monaco, already loaded in English, says its menus switch on the next load;
 * after a reload its context menu, find box and command palette are Chinese (monaco-editor's zh-cn
 * messages, loaded only in Chinese). A Chinese message's full-width punctuation is not boxed as a
 * look-alike of ASCII, while a bidi control still is; the signing panel writes its times in the
 * user's zone with the offset, in the Chinese date format (the browser's zone is Asia/Shanghai).
 * In English the same journey finds the English menus and dates. Screenshots: /tmp/shots-s4/zh/.
 */

const TEXT = `protocol: "erdl/v2"
version: "2.1.0"
metadata:
  name: "refund-guard"
  description: "退款金额控制"
  category: coding
  decision: ALLOW
rules:
  - name: "SEC-001-refund-limit"
    description: "超过 5,000 的退款需人工裁决"
    priority: 10
    when:
      logic: AND
      conditions:
        - field: "tool.name"
          operator: eq
          value: "\u202Ednufer_eussi\u202C"
    then: REQUEST_HUMAN
    message: "退款金额超过 5,000：需人工裁决（请先核对订单，再联系客户！）"
`;

const WORDS = {
  en: {
    cut: 'Cut',
    palette: 'Command Palette',
    find: 'Find',
    exportTab: 'Export',
    generate: 'Generate signing key',
    download: 'Download signed',
    signedAt:
      /^Signed at \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d \(UTC\+08:00\), by this computer’s clock\.$/,
    created: /Created \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d \(UTC\+08:00\)/,
  },
  zh: {
    cut: '剪切',
    palette: '命令面板',
    find: '查找',
    exportTab: '导出',
    generate: '生成签名密钥',
    download: '下载签名文件',
    signedAt: /^签名时间 \d{4}年\d{1,2}月\d{1,2}日 \d\d:\d\d（UTC\+08:00），以本机时钟为准。$/,
    created: /创建于 \d{4}年\d{1,2}月\d{1,2}日 \d\d:\d\d（UTC\+08:00）/,
  },
} as const;

const SHOTS = '/tmp/shots-s4/zh';

/** Monaco's Unicode highlights (`unicode-highlight` decorations), by line. */
function highlightedLines(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const hook = (globalThis as Record<string, unknown>).__ERDL_EDITOR__ as {
      editor: {
        getModel(): {
          getAllDecorations(): {
            range: { startLineNumber: number };
            options: { className?: string | null };
          }[];
        };
      };
    };
    return hook.editor
      .getModel()
      .getAllDecorations()
      .filter((d) => d.options.className === 'unicode-highlight')
      .map((d) => d.range.startLineNumber);
  });
}

const lineOf = (needle: string) => TEXT.slice(0, TEXT.indexOf(needle)).split('\n').length;

test.use({ timezoneId: 'Asia/Shanghai', viewport: { width: 1440, height: 900 } });

for (const lang of ['en', 'zh'] as const) {
  const w = WORDS[lang];

  test(`Monaco's own UI, Chinese punctuation unboxed and times with their offset (${lang})`, async ({
    page,
  }) => {
    test.slow();
    await page.addInitScript(() => {
      // the first visit only: later loads keep the language the user chose
      if (!sessionStorage.getItem('seen')) {
        sessionStorage.setItem('seen', '1');
        localStorage.setItem('erdl-studio.lang', 'en');
      }
    });
    await page.goto('/');
    const editorLines = page.locator('.monaco-editor .view-lines').first();
    await expect(editorLines).toBeVisible({ timeout: 60_000 });

    if (lang === 'zh') {
      // The language button: the studio is Chinese at once; Monaco, loaded in English, says so.
      await page.getByRole('button', { name: /中文/ }).click();
      const note = page.getByTestId('monaco-lang-note');
      await expect(note).toHaveText(
        '编辑器自带的菜单、查找框和命令面板仍为英文，重新载入页面后切换为中文。',
      );
      await page.screenshot({ path: `${SHOTS}/zh-switched-note.png` });
      await page.reload();
      await expect(editorLines).toBeVisible({ timeout: 60_000 });
      await expect(note).toHaveCount(0);
    }

    const id = await addDocument(page, { name: 'refund-guard', text: TEXT });
    await firstMarkersShown(page, id);

    // Right-click in the editor: Monaco's context menu in the UI language.
    await editorLines.click({ button: 'right', position: { x: 200, y: 40 } });
    const menu = page.locator('.monaco-menu').first();
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: new RegExp(`^${w.cut}`) })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: new RegExp(`^${w.palette}`) })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/${lang}-context-menu.png` });
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    // Ctrl+F: the find widget in the UI language.
    await editorLines.click({ position: { x: 200, y: 40 } });
    await page.keyboard.press('Control+F');
    const findInput = page.locator('.find-widget textarea').first();
    await expect(findInput).toBeVisible();
    await expect(findInput).toHaveAttribute('aria-label', w.find);
    await page.keyboard.type('5,000');
    await page.screenshot({ path: `${SHOTS}/${lang}-find.png` });
    await page.keyboard.press('Escape');

    // The Chinese message's full-width ：（，！） are not boxed; the bidi controls still are.
    const bidiLine = lineOf('\u202E');
    await expect.poll(() => highlightedLines(page)).toContain(bidiLine);
    const lines = await highlightedLines(page);
    expect(lines.filter((l) => l !== bidiLine)).toEqual([]);
    expect(lines).not.toContain(lineOf('退款金额超过'));
    // Monaco re-renders its view lines: wait for the line to show (no handle to a line is kept).
    await expect(editorLines.getByText('需人工裁决（请先核对订单')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/${lang}-punctuation.png` });

    // Export: a key and a signed download of a text without errors (the bidi control is one);
    // the times are in Asia/Shanghai with the offset.
    await addDocument(page, {
      name: 'refund-guard-clean',
      text: TEXT.replace('\u202Ednufer_eussi\u202C', 'issue_refund'),
    });
    await page.getByRole('tab', { name: w.exportTab }).click();
    await page.getByRole('button', { name: w.generate }).click();
    await expect(page.getByTestId('signing-key-id')).toHaveText(/^sha256:[0-9a-f]{64}$/);
    await expect(page.getByText(w.created)).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: w.download }).click();
    await download;
    await expect(page.getByTestId('signed-at')).toHaveText(w.signedAt);
    await page.getByTestId('signed-at').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/${lang}-signed-at.png` });
  });
}
