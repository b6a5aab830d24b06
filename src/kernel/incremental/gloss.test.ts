// The editing path's gloss must be exactly a fresh glossDocument (zh, en) + glossLint of the same
// text: the same rule sentences (with their unnamed fields), the same lint diagnostics with the
// same codes, ranges, messages, fixes and order. Differential: the studio's examples and a
// generated document under scripted edit sequences (every kind of edit the gloss depends on) and
// seeded random edits, compared after every edit.
import { readdirSync, readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateDocument } from '../../../bench/generate';
import { compileDocument } from '../compile';
import { type FieldDictionary, glossDocument, glossLint, parseFieldDictionary } from '../gloss';
import { applyEdits } from '../test-support';
import { createIncrementalCompiler, type IncrementalCompiler } from './compiler';
import { createIncrementalGloss, type IncrementalGloss } from './gloss';

const examplesDir = new URL('../../studio/examples/', import.meta.url);
const EXAMPLES = readdirSync(examplesDir)
  .filter((f) => f.endsWith('.erdl.yaml'))
  .sort()
  .map((f) => ({ name: f, text: readFileSync(new URL(f, examplesDir), 'utf8') }));
const GENERATED = { name: 'generateDocument(50)', text: generateDocument(50) };
const DOCUMENTS = [...EXAMPLES, GENERATED];

function dictionary(value: unknown): FieldDictionary {
  const d = parseFieldDictionary(value);
  if (!d.ok) throw new Error('test dictionary');
  return d.dictionary;
}
const DICT_A = dictionary({
  'tool.name': { zh: '所用工具', en: 'the tool used' },
  'context.*': { zh: '上下文「{name}」', en: 'the context {name}' },
});
const DICT_B = dictionary({ 'tool.name': { en: 'the tool' }, 'agent.trust_level': '信任等级' });

interface State {
  readonly text: string;
  readonly dictionary: FieldDictionary | undefined;
}

function fresh({ text, dictionary }: State) {
  const r = compileDocument(text);
  return {
    ok: r.document !== null,
    zh: glossDocument(r, { lang: 'zh', dictionary }),
    en: glossDocument(r, { lang: 'en', dictionary }),
    lint: glossLint(r, { dictionary }),
  };
}

function incremental(g: IncrementalGloss, c: IncrementalCompiler, { text, dictionary }: State) {
  const out = g.gloss(c, c.compile(text), { dictionary });
  return { zh: out?.zh ?? null, en: out?.en ?? null, lint: out?.lint ?? [] };
}

/** Compares the incremental gloss with the fresh one; returns the fresh one. */
function check(g: IncrementalGloss, c: IncrementalCompiler, state: State, step: string) {
  const want = fresh(state);
  const got = incremental(g, c, state);
  const { ok, ...expected } = want;
  if (!isDeepStrictEqual(got, expected)) {
    const where = `${step}: ${JSON.stringify(state.text)}`;
    expect(got.lint, `lint differs after ${where}`).toStrictEqual(expected.lint);
    expect(got.zh, `zh differs after ${where}`).toStrictEqual(expected.zh);
    expect(got.en, `en differs after ${where}`).toStrictEqual(expected.en);
  }
  return want;
}

// ---------------------------------------------------------------------------------------------
// Scripted edits: each maps the current state to the next, or null when it does not apply.

type Look = ReturnType<typeof fresh>;
type Step = readonly [name: string, edit: (s: State, look: Look) => State | null];

const replaceOnce = (text: string, re: RegExp, f: (m: RegExpExecArray) => string) => {
  const m = re.exec(text);
  return m ? text.slice(0, m.index) + f(m) + text.slice(m.index + m[0].length) : null;
};
const text = (s: State, t: string | null): State | null => (t === null ? null : { ...s, text: t });
/** Item start lines (`  - name:` at the item column of these documents). */
const itemStarts = (t: string) => [...t.matchAll(/^ {2}- /gm)].map((m) => m.index);
/** `lines` added at the end of item `k` (`gloss` is the last field in the §4.1 order). */
function appendToItem(t: string, k: number, lines: string): string | null {
  const starts = itemStarts(t);
  if (starts[k] === undefined) return null;
  const end = starts[k + 1] ?? t.length;
  const body = t.slice(0, end).replace(/\n*$/, '\n');
  return body + lines + t.slice(end);
}

/** A decision table in flow style: labels and rows are edited inside flow collections. */
const TABLE_RULE = [
  '  - name: "TBL-900-routing"',
  '    description: "Route by amount and kind"',
  '    priority: 900',
  '    when:',
  '      kind: decision_table',
  '      columns: [{field: "context.amount", label: {zh: "金额", en: "the sum"}}, {field: "task.kind_code"}]',
  '      rows:',
  '        - {when: [["gte", 10000], "-"], then: REQUEST_HUMAN}',
  '        - {when: [["gte", 5000], ["eq", "refund"]], then: ESCALATE}',
  '        - {when: [], then: ALLOW}',
  '    message: "Routed"',
  '',
].join('\n');

/** Types `s` one character at a time after the first `after` (each character one step). */
const typing = (name: string, after: string, s: string): Step[] =>
  [...s].map(
    (ch, i): Step => [
      `${name} (${i + 1})`,
      (st) => {
        const key = after + s.slice(0, i);
        const at = st.text.indexOf(key);
        if (at === -1) return null;
        const end = at + key.length;
        return text(st, st.text.slice(0, end) + ch + st.text.slice(end));
      },
    ],
  );

const STEPS: readonly Step[] = [
  ...typing('type in a message', 'message: "', 'abc'),
  [
    'edit a condition value (string)',
    (s) =>
      text(
        s,
        replaceOnce(s.text, /value: "([^"\n]*)"/, (m) => `value: "${m[1]}z"`),
      ),
  ],
  [
    'edit a condition value (number)',
    (s) =>
      text(
        s,
        replaceOnce(s.text, /value: (\d+)/, (m) => `value: 1${m[1]}`),
      ),
  ],
  [
    'rename the last rule',
    (s) => {
      const at = itemStarts(s.text).at(-1);
      if (at === undefined) return null;
      const t = s.text.slice(at).replace(/name: "([^"]+)"/, 'name: "$1-renamed"');
      return text(s, s.text.slice(0, at) + t);
    },
  ],
  ['append a decision table', (s) => text(s, `${s.text.replace(/\n*$/, '\n')}${TABLE_RULE}`)],
  [
    'add a column label',
    (s) =>
      text(
        s,
        replaceOnce(s.text, /\{field: "task\.kind_code"\}/, () => {
          return '{field: "task.kind_code", label: {zh: "类型", en: "the kind"}}';
        }),
      ),
  ],
  [
    'change a column label',
    (s) =>
      text(
        s,
        replaceOnce(s.text, /en: "the kind"/, () => 'en: "the kind of task"'),
      ),
  ],
  [
    'remove a column label',
    (s) =>
      text(
        s,
        replaceOnce(s.text, /, label: \{zh: "金额", en: "the sum"\}/, () => ''),
      ),
  ],
  [
    'add a hand-written gloss',
    (s) => text(s, appendToItem(s.text, 0, '    gloss: "hand written"\n')),
  ],
  [
    'apply the W902 fix',
    (s, look) => {
      const fix = look.lint.find((d) => d.code === 'ERDL-W902')?.fix;
      return fix ? text(s, applyEdits(s.text, fix.edits)) : null;
    },
  ],
  [
    'type in the stored gloss',
    (s) =>
      text(
        s,
        replaceOnce(s.text, /gloss: "/, (m) => `${m[0]}x`),
      ),
  ],
  [
    'a {zh, en} gloss (block map, en rendered)',
    (s, look) => {
      const en = JSON.stringify(look.en?.[0]?.gloss.text ?? 'x');
      const block = `    gloss:\n      zh: "错"\n      en: ${en}\n`;
      return text(
        s,
        replaceOnce(s.text, / {4}gloss: "[^\n]*\n/, () => block),
      );
    },
  ],
  [
    'a flow {zh} gloss',
    (s) =>
      text(
        s,
        replaceOnce(s.text, / {4}gloss:\n {6}zh: [^\n]*\n {6}en: [^\n]*\n/, () => {
          return '    gloss: {zh: "仅中文"}\n';
        }),
      ),
  ],
  [
    'a stored gloss on the table entry (rows joined)',
    (s, look) => {
      const rows = (look.zh ?? []).filter((g) => g.rule.entry === 'TBL-900-routing');
      const joined = JSON.stringify(rows.map((g) => g.gloss.text).join('；'));
      const at = itemStarts(s.text).findIndex((i) => s.text.startsWith('  - name: "TBL-900', i));
      return at === -1 ? null : text(s, appendToItem(s.text, at, `    gloss: ${joined}\n`));
    },
  ],
  [
    'a block-scalar gloss ending an item, then a comment',
    (s) => {
      const starts = itemStarts(s.text);
      const bare = starts.findIndex((a, i) => !s.text.slice(a, starts[i + 1]).includes('gloss:'));
      if (bare === -1) return null;
      const block = '    gloss: |\n      a block gloss\n    # a comment after the gloss\n';
      return text(s, appendToItem(s.text, bare, block));
    },
  ],
  ['the field dictionary', (s) => ({ ...s, dictionary: DICT_A })],
  ['another field dictionary', (s) => ({ ...s, dictionary: DICT_B })],
  [
    'type in a message again',
    (s) =>
      text(
        s,
        replaceOnce(s.text, /message: "/, (m) => `${m[0]}!`),
      ),
  ],
  ['no field dictionary', (s) => ({ ...s, dictionary: undefined })],
  [
    'delete the first rule',
    (s) => {
      const [a, b] = itemStarts(s.text);
      return a === undefined || b === undefined
        ? null
        : text(s, s.text.slice(0, a) + s.text.slice(b));
    },
  ],
  [
    'duplicate a rule (a document error)',
    (s) => {
      const [a, b] = itemStarts(s.text);
      return a === undefined || b === undefined
        ? null
        : text(s, s.text.slice(0, b) + s.text.slice(a, b) + s.text.slice(b));
    },
  ],
  [
    'remove the duplicate',
    (s) => {
      const [a, b, c] = itemStarts(s.text);
      if (a === undefined || b === undefined || c === undefined) return null;
      return s.text.slice(a, b) === s.text.slice(b, c)
        ? text(s, s.text.slice(0, b) + s.text.slice(c))
        : null;
    },
  ],
  [
    'break the YAML (full compile)',
    (s) =>
      text(
        s,
        replaceOnce(s.text, /message: "/, (m) => `${m[0]}"`),
      ),
  ],
  [
    'mend the YAML',
    (s) =>
      text(
        s,
        replaceOnce(s.text, /message: ""/, () => 'message: "'),
      ),
  ],
  [
    'an anchor (full compile)',
    (s) =>
      text(
        s,
        replaceOnce(s.text, /description: "/, () => 'description: &d "'),
      ),
  ],
  [
    'no anchor',
    (s) =>
      text(
        s,
        replaceOnce(s.text, /description: &d "/, () => 'description: "'),
      ),
  ],
  [
    'a rule in the middle',
    (s) => {
      const starts = itemStarts(s.text);
      const mid = starts[starts.length >> 1];
      if (mid === undefined) return null;
      const rule = [
        '  - name: "MID-001-inserted"',
        '    description: "d"',
        '    priority: 1',
        '    when: "true"',
        '    then: NOTIFY',
        '',
      ].join('\n');
      return text(s, s.text.slice(0, mid) + rule + s.text.slice(mid));
    },
  ],
];

/** Step names applied to at least one document, and how often the gloss took each path. */
const coverage = new Map<string, { incremental: number; full: number }>();

describe('incremental gloss ≡ glossDocument (zh, en) + glossLint', () => {
  for (const document of DOCUMENTS) {
    it(`after every scripted edit: ${document.name}`, { timeout: 180_000 }, () => {
      const c = createIncrementalCompiler();
      const g = createIncrementalGloss();
      let state: State = { text: document.text, dictionary: undefined };
      let look = check(g, c, state, 'the document');
      expect(look.ok).toBe(true);
      const history: State[] = [state];
      let loaded = 0;
      for (const [name, edit] of STEPS) {
        const next = edit(state, look);
        if (next === null) continue;
        state = next;
        history.push(state);
        look = check(g, c, state, name);
        const seen = coverage.get(name) ?? { incremental: 0, full: 0 };
        seen[g.stats.mode]++;
        coverage.set(name, seen);
        if (look.ok && g.stats.mode === 'incremental') loaded++;
      }
      // The script exercised the gloss, not just documents that fail to load.
      expect(loaded).toBeGreaterThanOrEqual(18);
      // Undo, all the way back: old parts (and their trees and renders) come back from the caches.
      for (const [i, s] of [...history].reverse().entries()) check(g, c, s, `undo ${i}`);
    });
  }

  it('applied every scripted edit to some document, incrementally where the compiler could', () => {
    for (const [name] of STEPS) {
      const seen = coverage.get(name);
      expect(seen, name).toBeDefined();
      if (!/full compile|document error/.test(name))
        expect(seen?.incremental, name).toBeGreaterThan(0);
      else expect(seen?.full, name).toBeGreaterThan(0);
    }
  });

  it('re-renders only the edited rule after a one-character edit', () => {
    const c = createIncrementalCompiler();
    const g = createIncrementalGloss();
    const first = GENERATED.text;
    g.gloss(c, c.compile(first));
    const edited = first.replace('"Generated rule 17 decided', '"Generated rule 17 decidedx');
    g.gloss(c, c.compile(edited));
    expect(g.stats).toEqual({ mode: 'incremental', rendered: 2 });
    // A new dictionary changes every sentence's names: every rule is rendered again.
    g.gloss(c, c.compile(edited), { dictionary: DICT_A });
    const rules = compileDocument(edited).document?.rules.length ?? 0;
    expect(g.stats).toEqual({ mode: 'incremental', rendered: 2 * rules });
  });

  it('takes the full path for a result the compiler did not assemble', () => {
    const c = createIncrementalCompiler();
    const g = createIncrementalGloss();
    const json = JSON.stringify({
      protocol: 'erdl/v2',
      version: '2.1.0',
      metadata: { name: 'j', decision: 'ALLOW' },
      rules: [
        { name: 'JSN-001-json', description: 'd', priority: 1, when: 'true', then: 'NOTIFY' },
        { name: 'JSN-002-json', description: 'd', priority: 2, when: 'true', then: 'ALLOW' },
      ],
    });
    const stored = json.replace('"NOTIFY"', '"NOTIFY","gloss":"g"');
    for (const text of [json, stored]) {
      const look = check(g, c, { text, dictionary: undefined }, 'JSON');
      expect(look.ok).toBe(true);
      // W902 and I903 where one rule stores a gloss; nothing where none does (ruling I-80).
      expect(look.lint.map((d) => d.code)).toEqual(
        text === stored ? ['ERDL-W902', 'ERDL-I903'] : [],
      );
      expect(g.stats.mode).toBe('full');
    }
    // A result from elsewhere (not the compiler's last) is not read from the compiler's parts.
    const text = EXAMPLES[0]?.text ?? '';
    c.compile(text);
    const other = compileDocument(text);
    expect(g.gloss(c, other)?.lint).toStrictEqual(glossLint(other));
    expect(g.stats.mode).toBe('full');
  });

  it('after seeded random edits of the examples', { timeout: 180_000 }, () => {
    const pieces = ['x', '"', ':', ' ', '\n', '\n  ', '中', 'label: "l"', 'gloss: "g"', '# c'];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: DOCUMENTS.length - 1 }),
        fc.array(fc.tuple(fc.nat(), fc.nat({ max: 4 }), fc.constantFrom(...pieces)), {
          minLength: 1,
          maxLength: 6,
        }),
        (d, edits) => {
          const c = createIncrementalCompiler();
          const g = createIncrementalGloss();
          let t = (DOCUMENTS[d] as { text: string }).text;
          check(g, c, { text: t, dictionary: undefined }, 'start');
          for (const [at, drop, piece] of edits) {
            const i = at % (t.length + 1);
            t = t.slice(0, i) + piece + t.slice(i + drop);
            check(
              g,
              c,
              { text: t, dictionary: undefined },
              `insert ${JSON.stringify(piece)} at ${i}`,
            );
          }
        },
      ),
      { seed: 9, numRuns: 60 },
    );
  });
});
