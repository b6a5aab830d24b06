// Issue #14 point 7: Evaluate tells the whole truth — why a rule did not match (type mismatch,
// missing, null, a limit that stopped it), a headline that names a rule only when it matched and
// decided, and a fact suite opened or dropped beside its rules that becomes that document's suite.
import { readFileSync } from 'node:fs';
import { expectAmountAsString, openStudio as open, openDocument } from '../support/evaluate-panel';
import { expect, type Page, test } from '../support/test';

interface Hook {
  store: {
    getState(): {
      activeId: string | null;
      order: string[];
      panel: string;
      documents: Record<string, { name: string; text: string; suite?: string }>;
      analyses: Record<string, { analysis: { diagnostics: { severity: string }[] } }>;
    };
  };
}

/** What the per-frame hash check saw (see the hash journey below). */
interface HashFrames {
  frames: number;
  pending: number;
  marked: number;
  note: string;
  violations: string[];
  stop: boolean;
}

const EXAMPLES = 'src/studio/examples';
const LOAN_RULES = readFileSync(`${EXAMPLES}/loan-decision-table.erdl.yaml`);
const LOAN_SUITE = readFileSync(`${EXAMPLES}/loan-decision-table.facts.yaml`);

const WORDS = {
  en: {
    evaluate: 'Evaluate',
    setInFact: 'Set in fact',
    decidedBy: 'Decided by',
    treeTab: 'Tree & hash',
    treeStale: 'Of an earlier text: recomputing for the text in the editor…',
  },
  zh: {
    evaluate: '求值',
    setInFact: '写入事实',
    decidedBy: '决定',
    treeTab: '表达式树与哈希',
    treeStale: '以下是修改前文本的结果，正在按编辑器中的文本重新计算…',
  },
} as const;

function workspace(page: Page) {
  return page.evaluate(() => {
    const s = (globalThis as unknown as { __ERDL_STUDIO__: Hook }).__ERDL_STUDIO__.store.getState();
    return {
      active: s.activeId,
      panel: s.panel,
      documents: s.order.map((id) => ({
        id,
        name: s.documents[id]!.name,
        suite: s.documents[id]!.suite ?? '',
        errors: (s.analyses[id]?.analysis.diagnostics ?? []).filter((d) => d.severity === 'error')
          .length,
      })),
    };
  });
}

for (const lang of ['en', 'zh'] as const) {
  const w = WORDS[lang];

  test(`${lang}: the why-not of a string amount names the type mismatch and the number meant`, async ({
    page,
  }) => {
    await open(page, lang);
    await openDocument(page, 'refund-guard');
    await page.getByRole('tab', { name: w.evaluate }).click();
    await expect(page.getByTestId('decision')).toContainText('REQUEST_HUMAN');
    // The user sets the amount to the text "3000" (quoted: YAML text, not a number).
    await page.getByTestId('fact-field-path').fill('tool.args.amount');
    await page.getByTestId('fact-field-value').fill('"3000"');
    await page.getByRole('button', { name: w.setInFact }).click();
    await expect(page.getByTestId('fact-input')).toHaveValue(/amount: "3000"/);
    await expect(page.getByTestId('decision')).toContainText('ALLOW');
    const step = page.locator('[data-testid="trace"] [data-status="false"]').first();
    await expectAmountAsString(page, step, lang);
    await page.getByTestId('evaluation').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/evaluate-truth-mismatch-${lang}.png` });

    // Without the field at all, the reason says it is not in the fact.
    await page
      .getByTestId('fact-input')
      .fill('fact:\n  tool:\n    name: "issue_refund"\n    args: { order_id: "O1" }\n');
    await expect(step.getByTestId('failed-reason')).toHaveText(
      lang === 'en' ? 'The amount is not in the fact.' : '事实中没有金额。',
    );
  });

  test(`${lang}: a regex input over the limit is not "decided by" the rule that failed closed`, async ({
    page,
  }) => {
    await open(page, lang);
    await openDocument(page, 'coding-agent-guard');
    await page.getByRole('tab', { name: w.evaluate }).click();
    await expect(page.getByTestId('decision')).toContainText('DENY');
    // A path of 10,001 characters: SEC-103's `match` is over the 10,000-character input limit.
    const path = `/workspace/${'a'.repeat(10_001 - '/workspace/'.length)}`;
    await page
      .getByTestId('fact-input')
      .fill(`fact:\n  tool:\n    name: "read_file"\n    args:\n      path: "${path}"\n`);
    const headline = page.getByTestId('decision-headline');
    await expect(headline).toHaveText(
      lang === 'en'
        ? 'SEC-103-read-secrets failed closed: the match input has 10001 characters, over the limit of 10000. Its decision DENY applies (E12).'
        : 'SEC-103-read-secrets 失败关闭：match 的输入有 10001 个字符，超过上限 10000。采用其决策 DENY（E12）。',
    );
    await expect(headline).not.toContainText(w.decidedBy);
    // It is listed with the matched rules (E12: it applies), marked as never evaluated.
    await expect(page.getByTestId('matched-rules')).toHaveText(
      lang === 'en'
        ? 'SEC-103-read-secrets (failed closed, its condition not evaluated)'
        : 'SEC-103-read-secrets（失败关闭，条件未求值）',
    );
    await expect(page.getByTestId('decision')).toContainText('DENY');
    const step = page.locator('[data-testid="trace"] [data-status="error_fail_closed"]');
    await expect(step.getByTestId('failed-reason')).toHaveText(
      lang === 'en'
        ? 'Not evaluated: the match input has 10001 characters, over the limit of 10000. The rule failed closed: its decision DENY applies (E12).'
        : '未求值：match 的输入有 10001 个字符，超过上限 10000。规则失败关闭：采用其决策 DENY（E12）。',
    );
    await page.getByTestId('evaluation').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/evaluate-truth-limit-${lang}.png` });

    // A short path that matches: now the rule decided, and the headline says so.
    await page
      .getByTestId('fact-input')
      .fill('fact:\n  tool:\n    name: "read_file"\n    args:\n      path: "/workspace/.env"\n');
    await expect(headline).toHaveText(
      lang === 'en' ? 'Decided by SEC-103-read-secrets' : '由 SEC-103-read-secrets 决定',
    );
  });

  test(`${lang}: editing a rule with Evaluate open: the result follows the text; moving the cursor leaves it as it is`, async ({
    page,
  }) => {
    await open(page, lang);
    await openDocument(page, 'refund-guard');
    await page.getByRole('tab', { name: w.evaluate }).click();
    const result = page.getByTestId('evaluation');
    await expect(page.getByTestId('decision')).toContainText('REQUEST_HUMAN');
    // The sample refund is 8000. The user raises the rule's limit from 5000 to 50000 in the editor.
    await page.locator('.monaco-editor .view-line', { hasText: 'value: 5000' }).click();
    await page.keyboard.press('End');
    // Every frame from the edit on, the suite badge's state (a fast run may finish within one).
    await page.evaluate(() => {
      const g = globalThis as unknown as { __BADGE__: string[] };
      g.__BADGE__ = [];
      const look = () => {
        const state = document
          .querySelector('[data-testid="suite-badge"]')
          ?.getAttribute('data-state');
        g.__BADGE__.push(state ?? '');
        if (state !== 'failing') requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    await page.keyboard.type('0', { delay: 30 });
    await expect(page.getByTestId('decision')).toContainText('ALLOW');
    await expect(page.getByTestId('decision-headline')).toHaveText(
      lang === 'en'
        ? 'No rule matched; the document default ALLOW applies.'
        : '没有规则匹配：采用文档的兜底决策 ALLOW。',
    );
    await expect(result).toHaveAttribute('aria-busy', 'false');
    // The suite's "4/4 pass" was of the old limit: it is not shown as passing for the new text,
    // and once the suite has run on it, its first case (8000 needs a person) fails.
    const badge = page.getByTestId('suite-badge');
    await expect(badge).toHaveAttribute('data-state', 'failing');
    // Never green for the edited text: after the first frame (still the old text), only
    // running/outdated until the run on the new text says failing.
    // The badge may turn failing between two frames: wait for the next frame's sample to see it.
    const sampled = () =>
      page.evaluate(() => (globalThis as unknown as { __BADGE__: string[] }).__BADGE__);
    await expect.poll(async () => (await sampled()).at(-1)).toBe('failing');
    const frames = await sampled();
    const afterEdit = frames.slice(frames.findIndex((f) => f !== 'passing'));
    expect(afterEdit.every((f) => /^(running|outdated|failing)$/.test(f))).toBe(true);
    await expect(badge).toHaveText(lang === 'en' ? 'Tests: 1 failing' : '测试：1 个失败');
    const evaluations = () =>
      page.evaluate(() => performance.getEntriesByName('erdl:evaluation').length);
    const before = await evaluations();
    // Reading around: the cursor moves, the text does not. Nothing is evaluated again, and the
    // result is never shown as pending.
    const cursor = () =>
      page.evaluate(() => {
        const s = (
          globalThis as unknown as {
            __ERDL_STUDIO__: {
              store: {
                getState(): {
                  activeId: string;
                  documents: Record<string, { cursor: { line: number; column: number } }>;
                };
              };
            };
          }
        ).__ERDL_STUDIO__.store.getState();
        return s.documents[s.activeId]!.cursor;
      });
    const start = await cursor();
    for (const key of ['ArrowLeft', 'ArrowLeft', 'ArrowUp', 'ArrowUp', 'Home']) {
      await page.keyboard.press(key);
      await expect(result).toHaveAttribute('aria-busy', 'false');
    }
    await expect.poll(cursor).not.toEqual(start);
    await page.locator('.monaco-editor .view-line', { hasText: 'operator: gt' }).first().click();
    await expect(result).toHaveAttribute('aria-busy', 'false');
    expect(await evaluations()).toBe(before);
    await expect(page.getByTestId('decision')).toContainText('ALLOW');
    await result.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/evaluate-follows-text-${lang}.png` });
    // Undoing the edit brings the rule's decision back.
    await page.locator('.monaco-editor .view-line', { hasText: 'value: 50000' }).click();
    await page.keyboard.press('End');
    await page.keyboard.press('Backspace');
    await expect(page.getByTestId('decision')).toContainText('REQUEST_HUMAN');
    await expect(result).toHaveAttribute('aria-busy', 'false');
    await expect(badge).toHaveAttribute('data-state', 'passing');
  });

  test(`${lang}: while the user types, the document hash shown (status bar, Tree & hash) is in every frame of the text on screen, or marked as of an earlier one`, async ({
    page,
  }) => {
    await open(page, lang);
    await openDocument(page, 'refund-guard');
    await page.getByRole('tab', { name: w.treeTab }).click();
    const treeHash = page.getByTestId('document-hash');
    await expect(treeHash).toHaveText(/^sha256:[0-9a-f]{64}$/);
    const hashButton = page.getByTestId('status-hash').getByRole('button');
    await expect(hashButton).toBeVisible();
    const original = await hashButton.getAttribute('title');
    // Every frame from now on: a hash on screen (its button's title holds it in full) is the hash
    // of an analysis of exactly the editor's text.
    await page.evaluate(() => {
      type State = {
        activeId: string;
        documents: Record<string, { text: string }>;
        analyses: Record<string, { text: string; analysis: { documentHash: string | null } }>;
      };
      const g = globalThis as unknown as {
        __ERDL_STUDIO__: { store: { getState(): State } };
        __HASH_FRAMES__: HashFrames;
      };
      const record: HashFrames = {
        frames: 0,
        pending: 0,
        marked: 0,
        note: '',
        violations: [],
        stop: false,
      };
      g.__HASH_FRAMES__ = record;
      const check = () => {
        record.frames += 1;
        const s = g.__ERDL_STUDIO__.store.getState();
        const text = s.documents[s.activeId]!.text;
        const entry = s.analyses[s.activeId];
        const title = document
          .querySelector('[data-testid="status-hash"] button')
          ?.getAttribute('title');
        if (title) {
          const hash = entry?.analysis.documentHash;
          if (!entry || entry.text !== text || !hash || !title.endsWith(hash))
            record.violations.push(`frame ${record.frames}: ${title.slice(-12)} shown`);
        } else record.pending += 1;
        // Tree & hash: a hash not marked as of an earlier text (greyed, with the note) is current.
        const tree = document.querySelector('[data-testid="document-hash"]');
        const marked =
          tree?.classList.contains('stale') && document.querySelector('[data-testid="tree-stale"]');
        const shown = tree?.textContent ?? '';
        if (shown.startsWith('sha256:') && !marked) {
          if (!entry || entry.text !== text || shown !== entry.analysis.documentHash)
            record.violations.push(`frame ${record.frames}: tree ${shown.slice(-12)} unmarked`);
        }
        if (marked) {
          record.marked += 1;
          record.note = document.querySelector('[data-testid="tree-stale"]')?.textContent ?? '';
        }
        if (!record.stop) requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    });
    // The user raises the limit 5000 to 5000000, then takes it back.
    await page.locator('.monaco-editor .view-line', { hasText: 'value: 5000' }).click();
    await page.keyboard.press('End');
    await page.keyboard.type('000', { delay: 30 });
    await expect(hashButton).toBeVisible();
    expect(await hashButton.getAttribute('title')).not.toBe(original);
    for (let i = 0; i < 3; i++) await page.keyboard.press('Backspace', { delay: 30 });
    await expect(hashButton).toHaveAttribute('title', original!);
    const record = await page.evaluate(() => {
      const g = globalThis as unknown as {
        __HASH_FRAMES__: HashFrames;
      };
      g.__HASH_FRAMES__.stop = true;
      return g.__HASH_FRAMES__;
    });
    expect(record.violations).toEqual([]);
    // The edits were seen: frames where the hash was being computed, not shown.
    expect(record.pending).toBeGreaterThan(0);
    expect(record.marked).toBeGreaterThan(0);
    // The note's words, as shown in the frames where the panel's hashes were of an earlier text.
    expect(record.note).toBe(w.treeStale);
    await expect(page.getByTestId('tree-stale')).toHaveCount(0);
    await page.locator('.status-bar').screenshot({ path: `/tmp/status-hash-${lang}.png` });
  });
}

test('loan-decision-table.facts.yaml opened beside its rules becomes that document’s suite', async ({
  page,
}) => {
  await open(page, 'en');
  const before = await workspace(page);
  await page.getByTestId('open-files').setInputFiles([
    { name: 'loan-decision-table.erdl.yaml', mimeType: 'application/yaml', buffer: LOAN_RULES },
    { name: 'loan-decision-table.facts.yaml', mimeType: 'application/yaml', buffer: LOAN_SUITE },
  ]);
  // One new document (the rules), whose suite is the facts file; no document of the facts file.
  await expect
    .poll(async () => (await workspace(page)).documents.length)
    .toBe(before.documents.length + 1);
  // The suite is placed once every rule file imported with it is in: its notice says so.
  await expect(
    page.getByRole('status').filter({
      hasText: '“loan-decision-table.facts.yaml” is now the fact suite of “loan-decision”.',
    }),
  ).toBeVisible();
  const after = await workspace(page);
  const added = after.documents.find((d) => !before.documents.some((b) => b.id === d.id))!;
  // Named after its metadata.name (the seeded example keeps its own name); the suite still
  // follows the file imported with it, matched by file name.
  expect(added.name).toBe('loan-decision');
  expect(added.suite).toBe(LOAN_SUITE.toString('utf8'));
  expect(after.documents.some((d) => /facts/.test(d.name))).toBe(false);
  expect(after.active).toBe(added.id);
  // It shows in the Evaluate panel as the document's suite, and runs: every case passes.
  await expect(page.getByTestId('suite-input')).toHaveValue(LOAN_SUITE.toString('utf8'));
  await expect(page.getByTestId('suite-badge')).toHaveAttribute('data-state', 'passing');
  await expect(page.getByTestId('status-diagnostics')).toContainText('0 errors');
});

test('zh：把 loan-decision-table.facts.yaml 与其规则一起拖入，成为该文档的事实测试集', async ({
  page,
}) => {
  await open(page, 'zh');
  const before = await workspace(page);
  await page.evaluate(
    ([rules, suite]) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([suite!], 'loan-decision-table.facts.yaml'));
      transfer.items.add(new File([rules!], 'loan-decision-table.erdl.yaml'));
      document
        .querySelector('[data-testid="document-list"]')!
        .dispatchEvent(
          new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }),
        );
    },
    [LOAN_RULES.toString('utf8'), LOAN_SUITE.toString('utf8')],
  );
  await expect(
    page.getByRole('status').filter({
      hasText: '“loan-decision-table.facts.yaml”已成为“loan-decision”的事实测试集。',
    }),
  ).toBeVisible();
  const after = await workspace(page);
  expect(after.documents.length).toBe(before.documents.length + 1);
  const added = after.documents.find((d) => d.name === 'loan-decision')!;
  expect(added.suite).toBe(LOAN_SUITE.toString('utf8'));
  expect(added.errors).toBe(0);
  expect(after.documents.some((d) => /facts/.test(d.name))).toBe(false);
  await expect(page.getByTestId('suite-badge')).toHaveAttribute('data-state', 'passing');
  await page.screenshot({ path: '/tmp/evaluate-truth-suite-drop-zh.png' });
});

for (const lang of ['en', 'zh'] as const) {
  test(`${lang}: a facts file opened alone with no rules of its name is offered to the active document, never opened as rules`, async ({
    page,
  }) => {
    await open(page, lang);
    await openDocument(page, 'margin-expression');
    const before = await workspace(page);
    const suite = `suite: "margin"\ncases:\n  - name: "a quote"\n    fact: { tool: { name: "create_quote", args: { price: 100 } }, context: { cost: 50 } }\n`;
    await page.getByTestId('open-files').setInputFiles({
      name: 'pricing.facts.yaml',
      mimeType: 'application/yaml',
      buffer: Buffer.from(suite),
    });
    const offer = page.getByTestId('suite-offer');
    await expect(offer).toContainText(
      lang === 'en'
        ? '“pricing.facts.yaml” is a fact suite, not a rule document, and no open document is named “pricing”.'
        : '“pricing.facts.yaml”是事实测试集，不是规则文档；没有名为“pricing”的已打开文档。',
    );
    expect((await workspace(page)).documents).toEqual(before.documents);
    await page.screenshot({ path: `/tmp/evaluate-truth-suite-offer-${lang}.png` });
    await offer
      .getByRole('button', {
        name: lang === 'en' ? 'Attach to “margin-expression”' : '附加到“margin-expression”',
      })
      .click();
    await expect(offer).toBeHidden();
    const after = await workspace(page);
    expect(after.documents.length).toBe(before.documents.length);
    expect(after.documents.find((d) => d.name === 'margin-expression')!.suite).toBe(suite);
    await expect(page.getByTestId('suite-input')).toHaveValue(suite);
  });
}

test('a facts file for an open document with another suite replaces it only when asked', async ({
  page,
}) => {
  await open(page, 'en');
  const before = await workspace(page);
  const own = before.documents.find((d) => d.name === 'loan-decision-table')!.suite;
  const other = `${LOAN_SUITE.toString('utf8')}# changed\n`;
  await page.getByTestId('open-files').setInputFiles({
    name: 'loan-decision-table.facts.yaml',
    mimeType: 'application/yaml',
    buffer: Buffer.from(other),
  });
  const offer = page.getByTestId('suite-offer');
  await expect(offer).toContainText(
    '“loan-decision-table.facts.yaml” is the fact suite of “loan-decision-table”, which already has a different suite. Replace it?',
  );
  await offer.getByRole('button', { name: 'Dismiss' }).click();
  await expect(offer).toBeHidden();
  expect((await workspace(page)).documents).toEqual(before.documents);
  expect(own).not.toBe(other);

  await page.getByTestId('open-files').setInputFiles({
    name: 'loan-decision-table.facts.yaml',
    mimeType: 'application/yaml',
    buffer: Buffer.from(other),
  });
  await offer.getByRole('button', { name: 'Replace its suite' }).click();
  await expect
    .poll(
      async () =>
        (await workspace(page)).documents.find((d) => d.name === 'loan-decision-table')!.suite,
    )
    .toBe(other);
  expect((await workspace(page)).documents.length).toBe(before.documents.length);
});
