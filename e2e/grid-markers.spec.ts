import { cell, openLoan } from './support/grid';
import { activeAnalysisIsCurrent } from './support/studio';
import { expect, test } from './support/test';

/**
 * An analyst edits a cell of the loan table: the editor's markers follow the edit in the same task
 * as its analysis — the grid's findings and the YAML's squiggles are never of different texts,
 * and the squiggles do not wait a frame for a paint, as they do while typing in the editor (a
 * grid edit is a command: nobody is typing). In English and Chinese (the markers' language).
 */
for (const lang of ['en', 'zh'] as const) {
  test(`${lang}: a grid edit's markers are set as its analysis arrives, every one`, async ({
    page,
  }) => {
    await page.addInitScript((l) => localStorage.setItem('erdl-studio.lang', l), lang);
    await openLoan(page);
    await activeAnalysisIsCurrent(page);
    // Watch the store: when it first holds an analysis of the edited text, read Monaco's markers.
    await page.evaluate(() => {
      type Diagnostic = { code: string; start: { line: number } };
      type State = {
        activeId: string;
        documents: Record<string, { text: string }>;
        analyses: Record<string, { text: string; analysis: { diagnostics: Diagnostic[] } }>;
      };
      const g = globalThis as unknown as {
        __ERDL_STUDIO__: {
          store: {
            getState(): State;
            subscribe(listener: (s: State) => void): () => void;
          };
        };
        __ERDL_EDITOR__: {
          monaco: {
            editor: {
              getModelMarkers(filter: {
                resource: unknown;
              }): { owner: string; code: unknown; startLineNumber: number; message: string }[];
            };
          };
          editor: { getModel(): { uri: unknown } };
        };
        __atAnalysis?: { markers: string[]; diagnostics: string[]; messages: string[] };
      };
      const { store } = g.__ERDL_STUDIO__;
      const before = store.getState().documents[store.getState().activeId]?.text;
      const stop = store.subscribe((s) => {
        const a = s.analyses[s.activeId];
        const text = s.documents[s.activeId]?.text;
        if (!a || a.text !== text || text === before) return;
        stop();
        const { monaco, editor } = g.__ERDL_EDITOR__;
        const shown = monaco.editor
          .getModelMarkers({ resource: editor.getModel().uri })
          .filter((m) => /^erdl(\.\d+)?$/.test(m.owner));
        g.__atAnalysis = {
          markers: shown.map((m) => `${String(m.code)}@${m.startLineNumber}`).sort(),
          diagnostics: a.analysis.diagnostics.map((d) => `${d.code}@${d.start.line}`).sort(),
          messages: shown.map((m) => m.message),
        };
      });
    });
    // Row 1 now declines every score: the rows below it that ask for a score never fire.
    await cell(page, 0, 0).click();
    await page.keyboard.type('>= 0');
    await page.keyboard.press('Enter');
    await expect(cell(page, 0, 0)).toHaveText('>= 0');
    await activeAnalysisIsCurrent(page);
    const seen = await page.evaluate(
      () =>
        (
          globalThis as unknown as {
            __atAnalysis?: { markers: string[]; diagnostics: string[]; messages: string[] };
          }
        ).__atAnalysis,
    );
    expect(seen, 'the store held an analysis of the edited text').toBeDefined();
    expect(seen!.diagnostics.length).toBeGreaterThan(0);
    expect(seen!.markers).toEqual(seen!.diagnostics);
    // In the interface's language.
    for (const message of seen!.messages)
      expect(message.split('\n')[0]).toMatch(lang === 'zh' ? /[\u4e00-\u9fff]/ : /^[\x20-\x7e]+$/);
  });
}
