// Issue 17 §4: the compile's fast paths are not a second source of truth. `normalize` returns the
// subtrees that are already canonical as they are (instead of copying every node), canonical JSON
// is written straight as UTF-8 bytes (into the hash, with the trees' bytes reused in the document
// hash) instead of built as a text and encoded, plain
// decimal literals are written without decimal.js and ASCII skips NFC. Each is checked against the plain implementation
// it replaced (kept below, verbatim): directly on random inputs, and end to end — a second copy of
// the kernel is loaded with the plain implementations mocked in, and both kernels must give the
// same complete compile result (trees with their source ranges, rule and document hashes, every
// diagnostic) for the examples, every vector input and diagnostics case, the benchmark documents
// and the loader's fuzz generators.
import { readFileSync } from 'node:fs';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { generateDocument, generateTable, QUICK_START } from '../../bench/generate';
import * as fast from '../../src/kernel';
import type { Range } from '../../src/kernel/diagnostics/diagnostic';
import { DocumentHasher } from '../../src/kernel/incremental/hash';
import {
  canonicalBytes,
  canonicalJson,
  forgetQuotedKeys,
  hashBytes,
  hashCanonical,
  hashText,
  sha256Text,
} from '../../src/kernel/tree/canonical';
import type { SourceMap } from '../../src/kernel/tree/context';
import {
  canonicalDecimal,
  canonicalNumberSource,
  parseNumberSource,
} from '../../src/kernel/tree/decimal';
import { canonicalDocument } from '../../src/kernel/tree/document-hash';
import { nfc } from '../../src/kernel/tree/literal';
import { normalize } from '../../src/kernel/tree/normalize';
import type { ExprNode, LogicNode } from '../../src/kernel/tree/types';
import { lineEditArb, spliceArb, VALID_DOCUMENTS } from './arbitraries';
import { CASE_FILES, embeddedTexts, serializeResult, VECTOR_FILES } from './corpus';
import { fuzzParams, fuzzTimeout } from './runs';

// ---------------------------------------------------------------------------------------------
// The plain implementations (as they were before the fast paths)

function plainNormalize(n: ExprNode, map?: SourceMap): ExprNode {
  if (!('args' in n)) return n;
  const args = n.args.map((a) => plainNormalize(a, map));
  if (n.node === 'and' || n.node === 'or') {
    const flat: ExprNode[] = [];
    for (const a of args) {
      if (a.node === n.node) flat.push(...(a as LogicNode).args);
      else flat.push(a);
    }
    if (flat.length === 1) return flat[0] as ExprNode;
    return plainKeep({ node: n.node, args: flat }, n, map);
  }
  return plainKeep({ ...n, args } as ExprNode, n, map);
}

function plainKeep(next: ExprNode, prev: ExprNode, map?: SourceMap): ExprNode {
  const r = map?.get(prev);
  if (map && r) map.set(next, r);
  return next;
}

function plainCanonicalJson(value: unknown, known?: WeakMap<object, string>): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(value)) throw new Error(`canonical JSON has no ${value}`);
      return JSON.stringify(value);
    case 'string':
      return JSON.stringify(value);
    case 'object': {
      const cached = known?.get(value);
      if (cached !== undefined) return cached;
      if (Array.isArray(value))
        return `[${value.map((v) => plainCanonicalJson(v, known)).join(',')}]`;
      const obj = value as Record<string, unknown>;
      const keys = Object.keys(obj).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      let out = '{';
      for (const k of keys) {
        const v = obj[k];
        if (v === undefined) continue;
        out += `${out.length > 1 ? ',' : ''}${JSON.stringify(k)}:${plainCanonicalJson(v, known)}`;
      }
      return `${out}}`;
    }
    default:
      throw new Error(`canonical form cannot hold a ${typeof value}`);
  }
}

function plainCanonicalNumber(source: string): string | null {
  const d = parseNumberSource(source);
  return d === null ? null : canonicalDecimal(d);
}

function plainHashText(text: string): string {
  return `sha256:${bytesToHex(sha256(utf8ToBytes(text)))}`;
}

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
const textOf = (bytes: Uint8Array): string =>
  new TextDecoder('utf-8', { fatal: true }).decode(bytes);

/** Known subtree bytes as the texts plainCanonicalJson takes. */
function knownTexts(known?: WeakMap<object, Uint8Array>): WeakMap<object, string> | undefined {
  if (!known) return undefined;
  return {
    get: (key: object) => {
      const bytes = known.get(key);
      return bytes === undefined ? undefined : textOf(bytes);
    },
  } as WeakMap<object, string>;
}

/** The canonical document's text from its rule entries' texts (rules sort last). */
function documentText(metadata: { decision: string }, entries: readonly string[]): string {
  const empty = plainCanonicalJson({ protocol: 'erdl/v2', fallback: metadata.decision, rules: [] });
  if (!empty.endsWith(',"rules":[]}')) throw new Error('rules must sort last');
  return `${empty.slice(0, -2)}${entries.join(',')}]}`;
}

/** The canonical writer's functions, as the text they replace: built, then encoded. */
const plainCanonical = {
  canonicalJson: (value: unknown) => plainCanonicalJson(value),
  canonicalBytes: (value: unknown, known?: WeakMap<object, Uint8Array>) =>
    utf8(plainCanonicalJson(value, knownTexts(known))),
  hashCanonical: (value: unknown, known?: WeakMap<object, Uint8Array>) =>
    plainHashText(plainCanonicalJson(value, knownTexts(known))),
  hashBytes: (bytes: Uint8Array) => `sha256:${bytesToHex(sha256(bytes))}`,
  hashText: plainHashText,
  sha256Text: (digest: Uint8Array) => `sha256:${bytesToHex(digest)}`,
};

/** The kernel again, with the plain implementations in place of the fast ones. */
async function plainKernel(): Promise<typeof fast> {
  vi.resetModules();
  vi.doMock('../../src/kernel/tree/normalize', () => ({ normalize: plainNormalize }));
  vi.doMock('../../src/kernel/tree/decimal', async (original) => ({
    ...(await original<object>()),
    canonicalNumberSource: plainCanonicalNumber,
  }));
  vi.doMock('../../src/kernel/tree/canonical', async (original) => ({
    ...(await original<object>()),
    ...plainCanonical,
  }));
  const kernel = await import('../../src/kernel');
  vi.doUnmock('../../src/kernel/tree/normalize');
  vi.doUnmock('../../src/kernel/tree/decimal');
  vi.doUnmock('../../src/kernel/tree/canonical');
  return kernel;
}

// ---------------------------------------------------------------------------------------------
// Inputs

/** Any UTF-16 unit, lone surrogates included. */
const unitArb = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));
const textArb = fc.oneof(
  fc.string({ unit: unitArb, maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({
    unit: fc.constantFrom('a', 'é', '中', '😀', '\ud800', '\udc00', '"', '\\'),
    maxLength: 40,
  }),
);
/** Long texts of one- to four-byte characters (a lone surrogate among them). */
const longTextArb = fc
  .tuple(fc.constantFrom('a', 'é', '中', '😀', '\ud83d'), fc.integer({ min: 16_000, max: 70_000 }))
  .map(([c, n]) => c.repeat(n));

const jsonArb: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constant(null),
    fc.boolean(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.constantFrom(-0, 1e21, 1e-7, 5e-324),
    textArb,
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(
      fc.oneof(textArb, fc.constantFrom('node', 'args', 'path', 'value')),
      tie('value'),
      {
        maxKeys: 20,
      },
    ),
    fc
      .dictionary(textArb, fc.option(tie('value'), { nil: undefined }), { maxKeys: 4 })
      .map((d) => ({ ...d })),
  ),
})).value;

const leafArb: fc.Arbitrary<ExprNode> = fc.oneof(
  fc
    .constantFrom('tool.name', 'context.amount')
    .map((path) => ({ node: 'field', path }) as ExprNode),
  fc.integer().map((v) => ({ node: 'literal', type: 'number', value: String(v) }) as ExprNode),
);
const treeArb: fc.Arbitrary<ExprNode> = fc.letrec<{ tree: ExprNode }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small' },
    leafArb,
    fc
      .tuple(fc.constantFrom('and', 'or'), fc.array(tie('tree'), { minLength: 0, maxLength: 4 }))
      .map(([node, args]) => ({ node, args }) as ExprNode),
    fc
      .tuple(fc.constantFrom('not', 'exists'), tie('tree'))
      .map(([node, a]) => ({ node, args: [a] }) as ExprNode),
    fc.tuple(tie('tree'), tie('tree')).map(([a, b]) => ({ node: 'eq', args: [a, b] }) as ExprNode),
    tie('tree').map((a) => ({ node: 'round', places: 2, args: [a] }) as ExprNode),
    tie('tree').map((a) => ({ node: 'within', window: '10m', args: [a] }) as ExprNode),
  ),
})).tree;

/** Every node of a tree in order (a node reached twice is listed twice). */
function nodesOf(n: ExprNode, out: ExprNode[] = []): ExprNode[] {
  out.push(n);
  if ('args' in n) for (const a of n.args) nodesOf(a, out);
  return out;
}

/** A source map giving some of the nodes a range (the compiler records one for most). */
function mapOf(tree: ExprNode, seed: number): Map<ExprNode, Range> {
  const map = new Map<ExprNode, Range>();
  nodesOf(tree).forEach((n, i) => {
    if ((i + seed) % 4 !== 3) map.set(n, { start: i, end: i + seed });
  });
  return map;
}

// ---------------------------------------------------------------------------------------------
// Unit properties

describe('normalize: reusing canonical subtrees gives what copying every node gives', () => {
  it('the same tree (key order included) and the same source range for every node', () => {
    fc.assert(
      fc.property(treeArb, fc.nat(3), (tree, seed) => {
        const before = JSON.stringify(tree);
        const fastMap = mapOf(tree, seed);
        const plainMap = new Map(fastMap);
        const got = normalize(tree, fastMap);
        const want = plainNormalize(tree, plainMap);
        expect(JSON.stringify(got)).toBe(JSON.stringify(want));
        expect(nodesOf(got).map((n) => fastMap.get(n))).toStrictEqual(
          nodesOf(want).map((n) => plainMap.get(n)),
        );
        expect(JSON.stringify(tree)).toBe(before); // the input is never changed
        expect(JSON.stringify(normalize(got))).toBe(JSON.stringify(got)); // idempotent
      }),
      fuzzParams(17_41, 1000),
    );
  });
});

describe('literals: the fast paths give what the general ones give', () => {
  it('canonicalNumberSource of any number-like source', () => {
    const digits = (max: number) =>
      fc.string({ unit: fc.constantFrom('0', '0', '1', '5', '9'), minLength: 0, maxLength: max });
    const sourceArb = fc.oneof(
      fc
        .tuple(
          fc.constantFrom('', '-', '+', ' ', '--'),
          digits(34),
          fc.constantFrom('', '.', '.', 'e', 'e-', 'x', '_'),
          digits(18),
          fc.constantFrom('', '', ' ', 'e3', 'E-2', '.5'),
        )
        .map((parts) => parts.join('')),
      fc.double().map(String),
      fc.constantFrom('0x1F', '-0o17', '.inf', '.nan', '1e30', '1e29', '-0', '-0.000', '00.10'),
    );
    fc.assert(
      fc.property(sourceArb, (source) => {
        expect(canonicalNumberSource(source)).toBe(plainCanonicalNumber(source));
      }),
      fuzzParams(17_46, 3000),
    );
  });

  it('nfc of any text (ASCII skips the normalizer)', () => {
    fc.assert(
      fc.property(textArb, (text) => {
        expect(nfc(text)).toBe(text.normalize('NFC'));
        expect(nfc(`e\u0301${text}`)).toBe(`e\u0301${text}`.normalize('NFC'));
      }),
      fuzzParams(17_47, 1000),
    );
  });
});

describe('canonical JSON and hashes: the fast implementations give the plain ones’ bytes', () => {
  it('canonicalJson, canonicalBytes and the hashes of any JSON value, with and without known subtree bytes', () => {
    fc.assert(
      fc.property(jsonArb, (value) => {
        const text = plainCanonicalJson(value);
        expect(canonicalJson(value)).toBe(text);
        expect(canonicalBytes(value)).toEqual(utf8(text));
        expect(hashCanonical(value)).toBe(plainHashText(text));
        expect(hashBytes(utf8(text))).toBe(plainHashText(text));
        if (value && typeof value === 'object') {
          const known = new WeakMap<object, Uint8Array>();
          for (const v of Object.values(value))
            if (v && typeof v === 'object') known.set(v, utf8(plainCanonicalJson(v)));
          const want = plainCanonicalJson(value, knownTexts(known));
          expect(canonicalBytes(value, known)).toEqual(utf8(want));
          expect(hashCanonical(value, known)).toBe(plainHashText(want));
        }
      }),
      fuzzParams(17_42, 500),
    );
  });

  it('known subtree bytes that differ from the subtree are written as they are', () => {
    const tree = { node: 'field', path: 'a' };
    const known = new WeakMap<object, Uint8Array>([[tree, utf8('{"x":1}')]]);
    expect(textOf(canonicalBytes({ b: tree, a: [tree] }, known))).toBe(
      '{"a":[{"x":1}],"b":{"x":1}}',
    );
  });

  it('a key first written into the hash across a flush of the buffer, then again', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('é', '中', 'a', '😀'),
        fc.integer({ min: 0, max: 1e9 }),
        (c, n) => {
          // A key never seen before (its bytes are not kept yet), long enough that the writer's
          // buffer (64 KB) is handed to the hash in the middle of it.
          const key = `${n}:${c.repeat(40_000)}`;
          const value = { [key]: 1, z: { [key]: 2 } };
          forgetQuotedKeys(); // (other tests may have filled the kept keys: room for this one)
          const want = plainHashText(plainCanonicalJson(value));
          expect(hashCanonical(value)).toBe(want);
          expect(hashCanonical(value)).toBe(want);
          expect(textOf(canonicalBytes(value))).toBe(plainCanonicalJson(value));
        },
      ),
      fuzzParams(17_49, 8),
    );
  });

  it('sha256Text of any digest is sha256: and its lowercase hex', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (digest) => {
        expect(sha256Text(digest)).toBe(`sha256:${bytesToHex(digest)}`);
      }),
      fuzzParams(17_48, 1000),
    );
    expect(sha256Text(new Uint8Array(32).fill(255))).toBe(`sha256:${'f'.repeat(64)}`);
  });

  it('hashText of any pieces (lone and split surrogates included)', () => {
    fc.assert(
      fc.property(fc.array(textArb, { maxLength: 8 }), (pieces) => {
        const joined = pieces.join('');
        const want = `sha256:${bytesToHex(sha256(new TextEncoder().encode(joined)))}`;
        expect(plainHashText(joined)).toBe(want);
        expect(hashText(joined)).toBe(want);
      }),
      fuzzParams(17_43, 1000),
    );
  });

  it('long texts: strings written in several segments, a growing buffer, known bytes larger than it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(longTextArb, textArb), { minLength: 1, maxLength: 3 }),
        (pieces) => {
          const joined = pieces.join('');
          expect(hashText(joined)).toBe(plainHashText(joined));
          // Strings and keys of up to 70,000 characters (up to 6 bytes each, escaped).
          const value = { [joined.slice(0, 40_000)]: pieces, list: [joined] };
          const text = plainCanonicalJson(value);
          // (Compared as text: UTF-8 decoding with `fatal` is one to one, and far quicker to
          // compare than a few hundred thousand array elements.)
          expect(textOf(canonicalBytes(value))).toBe(text);
          expect(hashCanonical(value)).toBe(plainHashText(text));
          const known = new WeakMap<object, Uint8Array>([
            [pieces, utf8(plainCanonicalJson(pieces))],
          ]);
          expect(hashCanonical({ a: pieces, b: joined }, known)).toBe(
            plainHashText(plainCanonicalJson({ a: pieces, b: joined })),
          );
        },
      ),
      fuzzParams(17_44, 30),
    );
  });

  it('texts crossing the UTF-8 buffer (8 KB) at any point, and the incremental document hash', () => {
    const compiled = fast.compileDocument(generateDocument(3)).document;
    if (!compiled) throw new Error('the generated document must load');
    const hasher = new DocumentHasher();
    fc.assert(
      fc.property(
        fc.integer({ min: 8_170, max: 8_200 }),
        fc.array(textArb, { minLength: 1, maxLength: 4 }),
        fc.array(textArb, { maxLength: 40 }),
        (pad, pieces, rules) => {
          const joined = 'a'.repeat(pad) + pieces.join('');
          const want = `sha256:${bytesToHex(sha256(new TextEncoder().encode(joined)))}`;
          expect(hashText(joined)).toBe(want);
          // Rule entries as canonical texts (JSON strings: no lone surrogate, as canonical bytes).
          const texts = [joined, ...rules].map((t) => JSON.stringify(t));
          expect(hasher.hash(compiled.metadata, texts.map(utf8))).toBe(
            plainHashText(documentText(compiled.metadata, texts)),
          );
        },
      ),
      fuzzParams(17_45, 200),
    );
  });

  it('the document hash is the hash of the canonical document', () => {
    for (const text of [QUICK_START, generateDocument(40), generateTable(20)]) {
      const compiled = fast.compileDocument(text).document;
      if (!compiled) throw new Error('the document must load');
      expect(compiled.hash).toBe(
        plainHashText(plainCanonicalJson(canonicalDocument(compiled.metadata, compiled.rules))),
      );
    }
  });
});

// ---------------------------------------------------------------------------------------------
// End to end: the whole compile, fast kernel against plain kernel

describe('compileDocument with the fast paths gives what the plain kernel gives (differential)', async () => {
  const plain = await plainKernel();
  const agree = (text: string): boolean => {
    const got = fast.compileDocument(text);
    expect(serializeResult(got)).toBe(serializeResult(plain.compileDocument(text)));
    return got.ok;
  };

  it('the plain kernel is a different instance (the comparison is not vacuous)', () => {
    expect(plain.compileDocument).not.toBe(fast.compileDocument);
    expect(plain.hashText('x')).toBe(fast.hashText('x'));
  });

  it('the examples, the spec fixtures and the benchmark documents', () => {
    const docs = [
      ...VALID_DOCUMENTS,
      QUICK_START,
      generateDocument(100),
      generateDocument(1000),
      generateDocument(300, 7),
      generateTable(50),
    ];
    for (const text of docs) expect(agree(text)).toBe(true);
  });

  it('every vector input and every diagnostics case', { timeout: fuzzTimeout() }, () => {
    let compiled = 0;
    for (const file of [...VECTOR_FILES, ...CASE_FILES]) {
      const raw = readFileSync(file, 'utf8');
      agree(raw);
      for (const input of embeddedTexts(parse(raw), [])) if (agree(input)) compiled++;
    }
    expect(compiled).toBeGreaterThan(50);
  });

  it('the loader fuzz generators (valid documents spliced and edited)', {
    timeout: fuzzTimeout(),
  }, () => {
    fc.assert(
      fc.property(fc.oneof(spliceArb, lineEditArb), (text) => {
        agree(text);
      }),
      fuzzParams(17_45, 300),
    );
  });
});
