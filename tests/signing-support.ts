// Shared fixtures for the signing tests (tests/signing-*.test.ts).
import type { CliIo, WriteOptions } from '../src/cli/io';
import { run } from '../src/cli/run';
import { compileDocument } from '../src/kernel';

export { PAYMENTS } from '../src/kernel/test-support';

export const encode = (text: string): Uint8Array => new TextEncoder().encode(text);
export const decode = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);

/** The compiled document of a text that must load. */
export function compiled(text: string) {
  const result = compileDocument(text);
  if (!result.document)
    throw new Error(
      `fixture does not load: ${result.diagnostics.map((d) => d.message.en).join('; ')}`,
    );
  return result;
}

/** An in-memory file system behind the CLI's IO (tests/signing-*.test.ts). */
export interface MemoryIo extends CliIo {
  readonly files: Map<string, Uint8Array>;
  readonly modes: Map<string, number>;
  stdout: string[];
  stderr: string[];
}

export function memoryIo(files: Record<string, string> = {}): MemoryIo {
  const io: MemoryIo = {
    files: new Map(Object.entries(files).map(([k, v]) => [k, encode(v)])),
    modes: new Map(),
    stdout: [],
    stderr: [],
    out: (line) => io.stdout.push(line),
    err: (line) => io.stderr.push(line),
    readBytes: async (path) => {
      const bytes = io.files.get(path);
      if (!bytes) throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
      return bytes;
    },
    listDir: async () => [],
    writeBytes: async (path: string, bytes: Uint8Array, options?: WriteOptions) => {
      if (options?.exclusive && io.files.has(path))
        throw Object.assign(new Error('EEXIST'), { code: 'EEXIST' });
      io.files.set(path, new Uint8Array(bytes));
      if (options?.mode !== undefined) io.modes.set(path, options.mode);
    },
  };
  return io;
}

/** Runs `erdl ARGV…` on `io`, clearing its captured output first. */
export async function erdl(io: MemoryIo, ...argv: string[]) {
  io.stdout = [];
  io.stderr = [];
  return run(argv, io);
}
