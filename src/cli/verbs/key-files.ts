import { type FillValue, fill } from '../../i18n/format';
import type { Bilingual } from '../../kernel';
import { MAX_KEY_FILE_BYTES, MAX_SIGNATURE_FILE_BYTES } from '../../kernel/file-limits';
import { JsonError, parseJson } from '../../kernel/suite/json-value';
import { readPublicJwk, signatureTooLargeText, type TrustedKey } from '../../signing';
import type { CliIo, WriteOptions } from '../io';
import { readFailure, readRules } from '../reader';
import { quoted } from '../strings';
import { fileNotLine, KEY_FILES_STRINGS as msg } from '../strings/key-files';
import { SIGNING_CLI_STRINGS as S } from '../strings/signing';
import { invalidAt } from '../utf8-position';

/** Shared by keygen, sign, verify and verify-evidence: JSON files, key files and writing. */

export type JsonRead =
  | { readonly ok: true; readonly value: unknown; readonly bytes: Uint8Array }
  | { readonly ok: false; readonly message: Bilingual; readonly tooLarge?: boolean };

export type SignatureBytesRead =
  | { readonly ok: true; readonly bytes: Uint8Array }
  | { readonly ok: false; readonly tooLarge: false; readonly message: Bilingual }
  | {
      readonly ok: false;
      readonly tooLarge: true;
      readonly size: number;
      /** `PATH: signature file: N bytes, more than …` */
      readonly message: Bilingual;
    };

/**
 * Reads a signature file (or a signed evidence record) of at most MAX_SIGNATURE_FILE_BYTES, the
 * studio's limit: its size is looked up first and a larger file is refused unread (`tooLarge`,
 * the same words as the studio's); without a size look-up (a pipe) it is read and then checked.
 */
export async function readSignatureBytes(io: CliIo, path: string): Promise<SignatureBytesRead> {
  const refuse = (size: number): SignatureBytesRead => {
    const m = signatureTooLargeText(size);
    return {
      ok: false,
      tooLarge: true,
      size,
      message: fill(msg.text, { path, m }),
    };
  };
  if (io.fileSize) {
    let size: number | null;
    try {
      size = await io.fileSize(path);
    } catch (e) {
      return { ok: false, tooLarge: false, message: readFailure(path, e) };
    }
    if (size !== null && size > MAX_SIGNATURE_FILE_BYTES) return refuse(size);
  }
  const read = await readRules(io, path);
  if (!read.ok) return { ok: false, tooLarge: false, message: read.message };
  if (read.bytes.length > MAX_SIGNATURE_FILE_BYTES) return refuse(read.bytes.length);
  return read;
}

/**
 * Reads a UTF-8 JSON file (a JWK, a signature file, an evidence record). `signed`: the file may be
 * a signature envelope, read only within MAX_SIGNATURE_FILE_BYTES (readSignatureBytes); else it is
 * a key file (a JWK, a JWK Set, a key backup), read only within MAX_KEY_FILE_BYTES.
 */
export async function readJsonFile(io: CliIo, path: string, signed = false): Promise<JsonRead> {
  const read = signed
    ? await readSignatureBytes(io, path)
    : await readRules(io, path, MAX_KEY_FILE_BYTES);
  if (!read.ok) return read;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(read.bytes);
  } catch {
    const detail = fill(msg.notUtf8At, { byte: String(invalidAt(read.bytes)) });
    return { ok: false, message: fill(msg.notUtf8Json, { path, detail }) };
  }
  try {
    return { ok: true, value: JSON.parse(text), bytes: read.bytes };
  } catch {
    // JSON.parse says why in English only: the kernel's reader says where and why in both.
    return { ok: false, message: fill(msg.notUtf8Json, { path, detail: jsonProblem(text) }) };
  }
}

/** Where and why `text`, which JSON.parse refused, is not JSON, in both languages. */
function jsonProblem(text: string): Bilingual {
  try {
    parseJson(text);
  } catch (e) {
    if (e instanceof JsonError) {
      const before = text.slice(0, e.offset);
      const line = before.split('\n').length;
      const column = e.offset - before.lastIndexOf('\n');
      // The reader speaks of a line (it reads JSON Lines too); here the text is a whole file.
      return fill(msg.jsonAt, {
        line: String(line),
        column: String(column),
        why: fileNotLine(e.message),
      });
    }
  }
  return msg.jsonOther;
}

/**
 * The trusted keys of a `--trust` file: one public JWK, a JSON array of them, or a JWK Set
 * (`{"keys": [...]}`). A private JWK is accepted for its public part.
 */
export async function readTrustFile(
  io: CliIo,
  path: string,
): Promise<{ ok: true; keys: TrustedKey[] } | { ok: false; message: Bilingual }> {
  const read = await readJsonFile(io, path);
  if (!read.ok) return read;
  const v = read.value as { keys?: unknown } | null;
  const list: unknown[] = Array.isArray(v)
    ? v
    : v && typeof v === 'object' && Array.isArray(v.keys)
      ? v.keys
      : [v];
  if (list.length === 0) return { ok: false, message: fill(S.trustEmpty, { file: path }) };
  const keys: TrustedKey[] = [];
  for (const [i, item] of list.entries()) {
    const key = readPublicJwk(item);
    if (!key.ok)
      return {
        ok: false,
        message: fill(msg.key, { path, value: i + 1, message: key.message }),
      };
    // The key's own display name (JWK "name") when it has one, else the file it came from.
    keys.push({ keyId: key.keyId, publicKey: key.key, name: key.name ?? path });
  }
  return { ok: true, keys };
}

/**
 * The keys of every `--trust` file (the option is repeatable): their union, a key given twice kept
 * once under its first name. The first file that cannot be read refuses the whole command, naming
 * itself.
 */
export async function readTrustFiles(
  io: CliIo,
  paths: readonly string[],
): Promise<{ ok: true; keys: TrustedKey[] } | { ok: false; message: Bilingual }> {
  const byId = new Map<string, TrustedKey>();
  for (const path of paths) {
    const read = await readTrustFile(io, path);
    if (!read.ok) return read;
    for (const key of read.keys) if (!byId.has(key.keyId)) byId.set(key.keyId, key);
  }
  return { ok: true, keys: [...byId.values()] };
}

/** Writes through the IO, turning failures into a bilingual message naming the path. */
export async function writeFileBytes(
  io: CliIo,
  path: string,
  bytes: Uint8Array,
  options?: WriteOptions,
): Promise<{ ok: true } | { ok: false; message: Bilingual }> {
  const file = quoted(path).value;
  if (!io.writeBytes) return { ok: false, message: fill(msg.cannotWriteHere, { path: file }) };
  try {
    await io.writeBytes(path, bytes, options);
    return { ok: true };
  } catch (e) {
    const code =
      typeof e === 'object' && e !== null && 'code' in e
        ? String((e as { code: unknown }).code)
        : '';
    const detail = e instanceof Error ? e.message : String(e);
    const reason: FillValue =
      code === 'EEXIST'
        ? msg.fileAlreadyExistsNot
        : code === 'ENOENT'
          ? msg.noSuchDirectory
          : code === 'EACCES' || code === 'EPERM'
            ? msg.permissionDenied
            : detail;
    return { ok: false, message: fill(msg.cannotWrite, { path: file, reason }) };
  }
}

/** The last path component (the name recorded in a manifest). */
export function baseName(path: string): string {
  return path.split(/[\\/]/).pop() || path;
}
