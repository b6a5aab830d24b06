/**
 * Table import figures (issue #35 §4): a table of 2,000 and of 10,000 rows in each format the
 * studio and `erdl import` read — CSV (the kernel's csvToTableEntry, the studio's grid import),
 * Excel .xlsx, DMN 1.3 and GoRules JDM (readForeign, the one reader of the CLI and the studio's
 * worker) — each imported in Node: wall time and the process's CPU time (steadier on a shared
 * machine), median of the runs, and the ratio of the 10,000-row figure to the 2,000-row one (5 for
 * an import linear in the rows). Target: 10,000 rows ≤ 2 s in each format. A benchmark, not a test:
 * it prints figures and asserts nothing. `npm run bench:import` (`--runs N`, default 5).
 */
import { performance } from 'node:perf_hooks';
import { formatDelimited } from '../src/kernel/table-edit/delimited';
import type { DocumentImport } from '../src/kernel/table-import';
import { csvToTableEntry } from '../src/kernel/table-import/csv';
import { readForeign } from '../src/table-import/read-foreign';
import { writeXlsxTable } from '../src/table-import/xlsx';

const SIZES = [2_000, 10_000];
const runsAt = process.argv.indexOf('--runs');
const RUNS = runsAt > 0 ? Number(process.argv[runsAt + 1]) : 5;

const COUNTRIES = Array.from({ length: 50 }, (_, i) => `C${String(i).padStart(2, '0')}`);

/** Row r of the table: an amount band, a country, a channel (or any), a decision, a message. */
function row(r: number) {
  return {
    low: r * 10,
    high: r * 10 + 9,
    country: COUNTRIES[r % COUNTRIES.length] as string,
    channel: r % 3 === 0 ? null : r % 3 === 1 ? 'web' : 'app',
    decision: r % 4 === 0 ? 'DENY' : r % 4 === 1 ? 'REQUEST_HUMAN' : 'ALLOW',
    message: `Band ${r}: amounts ${r * 10} to ${r * 10 + 9}`,
  };
}

/** The table in the CSV shape of docs/table-cells.md: what CSV and .xlsx import read. */
function grid(rows: number): string[][] {
  const out = [
    [
      'tool.args.amount "Amount"',
      'context.country "Country"',
      'context.channel',
      'then',
      'message',
      'name',
    ],
  ];
  for (let r = 0; r < rows; r++) {
    const x = row(r);
    out.push([
      `${x.low}-${x.high}`,
      `"${x.country}"`,
      x.channel === null ? '-' : `"${x.channel}"`,
      x.decision,
      x.message,
      `band-${r}`,
    ]);
  }
  return out;
}

const xml = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;');

/** The table as a DMN 1.3 model, laid out as modelers write it (ids, one element a line). */
function dmn(rows: number): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<definitions xmlns="https://www.omg.org/spec/DMN/20191111/MODEL/" id="bench" name="Bench" namespace="http://erdl.example/bench">',
    '  <decision id="d" name="Bench">',
    '    <decisionTable id="t" hitPolicy="FIRST">',
    '      <input id="iA" label="Amount"><inputExpression id="eA" typeRef="number"><text>tool.args.amount</text></inputExpression></input>',
    '      <input id="iC" label="Country"><inputExpression id="eC" typeRef="string"><text>country</text></inputExpression></input>',
    '      <input id="iH" label="Channel"><inputExpression id="eH" typeRef="string"><text>channel</text></inputExpression></input>',
    '      <output id="oD" name="decision" typeRef="string" />',
    '      <output id="oM" name="message" typeRef="string" />',
  ];
  for (let r = 0; r < rows; r++) {
    const x = row(r);
    lines.push(
      `      <rule id="r${r}">`,
      `        <inputEntry id="r${r}a"><text>[${x.low}..${x.high}]</text></inputEntry>`,
      `        <inputEntry id="r${r}c"><text>"${x.country}"</text></inputEntry>`,
      `        <inputEntry id="r${r}h"><text>${x.channel === null ? '-' : `"${x.channel}"`}</text></inputEntry>`,
      `        <outputEntry id="r${r}d"><text>"${x.decision}"</text></outputEntry>`,
      `        <outputEntry id="r${r}m"><text>${xml(JSON.stringify(x.message))}</text></outputEntry>`,
      '      </rule>',
    );
  }
  lines.push('    </decisionTable>', '  </decision>', '</definitions>', '');
  return lines.join('\n');
}

/** The table as a GoRules JDM graph. */
function jdm(rows: number): string {
  const rules = [];
  for (let r = 0; r < rows; r++) {
    const x = row(r);
    rules.push({
      _id: `r${r}`,
      amount: `[${x.low}..${x.high}]`,
      country: `"${x.country}"`,
      channel: x.channel === null ? '' : `"${x.channel}"`,
      decision: `"${x.decision}"`,
      message: JSON.stringify(x.message),
    });
  }
  return JSON.stringify({
    nodes: [
      { id: 'in', type: 'inputNode', name: 'Request' },
      {
        id: 't',
        type: 'decisionTableNode',
        name: 'Bench',
        content: {
          hitPolicy: 'first',
          inputs: [
            { id: 'amount', name: 'Amount', field: 'tool.args.amount' },
            { id: 'country', name: 'Country', field: 'country' },
            { id: 'channel', name: 'Channel', field: 'channel' },
          ],
          outputs: [
            { id: 'decision', name: 'Decision', field: 'decision' },
            { id: 'message', name: 'Message', field: 'message' },
          ],
          rules,
        },
      },
    ],
  });
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1] as number;
}

const round = (x: number) => Math.round(x);

/** Checks that an import converted its one table (a benchmark of a failing import means nothing). */
function converted(r: DocumentImport | { ok: boolean }, what: string): void {
  const ok = 'ok' in r ? r.ok : r.text !== null && !r.notes.some((n) => n.level === 'error');
  if (!ok) throw new Error(`${what}: the import failed: ${JSON.stringify(r).slice(0, 500)}`);
}

async function time(
  f: () => Promise<unknown>,
): Promise<{ wall_ms: number; cpu_ms: number; min_ms: number }> {
  await f(); // warm-up
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await f();
    walls.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpus.push((c.user + c.system) / 1000);
  }
  return {
    wall_ms: round(median(walls)),
    cpu_ms: round(median(cpus)),
    min_ms: round(Math.min(...walls)),
  };
}

const enc = new TextEncoder();
const results: Record<string, Record<string, unknown>> = {};
for (const rows of SIZES) {
  const csvText = `${formatDelimited(grid(rows), ',')}\n`;
  const xlsx = await writeXlsxTable(grid(rows), 'Bench');
  const dmnBytes = enc.encode(dmn(rows));
  const jdmBytes = enc.encode(jdm(rows));
  const formats: [string, number, () => Promise<unknown>][] = [
    [
      'csv',
      enc.encode(csvText).length,
      async () => {
        const r = csvToTableEntry(csvText, 'bench', 2);
        converted(r, `CSV, ${rows} rows`);
      },
    ],
    [
      'xlsx',
      xlsx.length,
      async () => converted(await readForeign('bench.xlsx', xlsx), `xlsx, ${rows} rows`),
    ],
    [
      'dmn',
      dmnBytes.length,
      async () => converted(await readForeign('bench.dmn', dmnBytes), `DMN, ${rows} rows`),
    ],
    [
      'jdm',
      jdmBytes.length,
      async () => converted(await readForeign('bench.json', jdmBytes), `JDM, ${rows} rows`),
    ],
  ];
  for (const [format, bytes, f] of formats) {
    const t = await time(f);
    results[format] ??= {};
    (results[format] as Record<string, unknown>)[`rows_${rows}`] = { file_bytes: bytes, ...t };
    console.error(
      `${format.padEnd(5)} ${String(rows).padStart(6)} rows  ${(bytes / 1e6).toFixed(2).padStart(6)} MB  wall ${String(t.wall_ms).padStart(6)} ms  cpu ${String(t.cpu_ms).padStart(6)} ms`,
    );
  }
}
for (const r of Object.values(results)) {
  const small = r[`rows_${SIZES[0]}`] as { cpu_ms: number };
  const large = r[`rows_${SIZES[1]}`] as { cpu_ms: number; wall_ms: number };
  r.cpu_ratio_10000_to_2000 = Math.round((large.cpu_ms / Math.max(small.cpu_ms, 1)) * 100) / 100;
  r.target_met_10000_rows_2s = large.wall_ms <= 2000;
}
console.log(JSON.stringify({ runs: RUNS, node: process.version, import: results }, null, 2));
