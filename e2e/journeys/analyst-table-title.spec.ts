import { grid } from '../support/grid';
import { openLoanJourney, VIEWPORTS } from '../support/journey';
import { expect, test } from '../support/test';

/**
 * The table's description, above the grid's toolbar in the Table panel, wraps to two lines at
 * these widths; the sticky toolbar reached 4 px up over it and cut the second line's descenders
 * off ("reviewed, escalated or declined"). Every line of the title is clear of the toolbar. In
 * English and Chinese, at 1440×900 and 1024×700; screenshots in /tmp/shots-journeys/table-title/.
 */
for (const lang of ['en', 'zh'] as const) {
  for (const viewport of VIEWPORTS) {
    test(`the table's description is not covered by the toolbar (${lang}, ${viewport.width})`, async ({
      page,
    }) => {
      const shot = await openLoanJourney(page, lang, viewport, '/tmp/shots-journeys/table-title');
      const description = grid(page).locator('.table-title-description');
      await expect(description).toHaveText(
        'Loan applications are approved, reviewed, escalated or declined',
      );
      const box = await description.boundingBox();
      const toolbar = await grid(page).locator('.grid-head').boundingBox();
      if (!box || !toolbar) throw new Error('no description or toolbar');
      // Two lines at these widths, and the toolbar's box starts below the last one.
      expect(box.height).toBeGreaterThan(30);
      expect(toolbar.y).toBeGreaterThanOrEqual(box.y + box.height);
      await shot('title');
    });
  }
}
