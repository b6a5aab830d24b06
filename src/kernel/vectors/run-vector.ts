import { compileDocument } from '../compile';
import { type EvaluationResult, Evaluator, RESULT_FIELDS } from '../eval/evaluate';
import { EMPTY_STATE, parseTemporalState, type TemporalState } from '../eval/temporal';
import { canonicalJson } from '../tree/canonical';

/**
 * The V-ENGINE vector runner (§10.3 "load vector input → generate tree → recompute → compare").
 * Pure: the caller reads files and parses YAML/JSON; this checks one parsed vector. The format is
 * vectors/schema.json and vectors/README.md.
 */
export interface VectorStep {
  readonly fact: unknown;
  readonly as_of: string;
  readonly guard?: boolean;
  readonly expect: Readonly<Record<string, unknown>>;
}

export interface VectorOutcome {
  readonly passed: boolean;
  /** One line per mismatch: what was expected and what came out. */
  readonly failures: readonly string[];
}

/** Result fields a vector may state; `eval_warnings` is compared as the list of warning codes. */
const COMPARABLE = new Set<string>([...RESULT_FIELDS, 'deciding_rule', 'statuses']);

/** A parsed YAML/JSON mapping as a record, or null (vectors are untrusted data). */
export function record(v: unknown): Record<string, unknown> | null {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
    ? (v as Record<string, unknown>)
    : null;
}

/**
 * A vector runner from its checker: it never throws — a malformed vector, or a checker that
 * throws on it, is a failure that says what is wrong.
 */
export function neverThrows(check: (vector: unknown) => VectorOutcome) {
  return (vector: unknown): VectorOutcome => {
    try {
      return check(vector);
    } catch (e) {
      return {
        passed: false,
        failures: [`runner error: ${e instanceof Error ? e.message : String(e)}`],
      };
    }
  };
}

/** Checks one vector. */
export const runVector = neverThrows(check);

function check(vector: unknown): VectorOutcome {
  const v = record(vector);
  if (!v) return { passed: false, failures: ['a vector is a mapping'] };
  if (typeof v.document !== 'string')
    return { passed: false, failures: ['`document` (the rule document text) is required'] };
  const failures: string[] = [];
  const compiled = compileDocument(v.document);

  if (v.expect_error !== undefined) {
    const codes = compiled.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code);
    if (!codes.includes(String(v.expect_error))) {
      failures.push(
        `expected load error ${String(v.expect_error)}, got ${codes.length ? codes.join(', ') : 'no errors'}`,
      );
    }
    return { passed: failures.length === 0, failures };
  }
  if (!compiled.document) {
    const first = compiled.diagnostics.find((d) => d.severity === 'error');
    return {
      passed: false,
      failures: [`document does not load: ${first?.code} ${first?.message.en}`],
    };
  }
  if (v.expect_hashes !== undefined) {
    const want = record(v.expect_hashes) ?? {};
    for (const [name, hash] of Object.entries(want)) {
      const got =
        name === 'document'
          ? compiled.document.hash
          : compiled.document.rules.find((r) => r.name === name)?.hash;
      if (got !== hash)
        failures.push(`hash of ${name}: expected ${String(hash)}, got ${got ?? 'no such rule'}`);
    }
  }
  const steps: VectorStep[] = Array.isArray(v.steps)
    ? (v.steps as VectorStep[])
    : v.expect !== undefined
      ? [
          {
            fact: v.fact,
            as_of: String(v.as_of ?? ''),
            expect: record(v.expect) ?? {},
            ...(v.guard === true ? { guard: true } : {}),
          },
        ]
      : [];
  // The given state goes to the evaluator as written (it migrates a state written before ruling
  // I-35 changed). An unreadable state fails the vector, unless the vector expects exactly that:
  // the evaluator's warning state_invalid.
  let state = v.temporal_state as TemporalState | undefined;
  if (v.temporal_state !== undefined) {
    const parsed = parseTemporalState(v.temporal_state);
    const expected = steps.some((s) => {
      const w = record(s.expect)?.eval_warnings;
      return Array.isArray(w) && w.includes('state_invalid');
    });
    if (!parsed.ok && !expected) return { passed: false, failures: [parsed.message.en] };
  }
  const evaluator = new Evaluator(compiled.document);
  steps.forEach((step, i) => {
    const label = steps.length > 1 ? `step ${i + 1}: ` : '';
    const result = evaluator.evaluate(step.fact, {
      as_of: String(step.as_of ?? v.as_of ?? ''),
      ...(state ? { temporal_state: state } : {}),
      ...(step.guard === true || v.guard === true ? { guard: true } : {}),
      trace: true,
    });
    state = result.temporal_state ?? EMPTY_STATE;
    for (const [field, expected] of Object.entries(record(step.expect) ?? {})) {
      if (!COMPARABLE.has(field)) {
        failures.push(`${label}unknown expect field "${field}"`);
        continue;
      }
      const actual = observe(result, field);
      if (canonicalJson(actual ?? null) !== canonicalJson(expected ?? null)) {
        failures.push(
          `${label}${field}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual ?? null)}`,
        );
      }
    }
  });
  return { passed: failures.length === 0, failures };
}

function observe(result: EvaluationResult, field: string): unknown {
  if (field === 'eval_warnings') return result.eval_warnings.map((w) => w.code);
  if (field === 'statuses')
    return Object.fromEntries(result.eval_trace.map((t) => [t.rule, t.status]));
  return (result as unknown as Record<string, unknown>)[field];
}

/**
 * A canonical golden vector (vectors/canonical/<case>/): the input document's rule canonical bytes,
 * rule hashes and document hash must equal `expected` exactly.
 */
export function runCanonicalVector(input: string, expected: unknown): VectorOutcome {
  const e = record(expected);
  const rules = record(e?.rules);
  if (!e || !rules || typeof e.document !== 'string') {
    return {
      passed: false,
      failures: ['expected.json must be {"rules": {...}, "document": "sha256:…"}'],
    };
  }
  const compiled = compileDocument(input);
  if (!compiled.document) {
    const first = compiled.diagnostics.find((d) => d.severity === 'error');
    return {
      passed: false,
      failures: [`document does not load: ${first?.code} ${first?.message.en}`],
    };
  }
  const failures: string[] = [];
  const got = compiled.document.rules.map((r) => r.name);
  if (canonicalJson(got) !== canonicalJson(Object.keys(rules))) {
    failures.push(
      `rules: expected ${JSON.stringify(Object.keys(rules))}, got ${JSON.stringify(got)}`,
    );
  }
  for (const rule of compiled.document.rules) {
    const want = record(rules[rule.name]);
    if (!want) continue;
    const bytes = canonicalJson(rule.when);
    if (bytes !== want.canonical)
      failures.push(`${rule.name}: canonical bytes differ: got ${bytes}`);
    if (rule.hash !== want.hash)
      failures.push(`${rule.name}: hash ${rule.hash}, expected ${String(want.hash)}`);
  }
  if (compiled.document.hash !== e.document)
    failures.push(`document hash ${compiled.document.hash}, expected ${e.document}`);
  return { passed: failures.length === 0, failures };
}
