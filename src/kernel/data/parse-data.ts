import { LineCounter, parseDocument } from 'yaml';
import type { Bilingual } from '../diagnostics/diagnostic';
import { SourceText } from '../diagnostics/source-text';
import { lineStartByteOrderMarkCause } from '../document/yaml-errors';
import { zhQuote } from '../util/quote';
import { firstRepeatedKey } from './repeated-key';

export type DataResult =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly message: Bilingual; readonly offset?: number };

/** How data is read as YAML: one document, unique keys, YAML 1.2 core schema, errors positioned. */
export const DATA_YAML = {
  // Repeated keys are found by firstRepeatedKey (a Set per mapping): yaml's own check compares each
  // key with every earlier one, quadratic — a field dictionary of 40,000 names took 12 s.
  uniqueKeys: false,
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
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { ...DATA_YAML, lineCounter });
  // A byte order mark at a line start (a line pasted from a file saved with one) is read by YAML as
  // text starting the line: either a misleading indentation error, or, read without error, a key
  // "\uFEFF  b" that silently left its mapping. One cause, at the mark, whichever it was (as the
  // fact and suite readers: document/yaml-errors.ts). Scanned only when such a mark is there.
  const bom = text.includes('\n\uFEFF')
    ? lineStartByteOrderMarkCause(new SourceText(text), 1, () => 0)
    : null;
  if (bom) {
    const at = lineCounter.linePos(bom.range.start);
    const where = `${label}:${at.line}:${at.col}`;
    return {
      ok: false,
      message: { en: `${where}: ${bom.what.en}`, zh: `${where}：${bom.what.zh}` },
      offset: bom.range.start,
    };
  }
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
  const repeated = firstRepeatedKey(doc);
  if (repeated) {
    const [first, again] = repeated;
    const at = lineCounter.linePos(again.range?.[0] ?? 0);
    const before = lineCounter.linePos(first.range?.[0] ?? 0).line;
    const key = String(again.value);
    return {
      ok: false,
      message: {
        en: `${label}:${at.line}:${at.col}: the key ${JSON.stringify(key)} is repeated in its mapping (first at line ${before})`,
        zh: `${label}:${at.line}:${at.col}：键${zhQuote(key)}在同一映射中重复（首次出现在第 ${before} 行）`,
      },
      offset: again.range?.[0] ?? 0,
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
