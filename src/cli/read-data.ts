import { type DataResult, parseData } from '../kernel';
import type { CliIo } from './io';
import { readRules } from './reader';

export type { DataResult };

/**
 * Reads a YAML or JSON data file (a fact, a temporal state, a vector): strict UTF-8, one document,
 * unique keys, YAML 1.2 core schema, aliases bounded. Errors name the file, line and column.
 */
export async function readData(io: CliIo, path: string): Promise<DataResult> {
  const read = await readRules(io, path);
  if (!read.ok) return read;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(read.bytes);
  } catch {
    return {
      ok: false,
      message: { en: `${path}: not valid UTF-8`, zh: `${path}：不是有效的 UTF-8` },
    };
  }
  return parseData(path, text);
}
