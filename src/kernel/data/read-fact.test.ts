// The one reader of a single fact (issue #35 §1, §3; ruling I-89): empty input and non-mappings are
// refused with a position in both languages, `.json` is strict JSON, numbers keep every digit.
import { describe, expect, it } from 'vitest';
import { compileDocument } from '../compile';
import { Evaluator } from '../eval/evaluate';
import { prepareFact } from '../eval/fact';
import { Rational, toExactJson } from '../eval/values';
import { analyzeImpact } from '../impact/impact';
import { canonicalJson } from '../tree/canonical';
import { type FactRead, factFormatOf, MAX_FACT_CHARS, readFact, reviveFact } from './read-fact';

const json = (text: string) => readFact(text, { label: 'f.json' });
const yaml = (text: string) => readFact(text, { label: 'f.yaml' });
/** The fact as exact canonical JSON (every digit), or the refusal's English message. */
const shown = (r: FactRead) => (r.ok ? canonicalJson(toExactJson(r.fact)) : r.message.en);

describe('readFact: empty input', () => {
  it.each([
    ['', 'json', '(0 bytes)'],
    ['   \n\t\r\n', 'json', '(only whitespace)'],
    ['', 'yaml', '(0 bytes)'],
    ['\n  \n', 'yaml', '(only whitespace)'],
    ['# nothing yet\n# at all', 'yaml', '(only comments)'],
    ['---\n', 'yaml', '(no value is written)'],
  ] as const)('%j as %s is refused as empty %s', (text, format, why) => {
    const r = readFact(text, { label: 'in', format });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r).toMatchObject({ empty: true, offset: 0, line: 1, column: 1 });
    expect(r.message.en).toBe(
      `in:1:1: the fact is empty ${why}: write a mapping of fields, e.g. {"tool": {"name": "…"}}`,
    );
    expect(r.message.zh).toMatch(/^in:1:1：事实为空（.+）：请写一个字段映射/);
  });
});

describe('readFact: a fact is a mapping', () => {
  it.each([
    ['[1, 2]', 'json', 1, 1, 'a list', '列表'],
    ['  42', 'json', 1, 3, 'the number 42', '数字 42'],
    ['"string"', 'json', 1, 1, 'the text "string"', '文本“string”'],
    ['true', 'json', 1, 1, 'the boolean true', '布尔值 true'],
    ['null', 'json', 1, 1, 'null', 'null（空值）'],
    ['{"fact": null}', 'json', 1, 2, 'null', 'null（空值）'],
    ['{"fact": [{}]}', 'json', 1, 2, 'a list', '列表'],
    ['~', 'yaml', 1, 1, 'null', 'null（空值）'],
    ['- a\n- b', 'yaml', 1, 1, 'a list', '列表'],
    ['\n\n  hello', 'yaml', 3, 3, 'the text "hello"', '文本“hello”'],
    ['fact: null', 'yaml', 1, 7, 'null', 'null（空值）'],
    ['fact:\n  - 1', 'yaml', 2, 3, 'a list', '列表'],
    ['fact:', 'yaml', 1, 6, 'null', 'null（空值）'],
  ] as const)('%j (%s) is refused at %i:%i as %s', (text, format, line, column, en, zh) => {
    const r = readFact(text, { label: 'x', format });
    expect(r).toMatchObject({ ok: false, line, column });
    if (r.ok) return;
    expect(r.message.en).toBe(
      `x:${line}:${column}: the fact is ${en}, not a mapping of fields (a fact is a mapping such as {"tool": {"name": "…"}}; {} is a fact with no fields)`,
    );
    expect(r.message.zh).toBe(
      `x:${line}:${column}：事实应为字段映射（例如 {"tool": {"name": "…"}}；{} 是没有字段的事实），而不是${zh.startsWith('null') ? ` ${zh}` : zh}`,
    );
    expect(r.empty).toBeUndefined();
  });

  it('reads {} (a fact with no fields) and unwraps {fact: {...}}', () => {
    expect(json('{}')).toEqual({ ok: true, fact: {} });
    expect(yaml('{}')).toEqual({ ok: true, fact: {} });
    expect(json('{"fact": {"a": 1}}')).toEqual({ ok: true, fact: { a: 1 } });
    expect(yaml('fact:\n  a: 1\n')).toEqual({ ok: true, fact: { a: 1 } });
    // Only a lone `fact` key is a wrapper.
    expect(yaml('fact: 1\nother: 2')).toEqual({ ok: true, fact: { fact: 1, other: 2 } });
  });

  it('prepares the fact: NFC strings and keys, problems positioned in both languages', () => {
    expect(yaml('cafe\u0301: "e\u0301"')).toEqual({ ok: true, fact: { café: 'é' } });
    const r = json('{"a": {"café": 1, "cafe\\u0301": 2}}');
    expect(r).toMatchObject({ ok: false, line: 1, column: 1 });
    if (r.ok) return;
    expect(r.message.en).toBe('f.json:1:1: fact a.café: two keys are equal after NFC');
    expect(r.message.zh).toBe('f.json:1:1：事实“a.café”：两个键经 NFC 规范化后相同');
  });

  it('refuses nesting past 64 levels at once, with its position', () => {
    const yamlDeep = readFact(`a: ${'['.repeat(100_000)}${']'.repeat(100_000)}`, {
      format: 'yaml',
    });
    expect(yamlDeep).toMatchObject({ ok: false, line: 1, column: 69 });
    if (!yamlDeep.ok) {
      expect(yamlDeep.message.en).toBe('line 1, column 69: nesting deeper than 64 levels');
      expect(yamlDeep.message.zh).toBe('第 1 行第 69 列：嵌套超过 64 层');
    }
    // Brackets inside quotes and comments are text.
    const quoted = `a: "${'['.repeat(100)}"\nb: '${'{'.repeat(100)}'\n# ${'['.repeat(100)}\n`;
    expect(readFact(quoted, { format: 'yaml' }).ok).toBe(true);
    const jsonDeep = readFact(`{"a": ${'['.repeat(100_000)}${']'.repeat(100_000)}}`, {
      format: 'json',
    });
    expect(jsonDeep.ok).toBe(false);
    if (!jsonDeep.ok) expect(jsonDeep.message.en).toMatch(/nesting deeper than 128 levels/);
    const sixtyFive = readFact(`{"a": ${'['.repeat(70)}${']'.repeat(70)}}`, { format: 'json' });
    expect(sixtyFive.ok).toBe(false);
    if (!sixtyFive.ok) expect(sixtyFive.message.en).toMatch(/nesting deeper than 64 levels$/);
  });

  it(`refuses a text over ${MAX_FACT_CHARS} characters before parsing it`, () => {
    const r = readFact(`{"a": "${'x'.repeat(MAX_FACT_CHARS)}"}`, { label: 'big.json' });
    expect(r).toMatchObject({ ok: false, line: 1, column: 1 });
    if (!r.ok)
      expect(r.message.en).toBe(
        `big.json:1:1: the fact is ${MAX_FACT_CHARS + 9} characters; at most ${MAX_FACT_CHARS} (evaluate many facts with --facts, JSON Lines or CSV)`,
      );
  });

  it('never throws, whatever the text', () => {
    for (const text of ['{', '[[[[', '{"a":}', '\u0000', '{"a": 1} x', '[1,,2]'])
      expect(readFact(text, { format: 'json' }).ok).toBe(false);
    for (const text of [
      '{',
      '[[[[',
      'a: [',
      '\u0000',
      'a: *x',
      'a: 1\n---\nb: 2',
      '[[[[[[[[[[]]]]]]]]]]',
    ])
      expect(readFact(text, { format: 'yaml' }).ok).toBe(false);
  });
});

describe('readFact: .json is strict JSON', () => {
  it.each([
    ['{"a": 1,}', 1, 9, 'JSON: unexpected "}", expected a key in double quotes'],
    ['[1, 2,]', 1, 7, 'JSON: unexpected "]", expected a JSON value'],
    ['{"a": 1} // approved', 1, 10, 'JSON: unexpected "/", expected end of line'],
    [
      '{\n  # a comment\n  "a": 1\n}',
      2,
      3,
      'JSON: unexpected "#", expected a key in double quotes',
    ],
    ["{'a': 1}", 1, 2, 'JSON: unexpected "\'", expected a key in double quotes'],
    ['{"a": 1, "a": 2}', 1, 10, 'JSON: duplicate key "a"'],
    ['{a: 1}', 1, 2, 'JSON: unexpected "a", expected a key in double quotes'],
  ])('%j is refused at %i:%i', (text, line, column, en) => {
    expect(shown(json(text))).toBe(`f.json:${line}:${column}: ${en}`);
    const r = json(text);
    if (!r.ok)
      expect(r.message.zh).toMatch(new RegExp(`^f\\.json:${line}:${column}：JSON 语法错误：`));
  });

  it('accepts what YAML would take only when the name is not .json', () => {
    expect(yaml('{"a": 1,}').ok).toBe(true);
    expect(readFact('{"a": 1,}', { label: '-' }).ok).toBe(true);
    expect(readFact('{"a": 1,}', { label: 'fact.JSON' }).ok).toBe(false);
    expect(factFormatOf('x.json')).toBe('json');
    expect(factFormatOf('x.yaml')).toBe('yaml');
    expect(factFormatOf('/dev/stdin')).toBe('yaml');
  });

  it('reads a byte order mark as no data', () => {
    expect(json('\uFEFF{"a": 1}')).toEqual({ ok: true, fact: { a: 1 } });
    expect(json('\uFEFF').ok).toBe(false);
  });

  it('refuses a YAML fact with a byte order mark at a line start, at the mark', () => {
    // Read without error, "\uFEFF  args" was a top-level key: args silently left tool.
    const moved = readFact('tool:\n  name: x\n\uFEFF  args: 1\n');
    expect(moved).toMatchObject({ ok: false, line: 3, column: 1 });
    expect(!moved.ok && moved.message.en).toMatch(
      /^line 3, column 1: YAML syntax error: line 3 starts with a byte order mark \(U\+FEFF\)/,
    );
    expect(!moved.ok && moved.message.zh).toMatch(/第 3 行开头有一个字节顺序标记（U\+FEFF，BOM）/);
    expect(readFact('\uFEFFtool:\n  name: x\n')).toMatchObject({ ok: true });
  });
});

describe('readFact: numbers keep every digit', () => {
  it.each([
    ['9007199254740993', '9007199254740993'],
    ['-9007199254740993', '-9007199254740993'],
    ['5000.00000000000001', '5000.00000000000001'],
    ['123456789012345678901234567890', '1.2345678901234567890123456789e+29'],
    ['0.1000000000000000000001', '0.1000000000000000000001'],
    ['1e-400', '1e-400'],
    ['12345678901234567890e-30', '1.234567890123456789e-11'],
  ])('%s is exact (%s)', (written, text) => {
    for (const r of [json(`{"a": ${written}}`), yaml(`a: ${written}`)]) {
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      const a = (r.fact as { a: unknown }).a;
      expect(a).toBeInstanceOf(Rational);
      expect((a as Rational).written).toBe(text);
      expect(shown(r)).toBe(`{"a":${text}}`);
    }
  });

  it('keeps a plain JS number whenever the double reads as the decimal written', () => {
    for (const [written, value] of [
      ['9007199254740992', 9007199254740992],
      ['0.1', 0.1],
      ['5000.0', 5000],
      ['1e21', 1e21],
      ['-0', -0],
      ['1.7976931348623157e308', Number.MAX_VALUE],
      ['5e-324', 5e-324],
    ] as const) {
      const r = json(`{"a": ${written}}`);
      expect(r).toEqual({ ok: true, fact: { a: value } });
    }
    // YAML's own number forms.
    expect(yaml('a: [0x1F, 0o17, +3, .5, 6.]')).toEqual({
      ok: true,
      fact: { a: [31, 15, 3, 0.5, 6] },
    });
    expect(shown(yaml('a: 0x20000000000001'))).toBe('{"a":9007199254740993}');
  });

  it('leaves keys and quoted text alone', () => {
    expect(yaml('9007199254740993: "9007199254740993"')).toEqual({
      ok: true,
      fact: { '9007199254740992': '9007199254740993' },
    });
  });

  it('keeps the exact number behind an alias', () => {
    const r = yaml('a: &n 9007199254740993\nb: *n');
    expect(shown(r)).toBe('{"a":9007199254740993,"b":9007199254740993}');
  });

  it.each([
    ['{"a":\n  [1e400]}', 'json', 2, 4, '1e400 is out of range'],
    ['{"a": -1E+400}', 'json', 1, 7, '-1E+400 is out of range'],
    ['{"a": 2e308}', 'json', 1, 7, '2e308 is out of range'],
    ['{"a": 1e-99999}', 'json', 1, 7, '1e-99999 is out of range'],
    ['{"a": 1e9999999999}', 'json', 1, 7, '1e9999999999 is out of range'],
    ['a:\n  b: 1e400', 'yaml', 2, 6, '1e400 is out of range'],
    ['a: [1, -.inf]', 'yaml', 1, 8, '-.inf is not a finite number (facts are JSON data)'],
    ['a: .NaN', 'yaml', 1, 4, '.NaN is not a finite number (facts are JSON data)'],
    [`{"a": 1${'0'.repeat(1000)}1e-900}`, 'json', 1, 7, 'more than 1000 significant digits'],
  ] as const)(
    '%j (%s) is refused at %i:%i quoting what was written',
    (text, format, line, column, en) => {
      const r = readFact(text, { label: 'n', format });
      expect(r).toMatchObject({ ok: false, line, column });
      if (r.ok) return;
      expect(r.message.en).toContain(`n:${line}:${column}: `);
      expect(r.message.en).toContain(en);
      expect(r.message.en).not.toMatch(/Infinity/);
      expect(r.message.zh).toMatch(new RegExp(`^n:${line}:${column}：`));
    },
  );

  it('quotes a long number cut, never the whole of it', () => {
    const r = json(`{"a": 1${'0'.repeat(400)}}`);
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.message.en).toBe(
        `f.json:1:7: 1${'0'.repeat(38)}… is out of range: a fact number must be finite as a JSON double (magnitude below 1.8e308) and fit the kernel's exact arithmetic`,
      );
  });

  it('gives exact numbers to the evaluator: 9007199254740993 gt 9007199254740992', () => {
    const doc = compileDocument(`protocol: "erdl/v2"
version: "2.1.0"
metadata: { name: n, description: d, category: coding, decision: ALLOW }
rules:
  - name: BIG
    description: d
    priority: 10
    when: { logic: AND, conditions: [{ field: a, operator: gt, value: 9007199254740992 }] }
    then: DENY
    message: m
`).document;
    if (!doc) throw new Error('the document does not load');
    const evaluator = new Evaluator(doc);
    const decide = (text: string) => {
      const r = json(text);
      if (!r.ok) throw new Error(r.message.en);
      return evaluator.evaluate(r.fact, { as_of: '2026-01-01T00:00:00Z', trace: true });
    };
    const over = decide('{"a": 9007199254740993}');
    const at = decide('{"a": 9007199254740992}');
    expect(over.decision).toBe('DENY');
    expect(at.decision).toBe('ALLOW');
    // Distinct facts hash differently, and the trace shows every digit.
    expect(over.result_hash).not.toBe(decide('{"a": 9007199254740992.0}').result_hash);
    expect(at.result_hash).toBe(decide('{"a": 9007199254740992.0}').result_hash);
    const field = over.eval_trace[0]?.when?.args?.[0];
    expect(field).toMatchObject({
      node: 'field',
      value: 9007199254740992,
      exact: '9007199254740993',
    });
    expect(at.eval_trace[0]?.when?.args?.[0]).not.toHaveProperty('exact');
  });
});

describe('messages quote exact numbers as written', () => {
  it('an exact number where a date is needed is named by its digits, not as text', () => {
    const doc = compileDocument(`protocol: "erdl/v2"
version: "2.1.0"
metadata: { name: n, description: d, category: coding, decision: ALLOW }
rules:
  - name: WHEN
    description: d
    priority: 10
    when:
      expr: {gt: [{date_add: [{field: "start"}, "1d"]}, "2026-01-01"]}
    then: DENY
    message: m
`).document;
    if (!doc) throw new Error('the document does not load');
    const r = json('{"start": 9007199254740993}');
    if (!r.ok) throw new Error(r.message.en);
    const result = new Evaluator(doc).evaluate(r.fact, { as_of: '2026-01-01T00:00:00Z' });
    const warning = result.eval_warnings.find((w) => w.code === 'invalid_date');
    expect(warning?.message.en).toBe('date_add: 9007199254740993 is not an ISO 8601 date');
    expect(warning?.message.zh).toBe('date_add：9007199254740993 不是 ISO 8601 日期');
  });
});

describe('impact samples', () => {
  it('show a fact with every digit (exact) where plain JSON would lose one', () => {
    const rules = (limit: string) =>
      compileDocument(`protocol: "erdl/v2"
version: "2.1.0"
metadata: { name: n, description: d, category: coding, decision: ALLOW }
rules:
  - name: BIG
    description: d
    priority: 10
    when: { logic: AND, conditions: [{ field: a, operator: gt, value: ${limit} }] }
    then: DENY
    message: m
`).document;
    const before = rules('9007199254740993');
    const after = rules('9007199254740992');
    if (!before || !after) throw new Error('the documents do not load');
    const r = json('{"a": 9007199254740993}');
    if (!r.ok) throw new Error(r.message.en);
    const report = analyzeImpact(before, after, [{ name: 'line 1', fact: r.fact }]);
    expect(report.transitions).toHaveLength(1);
    expect(report.transitions[0]?.samples[0]).toMatchObject({
      fact: { a: 9007199254740992 },
      exact: '{"a":9007199254740993}',
      old: { decision: 'ALLOW' },
      new: { decision: 'DENY' },
    });
  });
});

describe('reviveFact', () => {
  it('makes an exact number that crossed postMessage a Rational again', () => {
    const r = json('{"a": [9007199254740993, 1], "b": "x"}');
    if (!r.ok) throw new Error('unreadable');
    const cloned = structuredClone(r.fact) as { a: unknown[] };
    expect(cloned.a[0]).not.toBeInstanceOf(Rational);
    const revived = reviveFact(cloned) as { a: unknown[]; b: string };
    expect(revived.a[0]).toBeInstanceOf(Rational);
    expect((revived.a[0] as Rational).written).toBe('9007199254740993');
    expect(revived.b).toBe('x');
    // Nothing to revive: the very same object.
    const plain = { a: [1, { b: 2 }] };
    expect(reviveFact(plain)).toBe(plain);
    expect(prepareFact(revived).ok).toBe(true);
  });
});

describe('readFact: a fact written as JSON that is not JSON', () => {
  it("says JSON's reason (a } missing at the end), not YAML's line-structure words", () => {
    const r = readFact('{"tool": {"name": "issue_refund", "args": {"amount": 6000}}');
    expect(r).toMatchObject({
      ok: false,
      line: 1,
      column: 60,
      message: {
        en: 'line 1, column 60: JSON syntax error: unexpected end of the fact, expected "," or "}"',
        zh: '第 1 行第 60 列：JSON 语法错误：事实意外结束，应为“,”或“}”',
      },
    });
    expect(readFact('{"a": 1}}')).toMatchObject({
      column: 9,
      message: {
        en: 'line 1, column 9: JSON syntax error: unexpected "}", expected the end of the fact',
        zh: '第 1 行第 9 列：JSON 语法错误：意外的“}”，此处应为事实末尾',
      },
    });
  });

  it('leaves YAML (flow mappings with bare keys, comments) to YAML, and reads what YAML reads', () => {
    for (const text of ['{a: 1', '# c\n{"a": 1']) {
      const r = readFact(text);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.message.en, text).toContain('YAML syntax error');
    }
    expect(readFact('{"a": 1,}').ok).toBe(true);
  });
});
