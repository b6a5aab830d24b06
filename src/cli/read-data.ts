import { fill } from '../i18n/format';
import {
  type Bilingual,
  type DataResult,
  type FactRead,
  MAX_FACT_CHARS,
  parseData,
  readFact,
} from '../kernel';
import type { CliIo } from './io';
import { readRules } from './reader';
import { READ_DATA_STRINGS as msg } from './strings/read-data';

export type { DataResult };

/**
 * Reads a YAML or JSON data file (a fact, a temporal state, a vector): strict UTF-8, one document,
 * unique keys, YAML 1.2 core schema, aliases bounded. Errors name the file, line and column.
 */
export async function readData(io: CliIo, path: string): Promise<DataResult> {
  const read = await readText(io, path);
  return read.ok ? parseData(path, read.text) : read;
}

/** A whole file as strict UTF-8 text; a file that cannot be read or decoded is named. */
async function readText(
  io: CliIo,
  path: string,
  limit?: number,
): Promise<{ ok: true; text: string } | { ok: false; message: Bilingual }> {
  const read = await readRules(io, path, limit);
  if (!read.ok) return read;
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(read.bytes) };
  } catch {
    return {
      ok: false,
      message: fill(msg.notValidUtf8, { path }),
    };
  }
}

/**
 * Reads the fact of `erdl eval RULES FACT` (a file, or `-` / /dev/stdin): strict UTF-8, then the
 * kernel's one fact reader (readFact: `.json` as JSON, else YAML; empty input and any fact that is
 * not a mapping refused; numbers exact). Every refusal names the file, line and column.
 */
export async function readFactFile(io: CliIo, path: string): Promise<FactRead> {
  // A regular file over the limit is refused before it is read (a pipe is checked once read).
  const size = io.fileSize ? await io.fileSize(path).catch(() => null) : null;
  if (size !== null && size > MAX_FACT_CHARS * 3)
    return {
      ok: false,
      message: fill(msg.factFileBytesFact, { path, size, MAX_FACT_CHARS }),
      offset: 0,
      line: 1,
      column: 1,
    };
  // A pipe or a device is read one byte past the same limit at most.
  const read = await readText(io, path, MAX_FACT_CHARS * 3);
  if (!read.ok) return { ok: false, message: read.message, offset: 0, line: 1, column: 1 };
  return readFact(read.text, { label: path });
}
