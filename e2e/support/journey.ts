import { mkdirSync } from 'node:fs';
import { openLoan } from './grid';
import type { Page } from './test';

/** The two sizes every analyst journey runs at: the default, and a narrow laptop's. */
export const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 1024, height: 700 },
] as const;

export type Viewport = (typeof VIEWPORTS)[number];

/**
 * Opens the loan example's grid in `lang` at `viewport` (e2e/journeys/analyst-*.spec.ts); returns
 * the step's screenshot, saved as `<shots>/<lang>-<width>-<name>.png`.
 */
export async function openLoanJourney(
  page: Page,
  lang: 'en' | 'zh',
  viewport: Viewport,
  shots: string,
): Promise<(name: string) => Promise<Buffer>> {
  mkdirSync(shots, { recursive: true });
  await page.setViewportSize(viewport);
  await page.addInitScript((l) => localStorage.setItem('erdl-studio.lang', l), lang);
  await openLoan(page);
  return (name) => page.screenshot({ path: `${shots}/${lang}-${viewport.width}-${name}.png` });
}
