import { grid, openLoan, storeText } from './grid';
import { expect, type Page } from './test';

/**
 * Helpers of the import journeys (dmn-15, gorules-import, workbook-drop): the studio opened in a
 * language, the workspace's documents as the store holds them, and files opened the ways a user
 * opens them (the Open files… chooser, a drop on the document list).
 */
interface Hook {
  store: {
    getState(): { order: string[]; documents: Record<string, { name: string; text: string }> };
  };
}

/** The workspace's documents in order: name and text. */
export const documents = (page: Page) =>
  page.evaluate(() => {
    const s = (globalThis as unknown as { __ERDL_STUDIO__: Hook }).__ERDL_STUDIO__.store.getState();
    return s.order.map((id) => ({ name: s.documents[id]?.name, text: s.documents[id]?.text }));
  });

/**
 * The studio at 1440×900 in `lang`, once the active document is checked (`errors`: its "0 errors"
 * in that language); gives how many documents the workspace then holds.
 */
export async function openStudio(page: Page, lang: 'en' | 'zh', errors: string): Promise<number> {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.addInitScript((l) => localStorage.setItem('erdl-studio.lang', l), lang);
  await page.goto('/');
  await expect(page.getByTestId('status-diagnostics')).toContainText(errors);
  return (await documents(page)).length;
}

export interface FileToOpen {
  readonly name: string;
  readonly mimeType: string;
  readonly buffer: Buffer;
}

/** Opens a file with the document list's "Open files…" button, through the file chooser. */
export async function openWithChooser(page: Page, button: string, file: FileToOpen) {
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: button }).click(),
  ]);
  await chooser.setFiles(file);
}

/**
 * Drops a file on the document list (dragover, then drop), as a file dragged from the desktop;
 * `{ name, size }` drops `size` zero bytes made in the page (a large file costs nothing to send).
 */
export async function dropOnDocumentList(
  page: Page,
  file: FileToOpen | { readonly name: string; readonly size: number },
) {
  const sent =
    'size' in file
      ? { name: file.name, mimeType: '', bytes: [], size: file.size }
      : { name: file.name, mimeType: file.mimeType, bytes: [...file.buffer], size: 0 };
  await page.evaluate(({ name, mimeType, bytes, size }) => {
    const transfer = new DataTransfer();
    const content = size > 0 ? new Uint8Array(size) : new Uint8Array(bytes);
    transfer.items.add(new File([content], name, { type: mimeType }));
    const list = document.querySelector('[data-testid="document-list"]');
    for (const type of ['dragover', 'drop'])
      list?.dispatchEvent(
        new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }),
      );
  }, sent);
}

/** The loan example's table (openLoan) at 1440×900 in `lang`; gives the document's text. */
export async function openLoanIn(page: Page, lang: 'en' | 'zh'): Promise<string> {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.addInitScript((l) => localStorage.setItem('erdl-studio.lang', l), lang);
  await openLoan(page);
  return storeText(page);
}

/** The grid's Export Excel (`label` in the UI's language): the workbook downloaded. */
export async function exportWorkbook(page: Page, label: string) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    grid(page).getByRole('button', { name: label }).click(),
  ]);
  return {
    fileName: download.suggestedFilename(),
    bytes: Buffer.concat(await (await download.createReadStream()).toArray()),
  };
}
