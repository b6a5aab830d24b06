import { describe, expect, it } from 'vitest';
import { factPaths, fieldCandidates } from './field-paths';

describe('factPaths', () => {
  it('flattens mappings to dot paths, parents included, lists kept whole', () => {
    expect(factPaths({ tool: { name: 'x', args: { amount: 1 } }, tags: [{ a: 1 }] })).toEqual([
      'tool',
      'tool.name',
      'tool.args',
      'tool.args.amount',
      'tags',
    ]);
    expect(factPaths(null)).toEqual([]);
    expect(factPaths({ 'has.dot': 1, 'has space': 2, ok: 3 })).toEqual(['ok']);
  });
});

describe('fieldCandidates', () => {
  const dictionary = `
tool.args.amount: {zh: 退款金额, en: refund amount}
agent.id: 智能体编号
context.*: {zh: 上下文, en: context}
`;
  const fact =
    'fact:\n  tool:\n    name: issue_refund\n    args:\n      amount: 6000\n  context:\n    region: eu\n';

  it('merges dictionary, sample fact and document paths with display names', () => {
    const en = fieldCandidates(
      { dictionary, fact, documentFields: ['tool.name', 'task.kind'] },
      'en',
    );
    expect(en.map((c) => `${c.source}:${c.path}:${c.name}`)).toEqual([
      'dictionary:tool.args.amount:refund amount',
      'dictionary:agent.id:智能体编号',
      'fact:tool:null',
      'fact:tool.name:null',
      'fact:tool.args:null',
      'fact:context:null',
      'fact:context.region:context',
      'document:task.kind:null',
    ]);
    const zh = fieldCandidates({ dictionary, fact, documentFields: [] }, 'zh');
    expect(zh.find((c) => c.path === 'tool.args.amount')?.name).toBe('退款金额');
  });

  it('skips inputs that do not parse instead of failing', () => {
    const out = fieldCandidates({ dictionary: 'a: [', fact: '{', documentFields: ['x.y'] }, 'en');
    expect(out).toEqual([{ path: 'x.y', source: 'document', name: null }]);
  });
});
