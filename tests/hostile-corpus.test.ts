// The hostile corpus (issue #35 §9): one data file per case in tests/fixtures/hostile/<door>/,
// `<name>.case.yaml`, each with the threat it models and its expected outcome. Every case runs
// through the `erdl` command (in-process, the same `run` bin/erdl.js calls) and, where it names a
// kernel probe, through the library too. The layout is documented in
// tests/fixtures/hostile/README.md; docs/security.md is the threat model the cases stand for.
//
// A case never asserts a time: a hang or a quadratic blow-up is caught by the test's own timeout.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import type { CliIo } from '../src/cli/io';
import { run } from '../src/cli/run';
import { captureIo, ROOT } from './cli-support';
import { GENERATORS } from './fixtures/hostile/generators';
import { PROBES } from './fixtures/hostile/probes';

// `erdl eval --facts` cases start batch workers: from lib/ when it is up to date
// (tests/batch-workers.ts), which is why this file is in the isolated project (it mocks a module).
vi.mock('node:worker_threads', async (original) =>
  (await import('./batch-workers')).builtBatchWorkers(await original()),
);

const CORPUS = resolve(ROOT, 'tests/fixtures/hostile');

/** What a stream must (and must not) hold. */
interface StreamExpect {
  /** Every string must occur (case-sensitive). */
  readonly contains?: readonly string[];
  readonly not_contains?: readonly string[];
  /** Every pattern (a JavaScript regular expression's source) must match somewhere. */
  readonly matches?: readonly string[];
  /** The exact number of lines written. */
  readonly lines?: number;
  /** Each line is a JSON value; `json` lists, per line, keys/values each line must hold. */
  readonly json?: readonly Record<string, unknown>[];
}

interface HostileCase {
  /** What an attacker or a broken pipeline does, and what must happen instead. */
  readonly threat: string;
  /** The issue the case comes from. */
  readonly issue?: number;
  /** Files held in memory for this case (path relative to the case's folder → text). */
  readonly files?: Readonly<Record<string, string>>;
  /** Files made by a generator (binary or too large to commit): path → generator name. */
  readonly generate?: Readonly<Record<string, string>>;
  /** The `erdl` command: its arguments (`@path`: relative to the case's folder) and standard input. */
  readonly cli?: {
    readonly argv: readonly string[];
    readonly stdin?: string;
    readonly exit: number;
    readonly stdout?: StreamExpect;
    readonly stderr?: StreamExpect;
  };
  /** The same input through the library: a probe from probes.ts, its input and expectation. */
  readonly kernel?: {
    readonly probe: string;
    readonly input?: unknown;
    /** A file of the case (in `files`, generated or on disk) given to the probe as its input. */
    readonly file?: string;
    readonly expect: Record<string, unknown>;
  };
}

function listCases(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...listCases(p));
    else if (e.name.endsWith('.case.yaml')) out.push(p);
  }
  return out.sort();
}

/** A repository-relative path for a path written relative to the case's folder. */
function inRepo(caseDir: string, p: string): string {
  return p === '-' ? p : relative(ROOT, resolve(caseDir, p));
}

async function caseFiles(caseDir: string, c: HostileCase): Promise<Record<string, Uint8Array>> {
  const files: Record<string, Uint8Array> = {};
  for (const [p, text] of Object.entries(c.files ?? {}))
    files[inRepo(caseDir, p)] = new TextEncoder().encode(text);
  for (const [p, name] of Object.entries(c.generate ?? {})) {
    const gen = GENERATORS[name];
    if (!gen) throw new Error(`unknown generator ${name}`);
    files[inRepo(caseDir, p)] = await gen();
  }
  return files;
}

/** captureIo with the case's files shadowing the disk, and standard input as `-`/`/dev/stdin`. */
function caseIo(
  files: Record<string, Uint8Array>,
  stdin: string | undefined,
): ReturnType<typeof captureIo> {
  const io = captureIo();
  const readBytes = io.readBytes;
  const lookup = (path: string): Uint8Array | undefined => {
    if ((path === '-' || path === '/dev/stdin') && stdin !== undefined)
      return new TextEncoder().encode(stdin);
    return files[path];
  };
  const withFiles: CliIo = {
    ...io,
    readBytes: async (path) => lookup(path) ?? readBytes(path),
    readChunks: (path) => {
      const held = lookup(path);
      return (async function* () {
        const bytes = held ?? (await readBytes(path));
        const text = new TextDecoder().decode(bytes);
        // Odd-sized chunks, so a reader that assumes whole lines per chunk fails here.
        for (let i = 0; i < text.length; i += 4093) yield text.slice(i, i + 4093);
      })();
    },
  };
  return Object.assign(io, withFiles);
}

function checkStream(name: string, lines: readonly string[], e: StreamExpect | undefined): void {
  if (!e) return;
  const text = lines.join('\n');
  for (const s of e.contains ?? [])
    expect(text, `${name} contains ${JSON.stringify(s)}`).toContain(s);
  for (const s of e.not_contains ?? [])
    expect(text, `${name} does not contain ${JSON.stringify(s)}`).not.toContain(s);
  for (const s of e.matches ?? [])
    expect(text, `${name} matches /${s}/`).toMatch(new RegExp(s, 'u'));
  const written = text === '' ? [] : text.split('\n');
  if (e.lines !== undefined) expect(written.length, `${name} lines`).toBe(e.lines);
  if (e.json) {
    expect(written.length, `${name} JSON lines`).toBe(e.json.length);
    e.json.forEach((want, i) => {
      expect(JSON.parse(written[i] as string), `${name} line ${i + 1}`).toMatchObject(want);
    });
  }
}

afterEach(() => {
  expect(Object.keys(Object.prototype)).toEqual([]);
});

const cases = listCases(CORPUS);

describe('hostile corpus', () => {
  it('has cases for every door', () => {
    const doors = new Set(cases.map((p) => relative(CORPUS, dirname(p)).split('/')[0]));
    expect([...doors].sort()).toEqual(
      ['documents', 'facts', 'lsp', 'outputs', 'signatures', 'tables', 'text', 'workspace'].sort(),
    );
  });

  for (const path of cases) {
    const name = relative(CORPUS, path);
    const c = parse(readFileSync(path, 'utf8')) as HostileCase;
    const caseDir = dirname(path);
    describe(name, () => {
      it('states its threat and an outcome', () => {
        expect(c.threat?.trim()).toBeTruthy();
        expect(c.cli ?? c.kernel, 'a CLI run or a kernel probe').toBeDefined();
      });
      if (c.cli) {
        const cli = c.cli;
        it(`erdl ${cli.argv[0]} exits ${cli.exit}`, async () => {
          const files = await caseFiles(caseDir, c);
          const io = caseIo(files, cli.stdin);
          // `@path` is a file relative to the case's folder; every other argument is passed as is.
          const argv = cli.argv.map((a) => (a.startsWith('@') ? inRepo(caseDir, a.slice(1)) : a));
          const code = await run(argv, io);
          const report = `stdout:\n${io.stdout.join('\n').slice(0, 2000)}\nstderr:\n${io.stderr.join('\n').slice(0, 2000)}`;
          expect(code, report).toBe(cli.exit);
          checkStream('stdout', io.stdout, cli.stdout);
          checkStream('stderr', io.stderr, cli.stderr);
        }, 120_000);
      }
      if (c.kernel) {
        const k = c.kernel;
        it(`kernel: ${k.probe}`, async () => {
          const probe = PROBES[k.probe];
          expect(probe, `probe ${k.probe} exists`).toBeDefined();
          let input: unknown = k.input;
          if (k.file) {
            const files = await caseFiles(caseDir, c);
            input =
              files[inRepo(caseDir, k.file)] ??
              new Uint8Array(readFileSync(resolve(caseDir, k.file)));
          }
          const outcome = await (probe as NonNullable<typeof probe>)(input);
          expect(outcome).toMatchObject(k.expect);
        }, 120_000);
      }
    });
  }
});
