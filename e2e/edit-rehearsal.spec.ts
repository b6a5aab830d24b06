import { generateWideTable } from '../bench/generate-wide-table';
import { editorText } from './support/editor';
import { addDocument } from './support/studio';
import { expect, type Page, test } from './support/test';

/**
 * A long document's first edit is rehearsed once its first markers are shown
 * (src/studio/editor/edit-rehearsal.ts): one character of a visible line's indentation retyped
 * as itself, with no undo entry. Nothing the user can see or undo may change: the text, the
 * kernel's markers, the cursor, the undo history, the store.
 */

/** What the editor shows of its model, taken when a mark is made (before anything else runs). */
interface Snapshot {
  readonly name: string;
  readonly uri: string;
  readonly text: string;
  readonly version: number;
  readonly canUndo: boolean;
  readonly cursor: { lineNumber: number; column: number } | null;
  readonly markers: readonly (string | number)[][];
}

/** Records a snapshot at every `erdl:markers` and `erdl:edit-rehearsed` mark (call before load). */
async function snapshotAtMarks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const snapshots: unknown[] = [];
    (globalThis as Record<string, unknown>).__snapshots = snapshots;
    const mark = performance.mark.bind(performance);
    performance.mark = (name: string, options?: PerformanceMarkOptions) => {
      const made = mark(name, options);
      if (name !== 'erdl:markers' && name !== 'erdl:edit-rehearsed') return made;
      const hook = (globalThis as Record<string, unknown>).__ERDL_EDITOR__ as
        | {
            monaco: {
              editor: {
                getModelMarkers(filter: { resource: unknown }): {
                  owner: string;
                  code?: unknown;
                  startLineNumber: number;
                  startColumn: number;
                  endLineNumber: number;
                  endColumn: number;
                  message: string;
                }[];
              };
            };
            editor: {
              getModel(): {
                uri: { toString(): string };
                getValue(): string;
                getAlternativeVersionId(): number;
                canUndo(): boolean;
              } | null;
              getPosition(): { lineNumber: number; column: number } | null;
            };
          }
        | undefined;
      const model = hook?.editor.getModel();
      if (!hook || !model) return made;
      snapshots.push({
        name,
        uri: model.uri.toString(),
        text: model.getValue(),
        version: model.getAlternativeVersionId(),
        canUndo: model.canUndo(),
        cursor: hook.editor.getPosition(),
        markers: hook.monaco.editor
          .getModelMarkers({ resource: model.uri })
          .filter((m) => m.owner.startsWith('erdl'))
          .map((m) => [
            m.owner,
            String(m.code),
            m.startLineNumber,
            m.startColumn,
            m.endLineNumber,
            m.endColumn,
            m.message,
          ]),
      });
      return made;
    };
  });
}

test("a long table's first edit is rehearsed, and nothing the user sees or can undo changes", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await snapshotAtMarks(page);
  await page.goto('/');
  await page.waitForFunction(() => performance.getEntriesByName('erdl:markers').length > 0);
  const text = generateWideTable(500, 8, { defaultRow: true });
  const docId = await addDocument(page, { name: 'wide', text, panel: 'table' });
  await page.waitForFunction(() => performance.getEntriesByName('erdl:edit-rehearsed').length > 0);
  const snapshots = (await page.evaluate(
    () => (globalThis as Record<string, unknown>).__snapshots,
  )) as Snapshot[];
  const at = snapshots.findIndex((s) => s.name === 'erdl:edit-rehearsed');
  const rehearsed = snapshots[at] as Snapshot;
  // The last markers set on the same model before the rehearsal: its first ones.
  const before = snapshots
    .slice(0, at)
    .filter((s) => s.name === 'erdl:markers' && s.uri === rehearsed.uri)
    .at(-1) as Snapshot;
  expect(before).toBeDefined();
  expect(before.markers.length).toBeGreaterThan(100);
  // Monaco saw an edit (its version moved on) …
  expect(rehearsed.version).toBe(before.version + 1);
  // … of nothing the user can see or undo.
  expect(rehearsed.text).toBe(text);
  expect(rehearsed.markers).toEqual(before.markers);
  expect(rehearsed.cursor).toEqual(before.cursor);
  expect(rehearsed.canUndo).toBe(false);
  const stored = await page.evaluate((id) => {
    const s = globalThis.__ERDL_STUDIO__!.store.getState() as unknown as {
      documents: Record<string, { text: string }>;
      textOrigins: Record<string, string | undefined>;
    };
    return { text: s.documents[id]?.text, origin: s.textOrigins[id] ?? null };
  }, docId);
  // The store never heard of it: the same text, and no edit recorded as typed.
  expect(stored.text).toBe(text);
  expect(stored.origin).not.toBe('typing');
  // The user's own first edit is the first thing to undo.
  await page.locator('.view-line', { hasText: 'protocol:' }).first().click();
  await page.keyboard.press('End');
  await page.keyboard.type('#');
  await expect.poll(() => editorText(page)).not.toBe(text);
  await page.keyboard.press('Control+z');
  await expect.poll(() => editorText(page)).toBe(text);
  expect(await page.evaluate(() => globalThis.__ERDL_EDITOR__!.editor.getModel()!.canUndo())).toBe(
    false,
  );
});
