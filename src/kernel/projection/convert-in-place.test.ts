// The studio's in-place conversions (convert-rule.ts): names of table rows ↔ rules, and what the
// conversion tells the user in both languages. The byte-for-byte round trips themselves are
// property-tested in tests/fuzz/in-place-roundtrip.property.test.ts.
import { describe, expect, it } from 'vitest';
import { compileDocument } from '../compile';
import { convertDocument, rowRuleName } from './convert';
import { convertRuleEdit, mergeRulesEdit, rowNameOfRule, ruleNameOfRow } from './convert-rule';

const TABLE = `protocol: "erdl/v2"
version: "2.1.0"
metadata:
  name: "t"
  decision: ALLOW
rules:
  - name: "FIN-001-routing"
    description: "routing"
    priority: 5
    when:
      kind: decision_table
      columns:
        - field: "context.amount"
          label: "amount"
      rows:
        - when: [[gt, 1000]]
          then: ESCALATE
          message: "big"
        # small ones are only reported
        - name: "small"
          when: [[lte, 1000]]
          then: NOTIFY
`;

const apply = (text: string, r: ReturnType<typeof convertRuleEdit>) => {
  if (!r.ok) throw new Error(r.messages.map((m) => m.en).join('\n'));
  const e = r.fix.edits[0];
  if (!e) throw new Error('no edit');
  return text.slice(0, e.range.start) + e.newText + text.slice(e.range.end);
};

describe('row names ↔ rule names', () => {
  it('row 1 is the entry, row n E-r<n>, a named row E-<name> (or its name when it is a rule name)', () => {
    expect(ruleNameOfRow('FIN-001-routing', 1)).toBe('FIN-001-routing');
    expect(ruleNameOfRow('FIN-001-routing', 3)).toBe('FIN-001-routing-r3');
    expect(ruleNameOfRow('FIN-001-routing', 2, 'small')).toBe('FIN-001-routing-small');
    expect(ruleNameOfRow('FIN-001-routing', 2, 'FIN-002-other')).toBe('FIN-002-other');
  });

  it('rowNameOfRule inverts ruleNameOfRow', () => {
    for (const [index, name] of [
      [1, undefined],
      [2, undefined],
      [2, 'small'],
      [3, 'FIN-002-other'],
      [4, 'r9'],
      // Rows the grid named by their numbers (I-90).
      [2, '7'],
      [5, '5'],
    ] as const) {
      const rule = ruleNameOfRow('FIN-001-routing', index, name);
      expect(rowNameOfRule('FIN-001-routing', index, rule)).toBe(name);
    }
  });

  it('erdl convert names a named row the same way (unnamed rows keep E-r<n>)', () => {
    expect(rowRuleName('FIN-001-routing', 2, 'small')).toBe('FIN-001-routing-small');
    expect(rowRuleName('FIN-001-routing', 1)).toBe('FIN-001-routing-r1');
    const out = convertDocument(TABLE, { to: 'expr' });
    expect(out.ok && out.rules.map((m) => m.to)).toEqual([
      'FIN-001-routing-r1',
      'FIN-001-routing-small',
    ]);
  });
});

describe('rows named by their numbers (I-90)', () => {
  const NUMBERED = TABLE.replace(
    '        - when: [[gt, 1000]]',
    '        - name: "1"\n          when: [[gt, 1000]]',
  );

  it('split into rules and merged back: the same bytes, the same compiled names', () => {
    const split = convertRuleEdit(NUMBERED, 'FIN-001-routing', 'simple');
    const rules = apply(NUMBERED, split);
    expect(compileDocument(rules).document?.rules.map((r) => r.name)).toEqual([
      'FIN-001-routing-1',
      'FIN-001-routing-small',
    ]);
    const back = mergeRulesEdit(rules, ['FIN-001-routing-1', 'FIN-001-routing-small']);
    const table = apply(rules, back);
    expect(table).toBe(NUMBERED.replace('\n          label: "amount"', ''));
    expect(compileDocument(table).document?.rules.map((r) => r.name)).toEqual([
      'FIN-001-routing#1',
      'FIN-001-routing#small',
    ]);
  });

  it('a number that would be an unnamed row’s number is left out, and said as a rename', () => {
    const rule = (name: string, amount: number) => `  - name: "${name}"
    description: "routing"
    priority: 5
    when:
      logic: AND
      conditions:
        - field: "context.amount"
          operator: gt
          value: ${amount}
    then: ESCALATE
    message: "big"
`;
    const text = `${TABLE.slice(0, TABLE.indexOf('  - name:'))}${rule('FIN-001-routing', 3000)}${rule('FIN-001-routing-3', 2000)}${rule('FIN-001-routing-r3', 1000)}`;
    const merged = mergeRulesEdit(text, [
      'FIN-001-routing',
      'FIN-001-routing-3',
      'FIN-001-routing-r3',
    ]);
    const table = apply(text, merged);
    expect(compileDocument(table).diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(compileDocument(table).document?.rules.map((r) => r.name)).toEqual([
      'FIN-001-routing#1',
      'FIN-001-routing#2',
      'FIN-001-routing#3',
    ]);
    expect(merged.ok && merged.renames).toContainEqual({
      from: 'FIN-001-routing-3',
      to: 'FIN-001-routing#2',
    });
  });
});

describe('splitting a table in place and merging it back', () => {
  const split = convertRuleEdit(TABLE, 'FIN-001-routing', 'simple');
  const rules = apply(TABLE, split);

  it('keeps the row comment, the row texts and names the rules', () => {
    expect(compileDocument(rules).document?.rules.map((r) => [r.name, r.message])).toEqual([
      ['FIN-001-routing', 'big'],
      ['FIN-001-routing-small', undefined],
    ]);
    expect(rules).toContain('      # small ones are only reported\n      logic: AND');
  });

  it('says what changes, in both languages, including the labels a rule cannot keep', () => {
    if (!split.ok) throw new Error('refused');
    expect(split.fix.title).toEqual({
      en: 'Split FIN-001-routing into 2 rules written as Simple conditions',
      zh: '将 FIN-001-routing 拆分为 2 条规则，写成简单形式',
    });
    expect(split.summary.en).toBe(
      'Same decisions, same rule hashes; results will call the rules FIN-001-routing (was FIN-001-routing#1), FIN-001-routing-small (was FIN-001-routing#small), so the document hash changes until you convert back. Column labels ("amount") have no place in a rule and are not kept.',
    );
    expect(split.summary.zh).toBe(
      '决策不变，规则哈希不变；结果中这些规则将称为 FIN-001-routing（原为 FIN-001-routing#1）、FIN-001-routing-small（原为 FIN-001-routing#small），因此文档哈希会改变，转换回来即可恢复。列标签（"amount"）在规则中没有对应位置，不会保留。',
    );
  });

  it('merging the rules gives the table back, but for the label', () => {
    const back = mergeRulesEdit(rules, ['FIN-001-routing', 'FIN-001-routing-small']);
    expect(apply(rules, back)).toBe(TABLE.replace('\n          label: "amount"', ''));
  });

  it('a blocking default row is refused with the reason, in both languages', () => {
    const r = convertRuleEdit(
      TABLE.replace('[[lte, 1000]]', '[]').replace(
        '          then: NOTIFY',
        '          then: DENY\n          message: "no"',
      ),
      'FIN-001-routing',
      'expr',
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.messages[0]?.en).toMatch(/default row with the blocking decision DENY/);
    expect(r.messages[0]?.zh).toMatch(/带阻断决策 DENY 的默认行/);
  });

  it('an unknown rule is named', () => {
    const r = convertRuleEdit(TABLE, 'NOPE-001-x', 'expr');
    expect(r.ok ? null : r.messages[0]?.en).toBe('the document has no rule named "NOPE-001-x"');
  });
});
