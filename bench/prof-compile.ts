/**
 * Profiling aid for issue 17 §4 (not a benchmark): `npx tsx bench/prof-compile.ts [runs] [out]
 * [--evaluator]` compiles the generated 1,000-rule document, warms up, then CPU-profiles `runs`
 * steady-state compiles (node:inspector) into `out` (a .cpuprofile for Chrome DevTools) and prints
 * the median wall and CPU times (CPU time is steadier on a shared machine). With `--evaluator`
 * each run is compile + `new Evaluator` (issue 41: the closures and the rule index).
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { performance } from 'node:perf_hooks';
import { compileDocument, Evaluator } from '../src/kernel';
import { generateDocument } from './generate';

const text = generateDocument(1000);
const positional = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const runs = Number(positional[0] ?? 30);
const out = positional[1];
const withEvaluator = process.argv.includes('--evaluator');
const once = () => {
  const compiled = compileDocument(text);
  if (withEvaluator && compiled.document) new Evaluator(compiled.document);
};
for (let i = 0; i < 5; i++) once();
const session = new Session();
session.connect();
const post = (method: string, params?: object) =>
  new Promise<unknown>((resolve, reject) =>
    session.post(method, params, (err, res) => (err ? reject(err) : resolve(res))),
  );
if (out) {
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 200 });
  await post('Profiler.start');
}
const times: number[] = [];
const cpu: number[] = [];
for (let i = 0; i < runs; i++) {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  once();
  times.push(performance.now() - t0);
  const c = process.cpuUsage(c0);
  cpu.push((c.user + c.system) / 1000);
}
if (out) {
  const { profile } = (await post('Profiler.stop')) as { profile: unknown };
  writeFileSync(out, JSON.stringify(profile));
}
const med = (xs: number[]) => ([...xs].sort((a, b) => a - b)[xs.length >> 1] as number).toFixed(1);
console.log(
  `median ${med(times)} ms, min ${Math.min(...times).toFixed(1)} ms (CPU time: median ${med(cpu)} ms, min ${Math.min(...cpu).toFixed(1)} ms)`,
);
