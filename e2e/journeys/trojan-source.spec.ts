import { editorText, firstMarkersShown } from '../support/editor';
import { activeAnalysisIsCurrent, addDocument } from '../support/studio';
import { expect, type Page, test } from '../support/test';

/**
 * Issue #35 point 6, text that reads as it runs (Trojan Source, CVE-2021-42574), in English and in
 * Chinese. A rule compares `tool.name` with `"\u202Etnuocca_eteled\u202C"` — shown by any plain
 * renderer as `delete_account` — and its name ends in a zero-width space. The editor boxes the bidi
 * controls (Monaco's Unicode highlighting, `[U+202E]`) and writes the invisible characters out as
 * `⟨U+200B⟩`, also inside a Chinese word where Monaco's own highlighting is silent; the Chinese
 * message's full-width punctuation gets no mark at all (Monaco's defaults box ，：（） next to the
 * digit as look-alikes of ASCII). The hover says what each character is,
 * the Problems list names them (ERDL-E025, ERDL-W026), and the quick fix applied from the editor
 * removes the bidi controls: the error clears and the value reads as it runs, `tnuocca_eteled`.
 * Then the gloss, the editor's hover on the rule name, the Evaluate trace (names and values) and a
 * decision table with a bidi cell (grid cell, header, rule name, "Reads as") show `⟨U+…⟩` tokens.
 * Screenshots: /tmp/shots-visible-text/<lang>-*.png.
 */

const SIMPLE = `protocol: "erdl/v2"
version: "2.1.0"
metadata:
  name: "trojan-source"
  description: "删除\u200B账户的请求"
  category: coding
  decision: ALLOW
rules:
  - name: "SEC-001-a\u200B"
    description: "Account deletion is never allowed"
    priority: 10
    when:
      logic: AND
      conditions:
        - field: "tool.name"
          operator: eq
          value: "\u202Etnuocca_eteled\u202C"
    then: DENY
    message: "每日删除超过3个账户，需人工审批：请确认（一）“名单”。"
`;

const TABLE = `protocol: "erdl/v2"
version: "2.1.0"
metadata:
  name: "trojan-table"
  description: "Hidden characters in a table"
  category: coding
  decision: ALLOW
rules:
  - name: "SEC-101-tools"
    description: "Tool calls by name"
    priority: 10
    when:
      kind: decision_table
      columns:
        - field: "tool.name"
          label: { zh: "工具\u200B名称", en: "tool\u200B name" }
      rows:
        - name: "block\u200B"
          when: [[eq, "\u202Etnuocca_eteled\u202C"]]
          then: DENY
          message: "删除账户被拒绝。"
        - when: []
          then: ALLOW
`;

const WORDS = {
  en: {
    noErrors: '0 errors',
    bidiHover: 'U+202E RIGHT-TO-LEFT OVERRIDE — a bidi control',
    zwspTitle: 'U+200B ZERO WIDTH SPACE — an invisible character',
    fixAction: 'Remove the hidden characters (ERDL-E025)',
    fixDialog: /Review quick fix: Remove the hidden characters/,
    apply: 'Apply',
    gloss: 'Gloss',
    evaluate: 'Evaluate',
    nodeValues: 'Node values',
    label: 'tool⟨U+200B⟩ name',
    readsAs: 'Reads as:',
  },
  zh: {
    noErrors: '0 个错误',
    bidiHover: 'U+202E 从右到左覆盖（RLO）——双向控制字符',
    zwspTitle: 'U+200B 零宽空格（ZWSP）——不可见字符',
    fixAction: '删除隐藏字符（ERDL-E025）',
    fixDialog: /预览快速修复：删除隐藏字符/,
    apply: '应用',
    gloss: '释义',
    evaluate: '求值',
    nodeValues: '各节点的值',
    label: '工具⟨U+200B⟩名称',
    readsAs: '读作：',
  },
} as const;

const SHOTS = '/tmp/shots-visible-text';

/** 1-based line and column of the `nth` occurrence of `needle` in `text`. */
function positionOf(text: string, needle: string, nth = 0): { line: number; column: number } {
  let at = -1;
  for (let i = 0; i <= nth; i++) at = text.indexOf(needle, at + 1);
  if (at < 0) throw new Error(`${JSON.stringify(needle)} not in the text`);
  const before = text.slice(0, at).split('\n');
  return { line: before.length, column: (before.at(-1) ?? '').length + 1 };
}

interface Mark {
  readonly kind: 'unicode' | 'bidi' | 'label';
  readonly line: number;
  readonly column: number;
  readonly content: string | null;
}

/**
 * The editor's marks of hidden characters: Monaco's Unicode highlighting (`unicode`), the studio's
 * box around a bidi control (`bidi`) and its written-out invisible character (`label`).
 */
function marks(page: Page): Promise<Mark[]> {
  return page.evaluate(() => {
    const hook = (globalThis as Record<string, unknown>).__ERDL_EDITOR__ as {
      editor: {
        getModel(): {
          getAllDecorations(): {
            range: { startLineNumber: number; startColumn: number };
            options: {
              className?: string | null;
              before?: { content: string; inlineClassName?: string } | null;
            };
          }[];
        };
      };
    };
    return hook.editor
      .getModel()
      .getAllDecorations()
      .flatMap((d) => {
        const o = d.options;
        const kind =
          o.className === 'unicode-highlight'
            ? 'unicode'
            : o.className?.includes('erdl-hidden-char-bidi')
              ? 'bidi'
              : o.before?.inlineClassName === 'erdl-hidden-char-label'
                ? 'label'
                : null;
        return kind
          ? [
              {
                kind,
                line: d.range.startLineNumber,
                column: d.range.startColumn,
                content: o.before?.content ?? null,
              } as const,
            ]
          : [];
      })
      .sort((a, b) => a.line - b.line || a.column - b.column || a.kind.localeCompare(b.kind));
  });
}

/** Puts the cursor at a position and asks for the hover there, as Ctrl+K Ctrl+I does. */
async function hoverAt(page: Page, at: { line: number; column: number }) {
  await page.keyboard.press('Escape');
  await page.evaluate((p) => {
    const hook = (globalThis as Record<string, unknown>).__ERDL_EDITOR__ as {
      editor: {
        setPosition(p: { lineNumber: number; column: number }): void;
        focus(): void;
        trigger(source: string, id: string, payload: unknown): void;
      };
    };
    hook.editor.setPosition({ lineNumber: p.line, column: p.column });
    hook.editor.focus();
    hook.editor.trigger('e2e', 'editor.action.showHover', {});
  }, at);
  return page.locator('.monaco-hover:not(.hidden)').last();
}

for (const lang of ['en', 'zh'] as const) {
  const w = WORDS[lang];

  test(`a Trojan Source value and an invisible character are shown wherever the studio shows text (${lang})`, async ({
    page,
  }) => {
    test.slow();
    await page.addInitScript((l) => localStorage.setItem('erdl-studio.lang', l), lang);
    await page.goto('/');
    await page.waitForFunction(() => performance.getEntriesByName('erdl:markers').length > 0);
    const id = await addDocument(page, {
      name: 'trojan\u200B-source',
      text: SIMPLE,
      fact: '{"tool": {"name": "tnuocca\u200B_eteled"}}',
    });
    await firstMarkersShown(page, id);

    // ── The editor marks every hidden character; the Chinese punctuation gets no mark. ──────────
    const rlo = positionOf(SIMPLE, '\u202E');
    const pdf = positionOf(SIMPLE, '\u202C');
    const inName = positionOf(SIMPLE, '\u200B', 1);
    const inChinese = positionOf(SIMPLE, '\u200B', 0);
    const message = positionOf(SIMPLE, '每日删除');
    await expect
      .poll(() => marks(page), { timeout: 30_000 })
      .toEqual(
        expect.arrayContaining([
          { kind: 'unicode', ...rlo, content: null },
          { kind: 'bidi', ...rlo, content: null },
          { kind: 'unicode', ...pdf, content: null },
          { kind: 'bidi', ...pdf, content: null },
          { kind: 'unicode', ...inName, content: null },
          { kind: 'label', ...inName, content: '⟨U+200B⟩' },
          // Inside a word of Chinese letters Monaco's own highlighting is silent; ours is not.
          { kind: 'label', ...inChinese, content: '⟨U+200B⟩' },
        ]),
      );
    expect((await marks(page)).filter((m) => m.line === message.line)).toEqual([]);
    const lines = page.locator('.monaco-editor .view-lines').first();
    await expect(lines).toContainText('[U+202E]tnuocca_eteled[U+202C]');
    await expect(lines).toContainText('删除⟨U+200B⟩账户');
    await expect(lines).toContainText('SEC-001-a⟨U+200B⟩');

    // The document list and the Problems list name them too.
    await expect(page.locator('.document-item.active .document-name')).toHaveText(
      'trojan⟨U+200B⟩-source',
    );
    await expect(
      page.locator('.document-item.active .document-name .hidden-char-invisible'),
    ).toHaveAttribute('title', new RegExp(`^${w.zwspTitle.replace(/[+()]/g, '\\$&')}`));
    const problems = page.getByTestId('problems');
    await expect(problems.locator('li', { hasText: 'ERDL-E025' })).toContainText(
      '⟨U+202E⟩tnuocca_eteled⟨U+202C⟩',
    );
    await expect(problems.locator('li', { hasText: 'ERDL-W026' }).first()).toContainText(
      '⟨U+200B⟩',
    );

    // The hover on the override says what it is, in the UI language.
    const hover = await hoverAt(page, rlo);
    await expect(hover).toContainText(w.bidiHover);
    await page.screenshot({ path: `${SHOTS}/${lang}-editor.png` });

    // ── The quick fix, from the editor: the controls go, the error clears. ──────────────────────
    await page.keyboard.press('Escape');
    await page.evaluate((p) => {
      const hook = (globalThis as Record<string, unknown>).__ERDL_EDITOR__ as {
        editor: { setPosition(p: { lineNumber: number; column: number }): void; focus(): void };
      };
      hook.editor.setPosition({ lineNumber: p.line, column: p.column + 1 });
      hook.editor.focus();
    }, rlo);
    const widget = page.locator('.action-widget');
    await expect(async () => {
      if (!(await widget.getByText(w.fixAction).isVisible()))
        await page.keyboard.press('Control+.');
      await expect(widget.getByText(w.fixAction)).toBeVisible({ timeout: 3000 });
    }).toPass({ timeout: 30_000 });
    for (let i = 0; i < 10; i++) {
      const focused = await widget.locator('.monaco-list-row.focused').textContent();
      if (focused?.includes(w.fixAction)) break;
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: w.fixDialog });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: w.apply }).click();
    await expect(dialog).toBeHidden();
    const fixed = SIMPLE.replace('\u202E', '').replace('\u202C', '');
    await expect.poll(() => editorText(page)).toBe(fixed);
    await activeAnalysisIsCurrent(page);
    await expect(page.getByTestId('status-diagnostics')).toContainText(w.noErrors);
    await expect(problems.locator('li', { hasText: 'ERDL-E025' })).toHaveCount(0);
    await expect
      .poll(async () => (await marks(page)).filter((m) => m.line === rlo.line))
      .toEqual([]);
    await expect(lines).toContainText('value: "tnuocca_eteled"');

    // ── The document compiles: the gloss, the hover on the name, the trace. ─────────────────────
    await page.getByRole('tab', { name: w.gloss }).click();
    const ruleName = page
      .getByTestId('gloss-list')
      .locator('li.gloss-rule .gloss-head button')
      .first();
    await expect(ruleName).toHaveText('SEC-001-a⟨U+200B⟩');
    await expect(ruleName.locator('.hidden-char')).toHaveAttribute(
      'title',
      new RegExp(`^${w.zwspTitle.replace(/[+()]/g, '\\$&')}`),
    );
    await expect(page.getByTestId('gloss-en').first()).toContainText('tnuocca_eteled');
    await page.screenshot({ path: `${SHOTS}/${lang}-gloss.png` });

    const nameHover = await hoverAt(page, { line: inName.line, column: inName.column - 3 });
    await expect(nameHover).toContainText('SEC-001-a⟨U+200B⟩');
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: w.evaluate }).click();
    const step = page.getByTestId('trace').locator('li.trace-step').first();
    await expect(step.locator('button').first()).toHaveText('SEC-001-a⟨U+200B⟩');
    await step.getByText(w.nodeValues).click();
    const values = step.locator('details > .trace-tree');
    await expect(values).toContainText('"tnuocca⟨U+200B⟩_eteled"');
    await expect(values.locator('.hidden-char-invisible').first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/${lang}-evaluate.png` });

    // ── A decision table with a bidi cell: the grid shows what runs. ────────────────────────────
    const tableId = await addDocument(page, {
      name: 'trojan-table',
      text: TABLE,
      panel: 'table',
    });
    await firstMarkersShown(page, tableId);
    const grid = page.getByTestId('decision-grid').first();
    const cell = grid.locator('[data-cell="0:0"]');
    await expect(cell).toContainText('"⟨U+202E⟩tnuocca_eteled⟨U+202C⟩"');
    await expect(cell.locator('.hidden-char-bidi')).toHaveCount(2);
    await expect(grid.locator('thead .column-label').first()).toHaveText(w.label);
    await expect(grid.locator('td.rule-name').first()).toHaveText('SEC-101-tools#block⟨U+200B⟩');
    await page.screenshot({ path: `${SHOTS}/${lang}-table.png` });
    // The cell's own editor shows the raw text; the line under it reads it out.
    await cell.dblclick();
    const input = grid.locator('input.grid-input').first();
    await expect(input).toBeVisible();
    expect(await input.inputValue()).toContain('\u202Etnuocca_eteled\u202C');
    const reading = page.getByTestId('cell-reading');
    await expect(reading).toContainText(w.readsAs);
    await expect(reading).toContainText('⟨U+202E⟩tnuocca_eteled⟨U+202C⟩');
    await page.screenshot({ path: `${SHOTS}/${lang}-table-editing.png` });
    await page.keyboard.press('Escape');
  });
}
