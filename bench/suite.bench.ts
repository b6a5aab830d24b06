/**
 * Fact-suite figures (issue 7 §2): a 10,000-fact suite run against the generated 100-rule
 * document — the batch the studio's worker runs on "Run all" (target < 500 ms) — and the import
 * of the same facts as JSON Lines and CSV through the streaming parsers, in 64 KiB chunks.
 * Prints one JSON object; `npx tsx bench/suite.bench.ts`.
 */
import { performance } from 'node:perf_hooks';
import {
  compileDocument,
  createCsvParser,
  createJsonLinesParser,
  DEFAULT_SUITE_AS_OF,
  Evaluator,
  type FactSetParser,
  runSuite,
  type Suite,
  SuiteRun,
} from '../src/kernel';
import { generateDocument, generateFacts } from './generate';

const FACTS = 10_000;
const RULES = 100;
const RUNS = 7;
const CHUNK = 65_536;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1] as number;
}

const round = (x: number) => Math.round(x * 10) / 10;

function time(runs: number, f: () => void): { median_ms: number; min_ms: number } {
  f(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    f();
    times.push(performance.now() - t0);
  }
  return { median_ms: round(median(times)), min_ms: round(Math.min(...times)) };
}

const compiled = compileDocument(generateDocument(RULES, 3));
if (!compiled.document) throw new Error('the generated document does not load');
const document = compiled.document;
const facts = generateFacts(FACTS);
const suite: Suite = {
  cases: facts.map((fact, i) => ({
    name: `fact ${i + 1}`,
    fact: fact as Suite['cases'][number]['fact'],
    expect: { decision: 'ALLOW' },
  })),
  sequences: [],
};

let check = runSuite(document, suite);
if (check.totals.evaluations !== FACTS) throw new Error('not every fact ran');
const batch = time(RUNS, () => {
  check = runSuite(document, suite);
});
// The same facts through the bare evaluator: what the suite bookkeeping adds on top.
const evaluator = new Evaluator(document);
const evaluatorOnly = time(RUNS, () => {
  for (const c of suite.cases)
    evaluator.evaluate(c.fact, { as_of: DEFAULT_SUITE_AS_OF, hash: false });
});
// The worker's way: steps of 500 evaluations (progress and cancel between steps).
const stepped = time(RUNS, () => {
  const run = new SuiteRun(document, suite);
  while (!run.step(500));
  run.result();
});

function feed(make: () => FactSetParser, text: string): number {
  const parser = make();
  let rows = 0;
  for (let i = 0; i < text.length; i += CHUNK)
    rows += parser.push(text.slice(i, i + CHUNK)).cases.length;
  return rows + parser.end().cases.length;
}

const jsonl = suite.cases
  .map((c) => JSON.stringify({ name: c.name, fact: c.fact, expect: c.expect }))
  .join('\n');
type Flat = {
  tool: { name: string; args: Record<string, unknown> };
  context: Record<string, unknown>;
};
const csv = [
  'name,tool.name,tool.args.amount,tool.args.price,tool.args.path,tool.args.command,context.amount,context.cost,context.country,context.channel,expect.decision',
  ...suite.cases.map((c) => {
    const f = c.fact as unknown as Flat;
    const a = f.tool.args;
    const x = f.context;
    return [
      c.name,
      f.tool.name,
      a.amount,
      a.price,
      a.path,
      a.command,
      x.amount,
      x.cost,
      x.country,
      x.channel,
      'ALLOW',
    ].join(',');
  }),
].join('\n');
if (feed(createJsonLinesParser, jsonl) !== FACTS || feed(createCsvParser, csv) !== FACTS)
  throw new Error('the import lost rows');
const importJsonl = time(RUNS, () => feed(createJsonLinesParser, jsonl));
const importCsv = time(RUNS, () => feed(createCsvParser, csv));

const figures = {
  suite_batch: {
    facts: FACTS,
    rules: RULES,
    ...batch,
    facts_per_s: Math.round(FACTS / (batch.median_ms / 1000)),
    target_ms: 500,
    within_target: batch.median_ms < 500,
    failed: check.totals.failed,
    uncovered_rules: check.uncovered.length,
  },
  evaluator_only: evaluatorOnly,
  suite_stepped_500: stepped,
  import_jsonl: { rows: FACTS, bytes: jsonl.length, ...importJsonl },
  import_csv: { rows: FACTS, bytes: csv.length, ...importCsv },
};
console.log(JSON.stringify(figures, null, 2));
console.log(
  `suite: ${FACTS} facts × ${RULES} rules in ${batch.median_ms} ms (median of ${RUNS}; ${figures.suite_batch.facts_per_s} facts/s; target < 500 ms)`,
);
