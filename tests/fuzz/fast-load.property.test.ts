// The loader's fast path (src/kernel/document/fast-load.ts, issue 17 §4) is not a second source of
// truth: for every input, `load` (fast path, falling back to yaml) and `loadWithYaml` (yaml only,
// the loader as it was) give the same loaded view and `compileDocument` the same complete result —
// hashes, trees with their source ranges, metadata, every diagnostic with its range, message and
// fixes. Inputs: the examples, every vector input, the diagnostics cases, the benchmark documents,
// the fuzz generators of the loader properties, and adversarial YAML (YAML 1.1/1.2 scalar
// differences, duplicate keys, anchors, tags, comments at every indentation, multi-documents, BOM,
// tabs, CRLF, very long lines).
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { generateDocument, generateTable, QUICK_START } from '../../bench/generate';
import { compileDocument } from '../../src/kernel';
import { compileLoaded } from '../../src/kernel/compile';
import { fastFragment, fastLoad } from '../../src/kernel/document/fast-load';
import {
  type Fragment,
  type Loaded,
  load,
  loadFragment,
  loadFragmentWithYaml,
  loadWithYaml,
} from '../../src/kernel/document/load';
import { createIncrementalCompiler } from '../../src/kernel/incremental';
import { lineEditArb, replaceAt, spliceArb, VALID_DOCUMENTS, yamlTextArb } from './arbitraries';
import { CASE_FILES, embeddedTexts, serializeResult, VECTOR_FILES } from './corpus';
import { fuzzParams, fuzzTimeout } from './runs';

function serializeLoaded(l: Loaded): string {
  return JSON.stringify({
    text: l.text,
    root: l.root,
    isJson: l.isJson,
    diagnostics: l.diagnostics,
  });
}

/** Both paths agree on `input`; returns whether the fast path took it (for coverage counts). */
function agree(input: string | Uint8Array): boolean {
  const fast = load(input);
  const reference = loadWithYaml(input);
  expect(serializeLoaded(fast)).toBe(serializeLoaded(reference));
  expect(serializeResult(compileDocument(input))).toBe(serializeResult(compileLoaded(reference)));
  const text = typeof input === 'string' ? input.replace(/^\uFEFF/, '') : null;
  return text !== null && fastLoad(text) !== null;
}

describe('the fast loading path gives what yaml gives (differential)', () => {
  it('the examples, the spec fixtures and the benchmark documents', () => {
    const docs = [
      ...VALID_DOCUMENTS,
      QUICK_START,
      generateDocument(100),
      generateDocument(300, 7),
      generateTable(50),
    ];
    for (const text of docs) expect(agree(text)).toBe(true); // all of them take the fast path
  });

  it('every vector input and every diagnostics case', { timeout: fuzzTimeout() }, () => {
    let fast = 0;
    let documents = 0;
    for (const file of [...VECTOR_FILES, ...CASE_FILES]) {
      const raw = readFileSync(file, 'utf8');
      agree(raw);
      for (const input of embeddedTexts(parse(raw), [])) {
        const isFast = agree(input);
        if (/^protocol:/m.test(input)) {
          documents++;
          if (isFast) fast++;
        }
      }
    }
    // Most embedded documents are conventional: the property is not vacuous.
    expect(fast).toBeGreaterThan(documents / 2);
  });

  it('the loader fuzz generators', { timeout: fuzzTimeout() }, () => {
    fc.assert(
      fc.property(fc.oneof(spliceArb, lineEditArb, yamlTextArb), (text) => {
        agree(text);
      }),
      fuzzParams(17_04, 600),
    );
  });

  it('valid documents with a subtree rewritten as any value, written by yaml', {
    timeout: fuzzTimeout(),
  }, () => {
    fc.assert(
      fc.property(rewrittenDocumentArb(), (text) => {
        agree(text);
      }),
      fuzzParams(17_05, 400),
    );
  });

  it('adversarial YAML written in and around the conventional subset', {
    timeout: fuzzTimeout(),
  }, () => {
    let fast = 0;
    let runs = 0;
    fc.assert(
      fc.property(adversarialArb, (text) => {
        runs++;
        if (agree(text)) fast++;
      }),
      fuzzParams(17_06, 1500),
    );
    // A good share of the inputs stays in the subset (the property exercises the fast path).
    expect(fast).toBeGreaterThan(runs / 10);
  });

  it('adversarial YAML: fixed cases', () => {
    for (const text of FIXED_CASES) agree(text);
    for (const text of FIXED_CASES) agree(new TextEncoder().encode(text));
  });
});

// ── fragments: the incremental compiler's parts ────────────────────────────────────────────────
// `loadFragment` (fast path, falling back to yaml) and `loadFragmentWithYaml` (yaml only) give the
// same fragment — node tree with ranges, diagnostics, node count, depth and yaml range — for every
// text the incremental compiler parses (the header and each rule item followed by the stand-in next
// item, the last item alone, a long table's head and rows with their stand-in next row), and the
// compiler gives the same complete result with either loader.

function serializeFragment(f: Fragment | null): string {
  return JSON.stringify(
    f && {
      node: f.node,
      diagnostics: f.diagnostics,
      nodes: f.nodes,
      depth: f.depth,
      yamlRange: f.yamlRange,
    },
  );
}

/** Fragments compared, and how many the fast path read (for coverage counts). */
const fragmentCounts = { compared: 0, fast: 0 };

/**
 * Both fragment loaders agree on `text`; returns the fast loader's fragment. With `read`, yaml's
 * fragment is kept there under its text.
 */
function agreeFragment(text: string, read?: Map<string, Fragment | null>): Fragment | null {
  const fast = loadFragment(text);
  const reference = loadFragmentWithYaml(text);
  expect(serializeFragment(fast)).toBe(serializeFragment(reference));
  fragmentCounts.compared++;
  if (fastFragment(text) !== null) fragmentCounts.fast++;
  read?.set(text, reference);
  return fast;
}

/**
 * The incremental compiler on `input`, every fragment it parses checked against yaml, and its
 * whole result equal to the one it gives when yaml reads every fragment. yaml has just read each
 * of those fragments for the check: the reference compiler is handed that reading (each once, so
 * no object is shared) instead of parsing the same text again.
 */
function agreeIncremental(input: string): void {
  const read = new Map<string, Fragment | null>();
  const checked = createIncrementalCompiler({
    loadFragment: (text) => agreeFragment(text, read),
  }).compile(input);
  const reference = createIncrementalCompiler({
    loadFragment: (text) => {
      const kept = read.get(text);
      if (kept === undefined) return loadFragmentWithYaml(text);
      read.delete(text);
      return kept;
    },
  }).compile(input);
  expect(serializeResult(checked)).toBe(serializeResult(reference));
}

/** `text` as a fragment on its own, indented, and followed by a stand-in next item. */
function agreeAsFragments(text: string): void {
  for (const indent of [0, 2, 4]) {
    const pad = ' '.repeat(indent);
    const indented = text.replace(/^(?=.)/gm, pad);
    agreeFragment(indented);
    const body = indented.endsWith('\n') ? indented : `${indented}\n`;
    agreeFragment(`${body}${pad}- x`);
  }
}

/** A rule document whose items are the given mappings (each written as a `- ` item at `indent`). */
function asRuleItems(texts: readonly string[], indent: number): string {
  const pad = ' '.repeat(indent);
  const items = texts.map((t) =>
    t
      .split('\n')
      .map((line, i) => (i === 0 ? `${pad}- ${line}` : line === '' ? '' : `${pad}  ${line}`))
      .join('\n'),
  );
  return `protocol: "erdl/v2"\nversion: "2.1.0"\nmetadata:\n  decision: ALLOW\nrules:\n${items.join('\n')}`;
}

describe('the fast path reads fragments as yaml does (differential)', () => {
  it('the examples, the spec fixtures and the benchmark documents', () => {
    const before = { ...fragmentCounts };
    const docs = [
      ...VALID_DOCUMENTS,
      QUICK_START,
      generateDocument(100),
      generateDocument(300, 7),
      generateTable(50),
      generateTable(20).replace(/^( +)- /gm, '$1-   '),
    ];
    for (const text of docs) {
      agreeIncremental(text);
      agreeAsFragments(text);
    }
    // Every part of the conventional documents takes the fast path.
    const compared = fragmentCounts.compared - before.compared;
    expect(fragmentCounts.fast - before.fast).toBeGreaterThan(compared / 2);
  });

  it('every vector input and every diagnostics case', { timeout: fuzzTimeout() }, () => {
    const before = { ...fragmentCounts };
    for (const file of [...VECTOR_FILES, ...CASE_FILES]) {
      const raw = readFileSync(file, 'utf8');
      agreeAsFragments(raw);
      for (const input of embeddedTexts(parse(raw), [])) {
        agreeIncremental(input);
        agreeAsFragments(input);
      }
    }
    expect(fragmentCounts.fast - before.fast).toBeGreaterThan(
      (fragmentCounts.compared - before.compared) / 4,
    );
  });

  it('the loader fuzz generators', { timeout: fuzzTimeout() }, () => {
    fc.assert(
      fc.property(fc.oneof(spliceArb, lineEditArb, yamlTextArb), (text) => {
        agreeIncremental(text);
        agreeAsFragments(text);
      }),
      fuzzParams(17_21, 300),
    );
  });

  it('valid documents with a subtree rewritten as any value, written by yaml', {
    timeout: fuzzTimeout(),
  }, () => {
    fc.assert(
      fc.property(rewrittenDocumentArb(), (text) => {
        agreeIncremental(text);
      }),
      fuzzParams(17_22, 300),
    );
  });

  it('adversarial YAML as rule items, and on its own at several indentations', {
    timeout: fuzzTimeout(),
  }, () => {
    const before = { ...fragmentCounts };
    fc.assert(
      fc.property(
        fc.array(adversarialArb, { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 0, max: 4 }),
        (texts, indent) => {
          agreeIncremental(asRuleItems(texts, indent));
          for (const text of texts) agreeAsFragments(text);
        },
      ),
      fuzzParams(17_23, 800),
    );
    // A good share of the fragments stays in the subset (the property exercises the fast path).
    expect(fragmentCounts.fast - before.fast).toBeGreaterThan(
      (fragmentCounts.compared - before.compared) / 10,
    );
  });

  it('adversarial YAML: fixed cases', () => {
    for (const text of FIXED_CASES) {
      agreeIncremental(text);
      agreeAsFragments(text);
      agreeIncremental(asRuleItems([text], 2));
    }
    // Comments after an item, at every column, before the stand-in or at the end.
    for (const comment of ['# c', '  # c', '    # c', '      # c', '']) {
      for (const tail of ['\n', '\n\n', '']) {
        const item = `  - name: "A"\n    then: DENY\n${comment}${tail}`;
        agreeFragment(item);
        agreeFragment(`${item}  - x`);
        agreeFragment(`${item}${tail === '' ? '\n' : ''}  - x`);
      }
    }
  });
});

/** A valid document with a subtree replaced by any value (tricky scalars too), written by yaml. */
function rewrittenDocumentArb(): fc.Arbitrary<string> {
  const trees = VALID_DOCUMENTS.map((t) => parse(t) as unknown);
  return fc
    .tuple(
      fc.nat(),
      fc.array(fc.nat(), { minLength: 1, maxLength: 6 }),
      fc.oneof(fc.jsonValue({ maxDepth: 3 }), trickyScalarArb),
      fc.integer({ min: 1, max: 4 }),
    )
    .map(([doc, path, replacement, indent]) => {
      const tree = structuredClone(trees[doc % trees.length]);
      replaceAt(tree, path, replacement);
      return stringify(tree, { indent });
    });
}

/** Plain scalars on which YAML 1.1 and 1.2 (or the core and JSON schemas) disagree, and kin. */
const TRICKY_PLAIN = [
  'yes',
  'no',
  'on',
  'off',
  'Yes',
  'NO',
  'y',
  'n',
  '0o12',
  '012',
  '0x1F',
  '0xG',
  '0b101',
  '1_000',
  '1,000',
  '+1',
  '-0',
  '+0.5',
  '.5',
  '5.',
  '-.5',
  '1e3',
  '1E3',
  '1e+3',
  '1.5e-3',
  '1e400',
  '.inf',
  '-.Inf',
  '+.INF',
  '.nan',
  '.NaN',
  'NaN',
  'inf',
  '~',
  'null',
  'Null',
  'NULL',
  'nULL',
  'true',
  'True',
  'TRUE',
  'tRUE',
  'false',
  '2001-12-14',
  '2001-12-14t21:59:43.10-05:00',
  '12:30:45',
  '1:20',
  '190:20:30',
  '9007199254740993',
  '123456789012345678901234567890',
  '0.1000000000000000055511151231257827',
  '-',
  '--',
  '-1',
  '-x',
  '?x',
  ':x',
  'a:b',
  'a: b',
  'a:',
  'a #b',
  'a# b',
  'a  b',
  'http://example.com/x?y=1#z',
  '<<',
  '=',
  '@x',
  '`x',
  '%x',
  '!x',
  '&a x',
  '*a',
  '|',
  '>',
  '[a]',
  '{a: 1}',
  'a, b',
  'a]',
  'a}',
  '审批',
  '😀',
  'DENY',
  'tool.name',
];

const trickyScalarArb = fc.constantFrom(...TRICKY_PLAIN);

/** Double-quoted contents, escapes included (some invalid). */
const TRICKY_QUOTED = [
  '',
  'plain',
  'a "q" b',
  '\\"',
  '\\\\',
  '\\n',
  '\\t',
  '\\/',
  '\\0',
  '\\a\\b\\e\\f\\v\\r',
  '\\N\\_\\L\\P',
  '\\ ',
  '\\x41',
  '\\x4',
  '\\u00e9',
  '\\u00E9x',
  '\\uD83D\\uDE00',
  '\\uD800',
  '\\uDC00',
  '\\U0001F600',
  '\\U00110000',
  '\\q',
  'trailing  ',
  '  leading',
  'a # not a comment',
  "it's",
  '审批 “引号”',
  '😀',
  '\u0085',
  '\u2028',
  '\ufeff',
  '\u00a0',
];

/** Keys as the documents write them, and keys outside the subset (quoted, complex, resolved). */
const PLAIN_KEYS = [
  'protocol',
  'version',
  'metadata',
  'rules',
  'name',
  'description',
  'decision',
  'when',
  'then',
  'message',
  'field',
  'operator',
  'value',
  'a',
  'b',
  'x-y',
  'tool.name',
  '_k',
];
const TRICKY_KEYS = ['true', 'null', '1', '"quoted"', "'single'", '? k', '<<', 'a b', '审批', 'k!'];
const keyArb = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom(...PLAIN_KEYS) },
  { weight: 1, arbitrary: fc.constantFrom(...TRICKY_KEYS) },
);
/** Mostly distinct keys (a repeated key is a diagnostic, and leaves the fast path). */
const keysArb = (max: number) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.uniqueArray(keyArb, { minLength: 1, maxLength: max }) },
    { weight: 1, arbitrary: fc.array(keyArb, { minLength: 1, maxLength: max }) },
  );

/** Scalars the conventional style writes. */
const CLEAN_SCALARS = [
  'DENY',
  'ALLOW',
  'eq',
  'tool.name',
  '10',
  '-3',
  '0.45',
  '5000',
  'true',
  'false',
  'null',
  '"issue_refund"',
  '"Refund over 5000"',
  '"审批：金额超过 5000 元"',
  '"^(rm|curl) .*$"',
  "'single'",
];

/** A scalar as written: plain, double- or single-quoted. */
const scalarTextArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom(...CLEAN_SCALARS) },
  { weight: 4, arbitrary: trickyScalarArb },
  { weight: 3, arbitrary: fc.constantFrom(...TRICKY_QUOTED).map((s) => `"${s}"`) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('', 'x', "it''s", 'a # b', '审批', "'", 'x"y').map((s) => `'${s}'`),
  },
  { weight: 2, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ minLength: 200, maxLength: 3000 }).map(JSON.stringify) },
);

/** A one-line flow collection. */
const flowArb: fc.Arbitrary<string> = fc.letrec<{ flow: string; item: string }>((tie) => ({
  flow: fc.oneof(
    { depthSize: 'small' },
    fc
      .array(tie('item'), { maxLength: 4 })
      .chain((items) =>
        fc.constantFrom(
          `[${items.join(', ')}]`,
          `[${items.join(',')}]`,
          `[ ${items.join(' , ')} ]`,
        ),
      ),
    keysArb(3)
      .chain((keys) => fc.tuple(...keys.map((k) => tie('item').map((v) => [k, v] as const))))
      .chain((pairs) =>
        fc.constantFrom(
          `{${pairs.map(([k, v]) => `${k}: ${v}`).join(', ')}}`,
          `{ ${pairs.map(([k, v]) => `${k}: ${v}`).join(', ')} }`,
          `{${pairs.map(([k, v]) => `${k}:${v}`).join(',')}}`,
        ),
      ),
    {
      weight: 1,
      arbitrary: fc.constantFrom('[a, ]', '[, a]', '{a}', '{a: }', '[a, b', '[[a]]]', '[a]x'),
    },
  ),
  item: fc.oneof(
    { depthSize: 'small' },
    { weight: 3, arbitrary: scalarTextArb },
    { weight: 1, arbitrary: tie('flow') },
  ),
})).flow;

interface Tree {
  readonly kind: 'map' | 'seq';
  readonly entries: readonly (readonly [string, Tree | string])[];
}

/** A block tree: mappings and sequences whose leaves are scalars or flow collections. */
function mapArb(child: fc.Arbitrary<Tree | string>): fc.Arbitrary<Tree> {
  return keysArb(4)
    .chain((keys) => fc.tuple(...keys.map((k) => child.map((c) => [k, c] as const))))
    .map((entries) => ({ kind: 'map' as const, entries }));
}

/** A block mapping (the root) whose values are scalars, flow collections or block trees. */
const treeArb: fc.Arbitrary<Tree> = fc.letrec<{ tree: Tree; map: Tree; child: Tree | string }>(
  (tie) => ({
    tree: fc.oneof(
      { weight: 3, arbitrary: mapArb(tie('child')) },
      fc
        .array(tie('child'), { minLength: 1, maxLength: 4 })
        .map((items) => ({ kind: 'seq' as const, entries: items.map((c) => ['-', c] as const) })),
    ),
    map: mapArb(tie('child')),
    child: fc.oneof(
      { depthSize: 'small' },
      { weight: 4, arbitrary: scalarTextArb },
      { weight: 1, arbitrary: flowArb },
      { weight: 2, arbitrary: tie('tree') },
    ),
  }),
).map;

/** Writes a tree in block style with `step` spaces per level (compact `- key:` items). */
function render(tree: Tree, indent: number, step: number, lines: string[], firstPrefix = ''): void {
  const pad = ' '.repeat(indent);
  tree.entries.forEach(([key, child], i) => {
    const lead = i === 0 && firstPrefix ? firstPrefix : pad;
    const head = tree.kind === 'map' ? `${lead}${key}:` : `${lead}-`;
    if (typeof child === 'string') lines.push(`${head} ${child}`);
    else if (tree.kind === 'seq' && child.kind === 'map') {
      // `- key: value` with the mapping's other keys aligned under the first.
      render(child, indent + 2, step, lines, `${lead}- `);
    } else {
      lines.push(head);
      render(child, indent + step, step, lines);
    }
  });
}

/** Line-level noise: comments at every indentation, blank lines, trailing spaces, CRLF, tabs… */
const NOISE = [
  (_: string, n: number) => `${' '.repeat(n)}# comment`,
  (_: string, n: number) => `${' '.repeat(n)}#`,
  () => '',
  (_: string, n: number) => ' '.repeat(n),
  (l: string) => `${l}  `,
  (l: string) => `${l} # trailing`,
  (l: string) => `${l}# glued`,
  (l: string) => `${l}\r`,
  (l: string) => l.replace(/^( *)/, '$1\t'),
  (l: string) => `${l}\t`,
  (l: string) => l.replace(/^ {2}/, ''),
  (l: string) => `  ${l}`,
  (l: string) => `${l}\n${l}`, // a duplicated line: duplicate keys
  (l: string) => l.replace(/: /, ': &anchor '),
  (l: string) => l.replace(/: .*/, ': *anchor'),
  (l: string) => l.replace(/: /, ': !!str '),
  () => '---',
  () => '...',
  () => '%YAML 1.2',
  () => '<<: {a: 1}',
  () => `k: ${'x'.repeat(5000)}`,
  () => '? complex',
  (l: string) => `${l} |`,
  () => '  |',
  () => '    continued plain text',
];

const adversarialArb: fc.Arbitrary<string> = fc
  .record({
    tree: treeArb,
    step: fc.integer({ min: 1, max: 4 }),
    noise: fc.array(
      fc.tuple(
        fc.nat(),
        fc.oneof(
          { weight: 4, arbitrary: fc.integer({ min: 0, max: 5 }) },
          { weight: 1, arbitrary: fc.integer({ min: 0, max: NOISE.length - 1 }) },
        ),
        fc.nat(8),
      ),
      { maxLength: 4 },
    ),
    bom: fc.boolean(),
    finalNewline: fc.boolean(),
  })
  .map(({ tree, step, noise, bom, finalNewline }) => {
    const lines: string[] = [];
    render(tree, 0, step, lines);
    for (const [at, which, n] of noise) {
      const k = at % (lines.length + 1);
      const f = NOISE[which] as (l: string, n: number) => string;
      if (which <= 3 || which >= 16) lines.splice(k, 0, f(lines[k] ?? '', n));
      else if (k < lines.length) lines[k] = f(lines[k] as string, n);
    }
    return `${bom ? '\ufeff' : ''}${lines.join('\n')}${finalNewline ? '\n' : ''}`;
  });

/** Hand-picked inputs at the edges of the subset. */
const FIXED_CASES = [
  QUICK_START.replace(/\n/g, '\r\n'),
  `\ufeff${QUICK_START}`,
  `${QUICK_START}---\n${QUICK_START}`,
  `${QUICK_START}...\n`,
  `# leading comment\n\n${QUICK_START}# trailing comment\n`,
  QUICK_START.replace('  decision: ALLOW\n', '  decision: ALLOW\n    # deep comment\n'),
  QUICK_START.replace('rules:\n', 'rules:\n  # section\n'),
  QUICK_START.replace('  - name:', '# low\n  - name:'),
  `${QUICK_START}      # deep trailing comment\n`,
  `${QUICK_START}    # trailing at the rule's indentation\n`,
  `${QUICK_START}  # trailing at the list's indentation\n`,
  QUICK_START.replace('priority: 10', 'priority: 0o12'),
  QUICK_START.replace('priority: 10', 'priority: 1_0'),
  QUICK_START.replace('priority: 10', 'priority: 012'),
  QUICK_START.replace('priority: 10', 'priority: 0x0A'),
  QUICK_START.replace('priority: 10', 'priority: 10.0'),
  QUICK_START.replace('priority: 10', 'priority: -10'),
  QUICK_START.replace('priority: 10', 'priority: yes'),
  QUICK_START.replace('value: 5000', 'value: 5e3'),
  QUICK_START.replace('value: 5000', 'value: 2001-12-14'),
  QUICK_START.replace('value: 5000', 'value: .inf'),
  QUICK_START.replace('value: 5000', 'value: 5000 # five thousand'),
  QUICK_START.replace('value: 5000', 'value: 5000#x'),
  QUICK_START.replace('then: REQUEST_HUMAN', 'then: "REQUEST_HUMAN"'),
  QUICK_START.replace('then: REQUEST_HUMAN', "then: 'REQUEST_HUMAN'"),
  QUICK_START.replace('then: REQUEST_HUMAN', 'then: REQUEST_HUMAN\n    then: DENY'),
  QUICK_START.replace('  decision: ALLOW', '  decision: &d ALLOW').replace(
    'then: REQUEST_HUMAN',
    'then: *d',
  ),
  QUICK_START.replace('message: "', 'message: !!str "'),
  QUICK_START.replace('message: "Refund', 'message: "\\uD800 Refund'),
  QUICK_START.replace('message: "Refund', 'message: "\\u00e9\\x41\\U0001F600\\/ Refund'),
  QUICK_START.replace('message: "Refund', 'message: "Refund\n      continued'),
  QUICK_START.replace('message: "Refund amount', 'message: |\n      Refund amount'),
  QUICK_START.replace('  decision: ALLOW', '  decision:\tALLOW'),
  QUICK_START.replace('    priority: 10', '    priority: 10\n\t'),
  QUICK_START.replace(
    'description: "Refund amount control"',
    `description: "${'长'.repeat(20000)}"`,
  ),
  QUICK_START.replace('description: "Refund amount control"', `description: ${'x '.repeat(5000)}y`),
  QUICK_START.replace('rules:\n', 'rules:\n- name: "A"\n  priority: 1\n'),
  QUICK_START.replace('    when:\n', '    when:\n\n\n'),
  QUICK_START.replace('    when:\n', '    when: # the condition\n      # first\n'),
  QUICK_START.replace('      logic: AND', '      logic: AND   '),
  QUICK_START.replace('      logic: AND', '     logic: AND'),
  QUICK_START.replace('      logic: AND', '       logic: AND'),
  QUICK_START.replace('        - field: "tool.name"', '        -  field: "tool.name"'),
  QUICK_START.replace('        - field: "tool.name"', '        -\n          field: "tool.name"'),
  QUICK_START.replace('version: "2.1.0"', 'version:'),
  QUICK_START.replace('version: "2.1.0"', 'version: ~'),
  QUICK_START.replace('version: "2.1.0"', '"version": "2.1.0"'),
  QUICK_START.replace('version: "2.1.0"', 'version: 2.1.0'),
  QUICK_START.replace('version: "2.1.0"', 'version: [2, 1, 0]'),
  QUICK_START.replace('version: "2.1.0"', 'version: {major: 2, minor: 1}'),
  QUICK_START.replace('version: "2.1.0"', 'version: ["2.1.0",]'),
  QUICK_START.replace('protocol: "erdl/v2"', '  protocol: "erdl/v2"'),
  QUICK_START.trimEnd(),
  `${QUICK_START}\n\n   \n`,
  '{"protocol": "erdl/v2", "version": "2.1.0", "metadata": {"decision": "ALLOW"}, "rules": []}',
  'a: 1',
  'a: 1\n',
  'a: [1, {b: "c"}]\n',
  '- a\n',
  'plain\n',
  'a:\n- b\n',
  'a:\n  b: 1\n c: 2\n',
  'a: b: c\n',
  'a: 1\na: 2\n',
  'a: {b: 1, b: 2}\n',
  'a: "x"y\n',
  "a: 'x''y'\n",
  'a: "unclosed\n',
  'a: [unclosed\n',
];
