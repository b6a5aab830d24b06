import { describe, expect, it } from 'vitest';
import { compileDocument } from '../compile';
import { applyEdits, lines, REFUND_TOOL, simpleRule } from '../test-support';
import { convertRuleEdit } from './convert-rule';

const DOC = lines(
  'protocol: "erdl/v2"',
  'version: "2.1.0"',
  'metadata:',
  '  name: "demo"',
  '  decision: ALLOW',
  'rules:',
  '  # The refund limit (kept in place)',
  ...simpleRule({
    name: 'FIN-001-refund-limit',
    description: 'Large refunds need a person',
    conditions: [REFUND_TOOL, ['tool.args.amount', 'gt', '5000']],
    then: 'REQUEST_HUMAN',
    message: 'over the limit',
  }),
  '',
  '  # A second rule, untouched by the conversion',
  ...simpleRule({
    name: 'SEC-002-no-guests',
    description: 'Guests may not act',
    priority: 20,
    conditions: [['user.role', 'eq', '"guest"']],
    message: 'guests may not',
  }),
);

const hashes = (text: string) => compileDocument(text).document!.rules.map((r) => r.hash);

describe('convertRuleEdit', () => {
  it('rewrites one rule in Expression form, keeping every other byte and every hash', () => {
    const result = convertRuleEdit(DOC, 'FIN-001-refund-limit', 'expr');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const edited = applyEdits(DOC, result.fix.edits);
    expect(edited).toContain('expr');
    expect(hashes(edited)).toEqual(hashes(DOC));
    const edit = result.fix.edits[0]!;
    expect(DOC.slice(0, edit.range.start)).toBe(edited.slice(0, edit.range.start));
    expect(DOC.slice(edit.range.end)).toBe(edited.slice(edit.range.start + edit.newText.length));
    expect(edited).toContain('# The refund limit (kept in place)\n  - name:');
    expect(edited).toContain(
      '\n\n  # A second rule, untouched by the conversion\n  - name: "SEC-002-no-guests"',
    );
    expect(result.fix.title.zh).toContain('表达式形式');
  });

  it('round-trips Expression back to Simple with the same hashes', () => {
    const there = convertRuleEdit(DOC, 'SEC-002-no-guests', 'expr');
    if (!there.ok) throw new Error('conversion refused');
    const expr = applyEdits(DOC, there.fix.edits);
    const back = convertRuleEdit(expr, 'SEC-002-no-guests', 'simple');
    if (!back.ok) throw new Error('conversion back refused');
    expect(hashes(applyEdits(expr, back.fix.edits))).toEqual(hashes(DOC));
  });

  it('re-indents to the document’s own item indentation', () => {
    const [head, tail] = DOC.split('rules:\n') as [string, string];
    const flush = `${head}rules:\n${tail.replace(/^ {2}/gm, '')}`;
    const result = convertRuleEdit(flush, 'SEC-002-no-guests', 'expr');
    if (!result.ok) throw new Error(result.messages[0]!.en);
    const edited = applyEdits(flush, result.fix.edits);
    expect(hashes(edited)).toEqual(hashes(flush));
    expect(edited).toMatch(/\n- name: "?SEC-002-no-guests/);
  });

  it('turns a rule into a one-row decision table and back', () => {
    const table = convertRuleEdit(DOC, 'SEC-002-no-guests', 'table');
    if (!table.ok) throw new Error(table.messages[0]!.en);
    const edited = applyEdits(DOC, table.fix.edits);
    expect(edited).toContain('decision_table');
    expect(hashes(edited)).toEqual(hashes(DOC));
  });

  it('says why, in both languages, when a rule cannot be converted', () => {
    const invalid = convertRuleEdit(
      DOC.replace('then: DENY', 'then: NOPE'),
      'SEC-002-no-guests',
      'expr',
    );
    expect(invalid.ok).toBe(false);
    if (invalid.ok) return;
    expect(invalid.messages[0]!.zh).toMatch(/[\u4e00-\u9fff]/);
    const unknown = convertRuleEdit(DOC, 'SEC-009-none', 'expr');
    expect(unknown.ok).toBe(false);
  });
});
