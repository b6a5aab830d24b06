// Issue #41 point 3: result hashes written once into a reused buffer and hashed by the kernel's own
// SHA-256 or a host's (Node's crypto, as the CLI and its batch workers use): the same hash either
// way, and the same as the definition (sha256 of the canonical JSON of the preimage with the fact
// as toExactJson makes it), over arbitrary facts on every example document, facts with exact
// numbers, and every engine vector.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { nodeSha256 } from '../src/cli/batch/node-sha256';
import {
  compileDocument,
  Evaluator,
  prepareFact,
  readFact,
  runVector,
  setHostSha256,
  toExactJson,
} from '../src/kernel';
import { hashCanonical } from '../src/kernel/tree/canonical';
import { EXAMPLE_DOCUMENTS, factArb } from './fuzz/arbitraries';
import { fuzzParams, fuzzTimeout } from './fuzz/runs';

afterEach(() => setHostSha256(null));

const evaluators = EXAMPLE_DOCUMENTS.map(({ name, text }) => {
  const document = compileDocument(text).document;
  if (!document) throw new Error(`example ${name} does not load`);
  return { name, evaluator: new Evaluator(document) };
});

const AS_OF = ['2026-01-15T09:00:00Z', '1970-01-01T00:00:00Z', 'not a date'];

/** The hash as defined (docs/canonical-form.md §11), written the way it was before #41. */
function defined(evaluator: Evaluator, fact: unknown, as_of: string): string {
  const r = evaluator.evaluate(fact, { as_of, hash: false });
  const prepared = prepareFact(fact);
  const instant = Date.parse(as_of);
  return hashCanonical({
    ruleset_hash: r.ruleset_hash,
    fact: prepared.ok ? toExactJson(prepared.fact) : null,
    as_of: Number.isNaN(instant) ? as_of : new Date(instant).toISOString(),
    temporal_state: { version: 1, windows: {} },
    decision: r.decision,
    matched_rules: r.matched_rules,
  });
}

function both(evaluator: Evaluator, fact: unknown, as_of: string): [string, string] {
  setHostSha256(null);
  const own = evaluator.evaluate(fact, { as_of }).result_hash;
  setHostSha256(nodeSha256);
  const host = evaluator.evaluate(fact, { as_of }).result_hash;
  setHostSha256(null);
  return [own, host];
}

describe('result hash: the kernel’s SHA-256 or the host’s (property)', () => {
  it.each(evaluators.map((e) => [e.name, e.evaluator] as const))(
    'arbitrary facts on %s',
    { timeout: fuzzTimeout() },
    (_name, evaluator) => {
      // Documents with within/rate windows hash their state out too: compared own vs host only.
      const stateless = !evaluator.stateful;
      fc.assert(
        fc.property(factArb, fc.constantFrom(...AS_OF), (fact, as_of) => {
          const [own, host] = both(evaluator, fact, as_of);
          expect(host).toBe(own);
          expect(own).toMatch(/^sha256:[0-9a-f]{64}$/);
          if (stateless && AS_OF.indexOf(as_of) < 2)
            expect(own).toBe(defined(evaluator, fact, as_of));
        }),
        fuzzParams(4141),
      );
    },
  );

  it('facts with exact numbers, dates as text, deep nesting and odd keys hash as defined', () => {
    const { evaluator } = evaluators[0] as (typeof evaluators)[number];
    const texts = [
      '{"a": 9007199254740993}',
      '{"a": 0.1000000000000000000001, "b": [1e400]}',
      '{"a": 1e-7, "b": -0, "c": 1.5e300}',
      '{"__proto__": {"x": 1}, "constructor": "y"}',
      `{"deep": ${'['.repeat(60)}1${']'.repeat(60)}}`,
      '{"s": "e\\u0301 \\ud800 \\u2028 \\u0000"}',
    ];
    for (const text of texts) {
      const read = readFact(text, { format: 'json' });
      if (!read.ok) continue;
      const [own, host] = both(evaluator, read.fact, AS_OF[0] as string);
      expect(host).toBe(own);
      expect(own).toBe(defined(evaluator, read.fact, AS_OF[0] as string));
    }
  });
});

describe('every engine vector passes with the host’s SHA-256', () => {
  const root = new URL('../vectors/engine/', import.meta.url).pathname;
  const files = (dir: string): string[] =>
    readdirSync(dir)
      .sort()
      .flatMap((name) => {
        const path = join(dir, name);
        return statSync(path).isDirectory() ? files(path) : name.endsWith('.yaml') ? [path] : [];
      });
  it('all of them', () => {
    const all = files(root);
    expect(all.length).toBeGreaterThan(100);
    setHostSha256(nodeSha256);
    for (const file of all) {
      const outcome = runVector(parse(readFileSync(file, 'utf8')));
      expect(outcome.failures, file).toEqual([]);
    }
  });
});
