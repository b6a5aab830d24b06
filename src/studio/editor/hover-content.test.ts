import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DECISIONS } from '../../kernel/vocabulary/decisions';
import type { RuleSummary } from '../../worker/kernel-protocol';
import { escapeMarkdown, hoverAt, schemaKeyDescriptions } from './hover-content';

const schema = JSON.parse(
  readFileSync(new URL('../../../public/schema/erdl-v2.1.schema.json', import.meta.url), 'utf8'),
);
const keys = schemaKeyDescriptions(schema);

const doc = `protocol: "erdl/v2"
metadata:
  name: "refund-guard"
  decision: ALLOW
rules:
  - name: "SEC-001"
    description: "x"
    priority: 10
    when:
      logic: AND
      conditions:
        - field: "tool.name"
          operator: gt
          value: 5000
        - field: "a"
          operator: neq
    then: DENY
`;
const lines = doc.split('\n');
const lineAt = (i: number) => lines[i] ?? '';
const rule = {
  name: 'SEC-001',
  entry: 'SEC-001',
  gloss: {
    zh: '当工具名称为 *x* 时，拦截',
    en: 'When the tool name is *x*, the operation is blocked',
    delegation: false,
  },
} as unknown as RuleSummary;

const at = (
  line: number,
  text: string,
  lang: 'en' | 'zh' = 'en',
  rules: RuleSummary[] | null = [rule],
) => hoverAt({ lineAt, line, column: lines[line]!.indexOf(text) + 1, lang, rules, keys });

describe('hoverAt', () => {
  it('shows a decision in both languages with its phrase, wherever the name stands', () => {
    const deny = at(16, 'DENY');
    expect(deny?.markdown.join('\n')).toContain('拦截 · block');
    expect(deny?.markdown.join('\n')).toContain('the operation is blocked');
    expect(deny?.markdown.join('\n')).toContain('blocking');
    expect(lines[16]!.slice(deny!.start, deny!.end)).toBe('DENY');
    expect(at(3, 'ALLOW')?.markdown.join('\n')).toContain('放行 · allow');
    for (const d of DECISIONS) {
      const found = hoverAt({
        lineAt: () => `    then: ${d.name}`,
        line: 0,
        column: 11,
        lang: 'zh',
        rules: null,
        keys,
      });
      expect(found?.markdown[0]).toContain(d.name);
      expect(found?.markdown[1]).toContain(d.zh);
    }
  });

  it('shows an operator (and an alias) in both languages with its operand in the UI language', () => {
    const gt = at(12, 'gt', 'zh');
    expect(gt?.markdown.join('\n')).toContain('大于 · greater than');
    expect(gt?.markdown.join('\n')).toContain('取值：数字或字符串');
    const neq = at(15, 'neq', 'en');
    expect(neq?.markdown.join('\n')).toContain('Alias of ne');
    expect(neq?.markdown.join('\n')).toContain('不等于 · does not equal');
  });

  it('describes keys in the UI language by where they stand', () => {
    expect(at(16, 'then', 'zh')?.markdown[0]).toBe('**then** — 决策类型（必填）');
    expect(at(16, 'then', 'en')?.markdown[0]).toBe('**then** — Decision type (required)');
    expect(at(2, 'name', 'en')?.markdown[0]).toBe('**name** — Rule set name (required)');
    expect(at(5, 'name', 'en')?.markdown[0]).toBe('**name** — Unique rule identifier (required)');
    expect(at(13, 'value', 'zh')?.markdown[0]).toContain('比较值');
    expect(at(0, 'protocol', 'en')?.markdown[0]).toContain('Protocol identifier');
  });

  it("shows a rule's gloss in both languages on its name, escaped as data", () => {
    const gloss = at(5, 'SEC-001')!.markdown.join('\n');
    expect(gloss).toContain('当工具名称为 \\*x\\* 时，拦截');
    expect(gloss).toContain('When the tool name is \\*x\\*, the operation is blocked');
    expect(at(5, 'SEC-001', 'en', null)).toBeNull();
  });

  it("writes out the hidden characters of a rule's name and gloss (Trojan Source)", () => {
    const hidden = {
      ...rule,
      name: 'SEC-001\u200B',
      gloss: {
        zh: '当工具名称为“\u202Etnuocca_eteled\u202C”时，拦截',
        en: 'When the tool name is "\u202Etnuocca_eteled\u202C", the operation is blocked',
        delegation: false,
      },
    } as unknown as RuleSummary;
    const found = hoverAt({
      lineAt: (i) => (i === 5 ? '  - name: "SEC-001\u200B"' : lineAt(i)),
      line: 5,
      column: 13,
      lang: 'en',
      rules: [hidden],
      keys,
    });
    const text = found!.markdown.join('\n');
    expect(text).toContain('SEC\\-001⟨U\\+200B⟩');
    expect(text).toContain('⟨U\\+202E⟩tnuocca\\_eteled⟨U\\+202C⟩');
    expect(text).not.toMatch(/[\u200B\u202E\u202C]/);
  });

  it('is null over plain text', () => {
    expect(at(6, '"x"')).toBeNull();
  });
});

describe('escapeMarkdown', () => {
  it('neutralizes links, emphasis and HTML', () => {
    expect(escapeMarkdown('[a](javascript:x) <b>*c*</b>')).toBe(
      '\\[a\\]\\(javascript:x\\) \\<b\\>\\*c\\*\\</b\\>',
    );
  });
});
