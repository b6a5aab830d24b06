#!/usr/bin/env node
// Records how long each unit-test file ran, for the order in which `vitest run` starts them
// (tests/longest-first.ts): `npx vitest run --reporter=json --outputFile=/tmp/vitest.json`, then
// `node scripts/unit-test-durations.mjs /tmp/vitest.json`. Writes tests/unit-test-durations.json
// (path → milliseconds, rounded to 100 ms). A stale or missing entry only changes the order.
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const report = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const out = {};
for (const file of report.testResults ?? []) {
  const ms = Math.round(((file.endTime ?? 0) - (file.startTime ?? 0)) / 100) * 100;
  if (ms > 0) out[relative(root, file.name)] = ms;
}
const sorted = Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : 1)));
writeFileSync(
  new URL('../tests/unit-test-durations.json', import.meta.url),
  `${JSON.stringify(sorted, null, 2)}\n`,
);
console.log(`unit-test-durations: ${Object.keys(sorted).length} files`);
