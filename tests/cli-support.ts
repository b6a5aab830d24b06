// Shared by the CLI tests: a CliIo that captures output and reads files from the repository, with
// optional in-memory files that shadow them.
import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { erdlCommand } from '../e2e/support/cli';
import { type CliIo, nodeIo } from '../src/cli/io';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export type Captured = CliIo & { stdout: string[]; stderr: string[] };

export function captureIo(files: Record<string, string> = {}): Captured {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return {
    stdout,
    stderr,
    out: (l) => void stdout.push(l),
    err: (l) => void stderr.push(l),
    readBytes: async (path) => {
      const inline = files[path];
      if (inline !== undefined) return new TextEncoder().encode(inline);
      return new Uint8Array(await readFile(resolve(ROOT, path)));
    },
    listDir: async (path) =>
      (await readdir(resolve(ROOT, path), { withFileTypes: true }))
        .map((e) => ({ name: e.name, directory: e.isDirectory() }))
        .sort((a, b) => (a.name < b.name ? -1 : 1)),
  };
}

/** The real io (the file system, streamed reads) with output captured: no progress line, no waits. */
export function captureNodeIo(): Captured {
  const {
    progress: _progress,
    drained: _drained,
    outClosed: _outClosed,
    outFailed: _outFailed,
    ...rest
  } = nodeIo();
  const stdout: string[] = [];
  const stderr: string[] = [];
  return {
    ...rest,
    stdout,
    stderr,
    out: (l) => void stdout.push(l),
    err: (l) => void stderr.push(l),
  };
}

/** ERDL-E304's message for tests/fixtures/cli/broken.erdl.yaml (`operator: greater_than`). */
export const UNKNOWN_GREATER_THAN =
  'Unknown operator "greater_than" (did you mean "gt"?). Operators: eq, ne, gt, gte, lt, lte, in, not_in, contains, not_contains, match, starts_with, ends_with, not_starts_with, not_ends_with, exists, not_exists, length_gt, length_gte, length_lt, length_lte, length_eq, between, not_between, count_gt, count_gte, count_lt, count_lte';

/** What `erdl ARGS` did, run as users run it (spawnErdl): its exit, its output as bytes, its errors. */
export interface Spawned {
  readonly code: number;
  readonly stdout: Buffer;
  readonly stderr: string;
}

/** `erdl ARGS` in its own process (erdlCommand: the built command when lib/ is fresh). */
export function spawnErdl(args: readonly string[]): Promise<Spawned> {
  return new Promise((done) => {
    const [program, ...leading] = erdlCommand();
    execFile(
      program as string,
      [...leading, ...args],
      { cwd: ROOT, encoding: 'buffer', timeout: 60_000, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) =>
        done({
          code: error ? (typeof error.code === 'number' ? error.code : -1) : 0,
          stdout,
          stderr: stderr.toString('utf8'),
        }),
    );
  });
}
