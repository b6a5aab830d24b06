import { compileDocument } from '../compile';
import type { Bilingual } from '../diagnostics/diagnostic';
import { zhQuote } from '../util/quote';
import { json, list, named, neverThrows, record, type VectorOutcome } from '../vectors/run-vector';
import { say } from '../vectors/vector-strings';
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
  if (!v) return { passed: false, failures: [say('notMapping')] };
  const failures: Bilingual[] = [];
  for (const k of Object.keys(v))
    if (!KEYS.has(k)) failures.push(say('unknownVectorField', { key: named(k) }));
  if (typeof v.document !== 'string') failures.push(say('documentRequired'));
  if (!isTarget(v.to)) failures.push(say('toTarget'));
  if (v.rule !== undefined && typeof v.rule !== 'string') failures.push(say('ruleString'));
  if (
    v.rules !== undefined &&
    (!Array.isArray(v.rules) ||
      !v.rules.every((r) => typeof r === 'string') ||
      v.rule !== undefined)
  )
    failures.push(say('rulesList'));
  if (v.round_trip !== undefined && !isTarget(v.round_trip)) failures.push(say('roundTripTarget'));
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
    failures.push(say('refusalsShape'));
  if (refusals !== undefined && (v.expect_output !== undefined || v.round_trip !== undefined))
    failures.push(say('refusedNoOutput'));
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
        failures.push(say('refusals', { want: json(want), got: json(got) }));
    } else {
      failures.push(say('expectedRefused', { want: list(want), got: outcome(result) }));
    }
    return { passed: failures.length === 0, failures };
  }

  if (!result.ok)
    return { passed: false, failures: [say('conversionFailed', { outcome: outcome(result) })] };
  // The law, checked again here independently of the converter's own check: each input rule's
  // hash is the hash of the output rule it became.
  const source = compileDocument(document).document;
  for (const m of result.rules) {
    const a = source?.rules.find((r) => r.name === m.from)?.hash;
    const b = result.document.rules.find((r) => r.name === m.to)?.hash;
    if (!a || a !== b)
      failures.push(say('hashChanged', { from: m.from, to: m.to, a: a ?? '?', b: b ?? '?' }));
  }
  if (result.document.rules.length !== result.rules.length)
    failures.push(
      say('ruleCount', { output: result.document.rules.length, input: result.rules.length }),
    );
  if (typeof v.expect_output === 'string' && result.output !== v.expect_output)
    failures.push(
      say('outputDiffers', { difference: firstDifference(v.expect_output, result.output) }),
    );
  if (isTarget(v.round_trip)) {
    const form = v.round_trip;
    const back = convertDocument(result.output, { to: form });
    if (!back.ok) failures.push(say('roundTripFailed', { form, outcome: outcome(back) }));
    else if (back.output !== document)
      failures.push(
        say('roundTripDiffers', { form, difference: firstDifference(document, back.output) }),
      );
  }
  return { passed: failures.length === 0, failures };
}

function outcome(r: ReturnType<typeof convertDocument>): Bilingual {
  if (r.ok) return say('converted');
  switch (r.kind) {
    case 'load':
      return say('loadErrors', {
        codes: list(r.result.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code)),
      });
    case 'unknown-rule':
      return r.message;
    case 'refused': {
      const each = r.refusals.map((x) =>
        say('refusal', { rule: x.rule, code: x.code, message: x.message }),
      );
      return say('refused', {
        refusals: { en: each.map((x) => x.en).join('; '), zh: each.map((x) => x.zh).join('；') },
      });
    }
    case 'internal':
      // The converter's own check (convert.ts) words its failures in English only.
      return say('internalCheck', { failures: r.failures.join('; ') });
  }
}

/** The first line that differs, each side's text as JSON (“…” in Chinese). */
function firstDifference(want: string, got: string): Bilingual {
  const a = want.split('\n');
  const b = got.split('\n');
  const line = (text: string | undefined): Bilingual =>
    text === undefined
      ? { en: JSON.stringify(say('textEnd').en), zh: say('textEnd').zh }
      : { en: JSON.stringify(text), zh: zhQuote(text) };
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] !== b[i]) return say('lineDiffers', { n: i + 1, want: line(a[i]), got: line(b[i]) });
  }
  return say('sameLines');
}
