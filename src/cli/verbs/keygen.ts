import { fill } from '../../i18n/format';
import { zhQuote } from '../../kernel/util/quote';
import {
  generateKeyPair,
  keyFileText,
  keyNameProblem,
  type PrivateKeyJwk,
  type PublicKeyJwk,
} from '../../signing';
import { EXIT_OK, EXIT_USAGE, type ExitCode } from '../exit-codes';
import type { CliIo } from '../io';
import { printError, usageError } from '../messages';
import { readRules } from '../reader';
import { HELP } from '../strings/help';
import { KEYGEN_STRINGS as msg } from '../strings/keygen';
import { writeFileBytes } from './key-files';
import type { Verb } from './verb';

/** `KEY.jwk` → `KEY.pub.jwk`; any other name gets `.pub.jwk` appended. */
export function publicKeyPath(privatePath: string): string {
  return privatePath.endsWith('.jwk')
    ? `${privatePath.slice(0, -'.jwk'.length)}.pub.jwk`
    : `${privatePath}.pub.jwk`;
}

export const keygen: Verb = {
  name: 'keygen',
  stdout: 'text',
  args: [],
  options: [
    {
      name: '--out',
      value: 'KEY.jwk',
      summary: msg.outOption,
    },
    {
      name: '--name',
      value: 'NAME',
      summary: msg.nameOption,
    },
  ],
  summary: msg.summary,
  details: HELP.keygen,
  async run(io, _args, options) {
    const out = options['--out'];
    if (out === undefined) {
      printError(io, usageError(msg.keygenNeedsOutKey));
      return EXIT_USAGE;
    }
    const name = options['--name']?.normalize('NFC');
    const nameProblem = name === undefined ? null : keyNameProblem(name);
    if (nameProblem) {
      printError(io, usageError(fill(msg.name, { nameProblem })));
      return EXIT_USAGE;
    }
    const pubPath = publicKeyPath(out);
    // Refuse before writing anything, so a failed keygen never leaves half a pair.
    for (const path of [out, pubPath]) {
      if ((await readRules(io, path)).ok) {
        printError(
          io,
          fill(msg.alreadyExistsKeygenNever, {
            path: { en: JSON.stringify(path), zh: zhQuote(path) },
          }),
        );
        return EXIT_USAGE;
      }
    }
    const pair = await generateKeyPair();
    return writeKeyPair(io, out, pair.privateKey, pair.publicKey, name);
  },
};

/**
 * Writes KEY.jwk (owner-only) and KEY.pub.jwk beside it, never replacing a file, and prints both
 * paths (keygen, key restore).
 */
export async function writeKeyPair(
  io: CliIo,
  out: string,
  privateKey: PrivateKeyJwk,
  publicKey: PublicKeyJwk,
  name: string | undefined,
): Promise<ExitCode> {
  const encoder = new TextEncoder();
  const pubPath = publicKeyPath(out);
  const wrote = await writeFileBytes(io, out, encoder.encode(keyFileText(privateKey, name)), {
    exclusive: true,
    mode: 0o600,
  });
  if (!wrote.ok) {
    printError(io, wrote.message);
    return EXIT_USAGE;
  }
  const wrotePub = await writeFileBytes(io, pubPath, encoder.encode(keyFileText(publicKey, name)), {
    exclusive: true,
  });
  if (!wrotePub.ok) {
    printError(io, wrotePub.message);
    return EXIT_USAGE;
  }
  io.out(out);
  io.out(pubPath);
  return EXIT_OK;
}
