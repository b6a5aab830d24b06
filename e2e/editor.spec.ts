import AxeBuilder from '@axe-core/playwright';
import { generateDocument } from '../bench/generate';
import {
  ERROR,
  editorText,
  logYamlWorkerMessages,
  markerOwnersOnLine,
  markers,
  yamlWorkerMessages,
} from './support/editor';
import { addDocument } from './support/studio';
import { expect, type Page, test } from './support/test';

/**
 * The YAML editor (src/studio/editor/) in the real app: kernel markers, quick fixes through the
 * preview dialog, schema completion and vocabulary hover. Markers are read through the editor's
 * test hook (`__ERDL_EDITOR__`, Monaco's own API); everything else is driven by keyboard and mouse.
 */

async function openEditor(page: Page) {
  await page.goto('/');
  // The first document's kernel markers are set (possibly none): Monaco and the kernel are up.
  await page.waitForFunction(() => performance.getEntriesByName('erdl:markers').length > 0);
  await expect(page.getByRole('textbox', { name: 'ERDL rule document editor' })).toBeAttached();
}

/** 1-based number of the first line of the editor's text that contains `needle`. */
async function lineOf(page: Page, needle: string): Promise<number> {
  const lines = (await editorText(page)).split('\n');
  const index = lines.findIndex((l) => l.includes(needle));
  expect(index, `no line contains ${needle}`).toBeGreaterThanOrEqual(0);
  return index + 1;
}

/** Clicks at the end of the visible line containing `text` (the cursor lands after it). */
async function clickLineEnd(page: Page, text: string) {
  const line = page.locator('.view-line', { hasText: text }).first();
  await line.click();
  await page.keyboard.press('End');
}

/** Replaces the value after `then: ` on the rule's `then` line by typing. */
async function retypeThen(page: Page, from: string, to: string) {
  await clickLineEnd(page, `then: ${from}`);
  for (let i = 0; i < from.length; i++) await page.keyboard.press('Backspace');
  await page.keyboard.type(to);
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!localStorage.getItem('erdl-studio.lang')) localStorage.setItem('erdl-studio.lang', 'en');
  });
});

test('first start shows the example with zero error markers', async ({ page }) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await openEditor(page);
  expect(await editorText(page)).toContain('then: REQUEST_HUMAN');
  // Give monaco-yaml's schema validation time to report too: still no error markers.
  await page.waitForTimeout(500);
  expect((await markers(page)).filter((m) => m.severity >= ERROR)).toEqual([]);
  expect(pageErrors).toEqual([]);
});

test('typing an error shows a kernel marker on its line', async ({ page }) => {
  await openEditor(page);
  const line = await lineOf(page, 'then: REQUEST_HUMAN');
  await clickLineEnd(page, 'then: REQUEST_HUMAN');
  await page.keyboard.type('X');
  await expect
    .poll(
      async () =>
        (await markers(page)).filter(
          (m) => m.owner === 'erdl' && m.severity === ERROR && m.startLineNumber === line,
        ).length,
    )
    .toBe(1);
  const [marker] = (await markers(page)).filter((m) => m.owner === 'erdl');
  expect(marker?.code).toBe('ERDL-E207');
  // The UI language first, then the other.
  expect(marker?.message.split('\n')).toHaveLength(2);
  expect(marker?.message.split('\n')[1]).toMatch(/[\u4e00-\u9fff]/);
});

/** Whether the active document's analysis is of exactly the editor's text now. */
function analysisIsOfEditorText(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const hook = (globalThis as Record<string, unknown>).__ERDL_EDITOR__ as {
      editor: { getModel(): { getValue(): string } };
    };
    const state = globalThis.__ERDL_STUDIO__!.store.getState() as unknown as {
      activeId: string | null;
      analyses: Record<string, { text: string }>;
    };
    const entry = state.activeId ? state.analyses[state.activeId] : undefined;
    return entry?.text === hook.editor.getModel().getValue();
  });
}

test('a fast burst of typing ends with markers of the final text only', async ({ page }) => {
  await openEditor(page);
  const line = await lineOf(page, 'then: REQUEST_HUMAN');
  await clickLineEnd(page, 'then: REQUEST_HUMAN');
  // Typed faster than an analysis takes: the burst is analyzed when it pauses.
  await page.keyboard.type('XYZ', { delay: 20 });
  const errorsOnLine = async () =>
    (await markers(page)).filter(
      (m) => m.owner === 'erdl' && m.severity === ERROR && m.startLineNumber === line,
    );
  // A prefix of the burst ("REQUEST_HUMANX") is the same error on the same line, so wait until the
  // analysis is of the whole text typed; from then on the marker must be about that text, not a
  // prefix of it, and it must be the only one on the line.
  await expect.poll(() => analysisIsOfEditorText(page)).toBe(true);
  await expect
    .poll(async () =>
      (await errorsOnLine()).map((m) => [m.code, m.message.includes('REQUEST_HUMANXYZ')]),
    )
    .toEqual([['ERDL-E207', true]]);
  // A second burst undoes the error: its marker goes, none is left behind for older text.
  for (let i = 0; i < 3; i++) await page.keyboard.press('Backspace', { delay: 10 });
  await expect.poll(async () => (await errorsOnLine()).length).toBe(0);
  await expect.poll(() => analysisIsOfEditorText(page)).toBe(true);
  expect((await markers(page)).filter((m) => m.severity >= ERROR)).toEqual([]);
  // The problems list says the same as the editor.
  await expect(page.getByTestId('status-diagnostics')).toContainText('0 errors');
});

/**
 * The kernel markers Monaco holds, in order, as [line, column, code] — and the active analysis's
 * diagnostics the same way, or null while the analysis is not of the editor's text.
 */
function markersAndDiagnostics(page: Page) {
  return page.evaluate(() => {
    const hook = (globalThis as Record<string, unknown>).__ERDL_EDITOR__ as {
      monaco: {
        editor: {
          getModelMarkers(filter: { resource: unknown }): {
            owner: string;
            code: unknown;
            startLineNumber: number;
            startColumn: number;
          }[];
        };
      };
      editor: { getModel(): { uri: unknown; getValue(): string } };
    };
    const model = hook.editor.getModel();
    const state = globalThis.__ERDL_STUDIO__!.store.getState() as unknown as {
      activeId: string;
      analyses: Record<
        string,
        {
          text: string;
          analysis: {
            diagnostics: {
              code: string;
              severity: 'error' | 'warning' | 'info';
              start: { line: number; column: number };
            }[];
          };
        }
      >;
    };
    const entry = state.analyses[state.activeId];
    const rank = { error: 0, warning: 1, info: 2 } as const;
    return {
      owners: [
        ...new Set(
          hook.monaco.editor
            .getModelMarkers({ resource: model.uri })
            .map((m) => m.owner)
            .filter((o) => o.startsWith('erdl')),
        ),
      ],
      markers: hook.monaco.editor
        .getModelMarkers({ resource: model.uri })
        .filter((m) => m.owner === 'erdl' || m.owner.startsWith('erdl.'))
        .map((m) => [m.startLineNumber, m.startColumn, String(m.code)]),
      // In the markers' order: errors, then warnings, then notes, each in document order
      // (marker-data.ts toMarkers), so Monaco's 500-marker limit drops notes first.
      diagnostics:
        entry?.text === model.getValue()
          ? [...entry.analysis.diagnostics]
              .sort((a, b) => rank[a.severity] - rank[b.severity])
              .map((d) => [d.start.line, d.start.column, d.code])
          : null,
    };
  });
}

test("hundreds of markers: after typing, the editor holds exactly the final text's, in order", async ({
  page,
}) => {
  await openEditor(page);
  await addDocument(page, { name: 'many markers', text: generateDocument(300) });
  const settled = async () => {
    const now = await markersAndDiagnostics(page);
    return (
      now.diagnostics !== null && JSON.stringify(now.markers) === JSON.stringify(now.diagnostics)
    );
  };
  await expect.poll(settled, { timeout: 30_000 }).toBe(true);
  const first = await markersAndDiagnostics(page);
  // More than one chunk of markers (marker-data.ts MARKER_CHUNK), each its own owner.
  expect(first.markers.length).toBeGreaterThan(100);
  expect(first.owners.length).toBeGreaterThan(2);
  // An error near the top moves every later marker one place along (every chunk changes) …
  const line = await lineOf(page, 'then: NOTIFY');
  await page.evaluate(
    ([l]) => {
      const { store } = (globalThis as Record<string, unknown>).__ERDL_STUDIO__ as StoreHook;
      const state = store.getState();
      state.revealAt(state.activeId!, l!, '    then: NOTIFY'.length + 1);
    },
    [line],
  );
  await expect.poll(() => cursor(page)).toMatchObject({ lineNumber: line, focused: true });
  await page.keyboard.type('XYZ', { delay: 20 });
  await expect.poll(settled, { timeout: 30_000 }).toBe(true);
  const withError = await markersAndDiagnostics(page);
  expect(withError.markers.length).toBe(first.markers.length + 1);
  expect(withError.markers.filter((m) => m[2] === 'ERDL-E207')).toHaveLength(1);
  // The error is the first marker: Monaco's limit can only drop warnings and notes.
  expect(withError.markers[0]?.[2]).toBe('ERDL-E207');
  // … and typing it away, in a burst, moves them back: none is left over or shown twice.
  for (let i = 0; i < 3; i++) await page.keyboard.press('Backspace', { delay: 10 });
  await expect.poll(settled, { timeout: 30_000 }).toBe(true);
  expect((await markersAndDiagnostics(page)).markers).toEqual(first.markers);
});

test('a quick fix is previewed; Cancel keeps the text, Apply fixes it, undo restores it', async ({
  page,
}) => {
  await openEditor(page);
  await retypeThen(page, 'REQUEST_HUMAN', 'deny');
  const line = await lineOf(page, 'then: deny');
  await expect
    .poll(async () =>
      (await markers(page)).some((m) => m.code === 'ERDL-E207' && m.startLineNumber === line),
    )
    .toBe(true);
  const before = await editorText(page);

  const openFix = async () => {
    const widget = page.locator('.action-widget');
    // The gloss phase re-sets the markers shortly after the analysis, which can close a widget
    // opened just before it: open again until it stays (what a user pressing Ctrl+. again sees).
    await expect(async () => {
      if (!(await widget.getByText('Write DENY (ERDL-E207)').isVisible()))
        await page.keyboard.press('Control+.');
      await expect(widget.getByText('Write DENY (ERDL-E207)')).toBeVisible({ timeout: 3000 });
    }).toPass({ timeout: 30_000 });
    // Keyboard, as the lightbulb menu is used: move to the action, Enter.
    for (let i = 0; i < 10; i++) {
      const focused = await widget.locator('.monaco-list-row.focused').textContent();
      if (focused?.includes('Write DENY (ERDL-E207)')) break;
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: /Review quick fix: Write DENY/ });
    await expect(dialog).toBeVisible();
    return dialog;
  };

  let dialog = await openFix();
  // The preview shows the change before anything is applied.
  await expect(dialog.getByRole('figure', { name: /Changes the fix makes/ })).toBeVisible();
  await expect(
    dialog.locator('.modified-in-monaco-diff-editor .view-line', { hasText: 'then: DENY' }),
  ).toBeVisible();
  expect(await editorText(page)).toBe(before);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(await editorText(page)).toBe(before);

  // Escape cancels too.
  dialog = await openFix();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(await editorText(page)).toBe(before);

  dialog = await openFix();
  const axe = await new AxeBuilder({ page }).include('dialog').analyze();
  expect(
    axe.violations.map((v) => ({
      id: v.id,
      nodes: v.nodes.map((n) => `${n.html.slice(0, 200)} ${n.failureSummary}`),
    })),
  ).toEqual([]);
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toBeHidden();
  const fixed = await editorText(page);
  expect(fixed).toBe(before.replace('then: deny', 'then: DENY'));
  await expect
    .poll(async () =>
      (await markers(page)).filter((m) => m.owner === 'erdl' && m.severity >= ERROR),
    )
    .toEqual([]);

  // One undo step takes the whole fix back.
  await page.keyboard.press('Control+z');
  await expect.poll(() => editorText(page)).toBe(before);
});

test('a fix proposed from the diagnostics list opens the same preview', async ({ page }) => {
  await openEditor(page);
  await retypeThen(page, 'REQUEST_HUMAN', 'deny');
  // The list is of the text as typed to the end (a burst is analyzed when it pauses).
  await expect.poll(() => analysisIsOfEditorText(page)).toBe(true);
  const fix = page.getByRole('button', { name: /ERDL-E207/ }).filter({ hasText: /Fix/ });
  await expect(fix).toBeVisible();
  await fix.click();
  const dialog = page.getByRole('dialog', { name: /Review quick fix: Write DENY/ });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect.poll(() => editorText(page)).toContain('then: DENY');
});

test('completion after "then: " offers all 13 decisions', async ({ page }) => {
  await openEditor(page);
  await retypeThen(page, 'REQUEST_HUMAN', '');
  await page.keyboard.press('Control+Space');
  const widget = page.locator('.suggest-widget.visible');
  await expect(widget).toBeVisible();
  await expect(widget.locator('.monaco-list-row').first()).toBeVisible();
  const offered = new Set<string>();
  for (let i = 0; i < 30; i++) {
    const label = await widget
      .locator('.monaco-list-row.focused .label-name')
      .first()
      .textContent();
    if (label) offered.add(label.trim());
    await page.keyboard.press('ArrowDown');
  }
  for (const decision of [
    'ALLOW',
    'DENY',
    'CORRECT',
    'NOTIFY',
    'REQUEST_HUMAN',
    'ESCALATE',
    'DELEGATE',
    'DEFER',
    'EMERGENCY_HALT',
    'ROLLBACK',
    'QUARANTINE',
    'WORKFLOW',
    'GUIDE',
  ]) {
    expect(offered, decision).toContain(decision);
  }
});

test('field paths complete from the sample fact and the document', async ({ page }) => {
  await openEditor(page);
  await clickLineEnd(page, 'field: "tool.name"');
  // Replace the quoted path with a fresh prefix and ask for completion.
  for (let i = 0; i < '"tool.name"'.length; i++) await page.keyboard.press('Backspace');
  await page.keyboard.type('tool.a');
  await page.keyboard.press('Control+Space');
  const widget = page.locator('.suggest-widget.visible');
  await expect(widget.getByText('tool.args.amount')).toBeVisible();
  await expect(widget.getByText('tool.args.order_id')).toBeVisible();
});

test('a bare path in an Expression completes from the document and its fact', async ({ page }) => {
  await openEditor(page);
  await page.getByRole('button', { name: 'margin-expression', exact: true }).click();
  await expect.poll(() => editorText(page)).toContain('margin-guard');
  await clickLineEnd(page, '- 0.15');
  for (let i = 0; i < '0.15'.length; i++) await page.keyboard.press('Backspace');
  await page.keyboard.type('tool.ar');
  await page.keyboard.press('Control+Space');
  const widget = page.locator('.suggest-widget.visible');
  await expect(widget.getByText('tool.args.price')).toBeVisible();
  // Narrow the list to the one path, then accept it.
  await page.keyboard.type('gs.pr');
  await expect(widget.locator('.monaco-list-row')).toHaveCount(1);
  await page.keyboard.press('Enter');
  await expect.poll(() => editorText(page)).toContain('- tool.args.price\n');
});

test('hover explains a decision in both languages and a key in the UI language', async ({
  page,
}) => {
  await openEditor(page);
  await page
    .locator('.view-line span', { hasText: /^REQUEST_HUMAN$/ })
    .first()
    .hover();
  const hover = page.locator('.monaco-hover:not(.hidden)');
  await expect(hover).toContainText('请求人工裁决');
  await expect(hover).toContainText('request human adjudication');
  await page.mouse.move(0, 0);
  await page
    .locator('.view-line span', { hasText: /^priority$/ })
    .first()
    .hover();
  await expect(hover).toContainText('Priority');
  // A rule's name shows its gloss from the kernel, in both languages (once the gloss phase is in).
  await expect
    .poll(() =>
      page.evaluate(() => {
        const { store } = (globalThis as Record<string, unknown>).__ERDL_STUDIO__ as {
          store: {
            getState(): {
              activeId: string;
              analyses: Record<string, { analysis: { rules: { gloss: { en: string } }[] } }>;
            };
          };
        };
        const s = store.getState();
        return s.analyses[s.activeId]?.analysis.rules[0]?.gloss.en ?? '';
      }),
    )
    .not.toBe('');
  await page.mouse.move(0, 0);
  await page
    .locator('.view-line span', { hasText: /SEC-001-refund-limit/ })
    .first()
    .hover();
  await expect(hover).toContainText('Gloss');
  await expect(hover).toContainText(/[\u4e00-\u9fff]/);
  await expect(hover).toContainText(/human approval/i);
});

test('the editor is labelled in the UI language and passes axe', async ({ page }) => {
  await openEditor(page);
  const axe = await new AxeBuilder({ page }).include('[data-testid="yaml-editor"]').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes[0]?.html.slice(0, 120)}`)).toEqual([]);
  await page.evaluate(() => {
    const hook = (globalThis as Record<string, unknown>).__ERDL_STUDIO__ as {
      store: { getState(): { setLang(lang: string): void } };
    };
    hook.store.getState().setLang('zh');
  });
  await expect(page.getByRole('textbox', { name: 'ERDL 规则文档编辑器' })).toBeAttached();
});

interface StoreHook {
  store: {
    getState(): {
      activeId: string | null;
      order: string[];
      documents: Record<string, { text: string; cursor: { line: number; column: number } }>;
      setActive(id: string): void;
      setText(id: string, text: string): void;
      setCursor(id: string, cursor: { line: number; column: number }): void;
      revealAt(id: string, line: number, column: number): void;
    };
  };
}

function cursor(page: Page): Promise<{ lineNumber: number; column: number; focused: boolean }> {
  return page.evaluate(() => {
    const hook = (globalThis as Record<string, unknown>).__ERDL_EDITOR__ as {
      editor: { getPosition(): { lineNumber: number; column: number }; hasTextFocus(): boolean };
    };
    const p = hook.editor.getPosition();
    return { lineNumber: p.lineNumber, column: p.column, focused: hook.editor.hasTextFocus() };
  });
}

test('a reveal request moves the cursor there and focuses the editor', async ({ page }) => {
  await openEditor(page);
  const line = await lineOf(page, 'operator: gt');
  await page.evaluate(
    ([l]) => {
      const { store } = (globalThis as Record<string, unknown>).__ERDL_STUDIO__ as StoreHook;
      const state = store.getState();
      state.revealAt(state.activeId!, l!, 11);
    },
    [line],
  );
  await expect.poll(() => cursor(page)).toEqual({ lineNumber: line, column: 11, focused: true });
});

test('a text change from outside the editor is one undoable edit', async ({ page }) => {
  await openEditor(page);
  const before = await editorText(page);
  await page.evaluate(() => {
    const { store } = (globalThis as Record<string, unknown>).__ERDL_STUDIO__ as StoreHook;
    const state = store.getState();
    const id = state.activeId!;
    state.setText(id, state.documents[id]!.text.replace('priority: 10', 'priority: 20'));
  });
  await expect.poll(() => editorText(page)).toBe(before.replace('priority: 10', 'priority: 20'));
  await page.locator('.view-line', { hasText: 'priority: 20' }).click();
  await page.keyboard.press('Control+z');
  await expect.poll(() => editorText(page)).toBe(before);
  // The store follows the editor back.
  const stored = await page.evaluate(() => {
    const { store } = (globalThis as Record<string, unknown>).__ERDL_STUDIO__ as StoreHook;
    const state = store.getState();
    return state.documents[state.activeId!]!.text;
  });
  expect(stored).toBe(before);
});

test('each document keeps its own undo history and cursor across switches', async ({ page }) => {
  await openEditor(page);
  const first = await editorText(page);
  await clickLineEnd(page, 'priority: 10');
  await page.keyboard.type('0');
  const edited = await editorText(page);
  expect(edited).toBe(first.replace('priority: 10', 'priority: 100'));
  const at = await cursor(page);

  const switchTo = (index: number) =>
    page.evaluate((i) => {
      const { store } = (globalThis as Record<string, unknown>).__ERDL_STUDIO__ as StoreHook;
      const state = store.getState();
      state.setActive(state.order[i]!);
    }, index);

  await switchTo(1);
  await expect.poll(() => editorText(page)).not.toBe(edited);
  const second = await editorText(page);
  await page.locator('.view-line').first().click();
  await page.keyboard.press('Control+z'); // nothing to undo in the second document
  expect(await editorText(page)).toBe(second);

  await switchTo(0);
  await expect.poll(() => editorText(page)).toBe(edited);
  expect(await cursor(page)).toMatchObject({ lineNumber: at.lineNumber, column: at.column });
  await page.locator('.view-line', { hasText: 'priority: 100' }).click();
  await page.keyboard.press('Control+z');
  await expect.poll(() => editorText(page)).toBe(first);
});

/**
 * Types a key the schema does not know on a new line of the example and waits until both checks
 * report it (the kernel's error, monaco-yaml's warning); returns its line.
 */
async function typeUnknownKey(page: Page): Promise<number> {
  await clickLineEnd(page, 'priority: 10');
  await page.keyboard.press('Enter');
  await page.keyboard.type('colour: red');
  const line = await lineOf(page, 'colour: red');
  await expect.poll(() => markerOwnersOnLine(page, line)).toEqual(['erdl', 'yaml']);
  return line;
}

test('schema problems from monaco-yaml are warnings at most; the kernel reports the error', async ({
  page,
}) => {
  await openEditor(page);
  const line = await typeUnknownKey(page);
  const onLine = (await markers(page)).filter((m) => m.startLineNumber === line);
  expect(onLine.filter((m) => m.owner === 'yaml' && m.severity >= ERROR)).toEqual([]);
  expect(onLine.some((m) => m.owner === 'erdl' && m.severity === ERROR)).toBe(true);
});

test("monaco-yaml's warning is about the text on screen: it goes at the next edit, returns once the studio is quiet", async ({
  page,
}) => {
  await logYamlWorkerMessages(page);
  await openEditor(page);
  const line = await typeUnknownKey(page);
  // One more character: the schema warning was about the text before it, so it goes at once;
  // the kernel's error follows the edit.
  const keyAt = await page.evaluate(() => performance.now());
  await page.keyboard.type('x');
  expect(await markerOwnersOnLine(page, line)).not.toContain('yaml');
  await expect.poll(() => markerOwnersOnLine(page, line)).toEqual(['erdl']);
  // Once nothing happens for a moment, monaco-yaml checks the new text: the key is still unknown.
  await expect.poll(() => markerOwnersOnLine(page, line)).toEqual(['erdl', 'yaml']);
  const sent = await yamlWorkerMessages(page);
  const checks = sent.filter((m) => m.text.includes('"doValidation"') && m.at > keyAt);
  expect(checks.length).toBeGreaterThan(0);
  // Checked after a quiet second (offline/quiet.ts), not 500 ms after the keystroke.
  expect(checks[0]!.at - keyAt).toBeGreaterThanOrEqual(1_000);
  // ERDL documents hold no JSON `$ref` links: monaco-yaml's worker is never asked for them.
  expect(sent.filter((m) => m.text.includes('"findLinks"'))).toEqual([]);
});

test("a keystroke's copy to monaco-yaml's worker goes after the frame that shows it, and before any request", async ({
  page,
}) => {
  await logYamlWorkerMessages(page);
  await openEditor(page);
  const sentSince = async (from: number) =>
    (await yamlWorkerMessages(page)).filter((m) => m.at > from);
  const isUpdate = (m: { text: string }) => m.text.includes('"$acceptModelChanged"');
  const isCompletion = (m: { text: string }) => m.text.includes('"doComplete"');
  // Inside a rule's message; Ctrl+Space asks the YAML worker, which from then on keeps a copy.
  await clickLineEnd(page, 'message:');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Control+Space');
  await expect.poll(async () => (await sentSince(0)).some(isCompletion)).toBe(true);
  await page.keyboard.press('Escape');
  // Each keydown, and the start of the next frame after it.
  await page.evaluate(() => {
    const frames: number[] = [];
    (globalThis as Record<string, unknown>).__keyFrames = frames;
    document.addEventListener(
      'keydown',
      () => requestAnimationFrame(() => frames.push(performance.now())),
      true,
    );
  });
  // Typing inside the message asks the worker nothing: its copy is updated after each frame.
  let from = await page.evaluate(() => performance.now());
  await page.keyboard.type('abc');
  await expect.poll(async () => (await sentSince(from)).filter(isUpdate).length).toBe(3);
  const frames = await page.evaluate(
    () => (globalThis as Record<string, unknown>).__keyFrames as number[],
  );
  for (const [i, update] of (await sentSince(from)).filter(isUpdate).entries()) {
    expect(update.at, `update ${i + 1}`).toBeGreaterThanOrEqual(frames[i]!);
  }
  // A space after "then:" asks for completion within the keystroke's own task: the update for
  // that space reaches the worker first, so the completion reads the text on screen.
  await retypeThen(page, 'REQUEST_HUMAN', '');
  await page.keyboard.press('Backspace');
  from = await page.evaluate(() => performance.now());
  await page.keyboard.type(' ');
  await expect.poll(async () => (await sentSince(from)).some(isCompletion)).toBe(true);
  const sent = await sentSince(from);
  const request = sent.findIndex(isCompletion);
  // Held updates of the Backspaces just before may go with it; the space's is the last of them.
  const before = sent.slice(0, request).filter(isUpdate);
  expect(before.at(-1)?.text).toContain('"text":" "');
  expect(sent.slice(request).filter(isUpdate)).toEqual([]);
  expect(await editorText(page)).toContain('then: \n');
});

test('Monaco is not in the initial JS: it loads lazily after the page', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/')).text();
  const initial = [...html.matchAll(/(?:src|href)="([^"]+\.js)"/g)].map((m) => m[1]!);
  expect(initial.length).toBeGreaterThan(0);
  for (const url of initial) {
    const js = await (await request.get(url)).text();
    expect(js, url).not.toContain('MonacoEnvironment');
  }
  // The editor chunk is fetched by the running page.
  const lazy: string[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('.js')) lazy.push(response.url());
  });
  await openEditor(page);
  const chunks = lazy.filter((url) => !initial.some((i) => url.endsWith(i)));
  let monacoChunks = 0;
  for (const url of chunks) {
    if ((await (await request.get(url)).text()).includes('MonacoEnvironment')) monacoChunks++;
  }
  expect(monacoChunks).toBeGreaterThan(0);
});

test("opening a document restores its stored cursor (not Monaco's 1:1)", async ({ page }) => {
  await openEditor(page);
  await page.evaluate(() => {
    const { store } = (globalThis as Record<string, unknown>).__ERDL_STUDIO__ as StoreHook;
    const state = store.getState();
    state.setCursor(state.order[2]!, { line: 6, column: 3 });
    state.setActive(state.order[2]!);
  });
  await expect.poll(() => cursor(page)).toMatchObject({ lineNumber: 6, column: 3 });
  const stored = await page.evaluate(() => {
    const { store } = (globalThis as Record<string, unknown>).__ERDL_STUDIO__ as StoreHook;
    const state = store.getState();
    return state.documents[state.order[2]!]!.cursor;
  });
  expect(stored).toEqual({ line: 6, column: 3 });
});
