// The evaluator never throws for arbitrary facts on every example document: whatever the fact
// (any JSON type, hostile keys such as __proto__, odd numbers and strings), evaluation answers
// with one of the document's decisions, and Object.prototype is never touched.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileDocument, DECISION_NAMES, Evaluator } from '../../src/kernel';
import { EXAMPLE_DOCUMENTS, factArb } from './arbitraries';
import { fuzzParams, fuzzTimeout } from './runs';

const evaluators = EXAMPLE_DOCUMENTS.map(({ name, text }) => {
  const document = compileDocument(text).document;
  if (!document) throw new Error(`example ${name} does not load`);
  return { name, evaluator: new Evaluator(document) };
});

const AS_OF = ['2026-01-15T09:00:00Z', '1970-01-01T00:00:00Z', '9999-12-31T23:59:59Z'];

describe('the evaluator never throws (property)', () => {
  it.each(evaluators.map((e) => [e.name, e.evaluator] as const))(
    'arbitrary facts on %s',
    { timeout: fuzzTimeout() },
    (_name, evaluator) => {
      fc.assert(
        fc.property(factArb, fc.constantFrom(...AS_OF), fc.boolean(), (fact, as_of, trace) => {
          const result = evaluator.evaluate(fact, { as_of, trace });
          expect(DECISION_NAMES).toContain(result.decision);
          expect(Object.keys(Object.prototype)).toEqual([]);
          expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        }),
        fuzzParams(2026),
      );
    },
  );
});
