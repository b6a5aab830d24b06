import { generateDocument } from '../bench/generate';
import { compileDocument, SourceText } from '../src/kernel';
import {
  firstMarkersShown,
  logYamlWorkerMessages,
  markerOwnersOnLine,
  markers,
  yamlWorkerMessages,
} from './support/editor';
import { addDocument } from './support/studio';
import { expect, type Page, test } from './support/test';

/**
 * A big document opened in a fresh studio (issue #17 point 2): the kernel worker compiles it for
 * the first time with the incremental compiler, which reads most rules with the loader's fast path
 * and the rest with `yaml`. Its markers are exactly the diagnostics `compileDocument` gives for
 * the same text in Node — code and line, every one — in English and in Chinese.
 */

/** The generated 1,000-rule document with an error, and rules the fast path leaves to yaml. */
function bigDocument(): string {
  let text = generateDocument(1000);
  // An unknown decision: an error marker on rule 501's `then` line.
  const rule = text.indexOf('name: "GEN-501-rule"');
  const then = text.indexOf('then: ', rule) + 'then: '.length;
  text = `${text.slice(0, then)}NOTIFYX${text.slice(text.indexOf('\n', then))}`;
  return (
    text
      // A comment deeper than the next line closes rule 10's mapping (yaml reads that item).
      .replace(
        '    message: "Generated rule 10 decided',
        '      # about rule 10\n    message: "Generated rule 10 decided',
      )
      // A block scalar (outside the fast subset) in rule 700.
      .replace(
        '    description: "Generated rule 700"',
        '    description: |\n      Generated rule 700',
      )
      // A trailing comment at column 0.
      .concat('# end of the rules\n')
  );
}

/** A fresh studio, its first document's markers shown and the kernel worker idle. */
async function openFreshStudio(page: Page): Promise<void> {
  await page.goto('/');
  await page.waitForFunction(
    () =>
      performance.getEntriesByName('erdl:markers').length > 0 &&
      (globalThis.__ERDL_STUDIO__!.store.getState() as unknown as { kernelStatus: string })
        .kernelStatus === 'ready',
  );
}

/** Gloss lint (merged in after the first markers, by the gloss phase). */
const GLOSS_LINT = new Set(['ERDL-W901', 'ERDL-W902', 'ERDL-I903']);

for (const lang of ['en', 'zh'] as const) {
  test(`a freshly opened 1,000-rule document shows the markers Node's compile gives (${lang})`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.addInitScript((l) => localStorage.setItem('erdl-studio.lang', l), lang);
    await openFreshStudio(page);
    const text = bigDocument();
    const docId = await addDocument(page, { name: 'big', text });
    await firstMarkersShown(page, docId);

    const source = new SourceText(text);
    const expected = compileDocument(text)
      .diagnostics.map((d) => `${d.code}@${source.position(d.range.start).line}`)
      .sort();
    expect(expected).toContain(
      `ERDL-E207@${text.split('\n').findIndex((l) => l.includes('then: NOTIFYX')) + 1}`,
    );
    const shown = (await markers(page))
      .filter((m) => m.owner === 'erdl' && !GLOSS_LINT.has(m.code))
      .map((m) => `${m.code}@${m.startLineNumber}`)
      .sort();
    expect(shown).toEqual(expected);
    // The message in the UI language first.
    const error = (await markers(page)).find((m) => m.code === 'ERDL-E207');
    expect(error?.message.split('\n')[0]).toMatch(
      lang === 'zh' ? /[\u4e00-\u9fff]/ : /^[\x20-\x7e]+$/,
    );
  });
}

test("a freshly opened document reaches the YAML worker after the kernel's first markers", async ({
  page,
}) => {
  test.setTimeout(120_000);
  // Every message posted to monaco-yaml's worker, with when it was posted.
  await logYamlWorkerMessages(page);
  await openFreshStudio(page);
  // 200 rules, one with a key the schema does not know (monaco-yaml flags it, the kernel too).
  const text = generateDocument(200).replace(
    '    priority: 7\n',
    '    priority: 7\n    colour: red\n',
  );
  expect(text).toContain('colour: red');
  const docId = await addDocument(page, { name: 'schema', text });
  const line = text.split('\n').findIndex((l) => l.includes('colour: red')) + 1;
  // Both checks still report the key: the kernel's error and monaco-yaml's warning.
  await expect.poll(() => markerOwnersOnLine(page, line)).toEqual(['erdl', 'yaml']);
  const firstMarkers = await page.evaluate((id) => {
    const mark = performance
      .getEntriesByName('erdl:markers')
      .find((m) => (m as PerformanceMark).detail?.docId === id);
    return mark?.startTime ?? null;
  }, docId);
  const firstSent =
    (await yamlWorkerMessages(page)).find((m) => m.text.includes(`${docId}.erdl.yaml`))?.at ?? null;
  expect(firstMarkers).not.toBeNull();
  expect(firstSent).not.toBeNull();
  expect(firstSent!).toBeGreaterThan(firstMarkers!);
});
