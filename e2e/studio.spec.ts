import { expect, test } from '@playwright/test';

test('the studio loads the embedded example, shows no diagnostics, and switches language', async ({
  page,
}) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));

  await page.goto('/');

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ERDL Studio (placeholder)');
  await expect(page.locator('textarea')).toHaveValue(/\S/);
  await expect(page.getByText('No diagnostics.', { exact: true })).toBeVisible();
  await expect(page.locator('code').first()).toHaveText(/^sha256:[0-9a-f]{64}$/);
  await expect(page.locator('main')).toHaveAttribute('lang', 'en');

  await page.getByRole('button', { name: '中文' }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ERDL Studio（占位版）');
  await expect(page.getByText('无诊断。', { exact: true })).toBeVisible();
  await expect(page.getByText('No diagnostics.', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: '诊断' })).toBeVisible();
  await expect(page.locator('main')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('button', { name: 'English' })).toBeVisible();

  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByText('No diagnostics.', { exact: true })).toBeVisible();

  expect(pageErrors).toEqual([]);
});
