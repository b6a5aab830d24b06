import { parseDocument } from 'yaml';
import type { Bilingual } from '../diagnostics/diagnostic';

export type DataResult =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly message: Bilingual; readonly offset?: number };

/** How data is read as YAML: one document, unique keys, YAML 1.2 core schema, errors positioned. */
export const DATA_YAML = {
  uniqueKeys: true,
  strict: true,
  prettyErrors: true,
  version: '1.2',
} as const;

/**
 * Reads YAML or JSON data (a fact, a temporal state, a vector, a workspace file): one document,
 * unique keys, YAML 1.2 core schema, aliases bounded. Errors name the label, line and column, and
 * carry the offset so an editor can place a marker. Shared by the CLI and the studio's worker.
 */
export function parseData(label: string, text: string): DataResult {
  const doc = parseDocument(text, DATA_YAML);
  const err = doc.errors[0] ?? doc.warnings[0];
  if (err) {
    const where = err.linePos?.[0]
      ? `${label}:${err.linePos[0].line}:${err.linePos[0].col}`
      : label;
    const detail = err.message.split('\n')[0] ?? err.message;
    return {
      ok: false,
      message: { en: `${where}: ${detail}`, zh: `${where}：解析失败：${detail}` },
      offset: err.pos[0],
    };
  }
  try {
    return { ok: true, value: doc.toJS({ maxAliasCount: 1000 }) };
  } catch (e) {
    const detail = e instanceof Error ? e.message : String(e);
    return { ok: false, message: { en: `${label}: ${detail}`, zh: `${label}：${detail}` } };
  }
}

/** A fact file may hold the fact itself or `{fact: …}` (the vector layout); both read the same. */
export function unwrapFact(raw: unknown): unknown {
  return typeof raw === 'object' &&
    raw !== null &&
    !Array.isArray(raw) &&
    Object.keys(raw).length === 1 &&
    'fact' in raw
    ? (raw as { fact: unknown }).fact
    : raw;
}
