// The incremental compiler must return exactly what compileDocument returns, for every text.
// Differential tests: many documents (spec examples, canonical and engine vectors, generated
// benchmark documents) under many seeded edit sequences, compared after every edit — diagnostics
// (code, severity, range, messages, fixes), ok, the compiled document and the source map of every
// tree node. Plus the fall-back conditions and the cache behaviour on the editing path.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { generateDocument, generateTable, QUICK_START } from '../../../bench/generate';
import { type CompileResult, compileDocument } from '../compile';
import type { Range } from '../diagnostics/diagnostic';
import type { CompiledDocument } from '../document/compiled';
import { childrenOf, type ExprNode } from '../tree/types';
import { createIncrementalCompiler, type IncrementalCompiler } from './compiler';

// ---------------------------------------------------------------------------------------------
// Corpus

const repo = new URL('../../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, repo), 'utf8');

function yamlFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? yamlFiles(path) : name.endsWith('.yaml') ? [path] : [];
    });
}

const fixtureDir = new URL('src/kernel/document/__fixtures__/', repo);
const FIXTURES = readdirSync(fixtureDir)
  .sort()
  .map((f) => read(`src/kernel/document/__fixtures__/${f}`));
const CANONICAL = readdirSync(new URL('vectors/canonical/', repo))
  .sort()
  .flatMap((d) => {
    try {
      return [read(`vectors/canonical/${d}/input.erdl.yaml`)];
    } catch {
      return [];
    }
  });
const ENGINE = yamlFiles(new URL('vectors/engine/', repo).pathname).flatMap((file) => {
  const v = parse(readFileSync(file, 'utf8')) as { document?: unknown };
  return typeof v?.document === 'string' ? [v.document] : [];
});
const GENERATED = [generateDocument(12), generateDocument(60, 5), generateTable(8), QUICK_START];
/** The rules region re-indented by `delta` columns (items at column 0 or 4 instead of 2). */
function reindentRules(text: string, delta: number): string {
  const i = text.indexOf('\nrules:\n');
  const body = text.slice(i + 8).replace(/^(?=.)/gm, delta > 0 ? ' '.repeat(delta) : '');
  return text.slice(0, i + 8) + (delta < 0 ? body.replace(/^ {2}/gm, '') : body);
}
const REINDENTED = [
  reindentRules(generateDocument(10, 9), -2),
  reindentRules(QUICK_START, -2),
  reindentRules(generateDocument(10, 8), 2),
];
const CORPUS = [...FIXTURES, ...CANONICAL, ...GENERATED, ...REINDENTED, ...ENGINE];

// ---------------------------------------------------------------------------------------------
// Comparison

/** Every tree node's source range, in a fixed walk order (rule, when/unless, pre-order). */
function sourceRanges(doc: CompiledDocument): (Range | undefined)[] {
  const out: (Range | undefined)[] = [];
  const walk = (n: ExprNode) => {
    out.push(doc.sourceMap.get(n));
    for (const c of childrenOf(n)) walk(c);
  };
  for (const r of doc.rules) {
    walk(r.when);
    if (r.unless) walk(r.unless);
  }
  return out;
}

const withoutMap = (r: CompileResult) => ({
  ...r,
  document: r.document && { ...r.document, sourceMap: null },
});

/** Throws (with the text, for reproduction) unless the two results are indistinguishable. */
function expectSame(got: CompileResult, want: CompileResult, text: string): void {
  if (isDeepStrictEqual(withoutMap(got), withoutMap(want))) {
    if (!got.document || !want.document) return;
    const a = sourceRanges(got.document);
    const b = sourceRanges(want.document);
    if (isDeepStrictEqual(a, b)) return;
    expect(a, `source map differs for ${JSON.stringify(text)}`).toStrictEqual(b);
  }
  expect(got.diagnostics, `diagnostics differ for ${JSON.stringify(text)}`).toStrictEqual(
    want.diagnostics,
  );
  expect(withoutMap(got), `result differs for ${JSON.stringify(text)}`).toStrictEqual(
    withoutMap(want),
  );
}

function check(c: IncrementalCompiler, text: string): CompileResult {
  const got = c.compile(text);
  expectSame(got, compileDocument(text), text);
  return got;
}

// ---------------------------------------------------------------------------------------------
// Edits

/** YAML- and ERDL-significant fragments typed into a document. */
const TOKENS = [
  ':',
  ': ',
  '- ',
  '-',
  '\n',
  '\n  ',
  '\n  - ',
  '\n- ',
  '  ',
  ' ',
  '\t',
  '\r',
  '\r\n',
  '#',
  ' # note',
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
  '!!str ',
  '|',
  '|+',
  '>-',
  '---\n',
  '...\n',
  '%YAML 1.2\n',
  'true',
  'null',
  '"true"',
  '1.5',
  '-1',
  '1e400',
  'DENY',
  'ALLOW',
  'allow',
  'when: ',
  'expr: ',
  'then: ',
  'message: ',
  'kind: decision_table',
  'logic: OR',
  'field: "tool.name"',
  'operator: match',
  'value: "(a+)+$"',
  'category: security',
  'priority: ',
  'ring: 9',
  'unless: ',
  'name: "DUP-001-x"',
  'é',
  '中文',
  '\ud83d\ude00',
  '\u0301',
  '\ufeff',
];

/** Whole lines inserted into a document (with extra indentation 0–6). */
const LINES = [
  '',
  '# comment',
  '  # comment',
  '      # deep comment',
  '  - name: "NEW-001-rule"',
  '  - ',
  '  -',
  '- name: "NEW-002-rule"',
  '    description: "x"',
  '    priority: 3',
  '    then: DENY',
  '    then: ALLOW',
  '    message: "m"',
  '    message: |+',
  '      keep',
  '',
  '    when: "true"',
  '    when: true',
  '    unless: null',
  '    enabled: false',
  '    override: Critical',
  '    bogus: 1',
  '    when: {expr: {eq: [1, 1]}}',
  '    when: [1,',
  '      2]',
  '    message: "a',
  '  b"',
  'rules:',
  'rules: []',
  'extra: 1',
  '---',
  '...',
  '  category: security',
  '  category: coding',
  'metadata:',
  '  decision: DENY',
  '\t- name: "TAB-001-x"',
  '  - &anchor {name: "A-001-x"}',
  '  - *anchor',
  '  - !tag x',
  '  - "just a string"',
  '  - [1, 2]',
  '  - {name: "FLOW-001-x", when: "true", then: NOTIFY}',
  '    message: >-',
  '    message: |2',
  '    message: |-',
  '     indented text',
  '   continuation',
  '    message: plain',
  '     continued plain',
  '    message: "multi',
  '     line"',
  '    when: {expr:',
  '      {eq: [1, 1]}}',
  '    ? complex',
  '    : value',
  '  - - nested',
  '  -   # comment, then the mapping',
  '    name: "LATE-001-x"',
  '   ',
  '    # comment inside',
  '  #',
];

type Edit =
  | { kind: 'insert'; at: number; s: string }
  | { kind: 'delete'; at: number; n: number }
  | { kind: 'replace'; at: number; s: string }
  | { kind: 'line'; at: number; s: string; indent: number }
  | { kind: 'dropLine'; at: number }
  | { kind: 'copyLine'; at: number }
  | { kind: 'swapLines'; at: number }
  | { kind: 'indent'; at: number; delta: number }
  | { kind: 'copyRule'; at: number; to: number }
  | { kind: 'dropRule'; at: number }
  | { kind: 'rename'; from: number; to: number }
  | { kind: 'category'; value: string | null }
  | { kind: 'crlf' }
  | { kind: 'final'; on: boolean }
  | { kind: 'undo' };

const garbage = fc.string({ minLength: 1, maxLength: 8, unit: 'grapheme' });
const EDIT: fc.Arbitrary<Edit> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('insert' as const),
      at: fc.nat(),
      s: fc.constantFrom(...TOKENS),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), s: garbage }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('delete' as const),
      at: fc.nat(),
      n: fc.integer({ min: 1, max: 8 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('replace' as const),
      at: fc.nat(),
      s: fc.constantFrom(...TOKENS),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('line' as const),
      at: fc.nat(),
      s: fc.constantFrom(...LINES),
      indent: fc.integer({ min: 0, max: 6 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('dropLine' as const), at: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('copyLine' as const), at: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('swapLines' as const), at: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('indent' as const),
      at: fc.nat(),
      delta: fc.constantFrom(-2, -1, 1, 2),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('copyRule' as const), at: fc.nat(), to: fc.nat() }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('dropRule' as const), at: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('rename' as const), from: fc.nat(), to: fc.nat() }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('category' as const),
      value: fc.constantFrom('security', 'coding', '"security"', null),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('crlf' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('final' as const), on: fc.boolean() }) },
  // Typing is undone as often as not; it also brings broken documents back to loading ones.
  { weight: 14, arbitrary: fc.record({ kind: fc.constant('undo' as const) }) },
);

/** Applies the edits one by one (undo pops the text before the last edit), checking each text. */
function replay(
  c: IncrementalCompiler,
  start: string,
  edits: readonly Edit[],
  seen?: (c: IncrementalCompiler) => void,
): void {
  let text = start;
  const history: string[] = [];
  check(c, text);
  for (const edit of edits) {
    if (edit.kind === 'undo') text = history.pop() ?? text;
    else {
      history.push(text);
      text = apply(edit, text);
    }
    check(c, text);
    seen?.(c);
  }
}

/** Item lines of `rules` (a `- ` at the indentation of the first one) and where each ends. */
function ruleSpans(lines: string[]): [number, number][] {
  const start = lines.findIndex((l) => /^rules:/.test(l));
  if (start === -1) return [];
  const first = lines.findIndex((l, i) => i > start && /^ *- /.test(l));
  if (first === -1) return [];
  const indent = (lines[first] as string).indexOf('-');
  const item = (l: string) => l.startsWith(`${' '.repeat(indent)}- `);
  const spans: [number, number][] = [];
  for (let i = first; i < lines.length; i++) {
    if (!item(lines[i] as string)) continue;
    let end = i + 1;
    while (end < lines.length && !item(lines[end] as string)) end++;
    spans.push([i, end]);
  }
  return spans;
}

/**
 * `n` mapped to a position below `len`; three times in four inside the rules region (from `lo`),
 * where the incremental compiler does its work.
 */
function position(n: number, len: number, lo: number): number {
  if (len <= 0) return 0;
  if (n % 4 === 0 || lo >= len) return n % len;
  return lo + ((n >> 2) % (len - lo));
}

function apply(edit: Edit, text: string): string {
  const lines = text.split('\n');
  const joined = () => lines.join('\n');
  const rulesLine = lines.findIndex((l) => l.startsWith('rules:'));
  const rulesAt = rulesLine === -1 ? 0 : text.indexOf('\nrules:') + 1;
  const offset = (n: number, len: number) => position(n, len, rulesAt);
  const line = (n: number, len: number) => position(n, len, Math.max(0, rulesLine));
  switch (edit.kind) {
    case 'insert': {
      const i = offset(edit.at, text.length + 1);
      return text.slice(0, i) + edit.s + text.slice(i);
    }
    case 'delete': {
      const i = offset(edit.at, text.length);
      return text.slice(0, i) + text.slice(i + edit.n);
    }
    case 'replace': {
      const i = offset(edit.at, text.length);
      return text.slice(0, i) + edit.s + text.slice(i + 1);
    }
    case 'line':
      lines.splice(line(edit.at, lines.length + 1), 0, ' '.repeat(edit.indent) + edit.s);
      return joined();
    case 'dropLine':
      lines.splice(line(edit.at, lines.length), 1);
      return joined();
    case 'copyLine': {
      const i = line(edit.at, lines.length);
      lines.splice(i, 0, lines[i] as string);
      return joined();
    }
    case 'swapLines': {
      const i = line(edit.at, lines.length - 1);
      const a = lines[i] as string;
      lines[i] = lines[i + 1] as string;
      lines[i + 1] = a;
      return joined();
    }
    case 'indent': {
      const i = line(edit.at, lines.length);
      const l = lines[i] as string;
      lines[i] =
        edit.delta > 0
          ? ' '.repeat(edit.delta) + l
          : l.replace(/^ {1,2}/, (m) => m.slice(0, Math.max(0, m.length + edit.delta)));
      return joined();
    }
    case 'copyRule':
    case 'dropRule': {
      const spans = ruleSpans(lines);
      if (spans.length === 0) return text;
      const [s, e] = spans[edit.at % spans.length] as [number, number];
      const block = lines.slice(s, e);
      if (edit.kind === 'dropRule') {
        lines.splice(s, e - s);
        return joined();
      }
      const [to] = spans[edit.to % spans.length] as [number, number];
      lines.splice(to, 0, ...block);
      return joined();
    }
    case 'rename': {
      const names = [...text.matchAll(/name: "([^"\n]*)"/g)];
      if (names.length < 2) return text;
      const from = names[edit.from % names.length] as RegExpMatchArray;
      const to = names[edit.to % names.length] as RegExpMatchArray;
      const i = to.index as number;
      return `${text.slice(0, i)}name: "${from[1]}"${text.slice(i + to[0].length)}`;
    }
    case 'category': {
      const i = lines.findIndex((l) => /^ {2}category:/.test(l));
      const m = lines.findIndex((l) => /^metadata:/.test(l));
      if (edit.value === null) {
        if (i !== -1) lines.splice(i, 1);
      } else if (i !== -1) lines[i] = `  category: ${edit.value}`;
      else if (m !== -1) lines.splice(m + 1, 0, `  category: ${edit.value}`);
      return joined();
    }
    case 'crlf':
      return text.includes('\r\n') ? text.replace(/\r\n/g, '\n') : text.replace(/\n/g, '\r\n');
    case 'final':
      return edit.on ? (text.endsWith('\n') ? text : `${text}\n`) : text.replace(/\n+$/, '');
    case 'undo':
      return text;
  }
}

// ---------------------------------------------------------------------------------------------

describe('incremental compile equals compileDocument', () => {
  // Compiles every vector and example document twice: seconds on a busy machine.
  it('on every corpus document, compiled cold and again warm', { timeout: 180_000 }, () => {
    expect(FIXTURES.length).toBeGreaterThanOrEqual(6);
    expect(CANONICAL.length).toBeGreaterThanOrEqual(20);
    expect(ENGINE.length).toBeGreaterThanOrEqual(200);
    const c = createIncrementalCompiler();
    let incremental = 0;
    for (const text of CORPUS) {
      check(c, text);
      if (c.stats.mode === 'incremental') incremental++;
      check(c, `${text}\n# touched\n`);
    }
    // Most corpus documents take the incremental path (JSON carriers and the like do not).
    expect(incremental / CORPUS.length).toBeGreaterThan(0.9);
  });

  it('after every edit of seeded edit sequences', { timeout: 180_000 }, () => {
    let compiles = 0;
    let incremental = 0;
    const reasons = new Map<string, number>();
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: CORPUS.length - 1 }),
        fc.array(EDIT, { minLength: 4, maxLength: 20 }),
        (doc, edits) => {
          replay(createIncrementalCompiler(), CORPUS[doc] as string, edits, (c) => {
            compiles++;
            if (c.stats.mode === 'incremental') incremental++;
            else {
              const reason = c.stats.reason.replace(/\d+/g, 'N');
              reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
            }
          });
        },
      ),
      { seed: 20261130, numRuns: 220 },
    );
    // Not vacuous: a good share of the edited texts went through the incremental path.
    expect(incremental / compiles, JSON.stringify([...reasons])).toBeGreaterThan(0.25);
  });

  it('with one compiler and a tiny cache across documents and edits', { timeout: 180_000 }, () => {
    const c = createIncrementalCompiler({ maxSegments: 6 });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: CORPUS.length - 1 }),
        fc.array(EDIT, { minLength: 1, maxLength: 8 }),
        (doc, edits) => replay(c, CORPUS[doc] as string, edits),
      ),
      { seed: 77, numRuns: 80 },
    );
  });

  it('when rules are duplicated, renamed alike, moved and dropped', { timeout: 180_000 }, () => {
    const structural = fc.oneof(
      fc.record({ kind: fc.constant('copyRule' as const), at: fc.nat(), to: fc.nat() }),
      fc.record({ kind: fc.constant('dropRule' as const), at: fc.nat() }),
      fc.record({ kind: fc.constant('rename' as const), from: fc.nat(), to: fc.nat() }),
      fc.record({
        kind: fc.constant('category' as const),
        value: fc.constantFrom('security', 'coding', null),
      }),
      fc.record({ kind: fc.constant('swapLines' as const), at: fc.nat() }),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...GENERATED, ...REINDENTED, ...FIXTURES),
        fc.array(structural, { minLength: 3, maxLength: 12 }),
        (start, edits) => replay(createIncrementalCompiler(), start, edits),
      ),
      { seed: 4242, numRuns: 40 },
    );
  });
});

describe('documents assembled from items that end or continue in unusual ways', () => {
  /** Item bodies (after `- `, indented for an item at column k by the caller). */
  const BODIES = [
    ['name: "T-001-a"', 'when: "true"', 'then: NOTIFY'],
    ['name: "T-002-b"', 'when: "true"', 'then: DENY', 'message: |+', '  kept', '', ''],
    ['name: "T-003-c"', 'when: "true"', 'then: DENY', 'message: |-', '  stripped', ''],
    ['name: "T-004-d"', 'when: "true"', 'then: DENY', 'message: >', '  folded', '  text', ''],
    ['name: "T-005-e"', 'when: {expr: {eq: [', '    1, 1]}}', 'then: NOTIFY'],
    ['name: "T-006-f"', 'when: "true"', 'then: DENY', 'message: "two', '  lines"'],
    ['name: "T-007-g"', 'when: "true"', 'then: DENY', 'message: plain', '  continued'],
    ['? name', ': "T-008-h"', 'when: "true"', 'then: NOTIFY'],
    ['- nested', '- list'],
    ['"a scalar item"'],
    [''],
    ['# only a comment', 'name: "T-009-i"', 'when: "true"', 'then: NOTIFY'],
    ['name: "T-001-a"', 'when: "true"', 'then: NOTIFY'],
    ['name: "T-010-j"   ', 'when: "true"  # trailing comment', 'then: NOTIFY  '],
    [
      'name: "T-011-k"',
      'when:',
      '  kind: decision_table',
      '  columns: [{field: "a"}]',
      '  rows:',
      '    - when: [["eq", 1]]',
      '      then: NOTIFY',
    ],
    [
      'name: "T-012-l"',
      'when: "true"',
      'then: NOTIFY',
      'message: |2',
      '   two more',
      '',
      '  # not a comment',
    ],
    [
      'name: "T-013-m"',
      'when:',
      '  logic: AND',
      '  conditions:',
      '    - field: "tool.name"',
      '      operator: eq',
      '      value: "x"',
      'then: NOTIFY',
    ],
    // Ending in a nested collection, and out of order (the reorder fix spans to the entry's end).
    [
      'name: "T-014-n"',
      'then: NOTIFY',
      'when:',
      '  logic: AND',
      '  conditions:',
      '    - field: "tool.name"',
      '      operator: eq',
      '      value: "x"',
    ],
    ['name: "T-015-o"', 'then: DENY', 'when: "true"', 'message:'],
    ['name: "T-016-p"', 'when: "true"', 'then: DENY', 'message: [', '  "x"]'],
    [
      'name: "T-017-q"',
      'then: NOTIFY',
      'when: {expr: {eq: [1, 1]}}',
      'explanation:',
      '  en: "e"',
      '  zh: "z"',
    ],
    ['name: "T-018-r"', 'when: "true"', 'then: DENY'],
    ['  # comment, then the mapping', 'name: "T-019-s"', 'when: "true"', 'then: NOTIFY'],
  ];
  /** Lines that may follow an item (inside its segment): comments and blanks at any column. */
  const GAP = fc.oneof(
    fc.nat(9).map((c) => `${' '.repeat(c)}# c`),
    fc.nat(9).map((c) => ' '.repeat(c)),
  );
  const HEADS = [
    'protocol: "erdl/v2"\nversion: "2.1.0"\nmetadata:\n  name: "n"\n  decision: ALLOW\n  category: coding\n',
    'protocol: "erdl/v2"\nversion: "2.1.0"\nmetadata:\n  decision: ALLOW\n  tags:\n    - a\n    # c\n',
    '---\nprotocol: "erdl/v2"\nversion: "2.1.0"\nmetadata:\n  decision: ALLOW\n  description: |+\n    d\n\n',
    'protocol: "erdl/v2"\nmetadata:\n  decision: DENY\nversion: "2.1.0"\n',
  ];

  const item = (body: readonly string[], k: number) =>
    body
      .map((l, i) =>
        i === 0 ? `${' '.repeat(k)}- ${l}` : l === '' ? '' : `${' '.repeat(k + 2)}${l}`,
      )
      .join('\n');

  it('compile alike', { timeout: 180_000 }, () => {
    let incremental = 0;
    let total = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...HEADS),
        fc.array(GAP, { maxLength: 2 }),
        fc.constantFrom(0, 2, 4),
        fc.array(fc.tuple(fc.nat(BODIES.length - 1), fc.array(GAP, { maxLength: 3 })), {
          minLength: 1,
          maxLength: 5,
        }),
        fc.constantFrom('\n', '\r\n'),
        fc.boolean(),
        (head, afterRules, k, items, eol, finalNewline) => {
          let text = `${head}rules:\n${afterRules.map((l) => `${l}\n`).join('')}`;
          for (const [b, gaps] of items)
            text += `${item(BODIES[b] as string[], k)}\n${gaps.map((l) => `${l}\n`).join('')}`;
          if (!finalNewline) text = text.replace(/\n+$/, '');
          text = text.replace(/\n/g, eol);
          const c = createIncrementalCompiler();
          check(c, text);
          total++;
          if (c.stats.mode === 'incremental') incremental++;
          // Again after an edit in the first item (the others from the cache), and after the
          // last item is removed (the one before it becomes the last).
          check(c, text.replace('- ', '-  '));
          const lastItem = text.lastIndexOf(`\n${' '.repeat(k)}- `);
          if (lastItem > text.indexOf('rules:')) check(c, text.slice(0, lastItem + 1));
        },
      ),
      { seed: 99, numRuns: 400 },
    );
    expect(incremental / total).toBeGreaterThan(0.8);
  });
});

describe('the editing path', () => {
  const big = generateDocument(80);
  const editAt = (text: string, needle: string, insert: string) => {
    const i = text.indexOf(needle);
    expect(i).toBeGreaterThan(-1);
    return text.slice(0, i) + insert + text.slice(i);
  };

  it('re-parses and re-validates only the edited rule', () => {
    const c = createIncrementalCompiler();
    check(c, big);
    expect(c.stats).toMatchObject({ mode: 'incremental', parsed: 80, validated: 80 });
    for (const n of [1, 37, 50, 80]) {
      const text = editAt(big, `decided`, `r${n} `).replace(
        `Generated rule ${n} decided`,
        `Generated rule ${n} now decided`,
      );
      check(c, text);
      expect(c.stats).toMatchObject({ mode: 'incremental', segments: 80 });
      expect(c.stats.parsed).toBeLessThanOrEqual(2);
      expect(c.stats.validated).toBeLessThanOrEqual(2);
    }
  });

  it('a metadata.category change re-validates every rule but parses none', () => {
    const c = createIncrementalCompiler();
    check(c, big);
    check(c, big.replace('  category: coding', '  category: security'));
    expect(c.stats).toMatchObject({ mode: 'incremental', parsed: 0, validated: 80 });
    check(c, big);
    expect(c.stats).toMatchObject({ mode: 'incremental', parsed: 0, validated: 0 });
  });

  it('a duplicated name re-validates the duplicate, with the first line in the message', () => {
    const c = createIncrementalCompiler();
    check(c, big);
    const text = big.replace('name: "GEN-070-rule"', 'name: "GEN-020-rule"');
    const r = check(c, text);
    expect(c.stats.validated).toBe(1);
    const dup = r.diagnostics.find((d) => d.code === 'ERDL-E204');
    expect(dup?.message.en).toContain(
      `line ${big.slice(0, big.indexOf('GEN-020')).split('\n').length}`,
    );
    // Removing a line above the first occurrence changes that line: the duplicate is re-validated.
    check(c, text.replace('  description: "Generated benchmark rule set"\n', ''));
    expect(c.stats.validated).toBe(1);
  });

  it('source map ranges are absolute in the new text', () => {
    const c = createIncrementalCompiler();
    const before = check(c, QUICK_START);
    const shifted = QUICK_START.replace('rules:\n', 'rules:\n  # a comment above the rule\n');
    const after = check(c, shifted);
    expect(c.stats).toMatchObject({ mode: 'incremental', parsed: 0 });
    const a = before.document as CompiledDocument;
    const b = after.document as CompiledDocument;
    const delta = '  # a comment above the rule\n'.length;
    const ra = sourceRanges(a);
    const rb = sourceRanges(b);
    expect(ra.length).toBeGreaterThan(3);
    rb.forEach((r, i) => {
      expect(r).toEqual({
        start: (ra[i] as Range).start + delta,
        end: (ra[i] as Range).end + delta,
      });
    });
    // The earlier result is untouched.
    expect(sourceRanges(a)).toEqual(ra);
  });

  it('a fix that spans into the next item follows edits of that item', () => {
    const doc = (second: string) =>
      [
        'protocol: "erdl/v2"',
        'version: "2.1.0"',
        'metadata:',
        '  decision: ALLOW',
        'rules:',
        '  - name: "A-001-a"',
        '    then: NOTIFY',
        '    when:',
        '      logic: AND',
        '      conditions:',
        '        - field: "tool.name"',
        '          operator: eq',
        '          value: "x"',
        '        # - field: "tool.args"',
        `  - name: "${second}"`,
        '    when: "true"',
        '    then: NOTIFY',
        '',
      ].join('\n');
    const c = createIncrementalCompiler();
    const text = doc('A-002-b');
    const r = check(c, text);
    const edit = r.diagnostics.find((d) => d.code === 'ERDL-E202')?.fix?.edits[0];
    // yaml ends the first entry at the second one's `-`, so the fix takes that line too.
    expect(edit?.range.end).toBeGreaterThan(text.indexOf('  - name: "A-002-b"'));
    expect(c.stats.mode).toBe('incremental');
    check(c, doc('A-002-longer-name'));
    expect(c.stats).toMatchObject({ mode: 'incremental', parsed: 1, validated: 2 });
  });

  it('returns the same result object for an unchanged text', () => {
    const c = createIncrementalCompiler();
    expect(c.compile(QUICK_START)).toBe(c.compile(QUICK_START));
  });
});

describe('falls back to the whole text when parts might not parse alike', () => {
  const rule = (name: string) =>
    [
      `  - name: "${name}"`,
      '    description: "d"',
      '    when: "true"',
      '    then: NOTIFY',
      '',
    ].join('\n');
  const head = 'protocol: "erdl/v2"\nversion: "2.1.0"\nmetadata:\n  name: "n"\n  decision: ALLOW\n';
  const ok = `${head}rules:\n${rule('A-001-a')}${rule('A-002-b')}`;

  const cases: [string, string][] = [
    [
      'JSON',
      JSON.stringify({
        protocol: 'erdl/v2',
        version: '2.1.0',
        metadata: { decision: 'ALLOW' },
        rules: [],
      }),
    ],
    ['flow rules', `${head}rules: [{name: "A-001-a", when: "true", then: NOTIFY}]\n`],
    [
      'anchor and alias',
      `${head}rules:\n  - &r\n    name: "A-001-a"\n    when: "true"\n    then: NOTIFY\n  - *r\n`,
    ],
    [
      'tag',
      `${head}rules:\n${rule('A-001-a')}  - !!map {name: "A-002-b", when: "true", then: NOTIFY}\n`,
    ],
    ['document marker', `${ok}---\n`],
    ['directive', `%YAML 1.2\n---\n${ok}`],
    ['tab indentation', `${head}rules:\n${rule('A-001-a')}\t\n  - name: "x"\n`],
    ['key after rules', `${ok}extra: 1\n`],
    ['flow list continued at the item column', `${head}rules:\n  - name: [1,\n  2]\n`],
    ['quoted scalar continued at the item column', `${head}rules:\n  - name: "a\n  - b"\n`],
    ['syntax error', `${head}rules:\n${rule('A-001-a')}  - name: "unclosed\n`],
    ['lone CR', ok.replace('\n', '\r')],
    ['no items', `${head}rules:\n`],
    ['empty rules list', `${head}rules: []\n`],
    ['item at another column', `${head}rules:\n${rule('A-001-a')} - name: "x"\n`],
    ['size', `${ok}#${'x'.repeat(2 * 1024 * 1024)}\n`],
    ['an empty last item after a comment', `${head}rules:\n${rule('A-001-a')}# next\n  - \n`],
  ];
  it.each(cases)('%s', (_name, text) => {
    const c = createIncrementalCompiler();
    check(c, text);
    expect(c.stats.mode).toBe('full');
    expect(c.stats.reason).not.toBe('');
  });

  const incremental: [string, string][] = [
    ['a plain document', ok],
    [
      'comments at column 0 between items',
      `${head}rules:\n${rule('A-001-a')}# section\n${rule('A-002-b')}`,
    ],
    ['a comment after rules:', `${head}rules: # the rules\n\n  # first\n${rule('A-001-a')}`],
    [
      'items at column 0',
      `${head}rules:\n- name: "A-001-a"\n  when: "true"\n  then: NOTIFY\n- x\n`,
    ],
    ['CRLF line breaks', ok.replace(/\n/g, '\r\n')],
    ['a BOM', `\ufeff${ok}`],
    ['a leading document marker', `---\n${ok}`],
    ['no final newline', ok.trimEnd()],
    [
      'a kept block scalar ending a segment',
      `${head}rules:\n${rule('A-001-a').replace('\n', '\n    message: |+\n      kept\n\n\n')}${rule('A-002-b')}`,
    ],
    [
      'a duplicate key (refused by load)',
      `${head}rules:\n${rule('A-001-a')}${rule('A-002-b').replace('then: NOTIFY', 'then: NOTIFY\n    then: DENY')}`,
    ],
    ['a non-mapping item', `${head}rules:\n${rule('A-001-a')}  - "a string"\n  -\n`],
    [
      // yaml extends the first item to the next `-`; the reorder fix then spans that line.
      'an item ending in a list with a comment after it, out of order',
      `${head}rules:\n  - name: "A-001-a"\n    then: NOTIFY\n    when:\n      logic: AND\n      conditions:\n        - field: "tool.name"\n          operator: eq\n          value: "x"\n        # - field: "tool.args"\n${rule('A-002-b')}`,
    ],
  ];
  it.each(incremental)('but not for %s', (_name, text) => {
    const c = createIncrementalCompiler();
    check(c, text);
    expect(c.stats.mode).toBe('incremental');
  });
});
