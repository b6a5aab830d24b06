import { fill } from '../../i18n/format';
import {
  type Bilingual,
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
import { readFailure } from '../reader';
import { HELP } from '../strings/help';
import { VECTORS_STRINGS as msg } from '../strings/vectors';
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
          : { passed: false, failures: [expected.message] };
      },
    });
    return;
  }
  for (const e of entries) {
    const path = `${dir}/${e.name}`;
    if (e.directory) await collect(io, path, out);
    else if (e.special && /\.ya?ml$/.test(e.name))
      // Named as a failed vector, never opened (a FIFO would block the run) nor left out unsaid.
      out.push({
        path,
        run: async () => ({ passed: false, failures: [msg.notAFile] }),
      });
    else if (/\.ya?ml$/.test(e.name)) {
      out.push({
        path,
        run: async () => {
          const data = await readData(io, path);
          if (!data.ok) return { passed: false, failures: [data.message] };
          return runnerFor(path)(data.value);
        },
      });
    }
  }
}

/** A case that threw while it was read (the runners never throw): its error as it is. */
const unexpected = (e: unknown): Bilingual => ({ en: String(e), zh: String(e) });

export const vectors: Verb = {
  name: 'vectors',
  stdout: 'text',
  args: ['DIR'],
  summary: msg.summary,
  details: HELP.vectors,
  async run(io, [dirArg]) {
    const dir = (dirArg as string).replace(/\/+$/, '') || '/';
    const cases: Case[] = [];
    try {
      await collect(io, dir, cases);
    } catch (e) {
      // A file-system error (no such directory, not a directory, no permission) in both languages, as
      // every verb names it; anything else with its own message.
      const fsError = typeof e === 'object' && e !== null && 'code' in e;
      const notDirectory = fsError && (e as { code: unknown }).code === 'ENOTDIR';
      const detail = e instanceof Error ? e.message : String(e);
      const quotedDir = { en: JSON.stringify(dir), zh: zhQuote(dir) };
      printError(
        io,
        notDirectory
          ? fill(msg.notADirectory, { dir: quotedDir })
          : fsError
            ? readFailure(dir, e)
            : fill(msg.cannotRead, { dir: quotedDir, detail }),
      );
      return EXIT_USAGE;
    }
    if (cases.length === 0) {
      printError(
        io,
        fill(msg.noVectorsUnder, { dir: { en: JSON.stringify(dir), zh: zhQuote(dir) } }),
      );
      return EXIT_USAGE;
    }
    // English unless Chinese is asked for (--lang zh, a zh locale), as every verb's stdout; the
    // runners give each reason in both languages.
    const side = io.lang === 'zh' ? 'zh' : 'en';
    let passed = 0;
    let failed = 0;
    for (const c of cases) {
      const outcome = await c
        .run()
        .catch((e: unknown) => ({ passed: false, failures: [unexpected(e)] }));
      if (outcome.passed) passed++;
      else {
        failed++;
        for (const f of outcome.failures)
          io.out(fill(msg.failed, { path: c.path, reason: f })[side]);
      }
    }
    io.out(fill(msg.totals, { passed, failed })[side]);
    return failed > 0 ? EXIT_INVALID : EXIT_OK;
  },
};
