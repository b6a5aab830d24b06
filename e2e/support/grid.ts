import { expect, type Page } from './test';

export { editorText } from './editor';

/** Helpers for the decision-table grid specs (e2e/grid.spec.ts, e2e/journeys/grid-trust.spec.ts). */
export interface Hook {
  store: {
    getState(): {
      order: string[];
      activeId: string | null;
      documents: Record<string, { name: string; text: string }>;
      analyses: Record<string, { text: string; analysis: { diagnostics: unknown[] } }>;
      setActive(id: string): void;
      setPanel(panel: string): void;
      setLang(lang: string): void;
      addDocument(doc: Record<string, unknown>): string;
      setText(id: string, text: string): void;
    };
  };
}

export const grid = (page: Page) => page.getByTestId('decision-grid').first();
export const cell = (page: Page, row: number, col: number) =>
  grid(page).locator(`[data-cell="${row}:${col}"]`);
export const rowCount = (page: Page) => grid(page).locator('tbody tr[data-row]').count();
/**
 * The selected cell's focus input: a selected cell hands the keyboard focus to it, so whatever is
 * typed on the cell arrives as text (src/studio/grid/focus-input/FocusInput.tsx).
 */
export const focusInput = (page: Page, row: number, col: number) =>
  cell(page, row, col).getByTestId('grid-focus-input');
/** The `row:col` of the grid cell that holds the keyboard focus ('' when none does). */
export const focusedCell = (page: Page) =>
  page.evaluate(
    () =>
      (document.activeElement?.closest('[data-cell]') as HTMLElement | null)?.dataset.cell ?? '',
  );

/** Opens the loan example in the Table panel, once the editor's markers are in. */
export async function openLoan(page: Page) {
  await page.goto('/');
  await page.waitForFunction(() => performance.getEntriesByName('erdl:markers').length > 0);
  await page.evaluate(() => {
    const { store } = (globalThis as unknown as { __ERDL_STUDIO__: Hook }).__ERDL_STUDIO__;
    const s = store.getState();
    const id = s.order.find((d) => s.documents[d]?.name.includes('loan'));
    if (!id) throw new Error('no loan example');
    s.setActive(id);
    s.setPanel('table');
  });
  await expect(grid(page)).toBeVisible();
  await expect(cell(page, 0, 0)).toHaveText('< 580');
}

export function storeText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const { store } = (globalThis as unknown as { __ERDL_STUDIO__: Hook }).__ERDL_STUDIO__;
    const s = store.getState();
    return s.documents[s.activeId as string]?.text ?? '';
  });
}

/**
 * Pastes text (as a spreadsheet puts it on the clipboard) into the focused grid cell (its focus
 * input, where the browser sends the paste event).
 */
export async function pasteIntoGrid(page: Page, text: string) {
  await page.evaluate((t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    document.activeElement?.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, text);
}
