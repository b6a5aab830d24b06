// Issue #35 point 8: a workspace file can never wipe the saved workspace. A user with documents
// imports a hostile workspace file (ids "__proto__" and "constructor", a repeated id, a document
// over the size limit): nothing is imported, the notice names each problem, and after a reload
// every document of theirs is there. A valid workspace whose ids are "__proto__", "constructor"
// and "toString" imports, is edited, and survives the reload. A replace whose save fails midway
// in IndexedDB (the record's write throws after the backup's and the journal's) changes nothing.
// In English and in Chinese; no page error (support/test.ts fails the test on one).
import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '../support/test';

const SHOTS = '/tmp/shots-workspace';
mkdirSync(SHOTS, { recursive: true });

interface Doc {
  readonly id: string;
  readonly name: string;
  readonly text: string;
}

interface Hook {
  store: {
    getState(): {
      persistence: { state: string };
      activeId: string | null;
      order: string[];
      documents: Record<string, Doc>;
    };
  };
}

const WORDS = {
  en: {
    errors: /\d+ errors?/,
    newDocument: 'New document',
    untitled: 'untitled',
    importTitle: /^Import workspace/,
    replace: 'Replace workspace',
    notValid: 'hostile.erdl-workspace.json: not a valid workspace file: ',
    repeated:
      'document 3 “again” (documents[2].id, line 25, column 13): the id “__proto__” repeats the id of document 1 “proto”',
    oversized:
      'document 4 “big” (documents[3].text, line 35, column 15): the rule text is 2097153 bytes',
    imported: 'Imported “proto.erdl-workspace.json”.',
    notSaved:
      '“other.erdl-workspace.json” was not imported: the workspace could not be saved (QuotaExceededError: The quota was exceeded.). Your workspace is unchanged.',
  },
  zh: {
    errors: /\d+ 个错误/,
    newDocument: '新建文档',
    untitled: '未命名',
    importTitle: /^导入工作区/,
    replace: '替换工作区',
    notValid: 'hostile.erdl-workspace.json：不是有效的工作区文件：',
    repeated:
      '第 3 个文档“again”（documents[2].id，第 25 行第 13 列）：ID“__proto__”与第 1 个文档“proto”的 ID 重复',
    oversized: '第 4 个文档“big”（documents[3].text，第 35 行第 15 列）：规则文本有 2097153 字节',
    imported: '已导入“proto.erdl-workspace.json”。',
    notSaved:
      '“other.erdl-workspace.json”未导入：无法保存工作区（QuotaExceededError: The quota was exceeded.）。你的工作区没有改变。',
  },
} as const;

/** A small valid rule document named `name`. */
const rules = (name: string) => `protocol: "erdl/v2"
version: "2.1.0"
metadata:
  name: "${name}"
  decision: ALLOW
rules:
  - name: "COD-001-example"
    description: "Example"
    priority: 10
    when:
      logic: AND
      conditions:
        - field: "tool.name"
          operator: eq
          value: "run_tests"
    then: ALLOW
    message: "Running the tests is allowed"
`;

/** A workspace file as the studio writes one (indented JSON). */
const workspaceFile = (documents: readonly object[], activeId: string | null) =>
  Buffer.from(
    `${JSON.stringify(
      {
        format: 'erdl-studio-workspace',
        formatVersion: 1,
        documents: documents.map((d) => ({
          fact: 'fact: {}\n',
          asOf: '2026-01-01T00:00:00.000Z',
          temporalState: '',
          ...d,
        })),
        activeId,
        fieldDictionary: '',
      },
      null,
      2,
    )}\n`,
  );

const HOSTILE = workspaceFile(
  [
    { id: '__proto__', name: 'proto', text: rules('proto') },
    { id: 'constructor', name: 'ctor', text: rules('ctor') },
    { id: '__proto__', name: 'again', text: rules('again') },
    { id: 'big', name: 'big', text: `# ${'x'.repeat(2 * 1024 * 1024 - 2)}\n` },
  ],
  '__proto__',
);

const PROTO_IDS = ['__proto__', 'constructor', 'toString'];
const PROTO = workspaceFile(
  [
    { id: '__proto__', name: 'proto-doc', text: rules('proto-doc') },
    { id: 'constructor', name: 'ctor-doc', text: rules('ctor-doc') },
    { id: 'toString', name: 'tostring-doc', text: rules('tostring-doc') },
  ],
  'constructor',
);

function studio(page: Page) {
  return page.evaluate(() => {
    const s = (globalThis as unknown as { __ERDL_STUDIO__: Hook }).__ERDL_STUDIO__.store.getState();
    return {
      persistence: s.persistence.state,
      activeId: s.activeId,
      documents: s.order.map((id) => {
        const d = s.documents[id];
        return { id, name: d?.name ?? null, text: d?.text ?? null };
      }),
    };
  });
}

const documents = async (page: Page) => (await studio(page)).documents;

async function saved(page: Page) {
  await expect.poll(async () => (await studio(page)).persistence).toBe('saved');
}

async function open(page: Page, lang: 'en' | 'zh') {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.addInitScript((l) => localStorage.setItem('erdl-studio.lang', l), lang);
  await page.goto('/');
  await expect(page.getByTestId('status-diagnostics')).toContainText(WORDS[lang].errors);
  await saved(page);
}

async function importFile(page: Page, name: string, buffer: Buffer) {
  await page
    .getByTestId('open-files')
    .setInputFiles({ name, mimeType: 'application/json', buffer });
}

for (const lang of ['en', 'zh'] as const) {
  const w = WORDS[lang];

  test(`${lang}: a hostile workspace file is refused whole, each problem named; a reload finds every document`, async ({
    page,
  }) => {
    test.slow();
    await open(page, lang);
    // The user's own work: a new document beside the examples, saved.
    await page.getByRole('button', { name: w.newDocument, exact: true }).click();
    await expect(page.getByRole('button', { name: new RegExp(`^${w.untitled}`) })).toBeVisible();
    await saved(page);
    const before = await documents(page);
    expect(before.length).toBeGreaterThan(1);

    await importFile(page, 'hostile.erdl-workspace.json', HOSTILE);
    const refused = page.getByRole('alert').filter({ hasText: 'hostile.erdl-workspace.json' });
    await expect(refused).toBeVisible();
    await expect(refused).toContainText(w.notValid);
    await expect(refused).toContainText(w.repeated);
    await expect(refused).toContainText(w.oversized);
    // Nothing asks to replace or merge, and nothing changed.
    await expect(page.getByRole('dialog', { name: w.importTitle })).toHaveCount(0);
    expect(await documents(page)).toEqual(before);
    await page.screenshot({ path: `${SHOTS}/${lang}-hostile-refused.png` });

    await page.reload();
    await expect(page.getByTestId('status-diagnostics')).toContainText(w.errors);
    await saved(page);
    expect(await documents(page)).toEqual(before);
    await expect(page.locator('.notice-error, .notice-warning')).toHaveCount(0);
  });

  test(`${lang}: a workspace with ids __proto__, constructor and toString imports, is edited and survives a reload`, async ({
    page,
  }) => {
    test.slow();
    await open(page, lang);
    await importFile(page, 'proto.erdl-workspace.json', PROTO);
    const dialog = page.getByRole('dialog', { name: w.importTitle });
    await dialog.getByRole('button', { name: w.replace }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: w.imported })).toBeVisible();
    await expect.poll(async () => (await documents(page)).map((d) => d.id)).toEqual(PROTO_IDS);
    for (const name of ['proto-doc', 'ctor-doc', 'tostring-doc'])
      await expect(page.getByRole('button', { name: new RegExp(`^${name}`) })).toBeVisible();
    expect((await studio(page)).activeId).toBe('constructor');

    // An edit in the editor of another document: every document is saved with it.
    await page.getByRole('button', { name: /^tostring-doc/ }).click();
    await page.waitForFunction(
      () => (globalThis as Record<string, unknown>).__ERDL_EDITOR__ !== undefined,
    );
    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('# edited after the import');
    await expect
      .poll(async () => (await documents(page)).find((d) => d.id === 'toString')?.text)
      .toContain('# edited after the import');
    await saved(page);
    const after = await documents(page);
    await page.screenshot({ path: `${SHOTS}/${lang}-proto-imported.png` });

    await page.reload();
    await expect(page.getByTestId('status-diagnostics')).toContainText(w.errors);
    await saved(page);
    expect(await documents(page)).toEqual(after);
    expect(after.map((d) => d.id)).toEqual(PROTO_IDS);
    await expect(page.locator('.notice-error, .notice-warning')).toHaveCount(0);
    expect(await page.evaluate(() => Object.keys(Object.prototype))).toEqual([]);
  });

  test(`${lang}: a replace whose save fails midway in IndexedDB changes nothing, and says why`, async ({
    page,
  }) => {
    test.slow();
    await open(page, lang);
    const before = await documents(page);
    // The workspace record's write throws (as a full disk or a value that cannot be stored
    // does), after the journal and the backup of the replaced workspace were written in the
    // same transaction.
    await page.evaluate(() => {
      const put = IDBObjectStore.prototype.put;
      const w = globalThis as unknown as { __restorePut: () => void };
      IDBObjectStore.prototype.put = function (
        this: IDBObjectStore,
        value: unknown,
        key?: IDBValidKey,
      ) {
        if (this.name === 'workspaces')
          throw new DOMException('The quota was exceeded.', 'QuotaExceededError');
        return put.call(this, value, key);
      };
      w.__restorePut = () => {
        IDBObjectStore.prototype.put = put;
      };
    });
    await importFile(page, 'other.erdl-workspace.json', PROTO);
    await page
      .getByRole('dialog', { name: w.importTitle })
      .getByRole('button', { name: w.replace })
      .click();
    const failed = page.getByRole('alert').filter({ hasText: 'other.erdl-workspace.json' });
    await expect(failed).toContainText(w.notSaved);
    expect(await documents(page)).toEqual(before);
    await page.screenshot({ path: `${SHOTS}/${lang}-save-failed.png` });
    await page.evaluate(() =>
      (globalThis as unknown as { __restorePut: () => void }).__restorePut(),
    );

    await page.reload();
    await expect(page.getByTestId('status-diagnostics')).toContainText(w.errors);
    await saved(page);
    expect(await documents(page)).toEqual(before);
    // Neither the backup nor the journal of the aborted save was left behind.
    const backups = await page.evaluate(
      () =>
        new Promise<string[]>((resolve, reject) => {
          const open = indexedDB.open('erdl-studio');
          open.onsuccess = () => {
            const keys = open.result.transaction('backups').objectStore('backups').getAllKeys();
            keys.onsuccess = () => resolve(keys.result.map(String));
            keys.onerror = () => reject(keys.error);
          };
          open.onerror = () => reject(open.error);
        }),
    );
    expect(backups.filter((k) => k.includes('before-replace'))).toEqual([]);
  });
}
