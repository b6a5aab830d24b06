import { editorText } from '../support/editor';
import { openStudio } from '../support/evaluate-panel';
import { VIEWPORTS } from '../support/journey';
import { expect, test } from '../support/test';

/**
 * The reviewer signs the quick start in the Export panel ("Signed at …, by this computer's clock."
 * under the button), then edits one character in the editor. The line stayed as it was, right under
 * "Download signed", while the text on screen was no longer the one signed; it now says it is
 * about an earlier text, and is plain again once the edit is undone. In English and Chinese, at
 * 1440×900 and 1024×700; screenshots in /tmp/shots-journeys/signed-at/.
 */
const WORDS = {
  en: {
    tab: 'Export',
    generate: 'Generate signing key',
    download: 'Download signed',
    now: /^Signed at .+, by this computer’s clock\.$/,
    earlier:
      /^Signed at .+, by this computer’s clock — an earlier text: the text has changed since\.$/,
  },
  zh: {
    tab: '导出',
    generate: '生成签名密钥',
    download: '下载签名文件',
    now: /^签名时间 .+，以本机时钟为准。$/,
    earlier: /^签名时间 .+，以本机时钟为准——针对较早的文本：此后文本已改动。$/,
  },
} as const;

for (const lang of ['en', 'zh'] as const) {
  const w = WORDS[lang];
  for (const viewport of VIEWPORTS) {
    test(`"Signed at" says it is about an earlier text once the text changes (${lang}, ${viewport.width})`, async ({
      page,
    }) => {
      const shot = (name: string) =>
        page.screenshot({
          path: `/tmp/shots-journeys/signed-at/${lang}-${viewport.width}-${name}.png`,
        });
      await openStudio(page, lang);
      await page.setViewportSize(viewport);
      await page.getByRole('tab', { name: w.tab }).click();
      await page.getByRole('button', { name: w.generate }).click();
      await expect(page.getByTestId('signing-key-id')).toHaveText(/^sha256:/);
      const signedText = await editorText(page);
      await page.getByRole('button', { name: w.download }).click();
      const signedAt = page.getByTestId('signed-at');
      await expect(signedAt).toHaveText(w.now);
      await shot('signed');

      // One character in the editor: 5000 → 6000 on line 24.
      await page.evaluate(() => {
        const { editor } = (globalThis as Record<string, unknown>).__ERDL_EDITOR__ as {
          editor: { setPosition(p: object): void; focus(): void };
        };
        editor.setPosition({ lineNumber: 24, column: 18 });
        editor.focus();
      });
      await page.keyboard.press('Delete');
      await page.keyboard.type('6');
      await expect.poll(() => editorText(page)).toContain('value: 6000');
      await expect(signedAt).toHaveText(w.earlier);
      await shot('edited');

      // Undo (the deletion and the typing are a step each).
      for (let i = 0; i < 5 && (await editorText(page)) !== signedText; i++) {
        const before = await editorText(page);
        await page.keyboard.press('Control+z');
        await expect.poll(() => editorText(page)).not.toBe(before);
      }
      expect(await editorText(page)).toBe(signedText);
      await expect(signedAt).toHaveText(w.now);
    });
  }
}
