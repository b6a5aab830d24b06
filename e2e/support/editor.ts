import type { Page } from '@playwright/test';

/** A Monaco marker as the e2e tests read it. */
export interface MarkerView {
  owner: string;
  severity: number;
  code: string;
  startLineNumber: number;
  message: string;
}

/** Monaco's MarkerSeverity.Error. */
export const ERROR = 8;

/** Every marker on the editor's model, read through the editor's test hook (`__ERDL_EDITOR__`). */
export function markers(page: Page): Promise<MarkerView[]> {
  return page.evaluate(() => {
    const hook = (globalThis as Record<string, unknown>).__ERDL_EDITOR__ as {
      monaco: { editor: { getModelMarkers(filter: { resource: unknown }): MarkerView[] } };
      editor: { getModel(): { uri: unknown } };
    };
    return hook.monaco.editor
      .getModelMarkers({ resource: hook.editor.getModel().uri })
      .map((m) => ({
        // The kernel's markers go to Monaco in chunks, one owner each (erdl, erdl.1, …).
        owner: (m as MarkerView).owner.replace(/^erdl\.\d+$/, 'erdl'),
        severity: m.severity,
        code: String(m.code),
        startLineNumber: m.startLineNumber,
        message: m.message,
      }));
  });
}

/** Waits until the editor has shown `docId`'s first markers (the studio's `erdl:markers` mark). */
export async function firstMarkersShown(page: Page, docId: string): Promise<void> {
  await page.waitForFunction(
    (id) =>
      performance
        .getEntriesByName('erdl:markers')
        .some((m) => (m as PerformanceMark).detail?.docId === id),
    docId,
    { timeout: 120_000 },
  );
}

/** The editor model's whole text, read through the editor's test hook. */
export function editorText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const hook = (globalThis as Record<string, unknown>).__ERDL_EDITOR__ as {
      editor: { getModel(): { getValue(): string } };
    };
    return hook.editor.getModel().getValue();
  });
}

/** The owners of the markers on one line of the editor's model, each once, sorted. */
export async function markerOwnersOnLine(page: Page, line: number): Promise<string[]> {
  return [
    ...new Set((await markers(page)).filter((m) => m.startLineNumber === line).map((m) => m.owner)),
  ].sort();
}

/** A message the page posted to monaco-yaml's worker, with when (performance.now()). */
export interface YamlWorkerMessage {
  readonly at: number;
  readonly text: string;
}

/**
 * Records every message the page posts to monaco-yaml's worker (call before the page loads);
 * `yamlWorkerMessages` reads them.
 */
export async function logYamlWorkerMessages(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const log: { at: number; text: string }[] = [];
    (globalThis as Record<string, unknown>).__yamlWorkerLog = log;
    const Native = globalThis.Worker;
    globalThis.Worker = class extends Native {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        if (!String(url).includes('yaml-worker')) return;
        const post = this.postMessage.bind(this) as (m: unknown, t?: unknown) => void;
        this.postMessage = (message: unknown, transfer?: unknown) => {
          let text = '';
          try {
            text = JSON.stringify(message) ?? '';
          } catch {
            text = String(message);
          }
          log.push({ at: performance.now(), text });
          post(message, transfer);
        };
      }
    };
  });
}

export function yamlWorkerMessages(page: Page): Promise<YamlWorkerMessage[]> {
  return page.evaluate(
    () => (globalThis as Record<string, unknown>).__yamlWorkerLog as YamlWorkerMessage[],
  );
}
