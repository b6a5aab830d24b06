/**
 * The fields of one `erdl eval` result, in output order: the single-fact form prints them all (as
 * before), `erdl eval --facts … --fields a,b` prints the chosen ones, one JSON object per line.
 */
import { type EvaluationResult, RESULT_FIELDS } from '../../kernel';

export { RESULT_FIELDS };

/** Besides the result's fields, a batch row can carry its case name (`line N` for a bare fact). */
export const BATCH_FIELDS = ['name', ...RESULT_FIELDS] as const;

export type ResultField = (typeof RESULT_FIELDS)[number];
export type BatchField = (typeof BATCH_FIELDS)[number];

/** `--fields a,b,c` → the fields in the order given, or the names that are not fields. */
export function parseFields(
  text: string,
): { ok: true; fields: BatchField[] } | { ok: false; unknown: string[] } {
  const names = text.split(',').map((s) => s.trim());
  const known = new Set<string>(BATCH_FIELDS);
  const unknown = names.filter((n) => !known.has(n));
  if (unknown.length > 0 || names.length === 0) return { ok: false, unknown };
  return { ok: true, fields: [...new Set(names)] as BatchField[] };
}

/** The printed record: the chosen fields in the given order; temporal_state only when held. */
export function resultRecord(
  r: EvaluationResult,
  fields: readonly BatchField[] = RESULT_FIELDS,
  name?: string,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    if (field === 'name') out.name = name ?? null;
    else if (field === 'temporal_state') {
      if (r.temporal_state) out.temporal_state = r.temporal_state;
    } else out[field] = r[field];
  }
  return out;
}
