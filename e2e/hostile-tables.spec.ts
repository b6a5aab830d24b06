// Issue #35 §4 in the studio: hostile workbooks dropped on the studio are read in a worker of their
// own (src/worker/foreign-table-worker.ts), refused before anything is inflated, and the refusal
// shows in the conversion report in the UI language; no page error, the workspace unchanged, the
// studio answering. The same files through the CLI and the library: tests/fixtures/hostile/tables.
import { mkdirSync } from 'node:fs';
import { GENERATORS } from '../tests/fixtures/hostile/tables/probes';
import { expect, type Page, test } from './support/test';

interface Hook {
  store: {
    getState(): {
      activeId: string | null;
      order: string[];
      documents: Record<string, { name: string; text: string }>;
    };
  };
}

const SHOTS = '/tmp/shots-tables';
mkdirSync(SHOTS, { recursive: true });

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const WORDS = {
  en: {
    errors: '0 errors',
    title: 'Conversion report: bomb.xlsx',
    refused: 'The file was refused before any table in it was read, so no document was added.',
    refusedNote: 'Refused',
    bomb: '"xl/worksheets/sheet1.xml" declares 500 MB uncompressed (ratio 1,008:1); the limit is 200:1 for a part over 1 MB, so the workbook is refused as a zip bomb before anything in it is inflated',
    lying: '"xl/worksheets/sheet1.xml" inflates to more than the 2 KB its zip directory declares',
    corner: 'its cells reach XFD1048576, a grid of 1,048,576 rows × 16,384 columns',
    close: 'Close report',
    toOther: 'Switch the interface to Chinese',
    otherTab: '释义',
  },
  zh: {
    errors: '0 个错误',
    title: '转换报告：bomb.xlsx',
    refused: '该文件在读取其中任何决策表之前即被拒绝，因此未添加文档。',
    refusedNote: '已拒绝',
    bomb: '“xl/worksheets/sheet1.xml”声明解压后为 500 MB（压缩比 1,008:1）；超过 1 MB 的部件压缩比上限为 200:1，因此该工作簿被视为 zip 炸弹，在解压任何内容之前即被拒绝',
    lying: '“xl/worksheets/sheet1.xml”解压后超过其 zip 目录声明的 2 KB',
    corner: '其单元格延伸到 XFD1048576，构成 1,048,576 行 × 16,384 列',
    close: '关闭报告',
    toOther: '将界面切换为英文',
    otherTab: 'Gloss',
  },
} as const;

async function open(page: Page, lang: 'en' | 'zh') {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.addInitScript((l) => localStorage.setItem('erdl-studio.lang', l), lang);
  await page.goto('/');
  await expect(page.getByTestId('status-diagnostics')).toContainText(WORDS[lang].errors);
}

function workspace(page: Page) {
  return page.evaluate(() => {
    const s = (globalThis as unknown as { __ERDL_STUDIO__: Hook }).__ERDL_STUDIO__.store.getState();
    return {
      active: s.activeId,
      documents: s.order.map((id) => ({
        id,
        name: s.documents[id]?.name,
        text: s.documents[id]?.text,
      })),
    };
  });
}

async function generated(name: string): Promise<Buffer> {
  const generate = GENERATORS[name];
  if (!generate) throw new Error(`no generator ${name}`);
  return Buffer.from(await generate());
}

for (const lang of ['en', 'zh'] as const) {
  const w = WORDS[lang];

  test(`${lang}: a zip-bomb workbook is refused in a worker, in the UI language; nothing changes`, async ({
    page,
  }) => {
    await open(page, lang);
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    const before = await workspace(page);
    await page.getByTestId('open-files').setInputFiles({
      name: 'bomb.xlsx',
      mimeType: XLSX,
      buffer: await generated('xlsx-bomb'),
    });
    const report = page.getByTestId('conversion-report');
    await expect(report.getByRole('heading', { name: w.title })).toBeVisible();
    await expect(report).toContainText(w.refused);
    await expect(report.locator('[data-level="error"]')).toContainText(w.bomb);
    await expect(report.locator('[data-level="error"] strong')).toHaveText(w.refusedNote);
    await page.screenshot({ path: `${SHOTS}/bomb-${lang}.png` });
    // The file was read by the foreign-table worker, not on the main thread.
    expect(workers.some((url) => /foreign-table-worker/.test(url))).toBe(true);
    expect(await workspace(page)).toEqual(before);
    await report.getByRole('button', { name: w.close }).click();
    await expect(report).toBeHidden();
    // The studio still answers: the language switch goes to the other language and back.
    await page.getByRole('button', { name: w.toOther }).click();
    await expect(page.getByRole('tab', { name: w.otherTab })).toBeVisible();
    expect(await workspace(page)).toEqual(before);
  });

  test(`${lang}: a workbook that lies about its sizes, and a one-cell grid bomb, are refused`, async ({
    page,
  }) => {
    await open(page, lang);
    const before = await workspace(page);
    const report = page.getByTestId('conversion-report');
    await page.getByTestId('open-files').setInputFiles({
      name: 'bomb.xlsx',
      mimeType: XLSX,
      buffer: await generated('xlsx-bomb-lying'),
    });
    await expect(report.locator('[data-level="error"]')).toContainText(w.lying);
    await page.screenshot({ path: `${SHOTS}/lying-${lang}.png` });
    await report.getByRole('button', { name: w.close }).click();
    await page.getByTestId('open-files').setInputFiles({
      name: 'bomb.xlsx',
      mimeType: XLSX,
      buffer: await generated('xlsx-corner-cell'),
    });
    await expect(report.locator('[data-level="error"]')).toContainText(w.corner);
    await page.screenshot({ path: `${SHOTS}/corner-${lang}.png` });
    expect(await workspace(page)).toEqual(before);
  });
}

test('a real workbook still imports through the worker', async ({ page }) => {
  await open(page, 'en');
  const before = await workspace(page);
  const { workbook, tableSheet } = await import('../tests/fixtures/hostile/tables/probes');
  const bytes = workbook(
    tableSheet([
      ['tool.name', 'then', 'message'],
      ['"delete_account"', 'DENY', 'never'],
      ['-', 'ALLOW', ''],
    ]),
  );
  await page.getByTestId('open-files').setInputFiles({
    name: 'small.xlsx',
    mimeType: XLSX,
    buffer: Buffer.from(bytes),
  });
  await expect(page.getByTestId('conversion-report')).toContainText(
    'Converted into the new document small.',
  );
  const after = await workspace(page);
  expect(after.documents.length).toBe(before.documents.length + 1);
  expect(after.documents.find((d) => d.name === 'small')?.text).toContain('message: "never"');
  await page.screenshot({ path: `${SHOTS}/small-en.png` });
});
