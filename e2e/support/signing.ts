import { execFile as execFileCallback } from 'node:child_process';
import { promisify } from 'node:util';
import { erdlCommand } from './cli';
import { type Download, expect, type Page } from './test';

/**
 * Shared steps of the signing specs (e2e/signing.spec.ts, e2e/journeys/signature-state.spec.ts).
 */

/** Notices stack over the panels (some beyond the viewport); clear them through the store. */
export async function dismissNotices(page: Page) {
  await page.evaluate(() => {
    const hook = (globalThis as Record<string, unknown>).__ERDL_STUDIO__ as {
      store: { getState(): { notices: { id: number }[]; dismissNotice(id: number): void } };
    };
    const state = hook.store.getState();
    for (const n of state.notices) state.dismissNotice(n.id);
  });
}

/** Clicks and collects the `count` downloads the click starts, saved under `dir`. */
export async function downloadsOf(
  page: Page,
  count: number,
  click: () => Promise<void>,
  dir: string,
) {
  const downloads: Download[] = [];
  const listener = (d: Download) => downloads.push(d);
  page.on('download', listener);
  await click();
  await expect.poll(() => downloads.length).toBe(count);
  page.off('download', listener);
  const saved: Record<string, string> = {};
  for (const d of downloads) {
    const path = `${dir}/${d.suggestedFilename()}`;
    await d.saveAs(path);
    saved[d.suggestedFilename()] = path;
  }
  return saved;
}

const execFile = promisify(execFileCallback);

/** Runs the `erdl` command; resolves to its exit code and output (never throws on exit 1). */
export async function erdl(...args: string[]): Promise<{ code: number; out: string }> {
  try {
    const [program, ...lead] = erdlCommand();
    const { stdout, stderr } = await execFile(program!, [...lead, ...args]);
    return { code: 0, out: stdout + stderr };
  } catch (e) {
    const error = e as { code?: number; stdout?: string; stderr?: string };
    return { code: error.code ?? -1, out: `${error.stdout ?? ''}${error.stderr ?? ''}` };
  }
}
