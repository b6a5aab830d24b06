/**
 * `npx tsx bench/impact-ui.bench.ts URL` (issue #19 point 4, #41 point 5: goal ≤ 1 s): the impact of a change in the studio
 * itself, in Chromium — the bench's 100-rule document and its ten-thresholds-doubled version, over
 * the bench's 100,000 facts imported as JSON Lines, run from Export → Impact on the studio's
 * worker pool (navigator.hardwareConcurrency workers). Reads the time the studio reports
 * ("Compared in … s", from the click to the merged report) for 3 runs and keeps the best and the
 * first in bench/results/impact-ui-latest.json. The workers start and compile both versions when
 * the section opens, and read their parts of the facts ahead once imported (impactPrepare); the
 * first run is clicked right after the import, so it reads what the read-ahead has not yet read.
 * URL is a served build, e.g.
 * `npx vite build --outDir dist-bench && npx vite preview --outDir dist-bench --port 4300`.
 * Not part of `npm run bench` (it needs a build and a browser).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { chromium } from '@playwright/test';
import { generateDocument, generateFacts } from './generate';

const url = process.argv[2] ?? 'http://127.0.0.1:4202/';
const FACTS = 100_000;
const before = generateDocument(100);
let n = 0;
const after = before.replace(/value: (\d+)\b/g, (m, v: string) =>
  n++ >= 10 ? m : `value: ${Number(v) * 2}`,
);
// The two versions get names of their own (documents are named from metadata.name).
const named = (text: string, name: string) =>
  text.replace(/name: "generated-100"/, `name: "${name}"`);
const facts = `${generateFacts(FACTS)
  .map((f) => JSON.stringify(f))
  .join('\n')}\n`;

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.addInitScript(() => localStorage.setItem('erdl-studio.lang', 'en'));
  await page.goto(url);
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  await page.getByTestId('open-files').setInputFiles([
    {
      name: 'before.erdl.yaml',
      mimeType: 'text/yaml',
      buffer: Buffer.from(named(before, 'before')),
    },
    { name: 'after.erdl.yaml', mimeType: 'text/yaml', buffer: Buffer.from(named(after, 'after')) },
  ]);
  await page.getByRole('button', { name: /^after/ }).click();
  await page.getByRole('tab', { name: 'Export' }).click();
  const impact = page.getByTestId('impact');
  await impact.scrollIntoViewIfNeeded();
  await impact.getByRole('combobox', { name: 'Compare against' }).selectOption({ label: 'before' });
  await impact
    .getByTestId('impact-import')
    .setInputFiles([
      { name: 'facts.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(facts) },
    ]);
  const seconds: number[] = [];
  let workers = 0;
  for (let i = 0; i < 3; i++) {
    await impact.getByRole('button', { name: 'Run impact' }).click();
    const took = impact.getByTestId('impact-took');
    await took.waitFor({ timeout: 600_000 });
    const m = (await took.textContent())?.match(/Compared in ([\d.]+) s on (\d+) worker/);
    if (!m) throw new Error('impact ui bench: no time shown');
    seconds.push(Number(m[1]));
    workers = Number(m[2]);
    const summary = await impact.getByTestId('impact-summary').textContent();
    console.log(`impact (studio, Chromium): ${summary} ${m[0]}`);
  }
  const result = {
    facts: FACTS,
    rules: 100,
    workers,
    hardware_concurrency: cores,
    best_ms: Math.round(Math.min(...seconds) * 1000),
    // Clicked right after the import: reads what the workers have not read ahead (impact-job.ts).
    first_ms: Math.round((seconds[0] ?? 0) * 1000),
    runs_ms: seconds.map((s) => Math.round(s * 1000)),
    load_average: Number(loadavg()[0]?.toFixed(2)),
    goal_ms: 1000,
  };
  console.log(
    `impact: ${FACTS} facts × 100 rules in the studio: ${result.best_ms} ms on ${workers} worker(s), first run ${result.first_ms} ms (goal ≤ 1000 ms; load average ${result.load_average})`,
  );
  const out = new URL('./results/', import.meta.url);
  mkdirSync(out, { recursive: true });
  writeFileSync(new URL('impact-ui-latest.json', out), `${JSON.stringify(result, null, 2)}\n`);
} finally {
  await browser.close();
}
