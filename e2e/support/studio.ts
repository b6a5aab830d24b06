import type { Page } from './test';

/** What a new document opened through the studio's test hook starts with (the defaults of "New"). */
export interface NewDocument {
  readonly name: string;
  readonly text: string;
  readonly fact?: string;
  readonly asOf?: string;
  /** The side panel to show with it (e.g. 'table'), if any. */
  readonly panel?: string;
}

/**
 * Adds a document through the studio's store (`__ERDL_STUDIO__`) and makes it the active one, as
 * opening a file does; returns its id. For texts too large to type or paste in a test.
 */
export function addDocument(page: Page, doc: NewDocument): Promise<string> {
  return page.evaluate((d) => {
    const hook = (globalThis as unknown as { __ERDL_STUDIO__: { store: { getState(): unknown } } })
      .__ERDL_STUDIO__;
    const s = hook.store.getState() as {
      addDocument(doc: Record<string, unknown>): string;
      setActive(id: string): void;
      setPanel(panel: string): void;
    };
    const id = s.addDocument({
      name: d.name,
      text: d.text,
      fact: d.fact ?? '{}',
      asOf: d.asOf ?? '2026-01-01T00:00:00Z',
      temporalState: '',
      cursor: { line: 1, column: 1 },
    });
    s.setActive(id);
    if (d.panel) s.setPanel(d.panel);
    return id;
  }, doc);
}

/** Resolves once the active document's analysis is of its current text (no waiting on time). */
export async function activeAnalysisIsCurrent(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const hook = (globalThis as unknown as { __ERDL_STUDIO__: { store: { getState(): unknown } } })
      .__ERDL_STUDIO__;
    const s = hook.store.getState() as {
      activeId: string | null;
      documents: Record<string, { text: string }>;
      analyses: Record<string, { text: string }>;
    };
    const id = s.activeId as string;
    return s.analyses[id]?.text === s.documents[id]?.text;
  });
}

/** The active document's text, and its analysis when that analysis is of this very text. */
export interface CurrentAnalysis {
  readonly text: string;
  readonly analysis: {
    readonly diagnostics: readonly { readonly severity: string }[];
    readonly documentHash: string | null;
    readonly documentHashPending?: true;
  } | null;
}

/** What the store holds for the active document now (the analysis `null` while of an older text). */
export function currentAnalysis(page: Page): Promise<CurrentAnalysis> {
  return page.evaluate(() => {
    const hook = (globalThis as unknown as { __ERDL_STUDIO__: { store: { getState(): unknown } } })
      .__ERDL_STUDIO__;
    const s = hook.store.getState() as {
      activeId: string | null;
      documents: Record<string, { text: string }>;
      analyses: Record<string, { text: string; analysis: CurrentAnalysis['analysis'] }>;
    };
    const text = (s.activeId && s.documents[s.activeId]?.text) || '';
    const entry = s.activeId ? s.analyses[s.activeId] : undefined;
    return { text, analysis: entry && entry.text === text ? entry.analysis : null };
  });
}
