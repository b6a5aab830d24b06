import {
  runCanonicalVector,
  runGlossVector,
  runProjectionVector,
  runVector,
  type VectorOutcome,
} from '../../kernel';
import { zhQuote } from '../../kernel/util/quote';
import { EXIT_INVALID, EXIT_OK, EXIT_USAGE } from '../exit-codes';
import type { CliIo } from '../io';
import { printError } from '../messages';
import { readData } from '../read-data';
import type { Verb } from './verb';

const CANONICAL_INPUTS = ['input.erdl.yaml', 'input.erdl.json'];

interface Case {
  readonly path: string;
  run(): Promise<VectorOutcome>;
}

/** Which runner a case file needs: by the suite folder it sits in (vectors/README.md). */
type Runner = (vector: unknown) => VectorOutcome;
const RUNNERS: Readonly<Record<string, Runner>> = {
  engine: runVector,
  gloss: runGlossVector,
  proj: runProjectionVector,
};

function runnerFor(path: string): Runner {
  const suites = path.split('/').filter((segment) => segment in RUNNERS);
  return RUNNERS[suites.at(-1) ?? 'engine'] ?? runVector;
}

/**
 * Finds vectors under DIR: case files (*.yaml) of the engine / gloss suites, run by the suite's
 * runner, and canonical case folders (input.erdl.yaml + expected.json).
 */
async function collect(io: CliIo, dir: string, out: Case[]): Promise<void> {
  const entries = await io.listDir(dir);
  const names = new Set(entries.map((e) => e.name));
  const input = CANONICAL_INPUTS.find((n) => names.has(n));
  if (input && names.has('expected.json')) {
    out.push({
      path: dir,
      run: async () => {
        const text = new TextDecoder().decode(await io.readBytes(`${dir}/${input}`));
        const expected = await readData(io, `${dir}/expected.json`);
        return expected.ok
          ? runCanonicalVector(text, expected.value)
          : { passed: false, failures: [expected.message.en] };
      },
    });
    return;
  }
  for (const e of entries) {
    const path = `${dir}/${e.name}`;
    if (e.directory) await collect(io, path, out);
    else if (/\.ya?ml$/.test(e.name)) {
      out.push({
        path,
        run: async () => {
          const data = await readData(io, path);
          if (!data.ok) return { passed: false, failures: [data.message.en] };
          return runnerFor(path)(data.value);
        },
      });
    }
  }
}

export const vectors: Verb = {
  name: 'vectors',
  stdout: 'text',
  args: ['DIR'],
  summary: { en: 'run every conformance vector under DIR', zh: '运行 DIR 下的全部一致性向量' },
  details: [
    'Runs V-ENGINE vectors (vectors/engine/<group>/NNNN-slug.yaml), gloss and projection vectors',
    '(vectors/gloss/, vectors/proj/) and canonical vectors (vectors/canonical/<case>/ with',
    'input.erdl.yaml and expected.json) found under DIR; a file is run by the suite folder it is in.',
    'Prints "FAIL <path>: <reason>" for each failure, then "N passed, N failed".',
    'Exits 1 if any vector failed, 2 when DIR cannot be read or holds no vectors.',
  ],
  async run(io, [dirArg]) {
    const dir = (dirArg as string).replace(/\/+$/, '') || '/';
    const cases: Case[] = [];
    try {
      await collect(io, dir, cases);
    } catch (e) {
      const detail = e instanceof Error ? e.message : String(e);
      printError(io, {
        en: `cannot read ${JSON.stringify(dir)}: ${detail}`,
        zh: `无法读取${zhQuote(dir)}：${detail}`,
      });
      return EXIT_USAGE;
    }
    if (cases.length === 0) {
      printError(io, {
        en: `no vectors under ${JSON.stringify(dir)}`,
        zh: `${zhQuote(dir)}下没有向量`,
      });
      return EXIT_USAGE;
    }
    let passed = 0;
    let failed = 0;
    for (const c of cases) {
      const outcome = await c
        .run()
        .catch((e: unknown) => ({ passed: false, failures: [String(e)] }));
      if (outcome.passed) passed++;
      else {
        failed++;
        for (const f of outcome.failures) io.out(`FAIL ${c.path}: ${f}`);
      }
    }
    io.out(`${passed} passed, ${failed} failed`);
    return failed > 0 ? EXIT_INVALID : EXIT_OK;
  },
};
