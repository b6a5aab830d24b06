// Shared fixtures for the signing tests (tests/signing-*.test.ts).

import { getPublicKeyAsync } from '@noble/ed25519';
import type { CliIo, WriteOptions } from '../src/cli/io';
import { run } from '../src/cli/run';
import { compileDocument } from '../src/kernel';
import { PAYMENTS } from '../src/kernel/test-support';
import {
  addRoleSignature,
  envelopeText,
  fromBase64,
  type Signer,
  signerFromJwk,
  signRuleFile,
  toBase64Url,
} from '../src/signing';

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

// Fixed keys (RFC 8032 §7.1 TEST 1 and TEST 2 seeds): Ed25519 is deterministic, so a file signed
// with them is the same bytes on every run (the hostile corpus's signature cases use them too).
const hex = (text: string) =>
  Uint8Array.from(text.match(/../g) ?? [], (b) => Number.parseInt(b, 16));
const FIXED_SEEDS = {
  author: '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60',
  reviewer: '4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb',
} as const;

/** The signer of a fixed key ('author': Alice Chen, 'reviewer': 李博). */
export async function fixedSigner(who: keyof typeof FIXED_SEEDS): Promise<Signer> {
  const seed = hex(FIXED_SEEDS[who]);
  const x = toBase64Url(await getPublicKeyAsync(seed));
  const made = await signerFromJwk({ kty: 'OKP', crv: 'Ed25519', x, d: toBase64Url(seed) });
  if (!made.ok) throw new Error(made.message.en);
  return made.signer;
}

export const FIXED_NAMES = { author: 'Alice Chen', reviewer: '李博' } as const;

/**
 * PAYMENTS signed by the fixed author (plain signature and author role) and co-signed by the fixed
 * reviewer: `text` is the signature file as ERDL writes it.
 */
export async function makerCheckerFixture(source = PAYMENTS) {
  const author = await fixedSigner('author');
  const reviewer = await fixedSigner('reviewer');
  const signed = await signRuleFile({
    sourceBytes: encode(source),
    file: 'pay.erdl.yaml',
    signedAt: '2026-09-01T00:00:00Z',
    signer: author,
  });
  if (!signed.ok) throw new Error(signed.message.en);
  const payload = fromBase64(signed.envelope.payload) as Uint8Array;
  let envelope = await addRoleSignature(signed.envelope, payload, {
    role: 'author',
    signer: author,
    name: FIXED_NAMES.author,
    signedAt: '2026-09-01T00:00:00Z',
  });
  envelope = await addRoleSignature(envelope, payload, {
    role: 'reviewer',
    signer: reviewer,
    name: FIXED_NAMES.reviewer,
    signedAt: '2026-09-02T08:00:00+08:00',
  });
  return { author, reviewer, envelope, payload, text: envelopeText(envelope), source };
}
