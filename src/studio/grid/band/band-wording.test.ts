// Issue 36 §5 (ruling I-93): the uncovered-inputs band says what really happens to inputs no row
// matches — the document's fallback decision, as a warning when it lets them through, hedged when
// another rule may decide first — and its examples are values a person writes, formatted, in the
// columns' display names, in both languages.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileDocument } from '../../../kernel/compile';
import type { UncoveredRegion } from '../../../kernel/table-analysis/gap-regions';
import { uncoveredOutcome } from '../../../kernel/table-analysis/uncovered-outcome';
import { readTables, type TableModel } from '../../../kernel/table-edit';
import type { Lang } from '../../store/types';
import { fieldName } from '../column-label';
import { gridStrings } from '../strings';
import { decisionWord, offGridSentences, outcomeSentence, regionInputs } from './band-wording';
import { bandStrings } from './strings';

const LOAN = readFileSync(
  new URL('../../examples/loan-decision-table.erdl.yaml', import.meta.url),
  'utf8',
);
/** The loan table without its default row (the last row), its fallback as given. */
const loanWithout = (fallback: string) =>
  LOAN.slice(0, LOAN.indexOf('        # Default row')).replace(
    'decision: DENY',
    `decision: ${fallback}`,
  );

const one = [{ entry: 'T', enabled: true }];
const say = (fallback: string | null, lang: Lang, rules = one) =>
  outcomeSentence(uncoveredOutcome(fallback, rules, 'T'), lang, bandStrings[lang]);

describe('what happens to inputs no row matches', () => {
  it('a blocking fallback decides them: said, not a warning', () => {
    expect(say('DENY', 'en')).toEqual({
      text: 'No row of this table matches these inputs, and it has no default row: the document’s fallback decision DENY (block) decides them.',
      warning: false,
    });
    expect(say('DENY', 'zh')).toEqual({
      text: '该表没有任何行匹配这些输入，也没有默认行：这些输入由文档的兜底决策 DENY（拦截）决定。',
      warning: false,
    });
    expect(say('ESCALATE', 'en').warning).toBe(false);
  });

  it('ALLOW, or any fallback that does not block: a warning that the inputs are allowed', () => {
    expect(say('ALLOW', 'en')).toEqual({
      text: 'No row of this table matches these inputs, and it has no default row: the document’s fallback decision ALLOW (allow) decides them, so these inputs are allowed.',
      warning: true,
    });
    expect(say('ALLOW', 'zh').text).toBe(
      '该表没有任何行匹配这些输入，也没有默认行：这些输入由文档的兜底决策 ALLOW（放行）决定，因此会被放行。',
    );
    for (const d of ['NOTIFY', 'GUIDE']) {
      expect(say(d, 'en').warning).toBe(true);
      expect(say(d, 'en').text).toContain('so these inputs are allowed');
    }
    // Never the old claim that nothing decides them.
    expect(say('ALLOW', 'en').text).not.toContain('decides nothing');
  });

  it('another enabled rule of the document may decide first: the fallback "unless"', () => {
    const others = [...one, { entry: 'R', enabled: true }];
    expect(say('ALLOW', 'en', others).text).toBe(
      'No row of this table matches these inputs, and it has no default row: unless another rule of the document decides them, its fallback decision ALLOW (allow) does, so these inputs are allowed.',
    );
    expect(say('DENY', 'zh', others)).toEqual({
      text: '该表没有任何行匹配这些输入，也没有默认行：除非文档中的其他规则对其作出决策，否则由兜底决策 DENY（拦截）决定。',
      warning: false,
    });
    // A disabled rule never decides.
    expect(say('DENY', 'en', [...one, { entry: 'R', enabled: false }]).text).not.toContain(
      'unless',
    );
  });

  it('no fallback decision read: a warning saying so', () => {
    expect(say(null, 'en').warning).toBe(true);
    expect(say(null, 'en').text).toContain('no fallback decision (metadata.decision)');
    expect(decisionWord('DENY', 'zh', bandStrings.zh)).toBe('DENY（拦截）');
  });
});

function bandOf(text: string): { table: TableModel; regions: readonly UncoveredRegion[] } {
  const read = readTables(text);
  if (!read.ok) throw new Error('does not read');
  const regions =
    compileDocument(text).diagnostics.find((d) => d.code === 'ERDL-W511')?.uncovered?.regions ?? [];
  return { table: read.tables[0] as TableModel, regions };
}

function inputs(text: string, lang: Lang): string[] {
  const { table, regions } = bandOf(text);
  const nameOf = (path: string) => fieldName(table, path, lang);
  return regions.map((g) =>
    [
      regionInputs(g, lang, bandStrings[lang], gridStrings[lang].finding, nameOf),
      ...offGridSentences(g, bandStrings[lang], nameOf),
    ].join(' | '),
  );
}

describe('each region in display names, with an example a person writes', () => {
  it('the loan table: whole numbers nearest a boundary, formatted; 699 < score < 700 said so', () => {
    expect(inputs(loanWithout('ALLOW'), 'en')).toEqual([
      'credit score strictly between 699 and 700 (such as 699.5), loan amount any value | Only a credit score that is not a whole number falls in this range: every credit score the table compares with is whole.',
      'credit score 580, loan amount 5,001',
    ]);
    expect(inputs(loanWithout('ALLOW'), 'zh')).toEqual([
      '信用评分介于 699 与 700 之间（不含两端，如 699.5）、贷款金额为任意值 | 只有非整数的信用评分会落入此范围：表中与信用评分比较的值都是整数。',
      '信用评分 580、贷款金额 5,001',
    ]);
  });

  it('thousands separators, decimals as the column writes them, other text marked as such', () => {
    const text = `protocol: "erdl/v2"
version: "2.1.0"
metadata:
  name: "credit"
  decision: ALLOW
rules:
  - name: "FIN-001-credit"
    description: "credit"
    priority: 10
    when:
      kind: decision_table
      columns:
        - field: "context.income"
          label: { en: "annual income", zh: "年收入" }
        - field: "context.ratio"
          label: { en: "debt ratio", zh: "负债率" }
        - field: "context.segment"
          label: { en: "segment", zh: "客户分层" }
      rows:
        - when: [[gte, 50000], [lt, 0.35], [in, ["gold", "platinum"]]]
          then: ALLOW
        - when: [[gte, 50000], [gte, 0.35], "-"]
          then: DENY
          message: "no"
`;
    const en = inputs(text, 'en');
    expect(en).toContain('annual income 49,999, debt ratio any value, segment any value');
    expect(en).toContain(
      'annual income 50,000, debt ratio 0.34, segment any other text (not “gold” or “platinum”)',
    );
    const zh = inputs(text, 'zh');
    expect(zh).toContain('年收入 49,999、负债率为任意值、客户分层为任意值');
    expect(zh).toContain(
      '年收入 50,000、负债率 0.34、客户分层为其他任意文本（“gold”、“platinum”除外）',
    );
  });
});
