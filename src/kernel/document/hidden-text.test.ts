// Text that reads as it runs (issue #35 point 6, ruling I-88): bidi controls are errors, invisible
// characters warnings, one diagnostic per scalar positioned on the characters as written (escapes
// included), with a fix that removes them; names equal once they are removed are errors.
import { describe, expect, it } from 'vitest';
import { compileDocument } from '../compile';
import type { Diagnostic } from '../diagnostics/diagnostic';
import { Evaluator } from '../eval/evaluate';
import { glossDocument } from '../gloss';
import { createIncrementalCompiler } from '../incremental';
import { reviewReportHtml } from '../report';
import { applyEdits, doc, lines, simpleRule } from '../test-support';
import { findHidden } from '../util/visible-text';

const rule = (name: string, value: string, extra: string[] = []) => [
  ...simpleRule({ name, conditions: [['tool.name', 'eq', value]] }),
  ...extra,
];

const AS_OF = { as_of: '2026-01-01T00:00:00Z' };
const RLO_VALUE = '"\\u202Etnuocca_eteled\\u202C"';
const hiddenCodes = (text: string) =>
  compileDocument(text).diagnostics.filter((d) => /E025|W026|E215|E519/.test(d.code));
const only = (text: string): Diagnostic => {
  const found = hiddenCodes(text);
  expect(found.map((d) => d.code)).toHaveLength(1);
  return found[0] as Diagnostic;
};
const covered = (text: string, d: Diagnostic) => text.slice(d.range.start, d.range.end);

describe('bidi controls: an error on the characters as written', () => {
  it('a right-to-left override written as escapes (the issue: it reads delete_account)', () => {
    const text = doc(lines(...rule('SEC-001-a', RLO_VALUE)));
    const r = compileDocument(text);
    expect(r.ok).toBe(false);
    expect(r.document).toBeNull();
    const d = only(text);
    expect(d).toMatchObject({ code: 'ERDL-E025', severity: 'error', recoverable: false });
    // From the first escape's backslash to the last escape's end: 6 source characters each.
    expect(covered(text, d)).toBe('\\u202Etnuocca_eteled\\u202C');
    expect(r.source.position(d.range.start)).toEqual({ line: 15, column: 19 });
    expect(d.message.en).toBe(
      'Text "⟨U+202E⟩tnuocca_eteled⟨U+202C⟩" contains U+202E RIGHT-TO-LEFT OVERRIDE and U+202C POP DIRECTIONAL FORMATTING: bidirectional controls change the order in which text is displayed, so what a reader sees is not what runs (Trojan Source); remove them',
    );
    expect(d.message.zh).toContain('U+202E 从右到左覆盖（RLO）、U+202C 结束方向格式（PDF）');
  });

  it('the characters themselves, in every scalar style, positioned on the character', () => {
    for (const value of [
      '"\u202Eabc"',
      "'\u202Eabc'",
      'ab\u2067c',
      '"a\\U0000202Eb"',
      '"a\\u2066b\\u2069"',
    ]) {
      const text = doc(lines(...rule('SEC-001-a', value)));
      const d = only(text);
      expect(d.code, value).toBe('ERDL-E025');
      expect(
        findHidden(covered(text, d)).length + (covered(text, d).match(/\\[uU]/g) ?? []).length,
      ).toBeGreaterThan(0);
      expect(d.fix).toBeDefined();
    }
    const literal = doc(lines(...rule('SEC-001-a', '"x\u202Ey"')));
    expect(covered(literal, only(literal))).toBe('\u202E');
  });

  it('a bidi control in JSON input is an error too (the §2.3 format exemption does not apply)', () => {
    const json = JSON.stringify({
      protocol: 'erdl/v2',
      version: '2.1.0',
      metadata: { name: 'j', decision: 'ALLOW' },
      rules: [
        {
          name: 'SEC-001-a',
          description: 'd',
          priority: 1,
          when: { logic: 'AND', conditions: [{ field: 'a', operator: 'eq', value: '\u202Ex' }] },
          then: 'ALLOW',
        },
      ],
    });
    const escaped = json.replace('\u202E', '\\u202e');
    for (const text of [json, escaped]) {
      const d = only(text);
      expect(d.code).toBe('ERDL-E025');
      expect(['\u202E', '\\u202e']).toContain(covered(text, d));
    }
  });

  it('bidi and invisible characters in one scalar: one error naming them all', () => {
    const text = doc(lines(...rule('SEC-001-a', '"\\u200Ba\\u202Eb\\u200Bc"')));
    const d = only(text);
    expect(d.code).toBe('ERDL-E025');
    expect(d.message.en).toContain('U+200B ZERO WIDTH SPACE ×2 and U+202E RIGHT-TO-LEFT OVERRIDE');
    expect(d.fix?.edits).toHaveLength(3);
  });
});

describe('invisible characters: a warning', () => {
  it('a zero-width space in a message loads, with a warning on it', () => {
    const text = doc(lines(...rule('SEC-001-a', '"x"').slice(0, -1), '    message: "m\u200B"'));
    const r = compileDocument(text);
    expect(r.ok).toBe(true);
    const d = only(text);
    expect(d).toMatchObject({ code: 'ERDL-W026', severity: 'warning' });
    expect(covered(text, d)).toBe('\u200B');
    expect(d.message.en).toBe(
      'Text "m⟨U+200B⟩" contains U+200B ZERO WIDTH SPACE: invisible characters make it differ from text that looks the same; remove them',
    );
  });

  it('50 hidden characters in one scalar: one diagnostic, not 50', () => {
    const value = `"${'a\\u200B'.repeat(50)}"`;
    const text = doc(lines(...rule('SEC-001-a', value)));
    const d = only(text);
    expect(d.code).toBe('ERDL-W026');
    expect(d.message.en).toContain('U+200B ZERO WIDTH SPACE ×50');
    expect(d.fix?.edits).toHaveLength(50);
    // The quoted text is cut, not 350 characters long.
    expect(d.message.en.length).toBeLessThan(250);
  });

  it('more than four kinds: the first four named, the rest counted', () => {
    const text = doc(
      lines(...rule('SEC-001-a', '"\\u200Ba\\u200Cb\\u200Dc\\u2060d\\u00ADe\\uFEFF"')),
    );
    const d = only(text);
    expect(d.message.en).toContain('U+2060 WORD JOINER and 2 more');
    expect(d.message.zh).toContain('等 6 种字符');
  });

  it('escapes: \\x, \\U, a surrogate pair (a tag character), and an escaped backslash is not one', () => {
    const soft = doc(lines(...rule('SEC-001-a', '"a\\xADb"')));
    expect(covered(soft, only(soft))).toBe('\\xAD');
    expect(only(soft).message.en).toContain('U+00AD SOFT HYPHEN');
    const tagPair = doc(lines(...rule('SEC-001-a', '"a\\uDB40\\uDC41"')));
    expect(covered(tagPair, only(tagPair))).toBe('\\uDB40\\uDC41');
    expect(only(tagPair).message.en).toContain('contains ⟨U+E0041⟩');
    const tag = doc(lines(...rule('SEC-001-a', '"a\\U000E0041"')));
    expect(covered(tag, only(tag))).toBe('\\U000E0041');
    const backslash = doc(lines(...rule('SEC-001-a', '"a\\\\u200Bb"')));
    expect(hiddenCodes(backslash)).toEqual([]);
  });

  it('every kind of string: keys, names, list items, cells, expressions, regexes, paths, labels, texts, metadata, comments', () => {
    const Z = '\\u200B';
    const text = [
      'protocol: "erdl/v2"',
      'version: "2.1.0"',
      'metadata:',
      `  name: "n${Z}"`,
      `  description: "d${Z}"`,
      '  decision: ALLOW',
      `  tags: ["t${Z}"]`,
      'rules:',
      `  # a comment \u200B`,
      `  - name: "SEC-001-a${Z}"`,
      '    description: "d"',
      '    priority: 10',
      '    when:',
      '      logic: AND',
      '      conditions:',
      `        - field: "tool.na${Z}me"`,
      '          operator: in',
      `          value: ["a", "b${Z}"]`,
      `        - field: "tool.args.cmd"`,
      '          operator: matches',
      `          value: "^rm${Z}"`,
      '    then: DENY',
      `    message: "m${Z}"`,
      `    instruction: "i${Z}"`,
      `    correction: "c${Z}"`,
      `    explanation: { zh: "说明${Z}", en: "e" }`,
      '  - name: "SEC-002-b"',
      '    description: "d"',
      '    priority: 10',
      `    when: { expr: { eq: [{ field: "a" }, "x${Z}"] } }`,
      '    then: ALLOW',
      '  - name: "TBL-001-t"',
      '    description: "d"',
      '    priority: 10',
      '    when:',
      '      kind: decision_table',
      '      columns:',
      `        - { field: "context.a", label: "标签${Z}" }`,
      '      rows:',
      `        - { name: "r${Z}", when: [[eq, "v${Z}"]], then: ALLOW }`,
      '        - { when: [], then: ALLOW }',
      '',
    ].join('\n');
    const found = hiddenCodes(text);
    const shown = found.map((d) => {
      const { line } = compileDocument(text).source.position(d.range.start);
      return `${line}:${d.code}`;
    });
    expect(shown).toEqual([
      '4:ERDL-W026',
      '5:ERDL-W026',
      '7:ERDL-W026',
      '9:ERDL-W026',
      '10:ERDL-W026',
      '16:ERDL-W026',
      '18:ERDL-W026',
      '21:ERDL-W026',
      '23:ERDL-W026',
      '24:ERDL-W026',
      '25:ERDL-W026',
      '26:ERDL-W026',
      '30:ERDL-W026',
      '38:ERDL-W026',
      '40:ERDL-W026',
      '40:ERDL-W026',
    ]);
  });

  it('a key with a hidden character is flagged as well as unknown', () => {
    const text = doc(lines(...rule('SEC-001-a', '"x"').slice(0, -1), '    mes\u200Bsage: "m"'));
    const codes = compileDocument(text).diagnostics.map((d) => d.code);
    expect(codes).toContain('ERDL-W026');
    expect(codes).toContain('ERDL-E203');
  });
});

describe('the quick fix removes them', () => {
  it('applied, the document is the clean one, and no diagnostic is left', () => {
    const clean = doc(lines(...rule('SEC-001-a', '"tnuocca_eteled"')));
    for (const value of [
      RLO_VALUE,
      '"\u202Etnuocca_eteled\u202C"',
      '"tnuocca\\u200B_eteled\\u00AD"',
      '"\\uDB40\\uDC41tnuocca_eteled"',
    ]) {
      const text = doc(lines(...rule('SEC-001-a', value)));
      const d = hiddenCodes(text)[0] as Diagnostic;
      expect(d.fix?.title).toEqual({ en: 'Remove the hidden characters', zh: '删除隐藏字符' });
      const fixed = applyEdits(text, d.fix?.edits ?? []);
      expect(fixed).toBe(clean);
      expect(compileDocument(fixed).diagnostics).toEqual([]);
    }
  });
});

describe('names equal once hidden characters are removed', () => {
  const two = (a: string, b: string) => doc(lines(...rule(a, '"x"'), ...rule(b, '"y"')));

  it('SEC-001-a and SEC-001-a\\u200B: an error on the second, naming the first', () => {
    const text = two('SEC-001-a', 'SEC-001-a\\u200B');
    const r = compileDocument(text);
    expect(r.ok).toBe(false);
    const e = r.diagnostics.find((d) => d.code === 'ERDL-E215') as Diagnostic;
    expect(e.severity).toBe('error');
    expect(r.source.position(e.range.start).line).toBe(18);
    expect(e.message.en).toBe(
      'Rule name "SEC-001-a⟨U+200B⟩" looks the same as "SEC-001-a" (line 7): they differ only in hidden characters; rule names must differ in what can be seen',
    );
    expect(r.diagnostics.filter((d) => d.code === 'ERDL-E204')).toEqual([]);
  });

  it('either one may hold the hidden character', () => {
    const text = two('SEC-001-a\\u2060', 'SEC-001-a');
    const e = compileDocument(text).diagnostics.find((d) => d.code === 'ERDL-E215');
    expect(e?.message.en).toContain('"SEC-001-a" looks the same as "SEC-001-a⟨U+2060⟩"');
  });

  it('an exact repeat keeps its one error, ERDL-E204', () => {
    const codes = compileDocument(two('SEC-001-a\\u200B', 'SEC-001-a\\u200B')).diagnostics.map(
      (d) => d.code,
    );
    expect(codes.filter((c) => c === 'ERDL-E204')).toHaveLength(1);
    expect(codes).not.toContain('ERDL-E215');
    const three = doc(
      lines(
        ...rule('SEC-001-a', '"x"'),
        ...rule('SEC-001-a\\u200B', '"y"'),
        ...rule('SEC-001-a\\u200B', '"z"'),
      ),
    );
    const errors = compileDocument(three).diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => d.code)).toEqual(['ERDL-E215', 'ERDL-E204']);
  });

  it('table rows: a look-alike name is ERDL-E519; empty or a zero-led number once removed are refused', () => {
    const table = (names: string[]) =>
      doc(
        lines(
          '  - name: "TBL-001-t"',
          '    description: "d"',
          '    priority: 10',
          '    when:',
          '      kind: decision_table',
          '      columns:',
          '        - field: "context.a"',
          '      rows:',
          ...names.flatMap((n, i) => [
            `        - name: "${n}"`,
            `          when: [[gt, ${10 - i}]]`,
            '          then: ALLOW',
          ]),
        ),
      );
    const codes = (names: string[]) =>
      compileDocument(table(names))
        .diagnostics.filter((d) => d.severity === 'error')
        .map((d) => d.code);
    expect(codes(['a', 'a\\u200B'])).toEqual(['ERDL-E519']);
    expect(codes(['a', 'a'])).toEqual(['ERDL-E518']);
    // A number with leading zeros once removed (I-90; a number name is otherwise acceptable).
    expect(codes(['a', '07\\u200B'])).toEqual(['ERDL-E517']);
    expect(codes(['a', '\\u200B'])).toEqual(['ERDL-E515']);
    expect(codes(['a', 'b'])).toEqual([]);
  });
});

describe('the incremental compile reports exactly what compileDocument reports', () => {
  it('hidden characters in the header, items, comments and names', () => {
    const texts = [
      doc(lines(...rule('SEC-001-a', RLO_VALUE))),
      doc(lines(...rule('SEC-001-a', '"x"'), ...rule('SEC-001-a\\u200B', '"y"'))),
      doc(lines('  # \u202E comment', ...rule('SEC-001-a', '"x\u200By"'))).replace(
        'name: "test-rules"',
        'name: "t\\u2066"',
      ),
      doc(lines(...rule('SEC-001-a', 'x\u200By'), ...rule('SEC-002-b', '"\\xAD"'))),
    ];
    const inc = createIncrementalCompiler();
    for (const text of texts) {
      const a = inc.compile(text);
      expect(inc.stats.mode).toBe('incremental');
      const b = compileDocument(text);
      expect(a.diagnostics).toEqual(b.diagnostics);
      expect(a.ok).toBe(b.ok);
      expect(a.document?.hash).toEqual(b.document?.hash);
      // And after an edit elsewhere (the cached parts reused).
      const edited = text.replace('description: "d"', 'description: "e"');
      expect(inc.compile(edited).diagnostics).toEqual(compileDocument(edited).diagnostics);
    }
  });
});

describe('only what is shown changes: hashes and trees keep the characters', () => {
  it('the compiled value holds the zero-width space, and the hash differs from the visible twin', () => {
    const hidden = compileDocument(doc(lines(...rule('SEC-001-a', '"a\\u200Bb"'))));
    const visible = compileDocument(doc(lines(...rule('SEC-001-a', '"ab"'))));
    expect(hidden.ok).toBe(true);
    const lit = JSON.stringify(hidden.document?.rules[0]?.when);
    expect(lit).toContain('a\u200Bb');
    expect(hidden.document?.hash).not.toBe(visible.document?.hash);
    // The fact with the real characters matches; the one that only looks the same does not.
    const e = new Evaluator(hidden.document as NonNullable<typeof hidden.document>);
    expect(e.evaluate({ tool: { name: 'a\u200Bb' } }, AS_OF).decision).toBe('DENY');
    expect(e.evaluate({ tool: { name: 'ab' } }, AS_OF).decision).toBe('ALLOW');
  });
});

describe('what the kernel shows holds no hidden character', () => {
  const Z = '\\u200B\\u2060';
  const text = doc(
    lines(
      `  - name: "SEC-001-a${Z}"`,
      `    description: "d${Z}"`,
      '    priority: 10',
      '    when:',
      '      logic: AND',
      '      conditions:',
      `        - field: "tool.na${Z}me"`,
      '          operator: eq',
      `          value: "v${Z}"`,
      `        - field: "tool.args.cmd"`,
      '          operator: matches',
      `          value: "^rm${Z}"`,
      '    then: DENY',
      `    message: "m${Z}"`,
    ),
  );

  it('diagnostics, gloss in both languages and the review report', () => {
    const r = compileDocument(text);
    expect(r.ok).toBe(true);
    for (const d of r.diagnostics) {
      expect(findHidden(d.message.en)).toEqual([]);
      expect(findHidden(d.message.zh)).toEqual([]);
    }
    for (const lang of ['zh', 'en'] as const) {
      const gloss = glossDocument(r, { lang }) ?? [];
      expect(gloss).toHaveLength(1);
      const shown = gloss[0]?.gloss.text ?? '';
      expect(findHidden(shown), shown).toEqual([]);
      expect(shown).toContain('v⟨U+200B⟩⟨U+2060⟩');
      expect(shown).toContain('rm⟨U+200B⟩⟨U+2060⟩');
    }
    const report = reviewReportHtml({
      lang: 'both',
      file: 'r.erdl.yaml',
      sourceBytes: new TextEncoder().encode(text),
      signers: [],
      date: null,
    });
    expect(report.ok).toBe(true);
    const html = report.ok ? report.html : '';
    expect(findHidden(html)).toEqual([]);
    expect(html).toContain('SEC-001-a⟨U+200B⟩⟨U+2060⟩');
  });

  it('the trace reason of an evaluation error shows the value it quotes', () => {
    const compiled = compileDocument(
      doc(
        lines(
          '  - name: "SEC-001-a"',
          '    description: "d"',
          '    priority: 10',
          '    when: { expr: { gt: [{ epoch_ms: [{ field: "d" }] }, 0] } }',
          '    then: DENY',
          '    message: "m"',
        ),
      ),
    );
    const e = new Evaluator(compiled.document as NonNullable<typeof compiled.document>);
    const result = e.evaluate({ d: '\u202E2026-01-01' }, { ...AS_OF, trace: true });
    const reason = result.eval_trace[0]?.reason;
    expect(reason?.kind).toBe('error');
    const message = reason?.error?.message;
    expect(message?.en).toContain('⟨U+202E⟩2026-01-01');
    expect(message?.zh).toContain('⟨U+202E⟩2026-01-01');
    expect(findHidden(`${message?.en}${message?.zh}`)).toEqual([]);
  });
});
