import { describe, expect, it } from 'vitest';
import { SourceText } from '../diagnostics/source-text';
import { formatSuite } from './format-suite';
import { parseSuite } from './parse-suite';

const GOOD = `suite: "refunds"
as_of: "2026-01-15T09:00:00Z"
cases:
  - name: "over the limit"
    fact: { tool: { name: "issue_refund", args: { amount: 8000 } } }
    expect: { decision: REQUEST_HUMAN, matched_rules: ["SEC-001"] }
  - name: "no expectation"
    as_of: "2026-02-01"
    fact: { tool: { name: "x" } }
sequences:
  - name: "burst"
    events:
      - as_of: "2026-01-15T09:00:00Z"
        fact: { tool: { name: "issue_refund" } }
      - as_of: "2026-01-15T09:10:00Z"
        fact: { tool: { name: "issue_refund" } }
        expect: { decision: ALLOW }
`;

/** The text a diagnostic points at. */
function at(text: string, d: { range: { start: number; end: number } }): string {
  return text.slice(d.range.start, d.range.end);
}

function errors(text: string) {
  const r = parseSuite(text);
  return r.diagnostics.filter((d) => d.severity === 'error');
}

describe('parseSuite', () => {
  it('reads cases, sequences, defaults and expectations', () => {
    const { suite, diagnostics } = parseSuite(GOOD);
    expect(diagnostics).toEqual([]);
    expect(suite?.name).toBe('refunds');
    expect(suite?.as_of).toBe('2026-01-15T09:00:00Z');
    expect(suite?.cases.map((c) => c.name)).toEqual(['over the limit', 'no expectation']);
    expect(suite?.cases[0]?.expect).toEqual({
      decision: 'REQUEST_HUMAN',
      matched_rules: ['SEC-001'],
    });
    expect(suite?.cases[0]?.fact).toEqual({
      tool: { name: 'issue_refund', args: { amount: 8000 } },
    });
    expect(suite?.cases[1]?.expect).toBeUndefined();
    expect(suite?.cases[1]?.as_of).toBe('2026-02-01');
    expect(suite?.sequences[0]?.events).toHaveLength(2);
    expect(suite?.sequences[0]?.events[1]?.expect).toEqual({ decision: 'ALLOW' });
    // Each case knows where it is written (the studio reveals it).
    const first = suite?.cases[0]?.range;
    expect(first && GOOD.slice(first.start, first.end)).toMatch(/^name: "over the limit"/);
  });

  it('a typo in a key is an error at that key, with a suggestion in both languages', () => {
    const text = GOOD.replace('expect: { decision: ALLOW }', 'expected: { decision: ALLOW }');
    const r = parseSuite(text);
    expect(r.suite).toBeNull();
    const d = r.diagnostics.find((x) => x.code === 'suite-unknown-key');
    expect(d?.message.en).toContain(
      'sequences[0].events[1].expected: unknown key "expected" (did you mean "expect"?)',
    );
    expect(d?.message.zh).toContain('未知键“expected”（是否应为“expect”？）');
    expect(at(text, d as never)).toMatch(/^expected:/);
    expect(d?.line).toBe(new SourceText(text).position(text.indexOf('expected:')).line);
  });

  it('an unknown decision is an error at the value, listing the decisions', () => {
    const text = GOOD.replace('decision: REQUEST_HUMAN', 'decision: REQUEST_HUMANS');
    const [d] = errors(text);
    expect(d?.code).toBe('suite-decision');
    expect(at(text, d as never)).toBe('decision: REQUEST_HUMANS');
    expect(d?.message.en).toContain('did you mean "REQUEST_HUMAN"?');
    expect(d?.message.zh).toContain('不是决策类型');
  });

  it('a missing fact or name, a bad instant and a non-mapping fact are each reported', () => {
    const text = `cases:
  - name: "a"
    expect: { decision: ALLOW }
  - fact: { a: 1 }
  - name: "c"
    as_of: "yesterday"
    fact: { a: 1 }
  - name: "d"
    fact: [1, 2]
`;
    const ds = errors(text);
    expect(ds.map((d) => d.code)).toEqual([
      'suite-missing',
      'suite-missing',
      'suite-instant',
      'suite-type',
    ]);
    expect(ds[0]?.message.en).toBe('cases[0]: "fact" is missing (the fact to evaluate)');
    expect(ds[0]?.line).toBe(2);
    expect(ds[1]?.message.en).toContain('"name" is missing');
    expect(ds[2]?.message.en).toContain('"yesterday" is not an ISO 8601 instant');
    expect(ds[3]?.message.zh).toContain('应为映射（事实）');
    expect(ds[3]?.line).toBe(9);
  });

  it('YAML syntax errors and duplicate keys are positioned errors', () => {
    const dup = errors('cases:\n  - name: a\n    name: b\n    fact: {}\n');
    expect(dup[0]?.code).toBe('suite-syntax');
    expect(dup[0]?.line).toBe(3);
    expect(dup[0]?.message).toEqual({
      en: 'YAML: the key "name" is repeated in its mapping (first at line 2)',
      zh: 'YAML 语法错误：键“name”在同一映射中重复（首次出现在第 2 行）',
    });
    // One Set per mapping: a case whose fact has 100,000 fields (yaml's own check took minutes).
    const fields = Array.from({ length: 100_000 }, (_, i) => `      k${i}: ${i}`).join('\n');
    const wide = parseSuite(`cases:\n  - name: w\n    fact:\n${fields}\n      k9: again\n`);
    expect(wide.diagnostics[0]).toMatchObject({ code: 'suite-syntax', line: 100_004 });
    // Lines ended by a carriage return alone: one error at the first, not one per line.
    const mac = errors('cases:\r  - name: a\r    fact: {x: 1}\r    expect: {decision: ALLOW}\r');
    expect(mac).toHaveLength(1);
    expect(mac[0]).toMatchObject({ code: 'suite-syntax', line: 1, column: 7 });
    expect(mac[0]?.message.en).toMatch(/^YAML: line 1 ends with a carriage return alone/);
    // A byte order mark at a line start (a pasted line): one error at the mark, not the misread
    // indentation ('All mapping items must start at the same column' on the next line).
    const bom = errors(
      'cases:\n  - name: a\n\ufeff    fact: { x: 1 }\n    expect: { decision: ALLOW }\n',
    );
    expect(bom).toHaveLength(1);
    expect(bom[0]).toMatchObject({ code: 'suite-syntax', line: 3, column: 1 });
    expect(bom[0]?.message.en).toMatch(/^YAML: line 3 starts with a byte order mark \(U\+FEFF\)/);
    expect(bom[0]?.message.zh).toMatch(
      /^YAML 语法错误：第 3 行开头有一个字节顺序标记（U\+FEFF，BOM）/,
    );
    // Also when the parser reads it without error: "\uFEFF      b" became a key of the case, b left the fact.
    const moved = errors('cases:\n  - name: a\n    fact:\n      a: 1\n\ufeff      b: 2\n');
    expect(moved).toHaveLength(1);
    expect(moved[0]).toMatchObject({ code: 'suite-syntax', line: 5, column: 1 });
    expect(moved[0]?.message.en).toMatch(/^YAML: line 5 starts with a byte order mark/);
    const broken = errors('cases: [\n');
    expect(broken[0]?.code).toBe('suite-syntax');
    expect(broken[0]?.message.zh).toContain('YAML 语法错误');
  });

  it('an empty suite, a non-mapping root and a sequence without events are errors', () => {
    expect(errors('suite: x\n')[0]?.code).toBe('suite-empty');
    expect(errors('- 1\n')[0]?.code).toBe('suite-type');
    const seq = errors('sequences:\n  - name: s\n    events: []\n');
    expect(seq[0]?.message.en).toContain('sequences[0].events must be a non-empty list of events');
  });

  it('an invalid fact (lone surrogate) and an invalid temporal_state are errors', () => {
    const bad = errors('cases:\n  - name: a\n    fact: { s: "\\uD800" }\n');
    expect(bad[0]?.code).toBe('suite-fact');
    expect(bad[0]?.message.en).toContain('cases[0].fact.s');
    const state = errors(
      'sequences:\n  - name: s\n    temporal_state: { version: 2 }\n    events:\n      - { as_of: "2026-01-01T00:00:00Z", fact: {} }\n',
    );
    expect(state[0]?.code).toBe('suite-state');
  });

  it('warns (but runs) on duplicate case names and events out of time order', () => {
    const r = parseSuite(`cases:
  - { name: a, fact: {} }
  - { name: a, fact: {} }
sequences:
  - name: s
    events:
      - { as_of: "2026-01-01T10:00:00Z", fact: {} }
      - { as_of: "2026-01-01T09:00:00Z", fact: {} }
`);
    expect(r.suite).not.toBeNull();
    expect(r.diagnostics.map((d) => [d.severity, d.code, d.line])).toEqual([
      ['warning', 'suite-duplicate', 3],
      ['warning', 'suite-order', 8],
    ]);
  });

  it.each(['yaml', 'json'] as const)('formatSuite (%s) round-trips through parseSuite', (style) => {
    const suite = parseSuite(GOOD).suite;
    if (!suite) throw new Error('GOOD does not parse');
    const again = parseSuite(formatSuite(suite, style));
    expect(again.diagnostics).toEqual([]);
    const strip = (s: typeof suite) =>
      JSON.parse(JSON.stringify(s, (k, v) => (k === 'range' ? undefined : v)));
    expect(strip(again.suite as typeof suite)).toEqual(strip(suite));
  });

  it('a suite written as JSON reads the same values, with positioned problems', () => {
    const text = `{
  "cases": [
    { "name": "a", "fact": { "x": 1 }, "expect": { "decision": "ALLOW" } },
    { "name": "b", "fact": { "x": 2 }, "expected": { "decision": "ALLOW" } }
  ]
}`;
    const r = parseSuite(text);
    expect(r.suite).toBeNull();
    expect(r.diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([
      ['suite-unknown-key', 4, 40],
    ]);
    expect(at(text, r.diagnostics[0] as never)).toBe('"expected": { "decision": "ALLOW" }');
    const good = parseSuite(text.replace('"expected"', '"expect"'));
    expect(good.suite?.cases[1]?.fact).toEqual({ x: 2 });
    const range = good.suite?.cases[1]?.range;
    expect(range && text.slice(range.start, range.end)).toMatch(/^\{ "name": "b".*\}$/);
    const dup = parseSuite('{"cases": [], "cases": []}');
    expect(dup.diagnostics[0]).toMatchObject({ code: 'suite-syntax', column: 15 });
    expect(dup.diagnostics[0]?.message.en).toBe('JSON: duplicate key "cases"');
  });
});
