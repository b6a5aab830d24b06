import { generateWideTable } from '../bench/generate-wide-table';
import { openLoan } from './support/grid';
import { activeAnalysisIsCurrent, addDocument } from './support/studio';
import { expect, test } from './support/test';

/**
 * A cell edit on a 500-row table: while its analysis is on its way, the rows the edit did not touch
 * keep their findings — greyed and busy, as about the previous text — instead of losing them and
 * getting them back a moment later (ruling I-86); once the analysis of the edited text
 * is in, they are current again. In English and Chinese.
 */
for (const lang of ['en', 'zh'] as const) {
  test(`${lang}: findings of untouched rows stay through a cell edit, greyed until it is analysed`, async ({
    page,
  }) => {
    // A cold analysis of 500 table rows takes seconds on a shared machine.
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.addInitScript((l) => localStorage.setItem('erdl-studio.lang', l), lang);
    await openLoan(page);
    await addDocument(page, {
      name: 'wide-table',
      text: generateWideTable(500, 8, { defaultRow: true }),
      panel: 'table',
    });
    const table = page.locator('[data-entry="FIN-002-wide-matrix"]');
    await activeAnalysisIsCurrent(page);
    // A row below the edited one with findings on screen: its findings marker (issue 36: the
    // findings are a marker in the Row cell, not a column).
    const watched = await table.locator('tbody tr[data-row]').evaluateAll((rows) => {
      for (const tr of rows) {
        const row = Number(tr.getAttribute('data-row'));
        if (row > 1 && tr.querySelector('[data-testid="findings-marker"]')) return row;
      }
      return -1;
    });
    expect(watched).toBeGreaterThan(1);
    const rowHead = table.locator(`tbody tr[data-row="${watched}"] > th.row-head`);
    const findings = rowHead.getByTestId('findings-marker');
    await expect(findings).toBeVisible();
    await expect(findings).not.toHaveClass(/stale/);

    // Watch the row's findings marker from the moment the edit is committed.
    await rowHead.evaluate((th) => {
      const seen = { emptied: false, greyed: false };
      (globalThis as Record<string, unknown>).__carried = seen;
      new MutationObserver(() => {
        const marker = th.querySelector('.findings-marker');
        if (!marker) seen.emptied = true;
        if (marker?.classList.contains('stale')) seen.greyed = true;
      }).observe(th, { childList: true, subtree: true, attributes: true });
    });
    await table.locator('[data-cell="0:3"]').click();
    await page.keyboard.type('>= 1');
    await page.keyboard.press('Enter');
    await expect(table.locator('[data-cell="0:3"]')).toHaveText('>= 1');
    await activeAnalysisIsCurrent(page);
    // Current again, never emptied on the way; greyed while it was about the previous text.
    await expect(findings).not.toHaveClass(/stale/);
    await expect(findings).not.toHaveAttribute('aria-busy', 'true');
    const seen = await page.evaluate(
      () =>
        (globalThis as Record<string, unknown>).__carried as { emptied: boolean; greyed: boolean },
    );
    expect(seen.emptied).toBe(false);
    expect(seen.greyed).toBe(true);
    await page.screenshot({ path: `/tmp/gridgap-carried-${lang}.png` });
  });
}
