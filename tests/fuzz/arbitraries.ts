/**
 * Shared inputs of the fuzz properties: the documents to mutate (spec examples and the studio's
 * embedded examples), fragments to splice into them, random YAML, and random facts shaped like
 * the examples' fields (with hostile keys and values mixed in).
 */
import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { stringify } from 'yaml';

function readDir(url: URL, suffix: string): { name: string; text: string }[] {
  return readdirSync(url)
    .filter((f) => f.endsWith(suffix))
    .sort()
    .map((f) => ({ name: f, text: readFileSync(new URL(f, url), 'utf8') }));
}

/** The studio's embedded example documents (src/studio/examples/*.erdl.yaml). */
export const EXAMPLE_DOCUMENTS = readDir(
  new URL('../../src/studio/examples/', import.meta.url),
  '.erdl.yaml',
);

/** Every valid document there is to mutate: the studio's examples and the spec's. */
export const VALID_DOCUMENTS = [
  ...EXAMPLE_DOCUMENTS,
  ...readDir(new URL('../../src/kernel/document/__fixtures__/', import.meta.url), '.erdl.yaml'),
].map((d) => d.text);

/** YAML- and ERDL-significant fragments to splice into valid documents. */
export const TOKENS = [
  ':',
  ': ',
  '- ',
  '\n',
  '\n  ',
  '  ',
  '\t',
  '#',
  '"',
  "'",
  '[',
  ']',
  '{',
  '}',
  ',',
  '&a ',
  '*a',
  '!x ',
  '|',
  '>',
  '---\n',
  'true',
  'null',
  '"true"',
  '1.5',
  '-1',
  '1e400',
  'DENY',
  'ALLOW',
  'when: ',
  'expr: ',
  'then: ',
  'message: ',
  'kind: decision_table',
  'logic: OR',
  'conditions: []',
  'field: "tool.name"',
  'operator: match',
  'value: "(a+)+$"',
  'value: []',
  'eq: [1, 2]',
  'div: [1, 0]',
  'all: [{field: "x"}, {var: "$"}]',
  'within: "10m"',
  'rate: "5/1h"',
  'category: security',
  'priority: ',
  'ring: 9',
  'unless: ',
  'rows: [{when: [], then: DENY}]',
  'columns: []',
  '__proto__: ',
  'field: "__proto__.x"',
  'field: "constructor.prototype.polluted"',
  '"<script>alert(1)</script>"',
];

/** A splice: cut some characters at a position of a valid document and insert fragments. */
export const spliceArb = fc
  .record({
    doc: fc.integer({ min: 0, max: VALID_DOCUMENTS.length - 1 }),
    at: fc.nat(),
    cut: fc.integer({ min: 0, max: 12 }),
    insert: fc.array(fc.constantFrom(...TOKENS), { maxLength: 4 }),
  })
  .map(({ doc, at, cut, insert }) => {
    const text = VALID_DOCUMENTS[doc] as string;
    const i = at % (text.length + 1);
    return text.slice(0, i) + insert.join('') + text.slice(i + cut);
  });

/** Lines of a valid document dropped or duplicated. */
export const lineEditArb = fc
  .tuple(
    fc.integer({ min: 0, max: VALID_DOCUMENTS.length - 1 }),
    fc.array(fc.tuple(fc.nat(), fc.boolean()), { minLength: 1, maxLength: 3 }),
  )
  .map(([doc, ops]) => {
    const ls = (VALID_DOCUMENTS[doc] as string).split('\n');
    for (const [n, duplicate] of ops) {
      const k = n % ls.length;
      if (duplicate) ls.splice(k, 0, ls[k] as string);
      else ls.splice(k, 1);
    }
    return ls.join('\n');
  });

/** Keys the examples test, plus keys that must never reach Object.prototype. */
const KEYS = [
  'tool',
  'name',
  'args',
  'amount',
  'path',
  'command',
  'price',
  'context',
  'country',
  'channel',
  'cost',
  'credit_score',
  'agent',
  'id',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '',
];

/** Values an evaluator meets in the wild: every JSON type, odd numbers, odd strings. */
const leafArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -0,
    1,
    5000,
    5000.5,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER,
    '',
    'issue_refund',
    'rm -rf /',
    '/etc/passwd',
    'US',
    'KP',
    '8000',
    '5000.0000000000001',
    '<script>alert(1)</script>',
    '2026-01-15T09:00:00Z',
    '\u0000',
    '\ud800',
    'e\u0301',
  ),
  fc.string({ maxLength: 12 }),
  fc.double(),
  fc.integer(),
);

/** A random fact value of bounded depth; objects use the examples' keys so rules get reached. */
export const factValueArb: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leafArb,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...KEYS), tie('value'), { maxKeys: 5 }),
  ),
})).value;

/** A fact: usually an object shaped like the examples', sometimes anything at all. */
export const factArb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.dictionary(fc.constantFrom(...KEYS), factValueArb, { maxKeys: 4 }) },
  { weight: 1, arbitrary: factValueArb },
);

/** Arbitrary YAML text: any JSON-like value written as YAML, sometimes with ERDL's top keys. */
export const yamlTextArb: fc.Arbitrary<string> = fc
  .oneof(
    fc.jsonValue({ maxDepth: 4 }),
    fc.record({
      protocol: fc.oneof(fc.constant('erdl/v2'), fc.jsonValue({ maxDepth: 1 })),
      version: fc.oneof(fc.constant('2.1.0'), fc.jsonValue({ maxDepth: 1 })),
      metadata: fc.oneof(fc.constant({ decision: 'ALLOW' }), fc.jsonValue({ maxDepth: 2 })),
      rules: fc.jsonValue({ maxDepth: 4 }),
    }),
  )
  .chain((value) =>
    fc
      .record({ indent: fc.integer({ min: 1, max: 6 }), flow: fc.boolean() })
      .map(({ indent, flow }) =>
        flow ? JSON.stringify(value, null, indent) : stringify(value, { indent }),
      ),
  );

/** Walks down `path` (each step picks a child by index modulo the count) and replaces the node. */
export function replaceAt(tree: unknown, path: readonly number[], replacement: unknown): void {
  let node = tree;
  for (const [i, step] of path.entries()) {
    if (node === null || typeof node !== 'object') return;
    const keys = Object.keys(node);
    if (keys.length === 0) return;
    const key = keys[step % keys.length] as string;
    const child = (node as Record<string, unknown>)[key];
    if (i === path.length - 1 || child === null || typeof child !== 'object') {
      (node as Record<string, unknown>)[key] = replacement;
      return;
    }
    node = child;
  }
}
