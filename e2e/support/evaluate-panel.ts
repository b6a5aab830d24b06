import { expect, type Page } from './test';

const WORDS = {
  en: { errors: '0 errors', evaluate: 'Evaluate' },
  zh: { errors: '0 个错误', evaluate: '求值' },
} as const;

/**
 * Opens the studio in `lang` (1440×900) on the refund-guard example's Evaluate panel, once its
 * sample fact has evaluated (REQUEST_HUMAN).
 */
export async function openRefundEvaluate(page: Page, lang: 'en' | 'zh'): Promise<void> {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.addInitScript((l) => localStorage.setItem('erdl-studio.lang', l), lang);
  await page.goto('/');
  await expect(page.getByTestId('status-diagnostics')).toContainText(WORDS[lang].errors);
  await page
    .getByTestId('document-list')
    .getByRole('button', { name: /^refund-guard/ })
    .first()
    .click();
  await page.getByRole('tab', { name: WORDS[lang].evaluate }).click();
  await expect(page.getByTestId('decision')).toContainText('REQUEST_HUMAN');
}
