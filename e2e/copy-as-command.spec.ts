// Issue #40 point 5, "Copy as command": the user evaluates a fact in the studio, copies the
// command the Evaluate panel offers, saves the document under the name the panel gives and runs
// the command in a shell — it prints the decision, matched rules and result hash the studio shows.
// The fact holds a quote, `$`, backticks, Chinese and a bidi override: the command on screen and
// on the clipboard holds none of them raw (printf escapes), yet prints the fact byte for byte. The
// panel says when the text on screen has changed since the file was downloaded. English and
// Chinese; screenshots in /tmp/shots-copy-command.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ErdlFolder, erdlFolder } from './support/erdl-folder';
import { openRefundEvaluate } from './support/evaluate-panel';
import { expect, type Page, test } from './support/test';

const SHOTS = '/tmp/shots-copy-command';
const FACT =
  'tool:\n  name: issue_refund\n  args:\n    amount: 8000\n    memo: "it\'s $HOME `id` 退款 \u202Eevil"\n';

const WORDS = {
  en: {
    heading: 'Run from a shell',
    copy: 'Copy command',
    saveAs:
      'Save the document as refund-guard.erdl.yaml in the folder you run it in: the command evaluates the saved file, not the text on screen.',
    download: 'Download refund-guard.erdl.yaml',
    saved: 'refund-guard.erdl.yaml was downloaded with the text on screen.',
    unsaved: 'Unsaved changes: the text on screen has changed since refund-guard.erdl.yaml',
    escaped: 'printf',
  },
  zh: {
    heading: '在命令行中运行',
    copy: '复制命令',
    saveAs:
      '请将文档保存为 refund-guard.erdl.yaml，放在运行命令的目录中：命令对保存的文件求值，而不是对屏幕上的文本求值。',
    download: '下载 refund-guard.erdl.yaml',
    saved: '已按屏幕上的文本下载 refund-guard.erdl.yaml。',
    unsaved: '有未保存的修改：屏幕上的文本在此处下载 refund-guard.erdl.yaml 之后已更改。',
    escaped: 'printf',
  },
} as const;

let folder: ErdlFolder;
test.beforeAll(() => {
  folder = erdlFolder();
});
test.afterAll(() => folder.remove());

interface StudioResult {
  decision: string;
  matched_rules: string[];
  ruleset_hash: string;
  result_hash: string;
}

/** What the studio evaluated, once the evaluation on screen is of the fact on screen. */
function studioResult(page: Page): Promise<StudioResult> {
  return page.evaluate(() => {
    const hook = (globalThis as unknown as { __ERDL_STUDIO__: { store: { getState(): unknown } } })
      .__ERDL_STUDIO__;
    const s = hook.store.getState() as {
      activeId: string;
      evaluations: Record<string, { outcome: { kind: string; result: StudioResult } }>;
    };
    return s.evaluations[s.activeId]!.outcome.result;
  });
}

for (const lang of ['en', 'zh'] as const) {
  const w = WORDS[lang];
  test(`${lang}: the copied command, run in a shell on the saved file, prints the studio's result`, async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openRefundEvaluate(page, lang);
    await page.getByTestId('fact-input').fill(FACT);
    await expect(page.getByTestId('evaluation')).toHaveAttribute('data-current', 'true');
    await expect(page.getByTestId('decision')).toContainText('REQUEST_HUMAN');

    const panel = page.getByTestId('copy-command');
    await expect(panel.getByRole('heading', { name: w.heading })).toBeVisible();
    await expect(panel).toContainText(w.saveAs);
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/command-${lang}.png` });

    await panel.getByRole('button', { name: w.copy }).click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    await expect(panel.getByTestId('command-text')).toHaveText(copied);
    // Nothing a reader cannot see is copied; the bidi override is an escape.
    expect(copied).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
    expect(copied).toContain('\\342\\200\\256evil');
    expect(copied).toMatch(
      /^printf '[\s\S]*' \| npx --no erdl eval refund-guard\.erdl\.yaml - --as-of \S+$/,
    );

    // The user downloads the file under the name given, then runs the command where it is.
    const download = page.waitForEvent('download');
    await panel.getByRole('button', { name: w.download }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('refund-guard.erdl.yaml');
    writeFileSync(join(folder.dir, file.suggestedFilename()), readFileSync((await file.path())!));
    await expect(panel.getByTestId('command-saved')).toHaveText(w.saved);
    const printed = JSON.parse(folder.run(copied));
    const shown = await studioResult(page);
    expect({
      decision: printed.decision,
      matched_rules: printed.matched_rules,
      ruleset_hash: printed.ruleset_hash,
      result_hash: printed.result_hash,
    }).toEqual({
      decision: shown.decision,
      matched_rules: shown.matched_rules,
      ruleset_hash: shown.ruleset_hash,
      result_hash: shown.result_hash,
    });
    await expect(page.getByTestId('matched-rules')).toContainText(printed.matched_rules[0]);

    // An edit after the download: the command would evaluate the earlier file, and says so.
    await page.evaluate(() => {
      const hook = (
        globalThis as unknown as { __ERDL_STUDIO__: { store: { getState(): unknown } } }
      ).__ERDL_STUDIO__;
      const s = hook.store.getState() as {
        activeId: string;
        documents: Record<string, { text: string }>;
        setText(id: string, text: string): void;
      };
      s.setText(s.activeId, s.documents[s.activeId]!.text.replace('value: 5000', 'value: 9000'));
    });
    await expect(page.getByTestId('decision')).toContainText('ALLOW');
    await expect(panel.getByTestId('command-unsaved')).toContainText(w.unsaved);
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/unsaved-${lang}.png` });
  });
}
