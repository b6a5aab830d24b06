// Every quick fix does what it says: applied to the text, the diagnostic it fixes is gone, and it
// brings no new error. Applying fixes one after another repairs a document with many problems.
import { describe, expect, it } from 'vitest';
import { compileDocument } from '../compile';
import type { Diagnostic } from '../diagnostics/diagnostic';
import { applyEdits, doc, lines, REFUND_TOOL, simpleRule } from '../test-support';

const RULE = simpleRule({ name: 'SEC-001-sample', conditions: [REFUND_TOOL] });
const VALID = doc(lines(...RULE));
const edit = (from: string, to: string) => {
  expect(VALID).toContain(from);
  return VALID.replace(from, to);
};

const errorsOf = (text: string) =>
  compileDocument(text)
    .diagnostics.filter((d) => d.severity === 'error')
    .map((d) => d.code);

const CASES: [string, string, string][] = [
  [
    'ERDL-E102',
    'top-level order',
    VALID.replace('version: "2.1.0"\n', '').concat('version: "2.1.0"\n'),
  ],
  ['ERDL-E103', 'missing protocol', VALID.replace('protocol: "erdl/v2"\n', '')],
  [
    'ERDL-E202',
    'rule field order',
    edit('    description: "d"\n    priority: 10\n', '    priority: 10\n    description: "d"\n'),
  ],
  ['ERDL-E207', 'decision case', edit('then: DENY', 'then: Deny')],
  ['ERDL-E207', 'fallback decision case', edit('decision: ALLOW', 'decision: allow')],
  [
    'ERDL-E208',
    'override case',
    edit('    priority: 10\n', '    priority: 10\n    override: Critical\n'),
  ],
  ['ERDL-E211', 'missing message', edit('    message: "m"\n', '')],
  ['ERDL-W701', 'unquoted string', edit('"issue_refund"', 'issue_refund')],
  ['ERDL-W701', 'single-quoted string', edit('"d"', "'d'")],
  ['ERDL-I703', 'quoted keyword', edit('then: DENY', 'then: "DENY"')],
  [
    'ERDL-I318',
    'boolean when',
    doc(
      lines(
        '  - name: "SEC-001-a"',
        '    description: "d"',
        '    priority: 1',
        '    when: true',
        '    then: NOTIFY',
      ),
    ),
  ],
  ['ERDL-I315', 'operator alias', edit('operator: eq', 'operator: neq')],
  ['ERDL-E025', 'bidi control (escaped)', edit('"issue_refund"', '"\\u202Eissue_refund\\u202C"')],
  ['ERDL-E025', 'bidi control (as is)', edit('"issue_refund"', '"issue\u2067_refund"')],
  ['ERDL-W026', 'invisible character', edit('message: "m"', 'message: "m\u200B\u00AD"')],
];

describe('each fix removes its diagnostic and adds no error', () => {
  it.each(CASES)('%s (%s)', (code, _label, text) => {
    const before = compileDocument(text).diagnostics;
    const target = before.find((d) => d.code === code) as Diagnostic;
    expect(target, `${code} expected`).toBeDefined();
    expect(target.fix, `${code} should carry a fix`).toBeDefined();
    const fixed = applyEdits(text, target.fix?.edits ?? []);
    const after = compileDocument(fixed).diagnostics;
    expect(after.filter((d) => d.code === code).length).toBe(
      before.filter((d) => d.code === code).length - 1,
    );
    const newErrors = errorsOf(fixed).filter((c) => !errorsOf(text).includes(c));
    expect(newErrors).toEqual([]);
  });
});

describe('fix everything', () => {
  /** Apply the first available fix until none is left (bounded). */
  function fixAll(text: string): string {
    let current = text;
    for (let i = 0; i < 50; i++) {
      const d = compileDocument(current).diagnostics.find((x) => x.fix);
      if (!d?.fix) return current;
      current = applyEdits(current, d.fix.edits);
    }
    throw new Error('fixes did not converge');
  }

  it('a document with many fixable problems becomes the clean one', () => {
    const messy = lines(
      'version: "2.1.0"',
      'metadata:',
      '  name: test-rules',
      '  decision: allow',
      'rules:',
      "  - name: 'SEC-001-sample'",
      '    priority: 10',
      '    description: d',
      '    when:',
      '      logic: AND',
      '      conditions:',
      '        - field: tool.name',
      '          operator: "eq"',
      '          value: issue_refund',
      '    then: Deny',
      'protocol: "erdl/v2"',
    );
    expect(compileDocument(messy).ok).toBe(false);
    const fixed = fixAll(messy);
    expect(compileDocument(fixed).diagnostics).toEqual([]);
    expect(fixed).toBe(
      doc(lines(...RULE.slice(0, -1), '    message: "TODO: say why this is DENY"')),
    );
  });
});
