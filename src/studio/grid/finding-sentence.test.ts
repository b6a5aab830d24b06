import { describe, expect, it } from 'vitest';
import {
  describeExample,
  factLeaves,
  findingMessage,
  findingSentence,
  formatNumber,
} from './finding-sentence';
import { gridStrings } from './strings';

const names: Record<string, { en: string; zh: string }> = {
  'context.credit_score': { en: 'credit score', zh: '信用评分' },
  'context.amount': { en: 'amount', zh: '金额' },
};
const nameOf = (lang: 'en' | 'zh') => (path: string) => names[path]?.[lang] ?? path;
const fact = { context: { credit_score: 699.5, amount: 4999 } };

describe('finding sentences', () => {
  it('formats numbers per UI language', () => {
    expect(formatNumber(4999, 'en')).toBe('4,999');
    expect(formatNumber(1234567.125, 'en')).toBe('1,234,567.125');
    expect(formatNumber(4999, 'zh')).toBe('4,999');
    expect(formatNumber(-0.5, 'en')).toBe('-0.5');
  });
  it('flattens a fact to its leaves', () => {
    expect(factLeaves({ a: { b: 1, c: [1, 2] }, d: null })).toEqual([
      ['a.b', 1],
      ['a.c', [1, 2]],
      ['d', null],
    ]);
  });
  it('describes a counterexample in display names and formatted numbers', () => {
    expect(describeExample(fact, 'en', gridStrings.en.finding, nameOf('en'))).toBe(
      'credit score 699.5, amount 4,999',
    );
    expect(describeExample(fact, 'zh', gridStrings.zh.finding, nameOf('zh'))).toBe(
      '信用评分 699.5、金额 4,999',
    );
    expect(describeExample({ x: 'gold', y: true }, 'en', gridStrings.en.finding, (p) => p)).toBe(
      'x “gold”, y yes',
    );
  });
  it('says what each table finding means', () => {
    const example = {
      fact,
      explanation: { en: '', zh: '' },
      firstMatch: { row: 1, rule: 'r#1', decision: 'DENY' },
      takenBy: { en: 'rows 1 and 3', zh: '第 1、3 行' },
    };
    expect(
      findingSentence({ code: 'ERDL-W509', example }, 'en', gridStrings.en.finding, nameOf('en')),
    ).toBe(
      'Never fires: every input it matches is matched first by rows 1 and 3. For example, credit score 699.5, amount 4,999 go to row 1 (DENY).',
    );
    expect(
      findingSentence({ code: 'ERDL-W509', example }, 'zh', gridStrings.zh.finding, nameOf('zh')),
    ).toBe(
      '永不触发：它匹配的每个输入都先被第 1、3 行匹配。例如，信用评分 699.5、金额 4,999 由第 1 行（DENY）决策。',
    );
    expect(
      findingSentence({ code: 'ERDL-W510', example }, 'zh', gridStrings.zh.finding, nameOf('zh')),
    ).toBe('与第 1 行（DENY）重叠，该行在前并作出决策：信用评分 699.5、金额 4,999 同时匹配两行。');
    expect(
      findingSentence(
        { code: 'ERDL-W511', example: { ...example, firstMatch: null } },
        'en',
        gridStrings.en.finding,
        nameOf('en'),
      ),
    ).toBe('credit score 699.5, amount 4,999 reach no row.');
    expect(findingSentence({ code: 'ERDL-W514' }, 'en', gridStrings.en.finding, nameOf('en'))).toBe(
      'Never fires: its cells exclude each other, so no input matches it.',
    );
    expect(
      findingSentence({ code: 'ERDL-E211' }, 'en', gridStrings.en.finding, nameOf('en')),
    ).toBeNull();
  });

  it('an analysis finding without a sentence names columns by their display names', () => {
    const reason = {
      code: 'ERDL-I513',
      message: {
        en: 'Unknown: the table analysis cannot decide whether row 2 can ever fire (a cell on context.credit_score uses starts_with, whose matches the analysis does not enumerate)',
        zh: '未知：表格分析无法判定第 2 行是否可能触发（context.credit_score 列的单元格使用了 starts_with，分析无法穷举其匹配值）',
      },
    };
    const fields = ['context.credit_score', 'context.amount'];
    expect(findingMessage(reason, 'en', fields, nameOf('en'))).toBe(
      'Unknown: the table analysis cannot decide whether row 2 can ever fire (a cell on credit score uses starts_with, whose matches the analysis does not enumerate)',
    );
    expect(findingMessage(reason, 'zh', fields, nameOf('zh'))).toBe(
      '未知：表格分析无法判定第 2 行是否可能触发（信用评分列的单元格使用了 starts_with，分析无法穷举其匹配值）',
    );
    // Other findings keep the kernel's words (a field path there is what the YAML must say).
    const other = { code: 'ERDL-W316', message: { en: 'context.credit_score', zh: '' } };
    expect(findingMessage(other, 'en', fields, nameOf('en'))).toBe('context.credit_score');
    // A path inside a longer one is not a column's path.
    expect(
      findingMessage(
        { ...reason, message: { en: 'context.credit_score_2 and context.amount.', zh: '' } },
        'en',
        fields,
        nameOf('en'),
      ),
    ).toBe('context.credit_score_2 and amount.');
  });
});
