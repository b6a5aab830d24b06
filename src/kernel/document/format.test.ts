// §2.3 format conventions, as warnings (ruling I-6 in docs/interpretations.md): string values in
// double quotes (W701), enum keywords bare (I703), 2-space indentation (W702). JSON is exempt (I-5).
// Formatting never changes a hash.
import { describe, expect, it } from 'vitest';
import { compileDocument } from '../compile';
import type { Diagnostic } from '../diagnostics/diagnostic';
import { applyEdits, applyFix, diag, doc, lines, REFUND_TOOL, simpleRule } from '../test-support';

const BASE = lines(
  ...simpleRule({
    name: 'SEC-001-sample',
    description: 'Refunds need approval',
    conditions: [REFUND_TOOL],
    then: 'REQUEST_HUMAN',
    message: 'Approval required',
  }),
);
const VALID = doc(BASE);
const validHash = () => compileDocument(VALID).document?.hash;

const formatCodes = new Set(['ERDL-W701', 'ERDL-I703', 'ERDL-W702']);
/** Apply every format fix at once (they never overlap). */
function fixAllFormat(text: string): string {
  const edits = compileDocument(text)
    .diagnostics.filter((d: Diagnostic) => formatCodes.has(d.code))
    .flatMap((d) => d.fix?.edits ?? []);
  return applyEdits(text, edits);
}

describe('string values in double quotes (W701)', () => {
  it('the baseline has no format diagnostic', () => {
    expect(diag(VALID)).toEqual([]);
  });

  it('an unquoted string: W701 at the value, fix to double quotes, same hash', () => {
    const text = VALID.replace('"Refunds need approval"', 'Refunds need approval');
    const r = compileDocument(text);
    expect(diag(text)).toEqual(['ERDL-W701@8:18']);
    expect(r.ok).toBe(true);
    expect(r.diagnostics[0]?.severity).toBe('warning');
    expect(r.diagnostics[0]?.message.en).toBe('String values are written in double quotes (§2.3)');
    expect(r.document?.hash).toBe(validHash());
    const fixed = applyFix(text, 'ERDL-W701');
    expect(fixed).toBe(VALID);
  });

  it('a single-quoted string: W701, the fix unescapes doubled quotes', () => {
    const text = VALID.replace('"Approval required"', "'It''s required'");
    expect(diag(text)).toEqual(['ERDL-W701@17:14']);
    expect(applyFix(text, 'ERDL-W701')).toBe(
      VALID.replace('"Approval required"', '"It\'s required"'),
    );
  });

  it('the fix escapes backslashes and double quotes', () => {
    const text = VALID.replace('"issue_refund"', 'C:\\tools\\"x"');
    const r = compileDocument(text);
    expect(r.document?.rules[0]?.when).toMatchObject({ args: [{}, { value: 'C:\\tools\\"x"' }] });
    const fixed = applyFix(text, 'ERDL-W701');
    expect(fixed).toContain('value: "C:\\\\tools\\\\\\"x\\""');
    expect(diag(fixed)).toEqual([]);
    expect(compileDocument(fixed).document?.hash).toBe(r.document?.hash);
  });

  it('unquoted strings in metadata and in a field path', () => {
    const text = VALID.replace('name: "test-rules"', 'name: test-rules').replace(
      'field: "tool.name"',
      'field: tool.name',
    );
    expect(diag(text)).toEqual(['ERDL-W701@4:9', 'ERDL-W701@13:18']);
  });

  it('numbers, booleans and null are written bare without a diagnostic', () => {
    const text = VALID.replace(
      '    priority: 10\n',
      '    priority: 10\n    enabled: true\n',
    ).replace(
      '    message: "Approval required"\n',
      '    message: "Approval required"\n    unless: null\n',
    );
    expect(diag(text)).toEqual([]);
  });

  it('a block scalar in a prose field (message) is accepted', () => {
    const text = VALID.replace(
      '    message: "Approval required"\n',
      '    message: |\n      Approval required:\n      refunds over 5000.\n',
    );
    const r = compileDocument(text);
    expect(r.diagnostics).toEqual([]);
    expect(r.document?.rules[0]?.message).toBe('Approval required:\nrefunds over 5000.\n');
  });

  it('folded block scalars in description and explanation are accepted', () => {
    const text = VALID.replace(
      '    description: "Refunds need approval"\n',
      '    description: >-\n      Refunds need\n      approval\n',
    ).replace(
      '    message: "Approval required"\n',
      '    message: "Approval required"\n    explanation:\n      zh: >\n        需要审批\n      en: |\n        Needs approval\n',
    );
    const r = compileDocument(text);
    expect(r.diagnostics).toEqual([]);
    expect(r.document?.rules[0]?.description).toBe('Refunds need approval');
  });

  it('a block scalar outside prose (a value) is W701; the fix keeps the next line intact', () => {
    const text = VALID.replace(
      '          value: "issue_refund"\n',
      '          value: |-\n            issue_refund\n',
    );
    expect(diag(text)).toEqual(['ERDL-W701@15:18']);
    const fixed = applyFix(text, 'ERDL-W701');
    expect(fixed).toBe(VALID);
  });

  it('fixing every W701 at once gives a clean document with the same hash', () => {
    const text = VALID.replace('"Refunds need approval"', 'Refunds need approval')
      .replace('"Approval required"', "'Approval required'")
      .replace('"issue_refund"', 'issue_refund')
      .replace('"test-rules"', 'test-rules');
    expect(diag(text).filter((d) => d.startsWith('ERDL-W701'))).toHaveLength(4);
    const fixed = fixAllFormat(text);
    expect(fixed).toBe(VALID);
  });
});

describe('enum keywords bare (I703)', () => {
  it('then: "ALLOW" is information only, with a fix to write it bare', () => {
    const text = VALID.replace('then: REQUEST_HUMAN', 'then: "ALLOW"');
    const r = compileDocument(text);
    expect(diag(text)).toEqual(['ERDL-I703@16:11']);
    expect(r.ok).toBe(true);
    expect(r.diagnostics[0]?.severity).toBe('info');
    expect(r.diagnostics[0]?.message.en).toBe(
      'Keywords such as ALLOW are written without quotes (§2.3)',
    );
    expect(r.diagnostics[0]?.message.zh).toBe('ALLOW 这类关键字应直接书写，不加引号（§2.3）');
    expect(applyFix(text, 'ERDL-I703')).toBe(VALID.replace('then: REQUEST_HUMAN', 'then: ALLOW'));
  });

  it.each([
    ['operator: eq', 'operator: "eq"', 14, 21],
    ['logic: AND', "logic: 'AND'", 11, 14],
    ['decision: ALLOW', 'decision: "ALLOW"', 5, 13],
  ])('%s quoted', (bare, quoted, line, column) => {
    const text = VALID.replace(bare, quoted);
    expect(diag(text)).toEqual([`ERDL-I703@${line}:${column}`]);
    expect(applyFix(text, 'ERDL-I703')).toBe(VALID);
  });

  it('quoted category and override are keywords (I703); tags items are labels, either way (I-6)', () => {
    const text = VALID.replace(
      '  decision: ALLOW\n',
      '  category: "coding"\n  decision: ALLOW\n  tags: ["example", bare, \'single\']\n',
    ).replace('    priority: 10\n', '    priority: 10\n    override: "high"\n');
    expect(diag(text)).toEqual(['ERDL-I703@5:13', 'ERDL-I703@12:15']);
    expect(fixAllFormat(text)).toBe(
      VALID.replace(
        '  decision: ALLOW\n',
        '  category: coding\n  decision: ALLOW\n  tags: ["example", bare, \'single\']\n',
      ).replace('    priority: 10\n', '    priority: 10\n    override: high\n'),
    );
  });

  it('bare keywords and bare category are right', () => {
    const text = VALID.replace(
      '  decision: ALLOW\n',
      '  category: coding\n  decision: ALLOW\n  tags: [example]\n',
    );
    expect(diag(text)).toEqual([]);
  });
});

describe('2-space indentation (W702)', () => {
  it('metadata indented by 4: one warning at the block, the document loads', () => {
    const text = lines(
      'protocol: "erdl/v2"',
      'version: "2.1.0"',
      'metadata:',
      '    name: "t"',
      '    decision: ALLOW',
      'rules:',
      ...BASE.trimEnd().split('\n'),
    );
    const r = compileDocument(text);
    expect(diag(text)).toEqual(['ERDL-W702@4:1']);
    expect(r.ok).toBe(true);
    expect(r.diagnostics[0]?.message.en).toBe(
      'Indent by 2 spaces (§2.3); this block is indented by 4',
    );
    // Indentation is formatting: the hash is that of the 2-space document.
    const twoSpaces = doc(BASE).replace('"test-rules"', '"t"');
    expect(diag(twoSpaces)).toEqual([]);
    expect(r.document?.hash).toBe(compileDocument(twoSpaces).document?.hash);
  });

  it('a whole document indented by 4 spaces: one warning per block', () => {
    const four = lines(
      'protocol: "erdl/v2"',
      'version: "2.1.0"',
      'metadata:',
      '    name: "test-rules"',
      '    decision: ALLOW',
      'rules:',
      '    -   name: "SEC-001-sample"',
      '        description: "Refunds need approval"',
      '        priority: 10',
      '        when:',
      '            logic: AND',
      '            conditions:',
      '                -   field: "tool.name"',
      '                    operator: eq',
      '                    value: "issue_refund"',
      '        then: REQUEST_HUMAN',
      '        message: "Approval required"',
    );
    expect(diag(four)).toEqual([
      'ERDL-W702@4:1', // metadata
      'ERDL-W702@7:1', // rules list
      'ERDL-W702@7:1', // the rule mapping after its dash
      'ERDL-W702@11:1', // when
      'ERDL-W702@13:1', // conditions list
      'ERDL-W702@13:1', // the condition mapping after its dash
    ]);
    expect(compileDocument(four).document?.hash).toBe(validHash());
  });

  it('a rule list written flush with its key ("rules:\\n- name")', () => {
    const text = VALID.replace(/^ {2}/gm, (s, offset: number) =>
      offset > VALID.indexOf('rules:') ? '' : s,
    );
    expect(diag(text)).toEqual(['ERDL-W702@7:1']);
    expect(compileDocument(text).diagnostics[0]?.message.en).toContain('indented by 0');
    expect(compileDocument(text).document?.hash).toBe(validHash());
  });

  it('a condition list indented by 3', () => {
    const text = VALID.replace(/^( {8})(- field| {2}operator| {2}value)/gm, ' $1$2');
    expect(diag(text)).toEqual(['ERDL-W702@13:1']);
  });

  it('flow collections are not indentation', () => {
    const text = VALID.replace(
      '      conditions:\n        - field: "tool.name"\n          operator: eq\n          value: "issue_refund"\n',
      '      conditions: [{ field: "tool.name", operator: eq, value: "issue_refund" }]\n',
    );
    expect(diag(text)).toEqual([]);
    expect(compileDocument(text).document?.hash).toBe(validHash());
  });
});

describe('JSON input is exempt (I-5)', () => {
  it('quoted keywords and 4-space indentation in JSON: no diagnostics', () => {
    const json = JSON.stringify(
      {
        protocol: 'erdl/v2',
        version: '2.1.0',
        metadata: { name: 'test-rules', decision: 'ALLOW' },
        rules: [
          {
            name: 'SEC-001-sample',
            description: 'Refunds need approval',
            priority: 10,
            when: {
              logic: 'AND',
              conditions: [{ field: 'tool.name', operator: 'eq', value: 'issue_refund' }],
            },
            then: 'REQUEST_HUMAN',
            message: 'Approval required',
          },
        ],
      },
      null,
      4,
    );
    const r = compileDocument(json);
    expect(r.diagnostics).toEqual([]);
    expect(r.document?.hash).toBe(validHash());
  });
});

describe('aliases are checked where they are written', () => {
  it('an alias to a block mapping is not re-checked for indentation at the alias', () => {
    const text = VALID.replace(
      '    message: "Approval required"\n',
      '    message: "Approval required"\n    explanation: &why\n      zh: "需要审批"\n      en: "Needs approval"\n    alternative: *why\n',
    );
    expect(diag(text)).toEqual([]);
  });

  it('an aliased unquoted string is reported once, at its anchor', () => {
    const text = VALID.replace('"Refunds need approval"', '&d Refunds need approval').replace(
      '"Approval required"',
      '*d',
    );
    expect(diag(text)).toEqual(['ERDL-W701@8:21']);
    expect(applyFix(text, 'ERDL-W701')).toContain('description: &d "Refunds need approval"\n');
  });
});
