import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { type BrowserContext, expect, type Page, test } from './support/test';

/**
 * The workspace (src/studio/workspace/): IndexedDB persistence across reloads, two tabs that do
 * not overwrite each other, import/export round trips and share links, in the real app at `/`.
 * The store is read through the page's test hook (`__ERDL_STUDIO__`); actions go through the UI.
 */

interface DocView {
  id: string;
  name: string;
  text: string;
  cursor: { line: number; column: number };
}

interface StudioView {
  persistence: string;
  activeId: string | null;
  documents: DocView[];
}

function studio(page: Page): Promise<StudioView> {
  return page.evaluate(() => {
    const hook = (globalThis as Record<string, unknown>).__ERDL_STUDIO__ as {
      store: {
        getState(): {
          persistence: { state: string };
          activeId: string | null;
          order: string[];
          documents: Record<string, DocView>;
        };
      };
    };
    const s = hook.store.getState();
    return {
      persistence: s.persistence.state,
      activeId: s.activeId,
      documents: s.order.flatMap((id) => {
        const d = s.documents[id];
        return d ? [{ id: d.id, name: d.name, text: d.text, cursor: d.cursor }] : [];
      }),
    };
  });
}

async function activeDoc(page: Page): Promise<DocView> {
  const view = await studio(page);
  const doc = view.documents.find((d) => d.id === view.activeId);
  if (!doc) throw new Error('no active document');
  return doc;
}

async function openStudio(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('list', { name: 'Documents in this workspace' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^refund-guard/ })).toBeVisible();
  await expect.poll(async () => (await studio(page)).persistence).toBe('saved');
}

/** Types at the end of the active document in the Monaco editor. */
async function typeAtEnd(page: Page, text: string) {
  const editor = page.getByRole('textbox', { name: 'ERDL rule document editor' });
  await expect(editor).toBeAttached();
  await page.waitForFunction(
    () => (globalThis as Record<string, unknown>).__ERDL_EDITOR__ !== undefined,
  );
  await page.locator('.monaco-editor .view-lines').first().click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await page.keyboard.type(text);
}

async function twoTabs(context: BrowserContext): Promise<[Page, Page]> {
  const a = await context.newPage();
  await openStudio(a);
  const b = await context.newPage();
  await openStudio(b);
  return [a, b];
}

test('first start: the five examples, listed with the active one marked, and no accessibility violations', async ({
  page,
}) => {
  await openStudio(page);
  const view = await studio(page);
  expect(view.documents.map((d) => d.name)).toEqual([
    'refund-guard',
    'aml-screening',
    'coding-agent-guard',
    'loan-decision-table',
    'margin-expression',
  ]);
  await expect(page.getByRole('button', { name: /^refund-guard/ })).toHaveAttribute(
    'aria-current',
    'true',
  );
  const results = await new AxeBuilder({ page }).include('[data-testid="document-list"]').analyze();
  expect(results.violations).toEqual([]);
});

test('reload right after typing restores the edit and the cursor (the pagehide flush saves it)', async ({
  page,
}) => {
  await openStudio(page);
  await typeAtEnd(page, '# typed just before the reload');
  const before = await activeDoc(page);
  expect(before.text).toContain('# typed just before the reload');
  // No waiting for the 300 ms debounce: reload at once.
  await page.reload();
  await expect(page.getByRole('list', { name: 'Documents in this workspace' })).toBeVisible();
  await expect.poll(async () => (await activeDoc(page)).text).toBe(before.text);
  const after = await activeDoc(page);
  expect(after.cursor).toEqual(before.cursor);
  expect(after.id).toBe(before.id);
  // The editor shows the restored text with the cursor where it was.
  await page.waitForFunction(
    () => (globalThis as Record<string, unknown>).__ERDL_EDITOR__ !== undefined,
  );
  await expect
    .poll(() =>
      page.evaluate(() => {
        const hook = (globalThis as Record<string, unknown>).__ERDL_EDITOR__ as {
          editor: {
            getPosition(): { lineNumber: number; column: number };
            getModel(): { getValue(): string };
          };
        };
        const p = hook.editor.getPosition();
        return { text: hook.editor.getModel().getValue(), line: p.lineNumber, column: p.column };
      }),
    )
    .toEqual({ text: before.text, line: before.cursor.line, column: before.cursor.column });
});

test('two tabs: B is told A saved a newer version; neither edit is lost (fork, then reload)', async ({
  context,
}) => {
  const [a, b] = await twoTabs(context);
  await typeAtEnd(a, '# edit in A');
  await expect.poll(async () => (await activeDoc(a)).text).toContain('# edit in A');
  await expect.poll(async () => (await studio(a)).persistence).toBe('saved');

  await typeAtEnd(b, '# edit in B');
  const banner = b.getByRole('alert').filter({ hasText: 'Another tab saved a newer version' });
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Reload theirs' })).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Keep mine as copies' })).toBeVisible();
  // B's edit is still there, and was not written over A's.
  expect((await activeDoc(b)).text).toContain('# edit in B');
  expect((await activeDoc(a)).text).toContain('# edit in A');
  expect((await studio(b)).persistence).toBe('conflict');

  await banner.getByRole('button', { name: 'Keep mine as copies' }).click();
  await expect(banner).toBeHidden();
  const forked = await studio(b);
  const texts = forked.documents.map((d) => d.text);
  expect(texts.some((t) => t.includes('# edit in A'))).toBe(true);
  expect(texts.some((t) => t.includes('# edit in B'))).toBe(true);
  expect(forked.documents.map((d) => d.name)).toContain('refund-guard (copy)');
  await expect(b.getByRole('button', { name: /^refund-guard \(copy\)/ })).toHaveAttribute(
    'aria-current',
    'true',
  );

  // A is told in turn; it has nothing unsaved, so reloading needs no confirmation.
  const bannerA = a.getByRole('alert').filter({ hasText: 'Another tab saved a newer version' });
  await expect(bannerA).toBeVisible();
  await expect(bannerA.getByRole('button', { name: 'Keep mine as copies' })).toHaveCount(0);
  await bannerA.getByRole('button', { name: 'Reload theirs' }).click();
  await expect(bannerA).toBeHidden();
  const reloaded = (await studio(a)).documents.map((d) => d.text);
  expect(reloaded.some((t) => t.includes('# edit in A'))).toBe(true);
  expect(reloaded.some((t) => t.includes('# edit in B'))).toBe(true);
});

test('two tabs: reloading theirs over unsaved changes asks first', async ({ context }) => {
  const [a, b] = await twoTabs(context);
  await typeAtEnd(a, '# from A');
  await expect.poll(async () => (await studio(a)).persistence).toBe('saved');
  // B has heard of A's save before it types: the edit below is then unsaved work over a known
  // newer version (typing first races the broadcast, and a save that lands first forks instead).
  const banner = b.getByRole('alert').filter({ hasText: 'Another tab saved a newer version' });
  await expect(banner).toBeVisible();
  await typeAtEnd(b, '# from B');
  await banner.getByRole('button', { name: 'Reload theirs' }).click();
  await expect(banner).toContainText('discard your changes');
  await banner.getByRole('button', { name: 'Cancel' }).click();
  expect((await activeDoc(b)).text).toContain('# from B');
  await banner.getByRole('button', { name: 'Reload theirs' }).click();
  await banner.getByRole('button', { name: 'Discard mine and reload' }).click();
  await expect(banner).toBeHidden();
  await expect.poll(async () => (await activeDoc(b)).text).toContain('# from A');
});

test('export a document and import it again: identical text, comments included', async ({
  page,
}) => {
  await openStudio(page);
  const original = await activeDoc(page);
  expect(original.text).toMatch(/^# /m);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export document' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('refund-guard.erdl.yaml');
  const path = await download.path();
  const exported = await readFile(path, 'utf8');
  expect(exported).toBe(original.text);

  // Playwright keeps downloads under random names: import it under the name it was saved as.
  await page.getByTestId('open-files').setInputFiles({
    name: download.suggestedFilename(),
    mimeType: 'application/yaml',
    buffer: await readFile(path),
  });
  await expect(page.getByRole('button', { name: /^refund-guard \(2\)/ })).toBeVisible();
  const imported = await activeDoc(page);
  expect(imported.name).toBe('refund-guard (2)');
  expect(imported.text).toBe(original.text);
});

test('export the workspace and import it: replace restores every document', async ({ page }) => {
  await openStudio(page);
  const before = await studio(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export workspace' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('erdl-workspace.erdl-workspace.json');
  const path = await download.path();

  // Change the workspace: delete a document (after confirming).
  await page.getByRole('button', { name: 'Delete aml-screening' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('button', { name: /^aml-screening/ })).toHaveCount(0);
  await expect(
    page.getByRole('status').filter({ hasText: 'Deleted “aml-screening”.' }),
  ).toBeVisible();

  await page.getByTestId('open-files').setInputFiles({
    name: download.suggestedFilename(),
    mimeType: 'application/json',
    buffer: await readFile(path),
  });
  const dialog = page.getByRole('dialog', { name: /Import workspace/ });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Replace workspace' }).click();
  await expect(dialog).toBeHidden();
  // The replace lands asynchronously, after the dialog has closed.
  await expect.poll(async () => (await studio(page)).documents).toEqual(before.documents);
});

test('a deleted document comes back with Undo', async ({ page }) => {
  await openStudio(page);
  const doc = (await studio(page)).documents.find((d) => d.name === 'margin-expression');
  await page.getByRole('button', { name: 'Delete margin-expression' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('button', { name: /^margin-expression/ })).toHaveCount(0);
  await page
    .getByRole('status')
    .filter({ hasText: 'Deleted' })
    .getByRole('button', { name: 'Undo' })
    .click();
  await expect(page.getByRole('button', { name: /^margin-expression/ })).toBeVisible();
  expect((await studio(page)).documents.find((d) => d.name === 'margin-expression')).toEqual(doc);
});

test('rename inline with F2, keyboard only', async ({ page }) => {
  await openStudio(page);
  const item = page.getByRole('button', { name: /^loan-decision-table/ });
  await item.focus();
  await page.keyboard.press('F2');
  const field = page.getByRole('textbox', { name: 'New name for loan-decision-table' });
  await expect(field).toBeFocused();
  await field.fill('loans');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: /^loans/ })).toBeFocused();
  expect((await studio(page)).documents.map((d) => d.name)).toContain('loans');
});

test('a share link opens as a new document', async ({ context, page }) => {
  await openStudio(page);
  await page.getByRole('button', { name: /^coding-agent-guard/ }).click();
  const shared = await activeDoc(page);
  await page.getByRole('button', { name: 'Share link' }).click();
  const linkField = page.getByRole('textbox', { name: 'Share link for coding-agent-guard' });
  await expect(linkField).toHaveValue(/#doc=[A-Za-z0-9_-]+$/);
  const link = await linkField.inputValue();

  const other = await context.newPage();
  await other.goto(link);
  await expect(other.getByRole('button', { name: /^coding-agent-guard \(2\)/ })).toBeVisible();
  const opened = await activeDoc(other);
  expect(opened.name).toBe('coding-agent-guard (2)');
  expect(opened.text).toBe(shared.text);
  // The fragment is cleared, so a reload does not import it twice.
  expect(new URL(other.url()).hash).toBe('');
  await expect.poll(async () => (await studio(other)).persistence).toBe('saved');
  await other.reload();
  await expect(other.getByRole('button', { name: /^coding-agent-guard/ })).toHaveCount(2);
});

test('a broken share link is reported in the UI language and imports nothing', async ({ page }) => {
  await page.goto('/#doc=not-a-real-link');
  await expect(
    page.getByRole('alert').filter({ hasText: 'This share link is not valid' }),
  ).toBeVisible();
  await expect.poll(async () => (await studio(page)).documents.length).toBe(5);
});

test('paste as new document, and rejected files are reported in place', async ({
  context,
  page,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openStudio(page);
  await page.evaluate(() => navigator.clipboard.writeText('# pasted rule\nprotocol: "erdl/v2"\n'));
  await page.getByRole('button', { name: 'Paste as new document' }).click();
  await expect
    .poll(async () => (await activeDoc(page)).text)
    .toBe('# pasted rule\nprotocol: "erdl/v2"\n');
  expect((await activeDoc(page)).name).toBe('pasted');

  await page.getByTestId('open-files').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('hello'),
  });
  await expect(
    page.getByRole('alert').filter({ hasText: 'notes.txt: not a rule document' }),
  ).toBeVisible();
  await page.getByTestId('open-files').setInputFiles({
    name: 'latin1.yaml',
    mimeType: 'application/yaml',
    buffer: Buffer.from([0x23, 0x20, 0xe9, 0x0a]),
  });
  await expect(
    page.getByRole('alert').filter({ hasText: 'latin1.yaml: not UTF-8 text.' }),
  ).toBeVisible();
  // Nothing was added by the rejected files; the studio keeps working.
  expect((await studio(page)).documents).toHaveLength(6);
  await expect(page.getByRole('list', { name: 'Documents in this workspace' })).toBeVisible();
});

test('new document starts from a valid skeleton; an error shows as a badge in the list', async ({
  page,
}) => {
  await openStudio(page);
  await page.getByRole('button', { name: 'New document', exact: true }).click();
  const created = await activeDoc(page);
  expect(created.name).toBe('untitled');
  await expect(page.getByRole('button', { name: /^untitled/ })).toHaveAttribute(
    'aria-current',
    'true',
  );
  // The kernel analysed it: no error badge.
  await page.waitForFunction((id) => {
    const hook = (globalThis as Record<string, unknown>).__ERDL_STUDIO__ as {
      store: { getState(): { analyses: Record<string, unknown> } };
    };
    return hook.store.getState().analyses[id] !== undefined;
  }, created.id);
  const item = page.getByRole('button', { name: /^untitled/ });
  await expect(item.getByTestId('error-badge')).toHaveCount(0);

  await page.evaluate((id) => {
    const hook = (globalThis as Record<string, unknown>).__ERDL_STUDIO__ as {
      store: {
        getState(): {
          documents: Record<string, { text: string }>;
          setText(id: string, text: string): void;
        };
      };
    };
    const s = hook.store.getState();
    s.setText(id, (s.documents[id]?.text ?? '').replace('then: ALLOW', 'then: ALLOWED'));
  }, created.id);
  await expect(item.getByTestId('error-badge')).toBeVisible();
  // One error, said in the singular (plural forms: Intl.PluralRules).
  await expect(item).toHaveAccessibleName(/untitled.*\b1 error$/);
});

test('files dropped on the list and text pasted outside the editor become documents', async ({
  page,
}) => {
  await openStudio(page);
  await page.evaluate(() => {
    const transfer = new DataTransfer();
    transfer.items.add(new File(['# dropped\nprotocol: "erdl/v2"\n'], 'dropped.erdl.yaml'));
    const list = document.querySelector('[data-testid="document-list"]');
    list?.dispatchEvent(
      new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }),
    );
    list?.dispatchEvent(
      new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }),
    );
  });
  await expect(page.getByRole('button', { name: /^dropped/ })).toBeVisible();
  expect((await activeDoc(page)).text).toBe('# dropped\nprotocol: "erdl/v2"\n');

  await page.getByRole('heading', { name: 'Documents' }).click();
  await page.evaluate(() => {
    const data = new DataTransfer();
    data.setData('text/plain', '# pasted anywhere\nprotocol: "erdl/v2"\n');
    document.body.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  });
  await expect
    .poll(async () => (await activeDoc(page)).text)
    .toBe('# pasted anywhere\nprotocol: "erdl/v2"\n');
  expect((await activeDoc(page)).name).toBe('pasted');
});

test('importing a workspace file with "Add its documents" merges under unique names', async ({
  page,
}) => {
  await openStudio(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export workspace' }).click(),
  ]);
  await page.getByTestId('open-files').setInputFiles({
    name: download.suggestedFilename(),
    mimeType: 'application/json',
    buffer: await readFile(await download.path()),
  });
  await page
    .getByRole('dialog', { name: /Import workspace/ })
    .getByRole('button', { name: 'Add its documents' })
    .click();
  // The merge is shown once it is saved (asynchronously, after the dialog has closed).
  await expect.poll(async () => (await studio(page)).documents.length).toBe(10);
  const names = (await studio(page)).documents.map((d) => d.name);
  expect(names).toHaveLength(10);
  expect(new Set(names).size).toBe(10);
  expect(names).toContain('refund-guard (2)');
});

test('typing the rule set name in the editor renames the document; typing in its rules does not', async ({
  page,
}) => {
  await openStudio(page);
  await page.getByRole('button', { name: 'New document', exact: true }).click();
  await expect(page.getByRole('button', { name: /^untitled/ })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await page.waitForFunction(
    () => (globalThis as Record<string, unknown>).__ERDL_EDITOR__ !== undefined,
  );
  await page.locator('.monaco-editor .view-lines').first().click();
  // Line 5 is `  name: "untitled"`: the cursor goes before its closing quote.
  await page.keyboard.press('Control+Home');
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  for (let i = 0; i < 'untitled'.length; i++) await page.keyboard.press('Backspace');
  await page.keyboard.type('退款守卫');
  const item = page.getByRole('button', { name: /^退款守卫/ });
  await expect(item).toHaveAttribute('aria-current', 'true');
  // Typing in the rules, far from the name, leaves the name as the text says.
  await page.keyboard.press('Control+End');
  await page.keyboard.type('# 备注');
  await expect.poll(async () => (await activeDoc(page)).text).toContain('# 备注');
  expect((await activeDoc(page)).name).toBe('退款守卫');
  // Back on the name line: the name follows again.
  await page.keyboard.press('Control+Home');
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.type('v2');
  await expect(page.getByRole('button', { name: /^退款守卫v2/ })).toHaveAttribute(
    'aria-current',
    'true',
  );
  expect((await activeDoc(page)).text).toContain('  name: "退款守卫v2"\n');
});
