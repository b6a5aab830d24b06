import { compileDocument, type FieldDictionary, parseFieldDictionary } from '../../kernel';
import { readPrivateJwk, signatureFileName, signerFromJwk, signRuleFile } from '../../signing';
import { EXIT_INVALID, EXIT_OK, EXIT_USAGE } from '../exit-codes';
import { printError, usageError } from '../messages';
import { diagnosticLines } from '../printer';
import { readData } from '../read-data';
import { readRules } from '../reader';
import { baseName, readJsonFile, writeFileBytes } from './key-files';
import type { Verb } from './verb';

export const sign: Verb = {
  name: 'sign',
  args: ['RULES'],
  options: [
    {
      name: '--key',
      value: 'KEY.jwk',
      summary: { en: 'the private Ed25519 JWK (required)', zh: 'Ed25519 私钥 JWK（必填）' },
    },
    {
      name: '--time',
      value: 'ISO8601',
      summary: { en: 'signing time (default: now)', zh: '签名时间（默认：当前时间）' },
    },
    {
      name: '--fields',
      value: 'FIELDS',
      summary: { en: 'field display names for the gloss', zh: '释义所用的字段显示名' },
    },
  ],
  summary: { en: 'sign a rule document (DSSE, Ed25519)', zh: '签名规则文档（DSSE，Ed25519）' },
  details: [
    'Writes RULES.dsse.json beside RULES: a DSSE envelope (payloadType',
    'application/vnd.erdl.manifest+json) whose payload is the manifest — the sha256 of the exact',
    "bytes of RULES, the document hash, each rule's canonical object, hashes and gloss (zh, en),",
    'versions, signer and signing time. RULES itself is not changed. Prints the path of every file',
    'written, one per line. Without --time the signing time is read from the clock (the kernel',
    'never reads it). See docs/signed-files.md.',
    'Exits 0 when signed; 1 when RULES has load errors (diagnostics on stderr); 2 for a usage',
    'error, an unreadable or invalid key, a bad --time or a file that cannot be written.',
  ],
  async run(io, [fileArg], options) {
    const file = fileArg as string;
    const keyPath = options['--key'];
    if (keyPath === undefined) {
      printError(io, usageError({ en: 'sign needs --key KEY.jwk', zh: 'sign 需要 --key KEY.jwk' }));
      return EXIT_USAGE;
    }
    const keyFile = await readJsonFile(io, keyPath);
    if (!keyFile.ok) {
      printError(io, keyFile.message);
      return EXIT_USAGE;
    }
    const key = readPrivateJwk(keyFile.value);
    if (!key.ok) {
      printError(io, { en: `${keyPath}: ${key.message.en}`, zh: `${keyPath}：${key.message.zh}` });
      return EXIT_USAGE;
    }
    const signer = await signerFromJwk(key.key);
    if (!signer.ok) {
      printError(io, {
        en: `${keyPath}: ${signer.message.en}`,
        zh: `${keyPath}：${signer.message.zh}`,
      });
      return EXIT_USAGE;
    }
    let dictionary: FieldDictionary | undefined;
    const fieldsFile = options['--fields'];
    if (fieldsFile !== undefined) {
      const data = await readData(io, fieldsFile);
      const parsed = data.ok ? parseFieldDictionary(data.value) : null;
      if (!data.ok || !parsed?.ok) {
        if (!data.ok) printError(io, data.message);
        else
          for (const p of parsed?.ok === false ? parsed.problems : [])
            printError(io, { en: `${fieldsFile}: ${p.en}`, zh: `${fieldsFile}：${p.zh}` });
        return EXIT_USAGE;
      }
      dictionary = parsed.dictionary;
    }
    const read = await readRules(io, file);
    if (!read.ok) {
      printError(io, read.message);
      return EXIT_USAGE;
    }
    const compiled = compileDocument(read.bytes);
    if (!compiled.document) {
      for (const line of diagnosticLines(file, compiled)) io.err(line);
      return EXIT_INVALID;
    }
    // The CLI is not the kernel: without --time it may read the clock (docs/signed-files.md).
    const signedAt = options['--time'] ?? new Date().toISOString();
    const signed = await signRuleFile({
      sourceBytes: read.bytes,
      file: baseName(file),
      signedAt,
      signer: signer.signer,
      ...(dictionary ? { dictionary } : {}),
    });
    if (!signed.ok) {
      printError(io, signed.message);
      return EXIT_USAGE;
    }
    const out = signatureFileName(file);
    const wrote = await writeFileBytes(io, out, new TextEncoder().encode(signed.text));
    if (!wrote.ok) {
      printError(io, wrote.message);
      return EXIT_USAGE;
    }
    io.out(out);
    return EXIT_OK;
  },
};
