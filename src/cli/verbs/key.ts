import { fill } from '../../i18n/format';
import { MAX_KEY_FILE_BYTES } from '../../kernel/file-limits';
import { zhQuote } from '../../kernel/util/quote';
import { backupKey, readPrivateJwk, restoreKeyJwk, signerFromJwk } from '../../signing';
import { EXIT_INVALID, EXIT_OK, EXIT_USAGE } from '../exit-codes';
import type { CliIo } from '../io';
import { printError, usageError } from '../messages';
import { readRules } from '../reader';
import { quoted } from '../strings';
import { HELP } from '../strings/help';
import { KEY_STRINGS as msg } from '../strings/key';
import { readJsonFile, writeFileBytes } from './key-files';
import { publicKeyPath, writeKeyPair } from './keygen';
import type { Verb } from './verb';

/** The passphrase: the first line of --passphrase-file (never on the command line). */
async function readPassphrase(io: CliIo, path: string | undefined): Promise<string | null> {
  if (path === undefined) {
    printError(io, usageError(msg.keyBackupRestoreNeeds));
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
  printError(
    io,
    fill(msg.alreadyExistsErdlNever, { path: { en: JSON.stringify(path), zh: zhQuote(path) } }),
  );
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
      summary: msg.outOption,
    },
    {
      name: '--passphrase-file',
      value: 'FILE',
      summary: msg.passphraseFileOption,
    },
  ],
  summary: msg.summary,
  details: HELP.key,
  async run(io, [action, file], options) {
    const path = file as string;
    const out = options['--out'];
    if (action !== 'backup' && action !== 'restore') {
      printError(io, usageError(fill(msg.badAction, quoted(action as string))));
      return EXIT_USAGE;
    }
    if (out === undefined) {
      printError(io, usageError(fill(msg.keyNeedsOutPath, { action })));
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
        if (message) printError(io, fill(msg.text, { path, message }));
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
      printError(io, fill(msg.text2, { path, message: restored.message }));
      return EXIT_INVALID;
    }
    const pubPath = publicKeyPath(out);
    if ((await exists(io, out)) || (await exists(io, pubPath))) return EXIT_USAGE;
    return writeKeyPair(io, out, restored.privateKey, restored.publicKey, restored.name);
  },
};
