import { compileDocument } from '../compile';
import { neverThrows, record, type VectorOutcome } from '../vectors/run-vector';
import { convertDocument, PROJECTION_TARGETS, type ProjectionTarget } from './convert';

/**
 * The V-PROJ vector runner (§10.3; vectors/README.md "proj/"). Pure: the caller reads the file and
 * parses the YAML; this checks one parsed vector.
 *
 * - `document` converted `to` a form (optionally only `rule`, or the entries `rules`) must succeed, obey the round-trip
 *   law (every rule hash and the canonical document unchanged, rules renamed only as documented)
 *   and, when given, equal `expect_output` byte for byte;
 * - `round_trip: FORM` converts that output back (whole document) and must give `document` again,
 *   byte for byte;
 * - `expect_refusals: [{rule, code}, …]` instead: the conversion must be refused with exactly
 *   these reasons, in this order.
 */
export interface ProjectionVectorInput {
  readonly description?: string;
  readonly spec?: string;
  readonly document: string;
  readonly to: ProjectionTarget;
  readonly rule?: string;
  /** Several rule entries (for `table`: the consecutive entries merged into one table). */
  readonly rules?: readonly string[];
  readonly expect_output?: string;
  readonly round_trip?: ProjectionTarget;
  readonly expect_refusals?: readonly { readonly rule: string; readonly code: string }[];
}

const KEYS = new Set([
  'description',
  'spec',
  'document',
  'to',
  'rule',
  'rules',
  'expect_output',
  'round_trip',
  'expect_refusals',
]);

const isTarget = (v: unknown): v is ProjectionTarget =>
  typeof v === 'string' && (PROJECTION_TARGETS as readonly string[]).includes(v);

/** Checks one projection vector. */
export const runProjectionVector = neverThrows(check);

function check(vector: unknown): VectorOutcome {
  const v = record(vector);
  if (!v) return { passed: false, failures: ['a vector is a mapping'] };
  const failures: string[] = [];
  for (const k of Object.keys(v)) if (!KEYS.has(k)) failures.push(`unknown vector field "${k}"`);
  if (typeof v.document !== 'string')
    failures.push('`document` (the rule document text) is required');
  if (!isTarget(v.to)) failures.push('`to` must be simple, expr or table');
  if (v.rule !== undefined && typeof v.rule !== 'string') failures.push('`rule` must be a string');
  if (
    v.rules !== undefined &&
    (!Array.isArray(v.rules) ||
      !v.rules.every((r) => typeof r === 'string') ||
      v.rule !== undefined)
  )
    failures.push('`rules` must be a list of rule names (and not given with `rule`)');
  if (v.round_trip !== undefined && !isTarget(v.round_trip))
    failures.push('`round_trip` must be simple, expr or table');
  const refusals = v.expect_refusals;
  if (
    refusals !== undefined &&
    (!Array.isArray(refusals) ||
      !refusals.every(
        (r) =>
          typeof r === 'object' &&
          r !== null &&
          typeof (r as Record<string, unknown>).rule === 'string' &&
          typeof (r as Record<string, unknown>).code === 'string',
      ))
  )
    failures.push('`expect_refusals` must be a list of {rule, code}');
  if (refusals !== undefined && (v.expect_output !== undefined || v.round_trip !== undefined))
    failures.push('a refused conversion has no `expect_output` or `round_trip`');
  if (failures.length) return { passed: false, failures };

  const document = v.document as string;
  const to = v.to as ProjectionTarget;
  const result = convertDocument(document, {
    to,
    ...(typeof v.rule === 'string' ? { rules: [v.rule] } : {}),
    ...(Array.isArray(v.rules) ? { rules: v.rules as string[] } : {}),
  });

  if (refusals !== undefined) {
    const want = (refusals as { rule: string; code: string }[]).map((r) => `${r.rule} ${r.code}`);
    if (!result.ok && result.kind === 'refused') {
      const got = result.refusals.map((r) => `${r.rule} ${r.code}`);
      if (JSON.stringify(got) !== JSON.stringify(want))
        failures.push(`refusals: expected ${JSON.stringify(want)}, got ${JSON.stringify(got)}`);
    } else {
      failures.push(
        `expected the conversion to be refused (${want.join(', ')}), got ${outcome(result)}`,
      );
    }
    return { passed: failures.length === 0, failures };
  }

  if (!result.ok) return { passed: false, failures: [`conversion failed: ${outcome(result)}`] };
  // The law, checked again here independently of the converter's own check: each input rule's
  // hash is the hash of the output rule it became.
  const source = compileDocument(document).document;
  for (const m of result.rules) {
    const a = source?.rules.find((r) => r.name === m.from)?.hash;
    const b = result.document.rules.find((r) => r.name === m.to)?.hash;
    if (!a || a !== b)
      failures.push(`rule ${m.from} → ${m.to}: hash ${a ?? '?'} became ${b ?? '?'}`);
  }
  if (result.document.rules.length !== result.rules.length)
    failures.push(`output has ${result.document.rules.length} rules, input ${result.rules.length}`);
  if (typeof v.expect_output === 'string' && result.output !== v.expect_output)
    failures.push(
      `output differs from expect_output:\n${firstDifference(v.expect_output, result.output)}`,
    );
  if (isTarget(v.round_trip)) {
    const back = convertDocument(result.output, { to: v.round_trip });
    if (!back.ok) failures.push(`round trip to ${v.round_trip} failed: ${outcome(back)}`);
    else if (back.output !== document)
      failures.push(
        `round trip to ${v.round_trip} does not give the document back:\n${firstDifference(document, back.output)}`,
      );
  }
  return { passed: failures.length === 0, failures };
}

function outcome(r: ReturnType<typeof convertDocument>): string {
  if (r.ok) return 'a converted document';
  switch (r.kind) {
    case 'load':
      return `load errors ${r.result.diagnostics
        .filter((d) => d.severity === 'error')
        .map((d) => d.code)
        .join(', ')}`;
    case 'unknown-rule':
      return r.message.en;
    case 'refused':
      return `refused: ${r.refusals.map((x) => `${x.rule} ${x.code}: ${x.message.en}`).join('; ')}`;
    case 'internal':
      return `internal check failed: ${r.failures.join('; ')}`;
  }
}

function firstDifference(want: string, got: string): string {
  const a = want.split('\n');
  const b = got.split('\n');
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] !== b[i])
      return `  line ${i + 1}: expected ${JSON.stringify(a[i] ?? '(end)')}, got ${JSON.stringify(b[i] ?? '(end)')}`;
  }
  return '  (identical lines; different line endings?)';
}
