import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from './support/test';

/** Every V-ENGINE vector file on disk (vectors/engine/<group>/NNNN-slug.yaml). */
function vectorFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? vectorFiles(path) : name.endsWith('.yaml') ? [path] : [];
  });
}

const engineDir = fileURLToPath(new URL('../vectors/engine/', import.meta.url));

test('every V-ENGINE vector passes in the kernel inside a browser Web Worker', async ({ page }) => {
  test.slow(); // every vector through the worker: minutes when the machine is loaded
  const onDisk = vectorFiles(engineDir).length;
  expect(onDisk).toBeGreaterThan(0);

  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));

  await page.goto('/e2e/vectors.html');
  const result = page.locator('#result');
  // Until the page reports (bounded by the test's own timeout, not a guess at the machine's speed).
  await expect(result).toHaveAttribute('data-status', /^(done|error)$/, { timeout: 0 });
  const report = JSON.parse((await result.textContent()) ?? '{}');

  expect(pageErrors).toEqual([]);
  expect(await result.getAttribute('data-status'), JSON.stringify(report)).toBe('done');
  expect(report.failures).toEqual([]);
  expect(report.failed).toBe(0);
  expect(report.total).toBe(onDisk);
  expect(report.passed).toBe(onDisk);
});
