// Canonical hash of the real example documents (the generated-rule properties are in
// hash.property.test.ts): re-stringifying an example with the yaml library — other indentation,
// other string quoting, shuffled condition keys, comments added — keeps the document hash and
// every rule hash; changing one literal value of a condition changes them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isNode, isScalar, type Node, parseDocument, type Scalar, visit } from 'yaml';
import { compileDocument } from '../../src/kernel';
import { EXAMPLE_DOCUMENTS } from './arbitraries';
import { fuzzParams, fuzzTimeout } from './runs';

function hashes(text: string) {
  const r = compileDocument(text);
  if (!r.document) throw new Error(`does not load:\n${text}`);
  return { document: r.document.hash, rules: r.document.rules.map((x) => [x.name, x.hash]) };
}

const styleArb = fc.record({
  indent: fc.integer({ min: 2, max: 6 }),
  quoting: fc.constantFrom('PLAIN', 'QUOTE_DOUBLE', 'QUOTE_SINGLE') as fc.Arbitrary<
    'PLAIN' | 'QUOTE_DOUBLE' | 'QUOTE_SINGLE'
  >,
  flow: fc.boolean(),
  seeds: fc.array(fc.nat(), { minLength: 8, maxLength: 8 }),
  comments: fc.boolean(),
});

type Style = typeof styleArb extends fc.Arbitrary<infer T> ? T : never;

/** The example re-written in a style; semantics untouched. */
function restyled(text: string, style: Style): string {
  const doc = parseDocument(text);
  let n = 0;
  visit(doc, {
    Map(_key, map) {
      // Condition and column maps (they carry `field`) have no fixed key order (§4.1 fixes only
      // a rule entry's); rotate their keys.
      if (map.items.some((p) => isScalar(p.key) && p.key.value === 'field')) {
        const k = (style.seeds[n++ % style.seeds.length] as number) % map.items.length;
        map.items = [...map.items.slice(k), ...map.items.slice(0, k)];
      }
      if (style.flow && map.items.length <= 3) map.flow = true;
    },
    Scalar(_key, node) {
      // Strings lose their source quoting so the default style below applies.
      if (typeof node.value === 'string') node.type = undefined;
    },
    Pair(_key, pair) {
      if (style.comments && isScalar(pair.key)) pair.key.commentBefore = ' added comment: # "x"';
    },
  });
  // lineWidth 0: yaml 2.9.1 folds deeply indented double-quoted strings wrongly (it writes
  // "undefined" into the value), a stringifier bug outside ERDL; folding is not under test here.
  return doc.toString({ indent: style.indent, defaultStringType: style.quoting, lineWidth: 0 });
}

/** Labels, messages and descriptions are display text; every other literal under `when` is semantics. */
const DISPLAY_KEYS = new Set(['label', 'message', 'description']);

/** The value scalars (not keys, not display text) inside one `when`. */
function semanticLiterals(when: Node): Scalar[] {
  const found: Scalar[] = [];
  visit(when, {
    Pair(_key, pair) {
      if (isScalar(pair.key) && DISPLAY_KEYS.has(String(pair.key.value))) return visit.SKIP;
    },
    Scalar(key, node) {
      if (key !== 'key') found.push(node);
    },
  });
  return found;
}

describe('canonical hash of the examples (property)', () => {
  it.each(EXAMPLE_DOCUMENTS.map((d) => [d.name, d.text] as const))(
    'reformatting %s keeps every hash',
    { timeout: fuzzTimeout() },
    (_name, text) => {
      const base = hashes(text);
      fc.assert(
        fc.property(styleArb, (style) => {
          const output = restyled(text, style);
          expect({ output, hashes: hashes(output) }).toEqual({ output, hashes: base });
        }),
        fuzzParams(31),
      );
    },
  );

  it.each(EXAMPLE_DOCUMENTS.map((d) => [d.name, d.text] as const))(
    'changing one condition literal of %s changes the hash',
    { timeout: fuzzTimeout() },
    (_name, text) => {
      const base = hashes(text);
      fc.assert(
        fc.property(fc.nat(), fc.nat({ max: 999 }), (pick, delta) => {
          const doc = parseDocument(text);
          const literals: Scalar[] = [];
          visit(doc, {
            Pair(_key, pair) {
              if (isScalar(pair.key) && pair.key.value === 'when' && isNode(pair.value))
                literals.push(...semanticLiterals(pair.value));
            },
          });
          fc.pre(literals.length > 0);
          const target = literals[pick % literals.length] as Scalar;
          const v = target.value;
          if (typeof v === 'number') target.value = v + delta + 1;
          else if (typeof v === 'string') target.value = `${v}~${delta}`;
          else target.value = `changed-${delta}`;
          const output = doc.toString();
          const r = compileDocument(output);
          // A mutation that no longer loads (e.g. a pattern made invalid) is the loader's business.
          fc.pre(r.document !== null);
          expect(r.document?.hash).not.toBe(base.document);
        }),
        fuzzParams(37),
      );
    },
  );
});
