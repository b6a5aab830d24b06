import { parseDocument } from 'yaml';
import type { Bilingual } from '../kernel';
import type { CliIo } from './io';
import { readRules } from './reader';

export type DataResult =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly message: Bilingual };

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

export function parseData(path: string, text: string): DataResult {
  const doc = parseDocument(text, {
    uniqueKeys: true,
    strict: true,
    prettyErrors: true,
    version: '1.2',
  });
  const err = doc.errors[0] ?? doc.warnings[0];
  if (err) {
    const where = err.linePos?.[0] ? `${path}:${err.linePos[0].line}:${err.linePos[0].col}` : path;
    const detail = err.message.split('\n')[0] ?? err.message;
    return {
      ok: false,
      message: { en: `${where}: ${detail}`, zh: `${where}：解析失败：${detail}` },
    };
  }
  try {
    return { ok: true, value: doc.toJS({ maxAliasCount: 1000 }) };
  } catch (e) {
    const detail = e instanceof Error ? e.message : String(e);
    return { ok: false, message: { en: `${path}: ${detail}`, zh: `${path}：${detail}` } };
  }
}
