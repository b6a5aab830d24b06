// The loader and validator never throw and always answer with positioned, bilingual diagnostics
// (tests/fuzz/invariants.ts) for arbitrary strings, arbitrary bytes, arbitrary YAML, and
// mutations of every valid document (spec examples and the studio's embedded examples).
// Moved here from src/kernel/document/robustness.test.ts so `npm run fuzz` can run it long.
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { parse } from 'yaml';
import { lineEditArb, replaceAt, spliceArb, VALID_DOCUMENTS, yamlTextArb } from './arbitraries';
import { checkedCompile } from './invariants';
import { fuzzParams, fuzzTimeout } from './runs';

describe('loader and validator never throw (property)', () => {
  it('any string', { timeout: fuzzTimeout() }, () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (s) => {
        checkedCompile(s);
      }),
      fuzzParams(20261130, 400),
    );
  });

  it('any bytes', { timeout: fuzzTimeout() }, () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (b) => {
        checkedCompile(b);
      }),
      fuzzParams(42, 300),
    );
  });

  it('any YAML', { timeout: fuzzTimeout() }, () => {
    fc.assert(
      fc.property(yamlTextArb, (text) => {
        checkedCompile(text);
      }),
      fuzzParams(5, 300),
    );
  });

  it('valid documents with fragments spliced in or cut out', { timeout: fuzzTimeout() }, () => {
    fc.assert(
      fc.property(spliceArb, (text) => {
        checkedCompile(text);
      }),
      fuzzParams(7, 1500),
    );
  });

  it('lines of valid documents dropped or duplicated', { timeout: fuzzTimeout() }, () => {
    fc.assert(
      fc.property(lineEditArb, (text) => {
        checkedCompile(text);
      }),
      fuzzParams(11, 600),
    );
  });

  it('a subtree of a valid document replaced by any YAML value', { timeout: fuzzTimeout() }, () => {
    const trees = VALID_DOCUMENTS.map((t) => parse(t) as unknown);
    fc.assert(
      fc.property(
        fc.nat(),
        fc.array(fc.nat(), { minLength: 1, maxLength: 6 }),
        fc.jsonValue({ maxDepth: 3 }),
        (doc, path, replacement) => {
          const tree = structuredClone(trees[doc % trees.length]);
          replaceAt(tree, path, replacement);
          checkedCompile(JSON.stringify(tree, null, 2));
        },
      ),
      fuzzParams(13, 300),
    );
  });
});
