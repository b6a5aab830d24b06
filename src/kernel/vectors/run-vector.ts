import { type CompileResult, compileDocument } from '../compile';
import type { Bilingual } from '../diagnostics/diagnostic';
import { type EvaluationResult, Evaluator, RESULT_FIELDS } from '../eval/evaluate';
import { EMPTY_STATE, parseTemporalState, type TemporalState } from '../eval/temporal';
import { canonicalJson } from '../tree/canonical';
import { zhJson, zhQuote } from '../util/quote';
import { say } from './vector-strings';

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
  /**
   * One reason per mismatch, in both languages (vector-strings.ts): what was expected and what
   * came out.
   */
  readonly failures: readonly Bilingual[];
}

/** Result fields a vector may state; `eval_warnings` is compared as the list of warning codes. */
const COMPARABLE = new Set<string>([...RESULT_FIELDS, 'deciding_rule', 'statuses']);

/** A name a reason quotes: "…" in English (the template's quotes), “…” in Chinese. */
export const named = (name: string): Bilingual => ({ en: name, zh: zhQuote(name) });

/** A value a reason shows as JSON: its JSON text, a string quoted “…” in Chinese. */
export const json = (value: unknown): Bilingual => ({
  en: String(JSON.stringify(value)),
  zh: zhJson(value),
});

/** A list of codes or names, joined as each language lists them. */
export const list = (items: readonly string[]): Bilingual => ({
  en: items.join(', '),
  zh: items.join('、'),
});

/** Why a document does not load: its first error, in both languages. */
export function doesNotLoad(compiled: CompileResult): VectorOutcome {
  const first = compiled.diagnostics.find((d) => d.severity === 'error');
  return {
    passed: false,
    failures: [
      say('doesNotLoad', {
        code: String(first?.code),
        message: first?.message ?? 'undefined',
      }),
    ],
  };
}

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
        failures: [say('runnerError', { detail: e instanceof Error ? e.message : String(e) })],
      };
    }
  };
}

/** Checks one vector. */
export const runVector = neverThrows(check);

function check(vector: unknown): VectorOutcome {
  const v = record(vector);
  if (!v) return { passed: false, failures: [say('notMapping')] };
  if (typeof v.document !== 'string') return { passed: false, failures: [say('documentRequired')] };
  const failures: Bilingual[] = [];
  const compiled = compileDocument(v.document);

  if (v.expect_error !== undefined) {
    const codes = compiled.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code);
    if (!codes.includes(String(v.expect_error))) {
      failures.push(
        say('expectedLoadError', {
          want: String(v.expect_error),
          got: codes.length ? list(codes) : say('noErrors'),
        }),
      );
    }
    return { passed: failures.length === 0, failures };
  }
  if (!compiled.document) return doesNotLoad(compiled);
  if (v.expect_hashes !== undefined) {
    const want = record(v.expect_hashes) ?? {};
    for (const [name, hash] of Object.entries(want)) {
      const got =
        name === 'document'
          ? compiled.document.hash
          : compiled.document.rules.find((r) => r.name === name)?.hash;
      if (got !== hash)
        failures.push(say('hashOf', { name, want: String(hash), got: got ?? say('noSuchRule') }));
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
    if (!parsed.ok && !expected) return { passed: false, failures: [parsed.message] };
  }
  const evaluator = new Evaluator(compiled.document);
  steps.forEach((step, i) => {
    const label = steps.length > 1 ? say('step', { n: i + 1 }) : '';
    const result = evaluator.evaluate(step.fact, {
      as_of: String(step.as_of ?? v.as_of ?? ''),
      ...(state ? { temporal_state: state } : {}),
      ...(step.guard === true || v.guard === true ? { guard: true } : {}),
      trace: true,
    });
    state = result.temporal_state ?? EMPTY_STATE;
    for (const [field, expected] of Object.entries(record(step.expect) ?? {})) {
      if (!COMPARABLE.has(field)) {
        failures.push(say('unknownExpectField', { label, field: named(field) }));
        continue;
      }
      const actual = observe(result, field);
      if (canonicalJson(actual ?? null) !== canonicalJson(expected ?? null)) {
        failures.push(
          say('resultField', { label, field, want: json(expected), got: json(actual ?? null) }),
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
    return { passed: false, failures: [say('expectedShape')] };
  }
  const compiled = compileDocument(input);
  if (!compiled.document) return doesNotLoad(compiled);
  const failures: Bilingual[] = [];
  const got = compiled.document.rules.map((r) => r.name);
  if (canonicalJson(got) !== canonicalJson(Object.keys(rules)))
    failures.push(say('ruleNames', { want: json(Object.keys(rules)), got: json(got) }));
  for (const rule of compiled.document.rules) {
    const want = record(rules[rule.name]);
    if (!want) continue;
    const bytes = canonicalJson(rule.when);
    if (bytes !== want.canonical) failures.push(say('canonicalBytes', { rule: rule.name, bytes }));
    if (rule.hash !== want.hash)
      failures.push(say('ruleHash', { rule: rule.name, got: rule.hash, want: String(want.hash) }));
  }
  if (compiled.document.hash !== e.document)
    failures.push(say('documentHash', { got: compiled.document.hash, want: e.document }));
  return { passed: failures.length === 0, failures };
}
