import { MAX_KEY_FILE_BYTES } from '../../kernel/file-limits';
import { zhQuote } from '../../kernel/util/quote';
import { backupKey, readPrivateJwk, restoreKeyJwk, signerFromJwk } from '../../signing';
import { EXIT_INVALID, EXIT_OK, EXIT_USAGE } from '../exit-codes';
import type { CliIo } from '../io';
import { printError, usageError } from '../messages';
import { readRules } from '../reader';
import { readJsonFile, writeFileBytes } from './key-files';
import { publicKeyPath, writeKeyPair } from './keygen';
import type { Verb } from './verb';

/** The passphrase: the first line of --passphrase-file (never on the command line). */
async function readPassphrase(io: CliIo, path: string | undefined): Promise<string | null> {
  if (path === undefined) {
    printError(
      io,
      usageError({
        en: 'key backup/restore needs --passphrase-file FILE (the passphrase is never an argument)',
        zh: 'key backup/restore 需要 --passphrase-file FILE（口令不作为命令行参数）',
      }),
    );
    return null;
  }
  const read = await readRules(io, path, MAX_KEY_FILE_BYTES);
  if (!read.ok) {
    printError(io, read.message);
    return null;
  }
  const text = new TextDecoder().decode(read.bytes);
  return text.split(/\r?\n/)[0] ?? '';
}

async function exists(io: CliIo, path: string): Promise<boolean> {
  if (!(await readRules(io, path)).ok) return false;
  printError(io, {
    en: `${JSON.stringify(path)} already exists; erdl never replaces a key file`,
    zh: `${zhQuote(path)}已存在；erdl 不会覆盖密钥文件`,
  });
  return true;
}

export const key: Verb = {
  name: 'key',
  stdout: 'text',
  args: ['ACTION', 'FILE'],
  options: [
    {
      name: '--out',
      value: 'PATH',
      summary: { en: 'where to write (required)', zh: '写入位置（必填）' },
    },
    {
      name: '--passphrase-file',
      value: 'FILE',
      summary: {
        en: 'file whose first line is the passphrase (required)',
        zh: '首行为口令的文件（必填）',
      },
    },
  ],
  summary: {
    en: 'back up or restore a private key, encrypted with a passphrase',
    zh: '用口令加密备份或恢复私钥',
  },
  details: [
    'erdl key backup KEY.jwk --out KEY.backup.json --passphrase-file PASS',
    '  encrypts the private key: PBKDF2-SHA-256 (600,000 iterations) derives an AES-256-GCM key',
    '  that wraps the JWK; the public key and name stay readable. The passphrase (first line of',
    '  PASS, at least 10 characters) is never taken from the command line.',
    'erdl key restore KEY.backup.json --out KEY.jwk --passphrase-file PASS',
    '  decrypts it and writes KEY.jwk (owner-only) and KEY.pub.jwk, as keygen does.',
    'Prints the path of each file written. Never replaces a file. See docs/signed-files.md.',
    'Exits 0 when written; 1 for a wrong passphrase or a damaged backup; 2 for a usage error, an',
    'unreadable or invalid file, or a file that exists or cannot be written.',
  ],
  async run(io, [action, file], options) {
    const path = file as string;
    const out = options['--out'];
    if (action !== 'backup' && action !== 'restore') {
      printError(
        io,
        usageError({
          en: `key: ACTION must be backup or restore (got ${JSON.stringify(action)})`,
          zh: `key：ACTION 必须是 backup 或 restore（收到${zhQuote(action as string)}）`,
        }),
      );
      return EXIT_USAGE;
    }
    if (out === undefined) {
      printError(
        io,
        usageError({ en: `key ${action} needs --out PATH`, zh: `key ${action} 需要 --out PATH` }),
      );
      return EXIT_USAGE;
    }
    const passphrase = await readPassphrase(io, options['--passphrase-file']);
    if (passphrase === null) return EXIT_USAGE;
    const json = await readJsonFile(io, path);
    if (!json.ok) {
      printError(io, json.message);
      return EXIT_USAGE;
    }
    const encoder = new TextEncoder();
    if (action === 'backup') {
      const jwk = readPrivateJwk(json.value);
      const signer = jwk.ok ? await signerFromJwk(jwk.key) : null;
      if (!jwk.ok || !signer?.ok) {
        const message = !jwk.ok ? jwk.message : signer?.ok === false ? signer.message : null;
        if (message) printError(io, { en: `${path}: ${message.en}`, zh: `${path}：${message.zh}` });
        return EXIT_USAGE;
      }
      const backup = await backupKey(jwk.key, jwk.key, passphrase, jwk.name);
      if (!backup.ok) {
        printError(io, usageError(backup.message));
        return EXIT_USAGE;
      }
      if (await exists(io, out)) return EXIT_USAGE;
      const wrote = await writeFileBytes(io, out, encoder.encode(backup.text), {
        exclusive: true,
        mode: 0o600,
      });
      if (!wrote.ok) {
        printError(io, wrote.message);
        return EXIT_USAGE;
      }
      io.out(out);
      return EXIT_OK;
    }
    const restored = await restoreKeyJwk(json.value, passphrase);
    if (!restored.ok) {
      printError(io, {
        en: `${path}: ${restored.message.en}`,
        zh: `${path}：${restored.message.zh}`,
      });
      return EXIT_INVALID;
    }
    const pubPath = publicKeyPath(out);
    if ((await exists(io, out)) || (await exists(io, pubPath))) return EXIT_USAGE;
    return writeKeyPair(io, out, restored.privateKey, restored.publicKey, restored.name);
  },
};
