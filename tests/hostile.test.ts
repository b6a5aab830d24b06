// Hostile inputs against the kernel (issue #9 §4): each gets a clear, positioned diagnostic in both
// languages, never a throw or a hang (the test's own timeout is the hang guard; no wall-clock
// figure is asserted: speed is a benchmark's business, and CI runs on a busy machine), and nothing executes or pollutes
// Object.prototype. The studio's side of the same inputs is e2e/hostile.spec.ts.
import { afterEach, describe, expect, it } from 'vitest';
import { type CompileResult, Evaluator, MAX_DOCUMENT_BYTES, parseData } from '../src/kernel';
import { importText } from '../src/studio/workspace/files';
import { checkedCompile } from './fuzz/invariants';

/** Runs `work`; a hang is caught by the test's timeout, never by a wall-clock assertion. */
function terminates<T>(work: () => T): T {
  return work();
}

/** The first error: bilingual, positioned inside the text (line/column from the source map). */
function firstError(result: CompileResult) {
  const error = result.diagnostics.find((d) => d.severity === 'error');
  expect(error, 'an error diagnostic').toBeDefined();
  const d = error as NonNullable<typeof error>;
  expect(d.message.en.trim()).not.toBe('');
  expect(d.message.zh).toMatch(/[\u4e00-\u9fff]/);
  expect(d.range.start).toBeGreaterThanOrEqual(0);
  expect(d.range.end).toBeLessThanOrEqual(result.source.text.length);
  const at = result.source.position(d.range.start);
  expect(at.line).toBeGreaterThanOrEqual(1);
  expect(at.column).toBeGreaterThanOrEqual(1);
  return d;
}

const HEADER =
  'protocol: "erdl/v2"\nversion: "2.1.0"\nmetadata:\n  name: "hostile"\n  decision: ALLOW\n';

function oneRule(when: string, then = 'DENY'): string {
  return `${HEADER}rules:\n  - name: "HOS-001-rule"\n    description: "hostile"\n    priority: 1\n    when: ${when}\n    then: ${then}\n    message: "blocked"\n`;
}

afterEach(() => {
  // Nothing any test here did may leak into every object of the process.
  expect(Object.keys(Object.prototype)).toEqual([]);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
});

describe('hostile documents', () => {
  it('an alias bomb (billion laughs) is refused with a positioned diagnostic', () => {
    const levels = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < 10; i++) {
      const prev = String.fromCharCode(96 + i);
      const name = String.fromCharCode(97 + i);
      levels.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(',')}]`);
    }
    const text = `${HEADER}${levels.join('\n')}\nrules: *j\n`;
    const result = terminates(() => checkedCompile(text));
    expect(result.ok).toBe(false);
    firstError(result);
  });

  it('a 10 MB document is refused (over the size limit) at once, in both languages', () => {
    const text = `${oneRule('"true"', 'ALLOW')}# ${'x'.repeat(10 * 1024 * 1024)}\n`;
    expect(text.length).toBeGreaterThan(MAX_DOCUMENT_BYTES);
    const result = terminates(() => checkedCompile(text));
    expect(result.ok).toBe(false);
    const d = firstError(result);
    expect(d.code).toBe('ERDL-E001');
    const bytes = terminates(() => checkedCompile(new TextEncoder().encode(text)));
    expect(firstError(bytes).code).toBe('ERDL-E001');
  });

  it.each([
    ['flow sequences', `${'['.repeat(10_000)}${']'.repeat(10_000)}`],
    ['flow maps', `${'{a: '.repeat(10_000)}1${'}'.repeat(10_000)}`],
    ['block maps', Array.from({ length: 10_000 }, (_, i) => `${' '.repeat(i)}a:`).join('\n')],
    ['expression nodes', oneRule(`{expr: ${'{not: '.repeat(10_000)}true${'}'.repeat(10_000)}}`)],
  ])('nesting depth 10,000 (%s) is refused without a stack overflow', (_kind, text) => {
    const result = terminates(() => checkedCompile(text));
    expect(result.ok).toBe(false);
    firstError(result);
  });

  it('invalid UTF-8 is reported at the offending byte', () => {
    const good = new TextEncoder().encode(oneRule('"true"', 'ALLOW'));
    const bytes = new Uint8Array([...good.slice(0, 40), 0xc3, 0x28, ...good.slice(40)]);
    const result = terminates(() => checkedCompile(bytes));
    const d = firstError(result);
    expect(d.code).toBe('ERDL-E002');
    expect(d.message.en).toContain('40');
  });

  it('a regex bomb pattern compiles (RE2: linear time) and runs in linear time', () => {
    const text = oneRule('{expr: {match: [{field: "s"}, "(a+)+$"]}}');
    const document = checkedCompile(text).document;
    expect(document).not.toBeNull();
    const evaluator = new Evaluator(document as NonNullable<typeof document>);
    const result = terminates(() =>
      evaluator.evaluate({ s: `${'a'.repeat(100_000)}!` }, { as_of: '2026-01-01T00:00:00Z' }),
    );
    expect(result.decision).toBe('ALLOW');
    expect(evaluator.evaluate({ s: 'aaa' }, { as_of: '2026-01-01T00:00:00Z' }).decision).toBe(
      'DENY',
    );
  });

  it('a backreference bomb is refused with ERDL-E603 in both languages', () => {
    const result = terminates(() =>
      checkedCompile(oneRule('{expr: {match: [{field: "s"}, "^(a+)+\\\\1$"]}}')),
    );
    expect(firstError(result).code).toBe('ERDL-E603');
  });

  it.each(['__proto__.polluted', 'constructor.prototype.polluted', 'a.__proto__.isAdmin'])(
    'a field path %s never reaches Object.prototype',
    (path) => {
      const result = checkedCompile(oneRule(`{expr: {eq: [{field: "${path}"}, 1]}}`));
      if (result.document) {
        const evaluator = new Evaluator(result.document);
        for (const fact of [
          {},
          JSON.parse('{"__proto__": {"polluted": 1, "isAdmin": true}}'),
          JSON.parse(
            '{"constructor": {"prototype": {"polluted": 1}}, "a": {"__proto__": {"isAdmin": 1}}}',
          ),
        ]) {
          const r = terminates(() => evaluator.evaluate(fact, { as_of: '2026-01-01T00:00:00Z' }));
          expect(['ALLOW', 'DENY']).toContain(r.decision);
        }
      } else firstError(result);
    },
  );

  it('__proto__ keys in a document are data, not prototype changes', () => {
    const text = `${HEADER}__proto__: {polluted: 1}\nrules:\n  - name: "HOS-001-rule"\n    description: "x"\n    priority: 1\n    when: {expr: {eq: [{field: "a"}, 1]}, __proto__: {isAdmin: true}}\n    then: DENY\n    message: "m"\n`;
    const result = terminates(() => checkedCompile(text));
    expect(result.ok).toBe(false);
    firstError(result);
  });
});

describe('hostile facts', () => {
  const document = checkedCompile(
    oneRule('{expr: {any: [{field: "context.items"}, {eq: [{var: "$"}, "needle"]}]}}'),
  ).document;

  it('a 100,000-element fact array is answered with the array_limit warning', () => {
    expect(document).not.toBeNull();
    const evaluator = new Evaluator(document as NonNullable<typeof document>);
    const items = Array.from({ length: 100_000 }, (_, i) => `item-${i}`);
    items[99_999] = 'needle';
    const as_of = '2026-01-01T00:00:00Z';
    // Over the 10,000-item limit the condition is an evaluation error folded to false (E12),
    // said in both languages; a Guard context fails closed instead.
    const result = terminates(() => evaluator.evaluate({ context: { items } }, { as_of }));
    expect(result.decision).toBe('ALLOW');
    const warning = result.eval_warnings.find((w) => w.code === 'array_limit');
    expect(warning?.message.en).toContain('100000');
    expect(warning?.message.zh).toContain('100000');
    const guarded = terminates(() =>
      evaluator.evaluate({ context: { items } }, { as_of, guard: true }),
    );
    expect(guarded.decision).not.toBe('ALLOW');
    expect(guarded.eval_warnings.map((w) => w.code)).toContain('array_limit');
    // Within the limit the same rule matches.
    const small = evaluator.evaluate({ context: { items: items.slice(-10_000) } }, { as_of });
    expect(small.decision).toBe('DENY');
  });

  it('fact YAML with __proto__ keys and an alias bomb parses as data or fails with a position', () => {
    const proto = parseData(
      'fact.yaml',
      '__proto__:\n  polluted: 1\nconstructor:\n  prototype:\n    isAdmin: true\n',
    );
    expect(proto.ok).toBe(true);
    const bomb = ['a: &a [x,x,x,x,x,x,x,x,x,x]'];
    for (let i = 1; i < 12; i++)
      bomb.push(
        `${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(10)
          .fill(`*${String.fromCharCode(96 + i)}`)
          .join(',')}]`,
      );
    const result = terminates(() => parseData('fact.yaml', bomb.join('\n')));
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.message.en).toContain('fact.yaml');
      expect(result.message.zh).toContain('fact.yaml');
    }
    const broken = parseData('fact.yaml', 'a: [1, 2\nb: }');
    expect(broken.ok).toBe(false);
    if (!broken.ok) expect(broken.message.en).toMatch(/fact\.yaml:\d+:\d+/);
  });
});

describe('hostile workspace files', () => {
  const valid = JSON.stringify({
    format: 'erdl-studio-workspace',
    formatVersion: 1,
    documents: [],
    activeId: null,
    fieldDictionary: [],
  });

  it('a truncated workspace file is rejected in both languages', () => {
    const result = terminates(() =>
      importText('w.erdl-workspace.json', valid.slice(0, valid.length - 10)),
    );
    expect(result.kind).toBe('rejected');
    if (result.kind === 'rejected') {
      expect(result.message.en).toContain('w.erdl-workspace.json');
      expect(result.message.zh).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('a workspace file from a future formatVersion is rejected, naming the version', () => {
    const result = importText(
      'w.erdl-workspace.json',
      valid.replace('"formatVersion":1', '"formatVersion":99'),
    );
    expect(result.kind).toBe('rejected');
    if (result.kind === 'rejected') {
      expect(result.message.en).toContain('99');
      expect(result.message.zh).toContain('99');
    }
  });
});
