import { describe, expect, it } from 'vitest';
import { compileDocument } from '../compile';
import { applyFix, diag, doc, lines } from '../test-support';

/** Rulings I-4 (E013), I-28 (W410), I-29 (table default rows) and fixes added after review. */
const rule = (when: string[], then = 'DENY', extra: string[] = []) =>
  doc(
    lines(
      '  - name: "SEC-001-test"',
      '    description: "test"',
      '    priority: 1',
      '    when:',
      ...when.map((l) => `      ${l}`),
      `    then: ${then}`,
      '    message: "stop"',
      ...extra,
    ),
  );

describe('E013: strings must be well-formed Unicode', () => {
  it('rejects an unpaired surrogate written as an escape, at the string', () => {
    const text = rule([
      'logic: AND',
      'conditions:',
      '  - field: "tool.name"',
      '    operator: eq',
      '    value: "a\\ud800b"',
    ]);
    expect(diag(text)).toEqual(['ERDL-E013@15:18']);
  });
  it('accepts a proper surrogate pair', () => {
    const text = rule([
      'logic: AND',
      'conditions:',
      '  - field: "tool.name"',
      '    operator: eq',
      '    value: "\\ud83d\\ude00"',
    ]);
    expect(compileDocument(text).ok).toBe(true);
  });
});

describe('I-29: decision tables and §7.4', () => {
  const table = (rows: string[], then = 'DENY') =>
    rule(
      [
        'kind: decision_table',
        'columns:',
        '  - field: "context.amount"',
        'rows:',
        ...rows.map((r) => `  ${r}`),
      ],
      then,
    ).replace(`    then: ${then}\n`, '');
  it('a blocking default row under conditional rows loads (deny what the table does not allow)', () => {
    const text = table(['- when: [["lt", 100]]', '  then: ALLOW', '- when: []', '  then: DENY']);
    const r = compileDocument(text);
    expect(r.ok).toBe(true);
    expect(r.document?.rules.map((x) => x.name)).toEqual(['SEC-001-test#1', 'SEC-001-test#2']);
  });
  it('a table whose every row is unconditional is when: "true": a blocking row is E801', () => {
    const text = table(['- when: []', '  then: DENY']);
    expect(diag(text)).toContain('ERDL-E801@16:17');
  });
  it('...and in category security it is E802', () => {
    const text = table(['- when: ["-"]', '  then: NOTIFY']).replace(
      '    priority: 1\n',
      '    category: security\n    priority: 1\n',
    );
    expect(diag(text).some((d) => d.startsWith('ERDL-E802'))).toBe(true);
  });
});

describe('review fixes', () => {
  it('E321: unless cannot be a decision table', () => {
    const text = rule(
      ['logic: AND', 'conditions:', '  - field: "tool.name"', '    operator: eq', '    value: "x"'],
      'DENY',
      [
        '    unless:',
        '      kind: decision_table',
        '      columns: [{field: "context.a"}]',
        '      rows: [{when: [], then: ALLOW}]',
      ],
    );
    expect(diag(text)).toContain('ERDL-E321@19:13');
  });
  it('E304: an upper-case operator gets a fix to the lower-case name', () => {
    const text = rule([
      'logic: AND',
      'conditions:',
      '  - field: "tool.name"',
      '    operator: EQ',
      '    value: "x"',
    ]);
    expect(diag(text)).toEqual(['ERDL-E304@14:21']);
    expect(compileDocument(applyFix(text, 'ERDL-E304')).ok).toBe(true);
  });
  it('W410: comparing two literals is almost always a field written as a string', () => {
    const text = rule(['expr:', '  eq: ["tool.name", "send_email"]']);
    const r = compileDocument(text);
    expect(r.ok).toBe(true);
    expect(diag(text)).toEqual(['ERDL-W410@12:9']);
    expect(diag(rule(['expr:', '  eq: [{field: "tool.name"}, "send_email"]']))).toEqual([]);
  });
});
