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
      summary: { en: 'where to write the private key (required)', zh: '私钥写入位置（必填）' },
    },
    {
      name: '--name',
      value: 'NAME',
      summary: {
        en: 'display name of the key holder (person or organisation)',
        zh: '密钥持有人的显示名称（个人或机构）',
      },
    },
  ],
  summary: { en: 'generate an Ed25519 signing key pair', zh: '生成 Ed25519 签名密钥对' },
  details: [
    'Writes the private key as a JWK (RFC 8037, with "kid" = sha256 of the raw public key) to',
    'KEY.jwk, readable by the owner only, and the public JWK beside it as KEY.pub.jwk. Prints the',
    'path of each file written, one per line. Never replaces an existing file.',
    'With --name the key carries that display name as the JWK member "name" in both files (it is',
    'not part of the key id); verifiers and the studio show it wherever the signer appears.',
    'Exits 0 when written; 2 for a usage error or when a file exists or cannot be written.',
  ],
  async run(io, _args, options) {
    const out = options['--out'];
    if (out === undefined) {
      printError(
        io,
        usageError({ en: 'keygen needs --out KEY.jwk', zh: 'keygen 需要 --out KEY.jwk' }),
      );
      return EXIT_USAGE;
    }
    const name = options['--name']?.normalize('NFC');
    const nameProblem = name === undefined ? null : keyNameProblem(name);
    if (nameProblem) {
      printError(
        io,
        usageError({ en: `--name: ${nameProblem.en}`, zh: `--name：${nameProblem.zh}` }),
      );
      return EXIT_USAGE;
    }
    const pubPath = publicKeyPath(out);
    // Refuse before writing anything, so a failed keygen never leaves half a pair.
    for (const path of [out, pubPath]) {
      if ((await readRules(io, path)).ok) {
        printError(io, {
          en: `${JSON.stringify(path)} already exists; keygen never replaces a key`,
          zh: `${zhQuote(path)}已存在；keygen 不会覆盖密钥`,
        });
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
