// compileDocument never throws, and every answer keeps the diagnostic contract: a catalogued code,
// non-empty messages in both languages, a range inside the text, recoverable exactly when not an
// error, valid fixes, and no internal error (ERDL-E000). Inputs: fixed garbage and every spec
// example; the seeded fast-check properties live in tests/fuzz/loader.property.test.ts.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contractProblems } from '../../../tests/fuzz/invariants';
import { type CompileResult, compileDocument } from '../compile';
import { CODES, type DiagnosticCode, severityOf } from '../diagnostics/codes';

const FIXTURES = new URL('./__fixtures__/', import.meta.url);
const fixtures = readdirSync(FIXTURES)
  .filter((f) => f.endsWith('.erdl.yaml'))
  .sort()
  .map((f) => readFileSync(new URL(f, FIXTURES), 'utf8'));

/** Every invariant of one compile result (tests/fuzz/invariants.ts); returns it for further checks. */
function checked(input: string | Uint8Array): CompileResult {
  let r: CompileResult | undefined;
  expect(() => {
    r = compileDocument(input);
  }).not.toThrow();
  const result = r as CompileResult;
  expect(contractProblems(result)).toEqual([]);
  return result;
}

describe('fixed garbage inputs', () => {
  const strings = [
    '',
    ' ',
    '\n\n\n',
    ':',
    '::::',
    '- - - -',
    '? ? ?',
    '[',
    ']',
    '{',
    '}',
    '{]',
    '[}',
    '"',
    "'",
    '"\\',
    '"\\u12',
    '&',
    '*',
    '&a',
    '*a',
    '&a *a',
    '!',
    '!!',
    '!!binary ZZZ',
    '!!str',
    '!<tag:yaml.org,2002:str> x',
    '%',
    '%YAML 9.9\n---\na: 1',
    '%TAG ! tag:x,2000:\n---\n!a b',
    '---',
    '--- ---',
    '...',
    '--- |',
    '|',
    '>',
    '|9\n x',
    'a: |\n\tb',
    'a: b: c',
    'a:\n- b\n c',
    '@',
    '`',
    '\t',
    '\r',
    '\r\r\r',
    '\u2028\u2029',
    '\ufeff\ufeff',
    '\ud800',
    '\udc00a: 1',
    '🚫: 🚫',
    'protocol',
    'protocol:',
    'protocol: "erdl/v2"',
    'protocol: "erdl/v2"\nversion:',
    'protocol: "erdl/v2"\nversion: "2.1.0"\nmetadata:\nrules:',
    'protocol: "erdl/v2"\nversion: "2.1.0"\nmetadata: {decision: ALLOW}\nrules: [{}]',
    'protocol: "erdl/v2"\nversion: "2.1.0"\nmetadata: {decision: ALLOW}\nrules: [[]]',
    'protocol: "erdl/v2"\nversion: "2.1.0"\nmetadata: {decision: ALLOW}\nrules: [null, 1, "x"]',
    'protocol: "erdl/v2"\nversion: "2.1.0"\nmetadata: {decision: ALLOW}\nrules: [{when: {}}]',
    'protocol: "erdl/v2"\nversion: "2.1.0"\nmetadata: {decision: ALLOW}\nrules: [{when: {expr: {}}}]',
    'protocol: "erdl/v2"\nversion: "2.1.0"\nmetadata: {decision: ALLOW}\nrules: [{when: {kind: decision_table}}]',
    'protocol: "erdl/v2"\nversion: "2.1.0"\nmetadata: {decision: ALLOW}\nrules: [{when: {logic: AND, conditions: [{}]}}]',
    'protocol: "erdl/v2"\nversion: "2.1.0"\nmetadata: {decision: ALLOW}\nrules: [{then: [[[]]]}]',
    '{"protocol": "erdl/v2", "version": "2.1.0", "metadata": null, "rules": null}',
    '{"a": 1e999999}',
    '{"a": -0}',
    'a: 0x',
    'a: .inf',
    'a: -.nan',
    'a: 1_000',
    'a: 0o17',
    `a: ${'9'.repeat(400)}`,
    `a: ${'['.repeat(199)}${']'.repeat(199)}`,
    `${'a:\n  '.repeat(50)}b`,
    '\u0085a: 1',
    '\u00a0a: 1',
  ];

  it.each(strings.map((s) => [JSON.stringify(s).slice(0, 60), s]))('%s', (_label, s) => {
    checked(s);
  });

  it('binary byte patterns', () => {
    const patterns: number[][] = [
      [0x00],
      [0xff, 0xfe, 0x00, 0x00],
      [0xfe, 0xff],
      [0xef, 0xbb],
      [0xef, 0xbb, 0xbf],
      [0xc3],
      [0xc3, 0x28],
      [0xe2, 0x82],
      [0xf0, 0x28, 0x8c, 0xbc],
      [0xf8, 0x88, 0x80, 0x80, 0x80],
      Array.from({ length: 256 }, (_, i) => i),
      Array.from({ length: 256 }, (_, i) => 255 - i),
      Array.from({ length: 1000 }, (_, i) => (i * 7919 + 13) % 256),
      Array.from({ length: 1000 }, (_, i) => 0x20 + ((i * 31) % 95)),
    ];
    for (const p of patterns) checked(new Uint8Array(p));
  });

  it('the spec examples', () => {
    for (const f of fixtures) expect(checked(f).ok).toBe(true);
  });

  it('is deterministic: the same input gives the same answer', () => {
    for (const f of fixtures) {
      const a = compileDocument(f);
      const b = compileDocument(f);
      expect(b.diagnostics).toEqual(a.diagnostics);
      expect(b.document?.hash).toBe(a.document?.hash);
    }
  });
});

describe('catalogue', () => {
  const entries = Object.entries(CODES);

  it('every code is ERDL-[EWI]nnn, and its letter is its severity', () => {
    for (const [code] of entries) {
      expect(code).toMatch(/^ERDL-[EWI]\d{3}$/);
      const letter = code.charAt(5);
      expect(severityOf(code as DiagnosticCode)).toBe(
        letter === 'E' ? 'error' : letter === 'W' ? 'warning' : 'info',
      );
    }
  });

  it('numbers are unique regardless of severity letter', () => {
    const numbers = entries.map(([code]) => code.slice(6));
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('every code has non-empty, distinct English and Chinese text', () => {
    for (const [code, spec] of entries) {
      expect(spec.en.trim(), code).not.toBe('');
      expect(spec.zh.trim(), code).not.toBe('');
      expect(spec.en, code).not.toBe(spec.zh);
      // The Chinese text is Chinese.
      expect(spec.zh, code).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('no two codes share a message', () => {
    const en = entries.map(([, s]) => s.en);
    const zh = entries.map(([, s]) => s.zh);
    expect(new Set(en).size).toBe(en.length);
    expect(new Set(zh).size).toBe(zh.length);
  });

  it('both languages use the same placeholders', () => {
    const names = (t: string) => [...t.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [code, spec] of entries) expect(names(spec.zh), code).toEqual(names(spec.en));
  });
});
