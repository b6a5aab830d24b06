import { expect, type Page, test } from './support/test';

/**
 * Hostile input in the real studio (issue #9 §4; the kernel side is tests/hostile.test.ts): HTML
 * and script in every string the UI renders, documents that bomb the loader, prototype-pollution
 * paths, and broken workspace files. Each time: a diagnostic or message shows, nothing from the
 * payload becomes an element or runs (no dialog), the language switch still answers right after,
 * and no other document of the workspace is lost or changed.
 */

interface Doc {
  id: string;
  name: string;
  text: string;
  fact: string;
}
interface StudioHook {
  store: {
    getState(): {
      activeId: string | null;
      order: string[];
      documents: Record<string, Doc>;
      setText(id: string, text: string): void;
      setActive(id: string): void;
      renameDocument(id: string, name: string): void;
      updateDocument(id: string, patch: Partial<Doc>): void;
    };
  };
}

/** Every payload carries an id starting with "pwn" so a created element is easy to find. */
const PAYLOADS = [
  '<img src=x id=pwn-img onerror="window.__pwned=1;alert(1)">',
  '<script id=pwn-script>window.__pwned=2;alert(2)</script>',
  '<svg id=pwn-svg onload="window.__pwned=3;alert(3)"></svg>',
  '"><iframe id=pwn-iframe srcdoc="<script>parent.__pwned=4</script>"></iframe>',
];
const yamlString = (s: string) => JSON.stringify(s);

/** A valid document with a payload in every rendered string: names, descriptions, messages, labels. */
function payloadDocument(): string {
  const [img, script, svg, iframe] = PAYLOADS.map(yamlString);
  return `protocol: "erdl/v2"
version: "2.1.0"
metadata:
  name: ${img}
  description: ${script}
  decision: ALLOW
rules:
  - name: "SEC-901-payload"
    description: ${svg}
    priority: 10
    when:
      logic: AND
      conditions:
        - field: "tool.name"
          operator: eq
          value: ${iframe}
    then: DENY
    message: ${img}
  - name: "SEC-902-table"
    description: ${script}
    priority: 20
    when:
      kind: decision_table
      columns:
        - field: "context.country"
          label: ${svg}
      rows:
        - when: [["eq", ${img}]]
          then: NOTIFY
          message: ${script}
`;
}

/** An invalid document: the payloads reach diagnostic messages (unknown node, bad rule name). */
function payloadErrors(): string {
  return `protocol: "erdl/v2"
version: "2.1.0"
metadata:
  name: "errors"
  decision: ALLOW
rules:
  - name: ${yamlString(PAYLOADS[0] as string)}
    description: "x"
    priority: 1
    when: {expr: {${yamlString(PAYLOADS[1] as string)}: [1]}}
    then: ${yamlString(PAYLOADS[2] as string)}
    message: "m"
`;
}

const dialogs = new WeakMap<Page, string[]>();

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!localStorage.getItem('erdl-studio.lang')) localStorage.setItem('erdl-studio.lang', 'en');
  });
  const seen: string[] = [];
  dialogs.set(page, seen);
  page.on('dialog', (d) => {
    seen.push(d.message());
    void d.dismiss();
  });
  await page.goto('/');
  await expect(page.getByRole('button', { name: /^refund-guard/ })).toBeVisible();
  await expect(page.getByTestId('status-diagnostics')).toContainText('0 errors');
});

function documents(page: Page): Promise<Doc[]> {
  return page.evaluate(() => {
    const s = (
      globalThis as unknown as { __ERDL_STUDIO__: StudioHook }
    ).__ERDL_STUDIO__.store.getState();
    return s.order.map((id) => {
      const d = s.documents[id] as Doc;
      return { id: d.id, name: d.name, text: d.text, fact: d.fact };
    });
  });
}

/** Sets the active document's text (and optionally its fact and name) through the store. */
function setActive(page: Page, patch: { text?: string; fact?: string; name?: string }) {
  return page.evaluate((p) => {
    const s = (
      globalThis as unknown as { __ERDL_STUDIO__: StudioHook }
    ).__ERDL_STUDIO__.store.getState();
    const id = s.activeId as string;
    if (p.text !== undefined) s.setText(id, p.text);
    if (p.fact !== undefined) s.updateDocument(id, { fact: p.fact });
    if (p.name !== undefined) s.renameDocument(id, p.name);
  }, patch);
}

/** Nothing from a payload exists as an element, nothing ran, no dialog opened. */
async function expectNothingExecuted(page: Page) {
  await expect(page.locator('[id^="pwn"]')).toHaveCount(0);
  expect(
    await page.evaluate(() => (globalThis as Record<string, unknown>).__pwned),
  ).toBeUndefined();
  expect(dialogs.get(page)).toEqual([]);
}

/** The UI still answers: the language switch goes to Chinese and back. */
async function expectResponsive(page: Page) {
  await page.getByRole('button', { name: 'Switch the interface to Chinese' }).click();
  await expect(page.getByRole('tab', { name: '释义' })).toBeVisible();
  await page.getByRole('button', { name: '将界面切换为英文' }).click();
  await expect(page.getByRole('tab', { name: 'Gloss' })).toBeVisible();
}

/** Every document but the active one is exactly as it was. */
async function expectOthersUnchanged(page: Page, before: Doc[], activeId: string) {
  const after = await documents(page);
  expect(after.filter((d) => d.id !== activeId)).toEqual(before.filter((d) => d.id !== activeId));
}

test('HTML and script in names, messages, gloss, labels, fact values and document names stay text', async ({
  page,
}) => {
  const before = await documents(page);
  const activeId = before[0]?.id as string;
  await setActive(page, {
    text: payloadDocument(),
    fact: `tool:\n  name: ${yamlString(PAYLOADS[3] as string)}\ncontext:\n  country: ${yamlString(PAYLOADS[0] as string)}\n`,
    name: PAYLOADS[1],
  });
  // The gloss renders the payload strings — as text.
  await page.getByRole('tab', { name: 'Gloss' }).click();
  await expect(page.getByTestId('gloss-list')).toContainText('<img src=x id=pwn-img');
  // The evaluation reaches a decision and its trace shows the fact values.
  await page.getByRole('tab', { name: 'Evaluate' }).click();
  // The fact's payload value equals the rule's (priority 10 runs before the table's 20).
  await expect(page.getByTestId('decision')).toContainText('DENY');
  await expect(page.locator('[data-testid="trace"] [data-status="matched"]')).toContainText(
    'SEC-901-payload',
  );
  // The renamed document shows its name as text in the list.
  await expect(page.getByTestId('document-list')).toContainText('<script id=pwn-script>');
  await page.getByRole('tab', { name: 'Tree & hash' }).click();
  await expectNothingExecuted(page);
  // Diagnostic messages quoting the payloads.
  await setActive(page, { text: payloadErrors() });
  await expect(page.getByTestId('status-diagnostics')).not.toContainText('0 errors');
  await expect(page.getByTestId('problems')).toContainText('<img src=x');
  await expectNothingExecuted(page);
  await expectResponsive(page);
  await expectNothingExecuted(page);
  await expectOthersUnchanged(page, before, activeId);
});

const BOMBS: [string, () => string][] = [
  [
    'an alias bomb',
    () => {
      const levels = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
      for (let i = 1; i < 10; i++) {
        const prev = String.fromCharCode(96 + i);
        const name = String.fromCharCode(97 + i);
        levels.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(',')}]`);
      }
      return `protocol: "erdl/v2"\nversion: "2.1.0"\n${levels.join('\n')}\nrules: *j\n`;
    },
  ],
  ['nesting depth 10,000', () => `${'['.repeat(10_000)}${']'.repeat(10_000)}`],
  [
    'a document over the size limit (3 MB)',
    () => `protocol: "erdl/v2"\n# ${'x'.repeat(3 * 1024 * 1024)}\n`,
  ],
  [
    'prototype-pollution field paths',
    () => `protocol: "erdl/v2"
version: "2.1.0"
metadata:
  name: "pollution"
  decision: ALLOW
rules:
  - name: "SEC-903-proto"
    description: "x"
    priority: 1
    when:
      logic: OR
      conditions:
        - {field: "__proto__.polluted", operator: exists}
        - {field: "constructor.prototype.polluted", operator: eq, value: 1}
    then: DENY
    message: "m"
`,
  ],
];

for (const [label, text] of BOMBS) {
  test(`${label}: a diagnostic shows, the studio stays responsive, nothing else changes`, async ({
    page,
  }) => {
    const before = await documents(page);
    const activeId = before[0]?.id as string;
    await setActive(page, {
      text: text(),
      fact: '__proto__:\n  polluted: 1\nconstructor:\n  prototype:\n    polluted: 1\n',
    });
    // Errors for the bombs; warnings (paths outside the known namespaces) for the pollution paths.
    await expect(page.getByTestId('status-diagnostics')).toContainText(
      /[1-9]\d* (errors?|warnings?)/,
    );
    if (label.startsWith('prototype')) {
      await page.getByRole('tab', { name: 'Evaluate' }).click();
      await expect(page.getByTestId('decision')).toBeVisible();
    }
    const problems = page.getByTestId('problems');
    await expect(problems.getByRole('button').first()).toBeVisible();
    await expectResponsive(page);
    await expectNothingExecuted(page);
    // The page's Object.prototype gained nothing (the kernel side: tests/hostile.test.ts).
    expect(await page.evaluate(() => Object.keys(Object.prototype))).toEqual([]);
    expect(await page.evaluate(() => 'polluted' in {})).toBe(false);
    await expectOthersUnchanged(page, before, activeId);
  });
}

test('a truncated or future-version workspace file is refused in both languages; nothing changes', async ({
  page,
}) => {
  const before = await documents(page);
  const workspace = JSON.stringify({
    format: 'erdl-studio-workspace',
    formatVersion: 1,
    documents: [],
    activeId: null,
    fieldDictionary: [],
  });
  await page.getByTestId('open-files').setInputFiles({
    name: 'cut.erdl-workspace.json',
    mimeType: 'application/json',
    buffer: Buffer.from(workspace.slice(0, -12)),
  });
  await expect(
    page.getByRole('alert').filter({ hasText: 'cut.erdl-workspace.json' }),
  ).toBeVisible();
  await page.getByTestId('open-files').setInputFiles({
    name: 'future.erdl-workspace.json',
    mimeType: 'application/json',
    buffer: Buffer.from(workspace.replace('"formatVersion":1', '"formatVersion":2')),
  });
  const future = page.getByRole('alert').filter({ hasText: 'future.erdl-workspace.json' });
  await expect(future).toContainText('formatVersion');
  await expectResponsive(page);
  expect(await documents(page)).toEqual(before);
  await expectNothingExecuted(page);
});
