/**
 * `npm run bench:lsp`: `erdl lsp` on the generated 1,000-rule document, driven over stdio by a real
 * LSP client (src/lsp/test-support.ts) as an editor drives it. Prints the time from opening the
 * document to its first diagnostics, and from each incremental edit (one character typed into a
 * rule's `then:`, then taken back) to the diagnostics of that version — beside the studio's own
 * figures for the same document (bench/results/ui-2026-12-06.json: first markers, markers after
 * typing). Times include the JSON-RPC round trip through the pipes. Figures, not assertions.
 *
 *   npm run bench:lsp [-- --edits N] [-- --server built]   (built: lib/erdl.js, after build:lib)
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { CHECKOUT_SERVER, LspClient, ROOT } from '../src/lsp/test-support';
import { generateDocument } from './generate';

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i === -1 ? undefined : args[i + 1];
};
const EDITS = Number(option('--edits') ?? 40);
const server =
  option('--server') === 'built'
    ? [process.execPath, path.join(ROOT, 'bin/erdl.js'), 'lsp']
    : CHECKOUT_SERVER;

const studio = JSON.parse(
  readFileSync(path.join(ROOT, 'bench/results/ui-2026-12-06.json'), 'utf8'),
) as Record<string, number>;

const percentile = (xs: readonly number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
};
const ms = (x: number) => Math.round(x * 10) / 10;

const text = generateDocument(1000);
const lines = text.split('\n');
const uri = 'file:///bench/generated-1000.erdl.yaml';
const client = LspClient.start(server);
await client.initialize();

let t = performance.now();
await client.open(uri, text);
await client.diagnostics(uri, 1);
const first = performance.now() - t;

// Edits spread over the document: a character typed at the end of a `then:` line, then removed.
const thenLines = lines.flatMap((l, i) => (/^\s+then: /.test(l) ? [i] : []));
const edits: number[] = [];
let version = 1;
for (let k = 0; k < EDITS; k++) {
  const line = thenLines[Math.floor((k * thenLines.length) / EDITS)] as number;
  const character = (lines[line] as string).length;
  const at = { line, character };
  version++;
  t = performance.now();
  await client.change(uri, version, { start: at, end: at }, 'X');
  await client.diagnostics(uri, version);
  edits.push(performance.now() - t);
  version++;
  await client.change(uri, version, { start: at, end: { line, character: character + 1 } }, '');
  await client.diagnostics(uri, version);
}
await client.stop();

const studioFirst = studio.first_markers_1000_rules_ms as number;
const studioTyping = studio.markers_after_typing_1000_rules_ms as number;
const p50 = percentile(edits, 50);
const rows: [string, number | string][] = [
  ['lsp first diagnostics after open, 1,000 rules (ms)', ms(first)],
  [`lsp diagnostics after an edit, p50 of ${EDITS} (ms)`, ms(p50)],
  [`lsp diagnostics after an edit, p95 of ${EDITS} (ms)`, ms(percentile(edits, 95))],
  ['lsp diagnostics after the first edit (ms)', ms(edits[0] as number)],
  ['studio first markers, 1,000 rules (ms, ui-2026-12-06)', studioFirst],
  ['studio markers after typing, 1,000 rules (ms, ui-2026-12-06)', studioTyping],
  ['ratio lsp edit p50 / studio first markers', Math.round((p50 / studioFirst) * 1000) / 1000],
  [
    'ratio lsp edit p50 / studio markers after typing',
    Math.round((p50 / studioTyping) * 1000) / 1000,
  ],
];
for (const [label, value] of rows) console.log(`${label.padEnd(62)} ${value}`);
console.log(
  `server: ${server === CHECKOUT_SERVER ? 'checkout (tsx src/cli/main.ts lsp)' : 'built (bin/erdl.js lsp)'}`,
);
